"""Razz's search player (``core/razz/search.py``, issue 27): it decides from its seat's observation only,
a lineup without it plays through the positions to exactly the kernel's sums and traces, a lineup with it
is reproducible and conserves chips, and it takes chips from a calling station."""

from __future__ import annotations

import numpy as np

from razzmatazz.analysis.razz import lineup
from razzmatazz.analysis.stats import mean_columns
from razzmatazz.core.positions import Position
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import search as SR
from razzmatazz.core.razz import state as S
from razzmatazz.core.razz.ranking import tables

FIELD = ["tag", "rock", "station", "steal", "reader", "random"]


def job(texts, players=6, seed=7, hands=40, duplicate=False, **switches):
    settings = R.Settings(players=players, **switches)
    return E.GameJob(settings, tuple(lineup(list(texts), players)), seed, hands, duplicate)


def test_without_a_search_seat_the_positions_play_the_kernels_sums_and_traces():
    for duplicate in (False, True):
        j = job(FIELD, stack=150, duplicate=duplicate)
        assert np.array_equal(
            SR.play_games(*j.kernel_args(), 0, 30, *tables()), E.play_games(*j.kernel_args(), 0, 30, *tables())
        )
    j = job(FIELD[:4], players=4, exhausted="reshuffle")
    for g in range(12):
        mine, theirs = SR.trace_hand(*j.kernel_args(), g, *tables()), E.trace_hand(*j.kernel_args(), g, *tables())
        assert all(np.array_equal(a, b) for a, b in zip(mine, theirs))


def test_the_search_player_decides_from_its_observation_alone():
    """At each of its decisions, a position that differs only in the cards its seat has not seen (drawn from
    its observation) gets the same move: the search never reads the hidden cards."""
    j = job(["search", *FIELD[1:]], stack=200)
    checked = differed = 0
    for g in range(4):
        p = Position.begin(S, j, g)
        while not p.over():
            s = p.actor()
            if (s - g) % 6 == 0:
                moves = set()
                for i in range(3):
                    q = p.determinize(s, 99 + g, i) if i else p.copy()
                    differed += i > 0 and not np.array_equal(q.pos[S.P_HANDS : S.P_VIEW], p.pos[S.P_HANDS : S.P_VIEW])
                    moves.add(int(SR.choose(q.ro, q.pos.copy(), s, q.pids, q.params)))
                assert len(moves) == 1
                checked += 1
            p.step()
    assert checked >= 6 and differed >= checked


def test_a_table_with_a_search_seat_is_reproducible_and_conserves_chips():
    j = job(["search:samples=2", *FIELD[1:]], players=6, hands=60)
    a, b = j.run_chunk(0, 60), j.run_chunk(0, 60)
    assert np.array_equal(a, b)
    nets = [j.trace(g).results[:, E.H_NET] for g in range(5)]
    assert all(int(x.sum()) == 0 for x in nets)
    assert sum(int(a[p * E.N_PFIELDS + E.P_NET]) for p in range(6)) == 0


def test_search_takes_chips_from_a_calling_station_heads_up():
    """Heads-up against a station, search (at a small budget) wins chips: its mean net per hand over 600
    duplicate hands is above 0 by more than 4 standard errors (seed fixed)."""
    j = job(["search:samples=4", "station"], players=2, hands=300, duplicate=True, seed=11)
    out = j.run_chunk(0, 300)
    n, total, total_sq = (int(out[k]) for k in (E.P_HANDS, E.P_NET, E.P_NET2))
    cols = mean_columns(n, total, total_sq)
    assert n == 600 and float(cols["mean"]) > 4 * float(cols["stderr"]), cols


def test_the_true_cards_explain_the_actions_and_some_draws_do_not():
    """:func:`search.consistent` replays the hand from its deal: the true position always passes (the field
    model is the lineup), and a share of the uniform draws from the seat's observation fails."""
    j = job(["search", *FIELD[1:]], stack=200)
    passed = failed = 0
    for g in range(6):
        p = Position.begin(S, j, g)
        while not p.over():
            s = p.actor()
            if (s - g) % 6 == 0 and p.pos[S.P_LOG] > 30:
                mpids, mparams = SR.model(p.pids, p.params)
                replay = np.zeros(S.POS_LEN, np.int64)
                assert SR.consistent(p.ro, p.pos, s, mpids, mparams, replay)
                for i in range(10):
                    ok = SR.consistent(p.ro, p.determinize(s, 5 + g, i).pos, s, mpids, mparams, replay)
                    passed, failed = passed + ok, failed + (not ok)
            p.step()
    assert failed > 0 and passed > 0, (passed, failed)


def test_a_fold_is_worth_what_the_seat_has_put_in_as_the_search_scores_it_without_a_rollout():
    """The search scores a fold as minus the chips its seat has put in (no rollout): at every decision facing a
    bet, folding and playing the hand on to its end gives exactly that net."""
    j = job(FIELD, stack=200)
    checked = 0
    for g in range(6):
        p = Position.begin(S, j, g)
        while not p.over():
            s = p.actor()
            if R.FOLD in p.legal():
                q = p.copy()
                put = int(S._ws(q.pos)[E.W_PUT, s])
                q.apply(R.FOLD)
                q.playout()
                assert int(q.pos[S.P_RES + 5 * s + E.H_NET]) == -put
                checked += 1
            p.step()
    assert checked >= 10
