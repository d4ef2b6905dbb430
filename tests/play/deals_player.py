"""A game on `--deals CODE|FILE` played to its end with no terminal: the person's seat by a seeded easy
bot, the others as the game's own bots; prints the deals it was dealt and the record's path (JSON).

Run as `python -m tests.play.deals_player CODE|FILE` with ALLFIVES_DATA_DIR set (test_deals_machines)."""

from __future__ import annotations

import json
import sys

from allfives.play.history_link import HistoryLink
from allfives.play.saving import SaveStore
from allfives.play.session import Session, make_bot, moves_made
from allfives.ui.launch import deals_from, parser


def main(argv: list[str]) -> int:
    setup, earlier = deals_from(parser().parse_args(["--deals", argv[0], "--bot-delay", "0"]))
    store = SaveStore()
    store.claim()
    history = HistoryLink()
    session = Session.new(setup, store, history=history)
    person = setup.people[0]
    for _step in range(5000):  # (a game to a low target ends long before)
        state = session.state
        if state.phase == "game_over":
            break
        if state.phase == "hand_over":
            session.next_hand()
        elif state.turn == person:
            bot = make_bot("easy", seed=setup.bot_seed(moves_made(state)))
            session.apply(bot.choose(state.view(person)), person)
        else:
            session.apply(session.think(), state.turn)
    assert session.state.phase == "game_over"
    history.close()
    from allfives.play.deals import deals_over

    over = deals_over(session.setup, session.state, HistoryLink(), earlier)
    duplicate = over.find() if over is not None else None
    print(json.dumps({
        "code": session.setup.deals.text if session.setup.deals else None,
        "deals": [[[str(t) for t in h] for h in hand.hands] + [[str(t) for t in hand.boneyard]]
                  for hand in session.state.log],
        "commitments": [hand.deal.commitment if hand.deal else None for hand in session.state.log],
        "scores": list(session.state.scores),
        "record": str(store.last_path),
        "duplicate": None if duplicate is None else [list(row) for row in duplicate.hands],
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
