"""Razzia's decision-point interface (``core/razzia/state.py``) beyond the generic checks of
``tests/conformance/test_positions.py``: offers as moves, a bar walked with chosen moves, what a seat's
observation holds and hides, and what determinization keeps."""

from __future__ import annotations

from math import comb, prod

import numpy as np
import pytest

from razzmatazz.analysis.razzia import lineup
from razzmatazz.core.positions import Position
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia import state as S

MIX = ["greedy", "crowd", "bigpot", "hunter", "random"]


def job(players=5, texts=("random",), seed=7, **switches):
    settings = R.Settings(players=players, **switches)
    return E.GameJob(settings, tuple(lineup(list(texts), players)), seed, 50)


def find(j, wanted, games=50):
    """The first position of games 0.. of ``j`` (stepped by its policies) where ``wanted(p)`` holds."""
    for g in range(games):
        p = Position.begin(S, j, g)
        while not p.over():
            if wanted(p):
                return p
            p.step()
    raise AssertionError("no such position")


def kind(p):
    return int(p.pos[E.W_KIND])


def bar_money(p, bar):
    return [int(x) for x in p.pos[R.ST_MONEY + bar * R.MAX_DENOMS : R.ST_MONEY + (bar + 1) * R.MAX_DENOMS]]


def responders(p):
    """The contestants other than the proposer, clockwise from the proposer's left."""
    n, proposer, contest = p.ro[0][R.C_PLAYERS], int(p.pos[E.W_PROPOSER]), int(p.pos[E.W_CONTEST])
    return [(proposer + i) % n for i in range(1, n) if (contest >> ((proposer + i) % n)) & 1]


def division(p, code):
    """The division of offer ``code`` at the bar being haggled: {seat: cards per denomination}."""
    w = p.pos.copy()
    E.offer_division(w, code)
    offer = w[R.V_OFFER : R.VIEW_LEN].reshape(R.MAX_PLAYERS, R.MAX_DENOMS)
    return {s: offer[s].tolist() for s in range(R.MAX_PLAYERS) if offer[s].any()}, w


def test_the_moves_of_each_decision():
    j = job(players=2, texts=("greedy", "random"), spielbox=True)
    p = find(j, lambda p: kind(p) == R.K_ALL)
    legal = p.legal()
    assert len(legal) == len(set(legal.tolist())) == 36  # four cards onto three bars, each bar at least once
    assert all({(int(m) >> (3 * i)) & 7 for i in range(4)} == {0, 1, 2} for m in legal)
    p = find(job(), lambda p: kind(p) == R.K_FREE)
    assert p.legal().tolist() == [0, 1, 2, 3, 4, 5]
    p = find(job(), lambda p: kind(p) == R.K_PLAY)
    assert p.legal().tolist() == [0, 1, 2, 3, 4]
    p = find(job(), lambda p: kind(p) == R.K_ANSWER)
    assert p.legal().tolist() == [R.ACCEPT, R.DUEL]


@pytest.mark.parametrize("duel", [False, True])
def test_an_offers_codes_are_every_division_of_the_bar_once(duel):
    p = find(
        job(offer_duel=duel),
        lambda p: (
            kind(p) == R.K_OFFER
            and len(responders(p)) >= 2
            and sum(bar_money(p, int(p.pos[E.W_BAR]))) >= 3
            and E.offer_count(p.pos) <= 1000
        ),
    )
    bar, k = int(p.pos[E.W_BAR]), len(responders(p)) + 1
    legal = p.legal().tolist()
    assert (legal[0] == R.NO_OFFER) == duel
    codes = [c for c in legal if c != R.NO_OFFER]
    assert codes == list(range(prod(comb(c + k - 1, k - 1) for c in bar_money(p, bar))))
    seen = set()
    for code in codes:
        split, w = division(p, code)
        assert E._division_ok(w, bar, int(p.pos[E.W_CONTEST]))
        assert E.offer_code(w) == code
        seen.add(tuple((s, tuple(cards)) for s, cards in sorted(split.items())))
    assert len(seen) == len(codes)
    assert division(p, 0)[0] == {int(p.pos[E.W_PROPOSER]): bar_money(p, bar)}  # code 0: all to the proposer


def test_a_bar_walked_with_chosen_moves():
    p = find(job(), lambda p: kind(p) == R.K_OFFER and len(responders(p)) == 1)
    bar, proposer, (other,) = int(p.pos[E.W_BAR]), int(p.pos[E.W_PROPOSER]), responders(p)
    units = int(p.pos[R.ST_BAR_UNITS + bar])
    won = p.pos[R.ST_WON : R.ST_WON + 5].copy()
    codes = p.legal()
    code = int(codes[-1])  # the last code: every card to the responder
    assert division(p, code)[0] == {other: bar_money(p, bar)}
    accepted = p.copy()
    accepted.apply(code)
    assert kind(accepted) == R.K_ANSWER and accepted.actor() == other
    assert np.array_equal(accepted.view()[R.V_OFFER :], division(p, code)[1][R.V_OFFER : R.VIEW_LEN])
    accepted.apply(R.ACCEPT)  # on to the next decision: the two have no card at another bar this round
    gain = accepted.pos[R.ST_WON : R.ST_WON + 5] - won
    assert (gain[proposer], gain[other]) == (0, units)
    kept = p.copy()
    kept.apply(0)  # all to the proposer, and the responder accepts
    kept.apply(R.ACCEPT)
    gain = kept.pos[R.ST_WON : R.ST_WON + 5] - won
    assert (gain[proposer], gain[other]) == (units, 0)
    duel = p.copy()
    duel.apply(0)
    duel.apply(R.DUEL)  # the duel's dice come from the position's stream: one of the two takes it all
    gain = duel.pos[R.ST_WON : R.ST_WON + 5] - won
    assert sorted([gain[proposer], gain[other]]) == [0, units]
    for q in (accepted, kept, duel):
        assert S.check(q.ro, q.pos) == 0


def test_a_card_played_is_hidden_until_all_are_down():
    p = find(job(), lambda p: kind(p) == R.K_PLAY and int(p.pos[E.W_STEP]) == 0)
    first = p.actor()
    card = int(p.pos[R.ST_HAND + first * R.HAND + 2])
    p.apply(2)
    assert p.pos[R.ST_TABLE + first] == card and p.pos[R.ST_HAND + first * R.HAND + 4] == -1
    nxt = p.actor()
    assert p.observation(nxt)[S.OB_ST + R.ST_TABLE + first] == -1
    assert p.observation(nxt)[S.OB_DOWN + first] == 1
    assert p.observation(first)[S.OB_ST + R.ST_TABLE + first] == card


def _swap_hands(p, a, b):
    """Seats a and b exchange their first cards (another consistent deal)."""
    q = p.copy()
    ia, ib = R.ST_HAND + a * R.HAND, R.ST_HAND + b * R.HAND
    q.pos[ia], q.pos[ib] = p.pos[ib], p.pos[ia]
    return q


def test_an_observation_does_not_see_the_other_hands():
    p = find(job(texts=MIX), lambda p: kind(p) == R.K_PLAY and int(p.pos[R.ST_ROUND]) == 3)
    seat = p.actor()
    others = [s for s in range(5) if s != seat]
    q = _swap_hands(p, others[0], others[1])
    assert not np.array_equal(p.pos, q.pos) and S.check(q.ro, q.pos) == 0
    assert np.array_equal(p.observation(seat), q.observation(seat))
    assert not np.array_equal(p.observation(others[0]), q.observation(others[0]))
    r = _swap_hands(p, seat, others[0])
    assert not np.array_equal(p.observation(seat), r.observation(seat))


def test_the_answers_already_given_are_hidden_from_the_others():
    p = find(
        job(seed=3),
        lambda p: kind(p) == R.K_ANSWER and p.actor() == responders(p)[0] and len(responders(p)) >= 2,
        games=200,
    )
    first, second = responders(p)[:2]
    yes, no = p.copy(), p.copy()
    yes.apply(R.ACCEPT)
    no.apply(R.DUEL)
    assert yes.actor() == no.actor() == second
    assert np.array_equal(yes.observation(second), no.observation(second))
    assert not np.array_equal(yes.observation(first), no.observation(first))
    d = no.determinize(second, 5, 0)
    assert S.check(d.ro, d.pos) == 0 and np.array_equal(d.observation(second), no.observation(second))


def test_determinize_keeps_what_the_seat_knows():
    j = job(texts=MIX)
    p = find(j, lambda p: kind(p) == R.K_ANSWER and int(p.pos[R.ST_ROUND]) >= 6)
    seat = p.actor()
    for draw in range(5):
        d = p.determinize(seat, 17, draw)
        assert S.check(d.ro, d.pos) == 0
        assert np.array_equal(
            d.pos[R.ST_HAND + seat * R.HAND : R.ST_HAND + (seat + 1) * R.HAND],
            p.pos[R.ST_HAND + seat * R.HAND : R.ST_HAND + (seat + 1) * R.HAND],
        )
        for lo, hi in [
            (R.ST_TABLE, R.ST_TABLE + R.MAX_PLAYERS),
            (R.ST_MONEY, R.ST_WON),
            (R.ST_WON, R.ST_GONE),
            (R.V_BAR, R.VIEW_LEN),
            (E.W_DISCARD, E.W_DISCARD + int(p.pos[E.W_POS + 2])),
        ]:
            assert np.array_equal(d.pos[lo:hi], p.pos[lo:hi]), (lo, hi)
        assert d.pos[E.W_PSTATE + seat] == p.pos[E.W_PSTATE + seat]
        assert np.array_equal(d.legal(), p.legal())
        hands = [s for s in range(5) if s != seat]
        stock = slice(E.W_STOCK + int(p.pos[E.W_POS]), E.W_STOCK + int(p.pos[E.W_POS]) + int(p.pos[E.W_POS + 1]))
        assert sorted(
            d.pos[stock].tolist() + [int(d.pos[R.ST_HAND + s * R.HAND + i]) for s in hands for i in range(R.HAND)]
        ) == sorted(
            p.pos[stock].tolist() + [int(p.pos[R.ST_HAND + s * R.HAND + i]) for s in hands for i in range(R.HAND)]
        )
    a, b = p.determinize(seat, 17, 0), p.determinize(seat, 17, 1)
    assert not np.array_equal(a.pos[R.ST_HAND : R.ST_TABLE], b.pos[R.ST_HAND : R.ST_TABLE])
    assert np.array_equal(a.pos, p.determinize(seat, 17, 0).pos)  # the same draw, the same position


def test_check_names_what_is_broken():
    p = find(job(), lambda p: kind(p) == R.K_PLAY and int(p.pos[R.ST_ROUND]) == 2)
    assert S.check(p.ro, p.pos) == 0
    q = p.copy()
    q.pos[R.ST_HAND] = q.pos[R.ST_HAND + 1]  # a card twice
    assert S.check(q.ro, q.pos) == 1
    q = p.copy()
    q.pos[R.ST_HAND + 1] = 200  # no card at all
    assert S.check(q.ro, q.pos) == 1
    q = p.copy()
    q.pos[R.ST_HAND + 1], q.pos[R.ST_HAND + 2] = -1, q.pos[R.ST_HAND + 1]  # a gap in the hand
    assert S.check(q.ro, q.pos) == 1
    q = p.copy()
    q.pos[R.ST_WON] += 1  # money from nowhere
    assert S.check(q.ro, q.pos) == 2
    q = p.copy()
    q.pos[E.W_ACTOR] = 7
    assert S.check(q.ro, q.pos) == 3


@pytest.mark.parametrize(
    "players, switches",
    [
        (4, {"duel_tie": "reroll", "offer_duel": True, "furthest": "circular", "multi_duel": "rolloff"}),
        (2, {"spielbox": True, "reshuffle": "refill_first"}),
        (
            6,
            {
                "free_card": "random",
                "dropped_bars": "random",
                "bars": "players_plus_one",
                "one_declines": "own_share",
                "final_ties": "bars_won",
            },
        ),
    ],
)
def test_a_finished_game_tallies_as_the_kernel_at_other_switches(players, switches):
    j = job(players=players, texts=("hunter", "greedy:haggle=2", "random")[-players:], **switches)
    total = None
    for g in range(8):
        p = Position.begin(S, j, g)
        while not p.over():
            legal = p.legal()
            assert p.step() in legal
        total = p.tally(total)
    assert np.array_equal(total, j.run_chunk(0, 8))
