"""allfives: the domino game All Fives in the terminal."""

__version__ = "0.1.0"


def interrupted(error: BaseException | None) -> bool:
    """Did Ctrl+C cause this? (Python wraps one that lands in a class being made, on import, in a
    RuntimeError.)"""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False
