"""The terminal game: the Textual app, its screens and widgets (the rules stay in the engine)."""
