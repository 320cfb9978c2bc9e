"""Exact door-card chart: every three-card start against one opponent showing a door card.

The opponent shows a door card of rank d and has two unknown down cards; both players then
draw to seven cards from the unseen deck (all-in, heads-up, ties split). As in
:mod:`razzmatazz.core.razz.exact`, deals are counted on rank multisets with binomial weights.

All 13 doors come from one pass over pairs of complete seven-card hands. For the hero's
seven H, a villain seven V drawn from the 45 cards left can be dealt in ``W(H, V)`` ways,
and in ``W(H, V) * V[d]`` ways with one of its cards of rank d marked as the door. The
villain holding door card c of rank d plus six of the 44 other cards is therefore counted
``W(H, V) * V[d] / (4 - H[d])`` times (any of the ``4 - H[d]`` cards of rank d could be
c), so one sum over V with per-rank weights ``V[d]`` gives every door at once. Villain
sevens are sorted by class, so the hero only visits the smaller side (better or worse
than its own class) plus the ties, and takes the other side from the known total
``(4 - H[d]) * C(44, 6)``. Each start then sums its four-card completions, drawn from the
48 cards left once the door card is gone (as ``starting_hands_vs_random`` does for a random
opponent).
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
from numba import njit

from razzmatazz.core.batch import map_ranges
from razzmatazz.core.razz.exact import BINOM, _classes_plus, _key, _weight, multisets
from razzmatazz.core.razz.ranking import tables

DEALS = comb(48, 4) * comb(44, 6)
"""Card-level deals per chart cell: the hero draws 4 of 48 cards, the villain 6 of the 44 left."""


@njit(cache=True, inline="always")
def _accumulate(acc, side, lo, hi, avail, nzr, nzc, nzl, binom):
    """Add ``W * V[d]`` to ``acc[d, side]`` for villain sevens ``lo..hi-1``."""
    for j in range(lo, hi):
        w = _weight(avail, nzr[j], nzc[j], nzl[j], binom)
        if w == 0:
            continue
        for t in range(nzl[j]):
            acc[nzr[j, t], side] += w * nzc[j, t]


@njit(cache=True, nogil=True)
def _sevens_by_door(lo, hi, ms7, first_tie, after_tie, nzr, nzc, nzl, binom, total):
    """Hero wins and ties of sevens ``lo..hi-1`` against each door: ``(hi - lo, 13, 2)``.

    ``nzr/nzc/nzl`` are the villain sevens sorted by class; hero i ties with
    ``first_tie[i]..after_tie[i]-1``, beats those after and loses to those before.
    """
    n = nzl.shape[0]
    out = np.zeros((hi - lo, 13, 2), np.int64)
    acc = np.zeros((13, 2), np.int64)
    for i in range(lo, hi):
        avail = 4 - ms7[i].astype(np.int64)
        acc[:] = 0
        _accumulate(acc, 1, first_tie[i], after_tie[i], avail, nzr, nzc, nzl, binom)
        losses_first = first_tie[i] < n - after_tie[i]  # fewer better sevens: count losses, wins = rest
        if losses_first:
            _accumulate(acc, 0, 0, first_tie[i], avail, nzr, nzc, nzl, binom)
        else:
            _accumulate(acc, 0, after_tie[i], n, avail, nzr, nzc, nzl, binom)
        for d in range(13):
            if avail[d] == 0:
                continue
            if losses_first:
                acc[d, 0] = avail[d] * total - acc[d, 0] - acc[d, 1]
            out[i - lo, d, 0] = acc[d, 0] // avail[d]
            out[i - lo, d, 1] = acc[d, 1] // avail[d]
    return out


@njit(cache=True, nogil=True)
def _starts_by_door(starts, keys7, order7, results7, ms4, nzr4, nzc4, nzl4, binom):
    """Sum each start's four-card completions (drawn without the door card) for every door."""
    out = np.zeros((starts.shape[0], 13, 2), np.int64)
    pow5 = np.ones(13, np.int64)
    for r in range(1, 13):
        pow5[r] = pow5[r - 1] * 5
    for s in range(starts.shape[0]):
        avail = np.empty((13, 13), np.int64)  # avail[d]: the deck once the door card of rank d is gone
        for d in range(13):
            avail[d] = 4 - starts[s].astype(np.int64)
            avail[d, d] -= 1
        for i in range(ms4.shape[0]):
            key = 0
            for r in range(13):
                key += (starts[s, r] + ms4[i, r]) * pow5[r]
            idx = order7[np.searchsorted(keys7, key)]
            for d in range(13):
                w = _weight(avail[d], nzr4[i], nzc4[i], nzl4[i], binom)
                if w:
                    out[s, d, 0] += w * results7[idx, d, 0]
                    out[s, d, 1] += w * results7[idx, d, 1]
    return out


def _sevens_table() -> np.ndarray:
    """``(49205, 13, 2)``: wins and ties of every seven-card multiset against each door card plus six."""
    nopair, paired = tables()
    ms7, nzr7, nzc7, nzl7 = multisets(7)
    classes = _classes_plus(np.zeros(13, np.int64), ms7, nopair, paired)
    order = np.argsort(classes, kind="stable")
    ranked = classes[order]
    first_tie = np.searchsorted(ranked, classes, "left")
    after_tie = np.searchsorted(ranked, classes, "right")
    villain = (nzr7[order], nzc7[order], nzl7[order])
    parts = map_ranges(
        lambda lo, hi: _sevens_by_door(lo, hi, ms7, first_tie, after_tie, *villain, BINOM, comb(44, 6)),
        len(ms7),
        pieces=256,
    )
    return np.concatenate(parts)


@cache
def door_chart() -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Exact results of the 455 three-card starts against one opponent with each door card.

    Returns ``(starts (455, 13) rank counts in the order of multisets(3), doors (13,) ranks,
    results (455, 13, 2) int64 = hero wins and ties, deals per cell = C(48, 4) * C(44, 6))``.
    Cell ``[s, d]``: start s against an opponent whose door card has rank d (impossible only
    if s holds four of d, which no start does), all-in to seven cards heads-up.
    """
    ms7 = multisets(7)[0]
    keys = _key(ms7)
    order = np.argsort(keys)
    starts = multisets(3)[0]
    results = _starts_by_door(starts, keys[order], order, _sevens_table(), *multisets(4), BINOM)
    return starts, np.arange(13), results, DEALS
