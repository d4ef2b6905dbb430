"""`python -m tests.ui.crashing ARGS`: `allfives ARGS` with a bug planted in the table's first frame."""

from allfives.cli import main
from allfives.ui.screens.game import GameScreen


def planted_bug(self: GameScreen) -> None:
    raise ValueError("a planted bug")


GameScreen.on_mount = planted_bug  # type: ignore[method-assign]
raise SystemExit(main())
