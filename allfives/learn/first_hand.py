"""The guided first hand (`allfives --learn`): a short hand-made deal against Ben, an easy bot, and what
the coach says at each moment. Plain values: the lesson is here, the screen that runs it is anywhere.

The ideas, each where it first matters: the ends added up and a multiple of five scoring (the lead),
the spinner and matching an end (5-3, then 5-2), the spinner's four arms (5-4 on S), drawing (nothing
fits), blocking (6-2 on S leaves Ben only numbers he has shown he lacks), a double laid crosswise
(4-4 counts 8), going out and the deduction rounded to five (Ben's 34 pips cost him 35), the target.
Five tiles each is one of the rules' own variants; tests/learn checks the whole hand against the engine.
"""

from __future__ import annotations

from allfives.bots.levels import LESSON_LEVEL
from allfives.i18n import N_

from .lesson import GO_ON, Lesson, Step

FIRST_HAND = Lesson(
    title=N_("Your first hand"),
    hands=("5-5 5-2 5-4 4-4 4-0", "5-3 5-1 0-0 6-0 6-6"),
    boneyard="6-4 6-2 6-5 5-0 4-1 6-3 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-2 4-3 6-1",
    leader=0,
    who=("person", LESSON_LEVEL),
    hand_size=5,
    steps=(
        Step(say=N_("Welcome! After each play the open ends are added up: a multiple of five (5, 10, 15…) "
                    "scores that many points. You lead, and any tile may start: lead the one whose pips "
                    "add up to 10."),
             do="5-5",
             otherwise=N_("Lead 5-5: 5 + 5 = 10, so it scores 10."),
             then=("5-3 W",)),
        Step(say=N_("5-5 is the first double: the spinner. Ben matched its W side with 5-3. Every tile must "
                    "match an open end: W shows 3, E shows 5. Which of your tiles scores?"),
             do="5-2 E",
             otherwise=N_("Play 5-2 on E: the ends then show 3 and 2, and 3 + 2 = 5."),
             then=("5-1 N",)),
        Step(say=N_("Both sides of the spinner are covered now, so it opens two more arms, N and S. Ben "
                    "played on N. Play on the fourth arm, S, and add up all four ends: 3 + 2 + 1 + 4 = 10."),
             do="5-4 S",
             otherwise=N_("Play 5-4: it fits only S, the spinner's free arm."),
             then=("draw", "6-4 S")),
        Step(say=N_("Ben could not match, so he drew from the boneyard until a tile fit. None of your tiles "
                    "matches 3, 2, 1 or 6: draw (click the boneyard, or press d)."),
             do="draw",
             otherwise=N_("Click the boneyard at the top right, or press d, to draw.")),
        Step(say=N_("6-2 fits, so you play it. Ben had to draw, so he holds no 1, 2, 3 or 4. Put 6-2 on S "
                    "to cover his 6: every end then shows a number he lacks, and he must draw again. "
                    "That is blocking."),
             do="6-2 S",
             otherwise=N_("Put 6-2 on S, so that no 6 is left showing: Ben may well hold 6s."),
             then=("draw", "draw", "draw", "4-1 N")),
        Step(say=N_("Blocked: Ben drew three tiles before one fit. Now a double: it is laid crosswise, and "
                    "at the end of an arm it counts both halves. Which tile scores now?"),
             do="4-4 N",
             otherwise=N_("Play 4-4 on N: crosswise it counts 4 + 4 = 8, and 3 + 2 + 8 + 2 = 15."),
             then=("draw", "6-3 W")),
        Step(say=N_("Ben drew again, then played 6-3 on W. Your last tile: play it to go out and end the "
                    "hand. 6 + 2 + 0 + 2 = 10, so it scores as well!"),
             do="4-0 N",
             otherwise=N_("Play 4-0: it fits only N.")),
        Step(say=N_("You went out! Now everyone loses the pips left in their hand, rounded to the nearest "
                    "five: Ben holds {pips} pips, so {rounded} comes off his score. You hold none: you lose "
                    "nothing."),
             do=GO_ON),
        Step(say=N_("That was a whole hand. Hands are dealt until someone reaches the target: {target} "
                    "points with two players, 200 with three or four. Ready for a real game?"),
             do=GO_ON),
    ),
)
