"""The toy game of toy_search.py raced on its win scores (``RACE_ON_WINS``): candidate 1 always wins, every
candidate pays the same."""

import sys

from numba import njit

from razzmatazz.core import search as SH

from .toy_search import POS_LEN, draws, first, moves, redraw, scratch  # noqa: F401 (the hooks)

RACE_ON_WINS = True


@njit(cache=True)
def evaluate(ro, base, seat, ctx, user, candidates, work, win, pay):
    for c in range(candidates.shape[0]):
        win[c] = 1 if c == 1 else 0
        pay[c] = 0


sample_values = SH.searcher(sys.modules[__name__])
