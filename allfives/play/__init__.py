"""Playing a table, with no Textual: who sits where, the local game and its saves, the bots' pace,
a watched game."""
