"""A toy game's search hooks for tests/common/test_search_core.py: three candidates, draw i worth i x candidate."""

import sys

import numpy as np
from numba import njit

from razzmatazz.core import search as SH

POS_LEN = 2


@njit(cache=True)
def first(ro, obs, seat, ctx, user, key, base):
    base[0] = 0


@njit(cache=True)
def moves(ro, base, seat, ctx):
    return np.arange(3, dtype=np.int64)


@njit(cache=True)
def scratch(ro, obs, seat, ctx, user, key, base):
    return (np.zeros(1, np.int64),)


@njit(cache=True)
def draws(ctx, samples):
    return 3 * samples


@njit(cache=True)
def redraw(ro, obs, seat, ctx, user, key, i, base, scratch, samples, kept):
    """Draw ``i``: rejected when i % 3 == 1, the end from ``ctx[0]`` on."""
    base[0] = i
    if i % 3 == 1:
        return SH.SKIP
    if i >= ctx[0]:
        return SH.STOP
    return SH.KEEP


@njit(cache=True)
def evaluate(ro, base, seat, ctx, user, moves, scratch, win, pay):
    for c in range(moves.shape[0]):
        win[c] = 1 if c == 1 else 0
        pay[c] = base[0] * c


sample_values = SH.searcher(sys.modules[__name__])
