"""Friends anywhere: a table shared through magic-wormhole codes (imported only when one is used)."""
