"""The lesson (`allfives --learn`, "Learn to play"): the table with a coach under the board, run by the
lesson's session (allfives.learn), and the first launch's offer of it."""
