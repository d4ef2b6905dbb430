"""The pieces the game screen is built from: hand, board, seats, boneyard, scoresheet, log."""
