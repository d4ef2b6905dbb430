"""The help screen's table of keys is made from ui/commands.py: each row is a command's, in HELP_KEYS'
order, and no command tells a row the table leaves out."""

from __future__ import annotations

from allfives.ui import commands
from allfives.ui.screens.help import help_text


def every_command() -> list[commands.Command]:
    return [c for c in vars(commands).values() if isinstance(c, commands.Command)] + list(commands.ENDS)


def test_each_row_of_the_help_table_is_a_command_and_each_told_command_has_its_row() -> None:
    told = [c for c in every_command() if c.told is not None]
    assert set(told) == set(commands.HELP_KEYS) and all(c.told is not None for c in commands.HELP_KEYS)
    text = help_text()
    keys = text[text.index("| key | does |"):].split("\n\n")[0].splitlines()[2:]
    assert len(keys) == len(commands.HELP_KEYS)
    for row, (shown, does) in zip(keys, commands.told_keys(), strict=True):
        assert row.startswith(f"| {shown.format(w='W', e='E', n='N', s='S')} | {does}")
