"""The mended "ahead" test and the textbook tight-aggressive policy (issue 27), on hand-built views.

*Ahead* compares boards with boards, and the seat's own cards only with the best an opponent can
hold from the cards the seat has not seen; so two seats that each see their hidden wheel cards
are no longer both ahead of each other (the cap war the old test caused).
"""

from __future__ import annotations

import random

import numpy as np

from razzmatazz.core.cards import parse_cards
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.policies import REGISTRY

TEXTBOOK = REGISTRY.parse("textbook")


def view_of(hands: list[list[int]], seat: int, street: int, **fields: int) -> np.ndarray:
    """The view of ``seat`` at ``street`` with every player in: ``hands[s]`` in stud order (down, down,
    door, 4th, 5th, 6th, 7th), as many cards as the street deals; ``fields`` set V_* slots by name."""
    n = len(hands)
    v = np.full(R.VIEW_LEN, -1, np.int64)
    v[R.V_STREET], v[R.V_SEAT], v[R.V_PLAYERS] = street, seat, n
    for name in ("V_TO_CALL", "V_BRING_IN", "V_COMPLETED", "V_TO_ACT", "V_LEVEL", "V_POT", "V_BETS_MADE"):
        v[getattr(R, name)] = 0
    v[R.V_CAN_RAISE], v[R.V_CAP] = 1, 4
    for j, c in enumerate(hands[seat]):
        v[R.V_OWN + j] = c
    for s in range(R.MAX_PLAYERS):
        v[R.V_STATUS + s] = R.IN if s < n else R.FOLDED
        v[R.V_BETS + s] = 0
        v[R.V_PUT + s] = 0
    for s, h in enumerate(hands):
        for j, c in enumerate(h[2:6]):
            v[R.V_UP + 4 * s + j] = c
    for name, value in fields.items():
        v[getattr(R, name)] = value
    return v


def hand(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def ahead(v: np.ndarray) -> bool:
    m1, m2, m3, m4, k = P.own_layers(v)
    return bool(P.ahead(v, m1, m2, m3, m4, k))


def move(v: np.ndarray) -> int:
    return int(P.decide(TEXTBOOK.spec.id, TEXTBOOK.row, v, np.uint64(1))[0])


# --- ahead ---------------------------------------------------------------------------------------


def test_hidden_wheel_cards_no_longer_make_both_players_ahead():
    # 4th street: seat 0 shows 8-7 over A-2, seat 1 shows 5-4 over K-K. Each one's own two best cards
    # beat the other's board (the old test: both ahead, both raise); the boards say seat 1 leads.
    hands = [hand("As2c8d7h"), hand("KcKd5s4s")]
    assert not ahead(view_of(hands, 0, 4))
    assert ahead(view_of(hands, 1, 4))


def test_a_tied_board_is_not_ahead():
    hands = [hand("KcKd5s4s"), hand("QcQd5h4h")]
    assert not ahead(view_of(hands, 0, 4)) and not ahead(view_of(hands, 1, 4))


def test_a_locked_hand_is_ahead_behind_on_board():
    # 6th street: seat 0 holds 5-4-3-2-A (a wheel) under a 7-5-4-3 board, worse than seat 1's 5-4-3-2.
    # Every ace is in seat 0's sight, so seat 1 can hold 6-5-4-3-2 at best, and seat 0 is ahead; with
    # K-Q down instead it is not.
    hands = [hand("Ac2c3d4d5h7h"), hand("9s9h5s4s3s2s"), hand("KcKdAdAhAsKs")]
    assert not P.board_ahead(view_of(hands, 0, 6))
    assert ahead(view_of(hands, 0, 6))
    hands[0][:2] = hand("KhQc")
    assert not ahead(view_of(hands, 0, 6))


def test_what_an_opponent_can_hold_leaves_out_the_cards_in_sight():
    # 5th street: seat 1 shows 4-3-2; seat 0 holds three aces and sees the fourth on seat 2's board, so
    # the best seat 1 can hold is 6-5-4-3-2.
    hands = [hand("AcAd7c5cAh"), hand("9c9d4s3s2s"), hand("KcKdAsQhJh")]
    v = view_of(hands, 0, 5)
    seen = P.seen_copies(v)
    assert seen[0] == 4  # all four aces in sight
    key = P.best_possible_key(v, 1, 5, seen)
    assert key == P.best_key(*layers(hand("6c5d4s3s2s")), 5)


def layers(cards: list[int]) -> tuple[int, int, int, int]:
    m1 = m2 = m3 = m4 = 0
    for c in cards:
        b = 1 << (c >> 2)
        m4 |= m3 & b
        m3 |= m2 & b
        m2 |= m1 & b
        m1 |= b
    return m1, m2, m3, m4


def test_at_most_one_best_board_one_lock_and_a_lock_beats_every_real_hand():
    rng = random.Random(2027)
    locks = 0
    for _ in range(3000):
        n, street = rng.randint(2, 7), rng.randint(3, 7)
        deck = rng.sample(range(52), 52)
        k = street
        hands = [deck[s * 7 : s * 7 + k] for s in range(n)]
        views = [view_of(hands, s, street) for s in range(n)]
        assert sum(bool(P.board_ahead(v)) for v in views) <= 1
        locked = [s for s, v in enumerate(views) if P.locked(v, *P.own_layers(v))]
        assert len(locked) <= 1
        for s in locked:
            locks += 1
            j = min(k, 5)
            mine = P.best_key(*layers(hands[s]), j)
            assert all(P.best_key(*layers(hands[t]), j) > mine for t in range(n) if t != s)
    assert locks > 20  # the property was exercised


# --- textbook ------------------------------------------------------------------------------------


def test_textbook_completes_a_qualifying_start_and_folds_a_rough_one():
    hands = [hand("As3c5d"), hand("KcQdJh"), hand("9c9dTh")]
    assert move(view_of(hands, 0, 3, V_TO_CALL=5)) == R.RAISE
    assert move(view_of(hands, 2, 3, V_TO_CALL=5)) == R.FOLD
    assert move(view_of(hands, 1, 3, V_TO_CALL=0, V_BRING_IN=1)) == R.CALL  # posts the bring-in


def test_textbook_steals_with_a_low_door_against_high_doors_late():
    hands = [hand("KcQs3d"), hand("9c8dJh"), hand("TcTdQh")]
    assert move(view_of(hands, 0, 3, V_TO_CALL=5, V_TO_ACT=1)) == R.RAISE
    assert move(view_of(hands, 0, 3, V_TO_CALL=5, V_TO_ACT=3)) == R.FOLD  # too many still to act
    hands[1][2] = hand("7h")[0]  # a low door still in
    assert move(view_of(hands, 0, 3, V_TO_CALL=5, V_TO_ACT=1)) == R.FOLD


def test_textbook_answers_a_completion_by_the_completers_door():
    # seat 1 completed with a 5 door (its bet is the level).
    for own, expected in (("2c3c4d", R.RAISE), ("Ac2d7d", R.CALL), ("KcQcJd", R.FOLD)):
        hands = [hand(own), hand("KhQh5s")]
        v = view_of(hands, 0, 3, V_TO_CALL=10, V_COMPLETED=1, V_LEVEL=10)
        v[R.V_BETS + 1] = 10
        assert move(v) == expected, own
    # three to a nine: called against a king door's completion, folded against a six's.
    for door, expected in (("Ks", R.CALL), ("6s", R.FOLD)):
        hands = [hand("9c3c2d"), hand("KhQh" + door)]
        v = view_of(hands, 0, 3, V_TO_CALL=10, V_COMPLETED=1, V_LEVEL=10)
        v[R.V_BETS + 1] = 10
        assert move(v) == expected, door


def test_textbook_folds_to_a_bet_when_a_live_board_beats_it_and_checks_for_free():
    # 5th street: its best three (A-5-6) lose to seat 1's live 4-3-2 board.
    hands = [hand("AcKc5d6hKd"), hand("9c9d4s3s2s")]
    assert move(view_of(hands, 0, 5, V_TO_CALL=10, V_COMPLETED=1)) == R.FOLD
    assert move(view_of(hands, 0, 5, V_TO_CALL=0, V_COMPLETED=1)) == R.CALL
    # a paired board is not live, and its K-6-5 board now leads: it raises.
    hands[1][2:5] = hand("4s4h2s")
    assert move(view_of(hands, 0, 5, V_TO_CALL=10, V_COMPLETED=1)) == R.RAISE


def test_textbook_bets_the_best_board():
    hands = [hand("KcKd2s3s4h"), hand("AcAd6s7s8h")]
    assert move(view_of(hands, 0, 5, V_TO_CALL=0, V_COMPLETED=1)) == R.RAISE
