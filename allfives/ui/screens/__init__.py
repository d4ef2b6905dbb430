"""Whole-terminal views and dialogs of the game: new game, table, score panel, game over, help."""
