"""allfives: the domino game All Fives in the terminal."""

__version__ = "0.1.0"

INTERRUPTED_STATUS = 130  # 128 + SIGINT: what a shell shows for a command Ctrl+C ended


def main(argv: list[str] | None = None) -> int:
    """The `allfives` command (and `python -m allfives`): the command's door loaded here, inside a guard,
    so Ctrl+C while it loads ends it as quietly as Ctrl+C later does (allfives.cli.main's guard), never
    with an import's traceback. Nothing else is imported before the guard."""
    try:
        from allfives.cli import main as command
    except KeyboardInterrupt:
        return INTERRUPTED_STATUS
    except Exception as e:  # (Python wraps a Ctrl+C that lands in a class being made in a RuntimeError)
        if not interrupted(e):
            raise
        return INTERRUPTED_STATUS
    return command(argv)


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
