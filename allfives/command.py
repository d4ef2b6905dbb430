"""The `allfives` command's first step (and `python -m allfives`'s): the door (allfives.cli) loaded inside a
guard, so Ctrl+C while it loads ends the command as quietly as Ctrl+C later does (allfives.cli.main's
guard), never with an import's traceback. Nothing is imported here before the guard."""

from __future__ import annotations

from allfives import interrupted

INTERRUPTED_STATUS = 130  # 128 + SIGINT: what a shell shows for a command Ctrl+C ended


def main(argv: list[str] | None = None) -> int:
    try:
        from allfives.cli import main as command
    except KeyboardInterrupt:
        return INTERRUPTED_STATUS
    except Exception as e:  # (a Ctrl+C that lands in a class being made comes wrapped in a RuntimeError)
        if not interrupted(e):
            raise
        return INTERRUPTED_STATUS
    return command(argv)
