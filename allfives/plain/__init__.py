"""The game without a screen (`allfives --plain`): a line for every event, short typed commands, for a
screen reader, a braille console, a pipe or an SSH session. Never imports Textual or Rich.

words.py says tiles, ends and moves as words; sentences.py makes one sentence of each event and of
each question a player asks; commands.py reads what a player types; console.py is the line in and
out; table.py plays a `Session` (allfives.play) line by line; review.py says the review's mistakes;
launch.py is the door: flags, the saved game, the table.
"""
