"""Razz at a decision point (``core/razz/state.py``): hands walked move by move, what a seat may see, and
agreement with the kernel where the generic test does not go (reshuffles, short stacks, users' policies)."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.razz import game as A
from razzmatazz.core.positions import Position
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import state as S
from tests.razz.hidden import PROBES

FOLD, CALL, RAISE = R.FOLD, R.CALL, R.RAISE


def _job(texts, players=2, hands=10, user=None, **settings):
    lineup = tuple(A.lineup(texts, players, user))
    return E.GameJob(R.Settings(players=players, **settings), lineup, 7, hands, False, user and user.decide)


def _hands(p):
    return p.pos[S.PS_HANDS : S.PS_VIEW].reshape(R.MAX_PLAYERS, 7)


def _log(p):
    log = p.pos[S.PS_LOG :].reshape(R.LOG_ROWS, 4)
    return log[1 : log[0, 0] + 1]


def test_a_fold_to_the_bring_in_ends_a_heads_up_hand():
    p = Position.begin(S, _job(["station"]), 0)
    b = p.actor()
    assert p.view()[R.V_BRING_IN] == 1 and list(p.legal()) == [CALL, RAISE]  # no fold at the bring-in
    p.apply(CALL)
    other = p.actor()
    assert other == 1 - b and list(p.legal()) == [FOLD, CALL, RAISE] and p.view()[R.V_TO_CALL] == 5
    p.apply(FOLD)
    assert p.over() and S.check(p.ro, p.pos) == 0
    assert p.pos[S.PS_VIEW + R.V_POT] == 2 + 2 + 5
    res = p.pos[S.PS_RES : S.PS_LOG].reshape(R.MAX_PLAYERS, 5)
    assert res[b, E.H_NET] == 2 and res[other, E.H_NET] == -2 and res[b, E.H_WON_NO_SD] == 1
    assert [tuple(r[:2]) for r in _log(p) if r[0] in (R.L_BRING_IN, R.L_FOLD)] == [(R.L_BRING_IN, b), (R.L_FOLD, other)]


def test_no_raise_at_the_cap_and_an_illegal_raise_is_played_as_a_call():
    p = Position.begin(S, _job(["station"]), 1)
    p.apply(RAISE)  # the bring-in completes: bet 1 of 4
    for _ in range(3):
        assert RAISE in p.legal()
        p.apply(RAISE)
    assert list(p.legal()) == [FOLD, CALL] and p.view()[R.V_BETS_MADE] == 4
    p.apply(RAISE)
    moves = [r[0] for r in _log(p) if r[0] in (R.L_FOLD, R.L_CHECK, R.L_CALL, R.L_RAISE)]
    assert moves[-1] == R.L_CALL and p.view()[R.V_STREET] == 4  # called; 4th street is dealt
    assert p.view()[R.V_TO_CALL] == 0 and FOLD not in p.legal()  # checking is free: no fold
    assert S.check(p.ro, p.pos) == 0


def _swap_cards(p, x, y):
    """Exchange cards x and y everywhere in the position (hands, deck, log)."""
    for lo, hi in ((S.PS_DECK, S.PS_DECK + 52), (S.PS_HANDS, S.PS_VIEW)):
        part = p.pos[lo:hi]
        ix, iy = part == x, part == y
        part[ix], part[iy] = y, x
    log = _log(p)
    deal = log[:, 0] == R.L_DEAL
    ix, iy = deal & (log[:, 2] == x), deal & (log[:, 2] == y)
    log[ix, 2], log[iy, 2] = y, x


def test_another_seats_down_card_is_not_in_the_observation():
    p = Position.begin(S, _job(["station"], players=4), 2)
    p.step()
    seat = p.actor()
    other = (seat + 1) % 4
    obs, seen_by_other, view = p.observation(seat), p.observation(other), p.view()
    undealt = p.pos[S.PS_DECK + p.pos[S.PS_TOP] + 1]
    _swap_cards(p, _hands(p)[other, 0], undealt)
    assert S.check(p.ro, p.pos) == 0
    assert np.array_equal(p.observation(seat), obs) and np.array_equal(p.view(), view)
    assert not np.array_equal(p.observation(other), seen_by_other)


def test_determinize_keeps_own_and_up_cards_and_draws_the_rest():
    p = Position.begin(S, _job(["station"], players=5), 3)
    for _ in range(12):
        p.step()
    seat = p.actor()
    hands = _hands(p)
    drawn = [_hands(p.determinize(seat, 5, d)) for d in range(4)]
    for h in drawn:
        assert np.array_equal(h[seat], hands[seat]) and np.array_equal(h[:, 2:6], hands[:, 2:6])
        assert np.array_equal(h < 0, hands < 0)
    others = [h[[s for s in range(5) if s != seat]][:, [0, 1, 6]] for h in drawn]
    assert len({o.tobytes() for o in others}) == 4


def _walk(job, n_hands, rng):
    """Step every hand, checking each position and determinizing now and then; returns the counts."""
    total = None
    for g in range(n_hands):
        p = Position.begin(S, job, g)
        while not p.over():
            assert S.check(p.ro, p.pos) == 0
            if rng.random() < 0.2:
                seat = p.actor()
                d = p.determinize(seat, 3, g)
                assert S.check(d.ro, d.pos) == 0 and np.array_equal(d.observation(seat), p.observation(seat))
                assert d.copy().step() == p.copy().step()
                assert S.check(d.ro, d.playout().pos) == 0
            p.step()
        assert S.check(p.ro, p.pos) == 0
        total = p.tally(total)
    return total


def test_reshuffles_all_ins_and_side_pots_step_as_in_the_kernel():
    job = _job(["station", "random:fold=0.05,raise=0.4"], players=8, hands=30, exhausted="reshuffle", stack=150)
    total = _walk(job, 30, np.random.default_rng(1))
    assert np.array_equal(total, job.run_chunk(0, 30))
    assert E.view(total, 8)["global"][E.G_RESHUFFLE] > 0


@pytest.mark.parametrize("stacks", [(), (40, 300, 25)])
def test_a_users_policy_sees_through_step_what_the_kernel_shows_it(stacks):
    """The probe moves by a hash of its whole view: the same moves mean the same views."""
    job = _job(["probe", "tag", "probe"], players=3, hands=40, user=PROBES, stacks=stacks)
    assert np.array_equal(_walk(job, 40, np.random.default_rng(2)), job.run_chunk(0, 40))


def test_a_copy_plays_on_alone():
    p = Position.begin(S, _job(["random"], players=3), 4)
    q = p.copy()
    before = p.pos.copy()
    q.playout()
    assert q.over() and np.array_equal(p.pos, before)
