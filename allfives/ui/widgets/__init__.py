"""The pieces the game screen is built from, each drawing its part of the table view in theme colours."""
