"""The table as the screens show it, as frozen data: the view, the turn, the sheet, the board's
geometry. No Textual here."""
