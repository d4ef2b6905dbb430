"""Learning to play, with no Textual: lessons as data (a fixed deal and its steps), and the session that
runs one at the table, its other seats' moves scripted."""
