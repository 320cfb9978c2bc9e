"""What every game's search player shares: its budget, the statistics of its candidates, the choice.

A search player (``core/<game>/search.py``) decides by determinized rollouts: at a decision it draws
``samples`` positions consistent with its seat's observation (``state.determinize``, never the true
position), plays every candidate move on from each of them against a model of the field, and keeps the
candidate with the best result for the game's objective: the win rate first, the payoff second. Within a
sample every candidate starts from the same position with the same streams (common random numbers), so
their difference is measured more precisely than either alone.

This module holds the game-independent parts, as numba functions on plain arrays:

- :func:`budget`: ``samples`` and ``depth`` from the first two entries of the search row (the parameters
  every game's ``search`` spec starts with, :func:`budget_params`).
- the candidates' statistics: an array ``stats`` of ``N_STATS`` columns per candidate (rollouts, wins in
  the game's integer win unit, payoff in integer units), :func:`new_stats`, :func:`record`;
- :func:`best`: the index of the best candidate, by mean wins, then mean payoff, then the first listed;
- :func:`field_model`: the lineup the rollouts play.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param

S_N, S_WIN, S_PAY = range(3)
N_STATS = 3


def budget_params(samples: int, depth: int, max_depth: int) -> tuple[Param, Param]:
    """The ``samples`` and ``depth`` parameters of a game's ``search`` spec, with these defaults."""
    return (
        Param("samples", samples, 1, 4096, "determinizations of the hidden cards per decision", integer=True),
        Param(
            "depth",
            depth,
            0,
            max_depth,
            "rounds played on per rollout: 0 to the end of the game, k the "
            "current round and k - 1 more, then the score held decides",
            integer=True,
        ),
    )


@njit(cache=True)
def budget(row):
    """(samples, depth) of a search row (:func:`budget_params` first)."""
    return max(1, np.int64(row[0])), max(0, np.int64(row[1]))


@njit(cache=True)
def new_stats(n):
    """Zeroed statistics for ``n`` candidates."""
    return np.zeros((n, N_STATS), np.int64)


@njit(cache=True)
def record(stats, c, win, pay):
    """One rollout of candidate ``c``: its win count (the game's unit) and payoff."""
    stats[c, S_N] += 1
    stats[c, S_WIN] += win
    stats[c, S_PAY] += pay


@njit(cache=True)
def _better(stats, a, b):
    """Is candidate ``a``'s mean win (then payoff) above ``b``'s? Exact, by cross-multiplied integer sums."""
    na, nb = stats[a, S_N], stats[b, S_N]
    wa, wb = stats[a, S_WIN] * nb, stats[b, S_WIN] * na
    if wa != wb:
        return wa > wb
    return stats[a, S_PAY] * nb > stats[b, S_PAY] * na


@njit(cache=True)
def best(stats):
    """The best candidate: the highest mean win, then mean payoff; the first listed among equals. A candidate
    without rollouts is never chosen over one with (-1 if none has any)."""
    pick = -1
    for c in range(stats.shape[0]):
        if stats[c, S_N] > 0 and (pick < 0 or _better(stats, c, pick)):
            pick = c
    return pick


@njit(cache=True)
def field_model(pids, params, search_id, rollout_at, model_at):
    """The lineup a search player's rollouts play: every seat of policy ``search_id`` replaced by its rollout
    policy (the id in column ``rollout_at`` of its row) with that policy's row (its row from ``model_at`` on),
    the other seats as they are."""
    mp = pids.copy()
    mr = np.zeros_like(params)
    for p in range(pids.shape[0]):
        if pids[p] == search_id:
            mp[p] = np.int64(params[p, rollout_at])
            for j in range(params.shape[1] - model_at):
                mr[p, j] = params[p, model_at + j]
        else:
            mr[p, :] = params[p, :]
    return mp, mr
