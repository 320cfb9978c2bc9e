"""Riffifi's decision-point interface (``core/riffifi/state.py``) beyond the generic checks of
``tests/conformance/test_positions.py``: a deal walked with chosen moves (an undercut, a claim, a card set
aside, the Officer, odd chips given by the collector), what a seat's observation leaves out, what a
determinized position keeps, and the engine's switches played through the interface.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.riffifi import lineup
from razzmatazz.core.positions import Position
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi import state as S

SWITCHES = [
    {"players": 3, "officer": True},
    {"players": 5, "officer": True, "after_claim": "stay", "reveal_own": True},
    {"players": 3, "scoring": "ticks", "tick_at": 3},
    {"players": 4, "passing": "reshuffle", "end": "lapse", "start": "fixed", "tie": "clockwise"},
]


def job(texts=("random",), games=20, **fields):
    settings = R.Settings(**fields)
    return E.GameJob(settings, lineup(list(texts), settings.players), 3, games)


def bits(m) -> list[int]:
    return [c for c in range(R.OFFICER + 1) if int(m) >> c & 1]


def hand(p: Position, s: int) -> list[int]:
    return bits(p.pos[R.ST_HAND + s])


def play(p: Position, card: int) -> None:
    assert card in p.legal()
    p.apply(card)
    assert S.check(p.ro, p.pos) == 0


def test_a_deal_walked_with_chosen_moves_undercuts_and_claims():
    """Seat 0 plays a card, seat 1 undercuts it with a lower one of its colour, seats 2, 3 and 0 play other
    colours; at its next turn seat 1 collects the card's value from the middle before it plays."""
    j = job(games=1)
    for g in range(50):
        p = Position.begin(S, j, g)
        if p.actor() != 0:
            continue
        pairs = [(x, y) for x in hand(p, 0) for y in hand(p, 1) if x // 8 == y // 8 and y < x]
        if pairs:
            break
    x, y = pairs[0]
    colour, value = y // 8, y % 8 + 1
    play(p, x)
    assert p.pos[R.ST_UP_OWNER + colour] == 0 and p.actor() == 1
    play(p, y)
    assert p.pos[R.ST_UP_OWNER + colour] == 1 and p.pos[R.ST_UP_VALUE + colour] == value
    assert p.pos[R.ST_PUBLIC] >> x & 1 and p.pos[E.PS_GLOB + E.G_UNDERCUTS] == 1
    for s in (2, 3, 0):
        assert p.actor() == s
        play(p, next(c for c in hand(p, s) if c // 8 != colour))
    assert p.actor() == 1 and p.view()[R.V_KIND] == R.K_PLAY
    assert R.chips(p.pos, 1, colour) == value and R.chips(p.pos, R.MIDDLE, colour) == 12 - value
    assert p.pos[E.PS_TABLE + (value - 1) * 3 + E.T_PAID] == 1  # a card of orbit 0 and this value paid
    assert p.pos[R.ST_UP_OWNER + colour] == -1  # paid cards go to the pile (D8)


def plays(obs) -> int:
    """The plays an observation's card table counts."""
    return int(obs[S.OB_TABLE + E.T_PLAYS : S.OB_TABLE + E.N_TABLE : 3].sum())


def test_a_card_higher_than_the_face_up_one_is_set_aside_unseen():
    """Seat 1 plays a higher card of the colour of seat 0's face-up card: it is set aside (D3), unseen; the
    others see that seat 1 set a card aside in orbit 0, not which (not even in the card table's counts)."""
    j = job(games=1)
    for g in range(50):
        p = Position.begin(S, j, g)
        pairs = [(x, y) for x in hand(p, 0) for y in hand(p, 1) if x // 8 == y // 8 and y > x]
        if pairs:
            break
    x, y = pairs[0]
    play(p, x)
    play(p, y)
    assert p.pos[R.ST_UP_OWNER + x // 8] == 0 and p.pos[R.ST_PLAYED + 1] == R.bit(y)
    assert p.pos[E.PS_GLOB + E.G_ASIDE] == 1 and not p.pos[R.ST_PUBLIC] >> y & 1
    assert p.pos[E.PS_ASIDE_ORBIT + y] == 0
    mine, other = p.observation(1), p.observation(2)
    assert mine[S.OB_ASIDE + y] == 0 and plays(mine) == 2
    assert other[S.OB_HIDDEN + 1] == 0b1 and plays(other) == 1
    assert other[R.ST_PLAYED + 1] == 0 and other[R.V_HAND_N + 1] == 9


def walk(j, g, want):
    """Game ``g`` stepped by its policies up to the first decision ``want(p)`` says yes to (or None)."""
    p = Position.begin(S, j, g)
    while not p.over():
        if want(p):
            return p
        p.step()
    return None


def test_the_officer_asks_for_a_target_and_the_collector_for_odd_chips():
    j = job(["random"], 1, players=4, officer=True)
    p = next(q for g in range(40) if (q := walk(j, g, lambda p: p.view()[R.V_KIND] == R.K_TARGET)))
    faces = [c for c in range(R.N_COLOURS) if p.pos[R.ST_UP_OWNER + c] >= 0]
    assert list(p.legal()) == [-1] + faces
    s = p.actor()
    assert p.pos[R.ST_HAND + s] >> R.OFFICER & 1 and S.check(p.ro, p.pos) == 0
    hits = p.pos[E.PS_GLOB + E.G_OFFICER_HITS]
    q = p.copy()
    q.apply(7)  # no such colour: the Officer turns nothing down
    p.apply(-1)
    assert np.array_equal(p.pos, q.pos) and p.pos[E.PS_GLOB + E.G_OFFICER_HITS] == hits
    in_turn = lambda p: p.view()[R.V_KIND] == R.K_SPLIT and p.pos[E.PS_PHASE] == E.PH_TURN  # noqa: E731
    p = next(q for g in range(300) if (q := walk(j, g, in_turn)))
    v = p.view()
    assert list(p.legal()) == bits(v[R.V_TIED]) and v[R.V_ODD] >= 1
    s, c, clockwise = p.actor(), v[R.V_COLOUR], R.clockwise_from(p.actor(), 4, v[R.V_TIED])
    q = p.copy()
    q.apply(s)  # not tied: the first tied seat clockwise gives the chip
    before = R.chips(p.pos, clockwise, c)
    p.apply(clockwise)
    assert np.array_equal(p.pos, q.pos) and R.chips(p.pos, clockwise, c) == before - 1
    assert p.actor() == s and p.view()[R.V_KIND] in (R.K_SPLIT, R.K_PLAY)


def mid_game(j, g, deal, turns):
    return walk(j, g, lambda p: p.pos[R.ST_DEAL] == deal and p.pos[R.ST_TURN] >= turns)


def test_a_seats_observation_leaves_out_the_others_hidden_cards():
    """Swapping cards between two other hands (deal 0: the seat held neither), the others' policy states and
    the deal stream leave the seat's observation as it is; the seat's own hand does not."""
    j = job(["random"], 1)
    p = mid_game(j, 0, 0, 9)
    s = p.actor()
    a, b = (s + 1) % 4, (s + 2) % 4
    x, y = hand(p, a)[0], hand(p, b)[0]
    q = p.copy()
    for o, out, inn in ((a, x, y), (b, y, x)):
        q.pos[R.ST_HAND + o] ^= R.bit(out) | R.bit(inn)
        q.pos[E.PS_DEALT + o] ^= R.bit(out) | R.bit(inn)
    q.pos[E.PS_POLICY + a] += 1
    q.pos[E.PS_DEAL_RNG] += 1
    assert S.check(q.ro, q.pos) == 0
    assert np.array_equal(q.observation(s), p.observation(s))
    assert not np.array_equal(q.observation(a), p.observation(a))
    assert np.array_equal(q.view(s), p.view(s)) and q.copy().step() == p.copy().step()


def test_a_determinized_position_keeps_what_the_seat_knows():
    """In deal 2 (hands passed twice) the seat knows its own hand, the two hands it held before (now with
    the next two seats) and everything face up; the rest of the others' cards are drawn."""
    j = job(["random"], 1)
    p = mid_game(j, 1, 2, 6)
    s = p.actor()
    draws = [p.determinize(s, 5, d) for d in range(8)]
    for d in draws:
        assert S.check(d.ro, d.pos) == 0
        assert np.array_equal(d.observation(s), p.observation(s))
        assert np.array_equal(d.pos[R.ST_PUBLIC : R.ST_LEN], p.pos[R.ST_PUBLIC : R.ST_LEN])  # face up, chips, points
        assert d.pos[R.ST_HAND + s] == p.pos[R.ST_HAND + s] and d.pos[E.PS_POLICY + s] == p.pos[E.PS_POLICY + s]
        for o in range(4):
            whole = int(d.pos[R.ST_HAND + o] | d.pos[R.ST_PLAYED + o])
            assert whole == d.pos[E.PS_DEALT + (o - 2) % 4]
            if (o - s) % 4 <= 2:  # its own hand and the two it passed on
                assert whole == p.pos[R.ST_HAND + o] | p.pos[R.ST_PLAYED + o]
            assert not p.pos[E.PS_SHOWN + (o - 2) % 4] & ~whole  # what deals 0 and 1 showed of the hand


def test_a_determinized_first_deal_draws_the_other_hands():
    j = job(["random"], 1)
    p = mid_game(j, 2, 0, 6)
    s = p.actor()
    draws = [p.determinize(s, 5, d) for d in range(4)]
    others = [tuple(int(d.pos[R.ST_HAND + o]) for o in range(4) if o != s) for d in draws]
    assert len(set(others)) == 4
    assert {d.pos[E.PS_DEAL_RNG] for d in draws} != {p.pos[E.PS_DEAL_RNG]}


def test_check_names_a_broken_position():
    j = job(["random"], 1)
    p = mid_game(j, 0, 0, 5)
    assert S.check(p.ro, p.pos) == 0
    q = p.copy()
    q.pos[R.ST_HAND + 1] |= q.pos[R.ST_HAND + 2] & -q.pos[R.ST_HAND + 2]  # a card in two hands
    assert S.check(q.ro, q.pos) == 1
    q = p.copy()
    q.pos[R.ST_CHIPS + 2 * R.N_COLOURS] += 1  # a chip from nowhere
    assert S.check(q.ro, q.pos) == 6
    q = p.copy()
    q.pos[R.V_SEAT] = 7
    assert S.check(q.ro, q.pos) == 7


@pytest.mark.parametrize("fields", SWITCHES)
def test_the_switches_played_through_the_interface(fields):
    """The Officer, three and five players, paid cards that stay, cards shown when set aside, the ticks, a
    fresh deal every time, the lapse end and the clockwise odd chips: stepping gives the general engine's
    sums, and determinized positions (for the actor or another seat) are consistent, look the same to their
    seat and play on."""
    j = job(["random", "expect", "thief", "undercut", "holdlow"][: fields["players"]], 6, **fields)
    rng = np.random.default_rng(1)
    total = None
    for g in range(6):
        p = Position.begin(S, j, g)
        while not p.over():
            assert S.check(p.ro, p.pos) == 0
            if rng.random() < 0.1:
                s = int(rng.integers(fields["players"]))  # the actor or another seat
                d = p.determinize(s, 17, g)
                assert S.check(d.ro, d.pos) == 0 and np.array_equal(d.observation(s), p.observation(s))
                assert s != p.actor() or d.copy().step() == p.copy().step()
                assert S.check(d.ro, d.playout().pos) == 0
            p.step()
        total = p.tally(total)
    assert np.array_equal(total, E.play_games(*j.kernel_args(), 0, 6))
