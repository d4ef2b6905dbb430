"""A seat's own check of a fair deal (`check_seen`, `SeenGame.deals`): from one seat's side of the table,
the secret shown after the hand must give the commitment and every tile the seat saw."""

from __future__ import annotations

import pytest

from allfives.engine import DealMismatch, Drew, Game, Rules, SeenGame, check_seen, for_seat, fresh_secret

RULES = Rules(seats=4)


def played_out(game: Game) -> Game:
    """The hand in play to its end, each seat making its first legal move."""
    while game.phase == "playing":
        game, _ = game.apply(game.state.legal_moves()[0])
    return game


def with_boneyard_swapped(game: Game) -> Game:
    """A host that changes the deal after committing to it: the boneyard's first and last tiles swapped."""
    boneyard = list(game.state.boneyard)
    boneyard[0], boneyard[-1] = boneyard[-1], boneyard[0]
    return Game(game.state.model_copy(update={"boneyard": tuple(boneyard)}), game.hands)


def check(game: Game, seat: int, secret: bytes | None = None, **given) -> None:
    dealt = game.state.log[0]
    assert dealt.deal is not None and dealt.deal.secret_bytes is not None
    check_seen(RULES, secret or dealt.deal.secret_bytes, dealt.deal.commitment, for_seat(game.hands[0], seat),
               seat, **{"dealt": dealt.hands[seat], "random_leader": True, **given})


@pytest.mark.parametrize("seed", [0, None])  # (0: a hand with draws; None: a fresh secret)
def test_an_honest_hand_checks_from_every_seat(seed: int | None) -> None:
    game = played_out(Game.new(RULES, seed=seed))
    assert seed is None or any(isinstance(ev, Drew) for ev in game.hands[0])
    for seat in range(RULES.seats):
        check(game, seat)


def test_a_boneyard_changed_after_the_commitment_is_caught_by_every_seat() -> None:
    game = played_out(with_boneyard_swapped(Game.new(RULES, seed=0)))
    draws = [ev for ev in game.hands[0] if isinstance(ev, Drew)]
    assert draws and draws[0].seat == 0  # (seed 0: seat 0 draws the changed tile first)
    with pytest.raises(DealMismatch, match=r"seat 1 drew \d-\d, where the secret puts \d-\d next"):
        check(game, 0)
    for seat in (1, 2, 3):  # they never see the tile drawn, but the hands turned up at the end differ
        with pytest.raises(DealMismatch, match=r"seat \d (was left holding|played)"):
            check(game, seat)


def test_another_secret_a_changed_hand_or_leader_and_an_unfinished_hand_are_refused() -> None:
    game = played_out(Game.new(RULES, seed=3))
    with pytest.raises(DealMismatch, match="not the one committed to"):
        check(game, 0, secret=fresh_secret())
    shown = game.state.log[0].hands[1]
    with pytest.raises(DealMismatch, match="seat 1 was dealt"):
        check(game, 0, dealt=shown)  # seat 0 was shown seat 1's tiles as its own
    leader = game.state.log[0].leader
    lead_chosen = game.hands[0][0].model_copy(update={"leader": (leader + 1) % 4})
    events = (lead_chosen, *for_seat(game.hands[0][1:], 0))
    deal = game.state.log[0].deal
    with pytest.raises(DealMismatch, match=f"seat {(leader + 1) % 4 + 1} led, where the secret chooses"):
        check_seen(RULES, deal.secret_bytes, deal.commitment, events, 0, random_leader=True)
    check_seen(RULES, deal.secret_bytes, deal.commitment, events, 0)  # a leader by the rules: not chance's
    stranger = events[-1].model_copy(update={"remaining": events[-1].remaining[:2]})
    with pytest.raises(DealMismatch, match="2 hands were turned up at a table of 4 seats"):
        check_seen(RULES, deal.secret_bytes, deal.commitment, (*events[:-1], stranger), 0)
    two = Rules(seats=2)
    with pytest.raises(DealMismatch, match="names seat [34] at a table of 2 seats"):
        check_seen(two, deal.secret_bytes, deal.commitment, events, 0)
    with pytest.raises(DealMismatch, match="not over"):
        check_seen(RULES, deal.secret_bytes, deal.commitment, for_seat(game.hands[0][:-1], 0), 0)


def fold(game: Game, seat: int, *, reveal: bool = True) -> SeenGame:
    """What a seat folds from the table: the deal with its commitment, each move, the end with its secret."""
    hands = [for_seat(hand, seat) for hand in game.hands]
    seen = SeenGame.from_snapshot(game.state.view(seat))  # (the view is only the seat's; kept as given)
    for n, events in enumerate(hands):
        deal = game.state.log[n].deal
        committed = deal.model_copy(update={"secret": None})
        seen = seen.with_update(events[:1], seen.view, committed)
        seen = seen.with_update(events[1:], seen.view, deal if reveal else None)
    return seen


def test_a_seen_game_checks_each_hand_as_its_secret_comes_and_knows_those_hands_in_full() -> None:
    game = played_out(Game.new(RULES, seed=5))
    game = played_out(game.next_hand()[0])
    seen = fold(game, 2)
    assert [d.checked for d in seen.deals] == [True, True]
    known = seen.known_game()
    assert known is not None and known.log == game.state.log and known.scores == game.state.scores
    first = fold(Game(game.state.model_copy(update={"log": game.state.log[:1]}), game.hands[:1]), 2)
    assert seen.known_game(since=first.known_game()) == known  # (hand 1 not played again)

    unshown = fold(game, 2, reveal=False)
    assert [d.secret for d in unshown.deals] == [None, None] and unshown.known_game() is None


def test_a_seen_game_says_what_does_not_match_and_knows_only_the_hands_before_it() -> None:
    first = played_out(Game.new(RULES, seed=5))
    game = played_out(with_boneyard_swapped(first.next_hand()[0]))
    assert any(isinstance(ev, Drew) for ev in game.hands[1]), "the changed boneyard must be drawn from"
    seen = fold(game, 0)
    assert seen.deals[0].checked and not seen.deals[1].checked
    assert seen.deals[1].problem and "the secret" in seen.deals[1].problem
    known = seen.known_game()
    assert known is not None and len(known.log) == 1 and known.log[0] == game.state.log[0]


def test_a_secret_shown_before_the_hand_is_over_is_left_for_the_end() -> None:
    game = played_out(Game.new(RULES, seed=5))
    deal = game.state.log[0].deal
    events = for_seat(game.hands[0], 1)
    seen = SeenGame.from_snapshot(game.state.view(1), [events[:3]], deals=[deal])
    assert seen.deal_of(0).secret is None and seen.deal_of(0).commitment == deal.commitment
    seen = seen.with_update(events[3:], seen.view, deal)
    assert seen.deal_of(0).checked and seen.deal_of(1) is None
