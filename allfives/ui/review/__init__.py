"""Looking back at a game: its model (no Textual), the review screen, its analysis panel and its app."""
