"""What every game's search player shares (``core/search.py``): the choice between candidates."""

from __future__ import annotations

import numpy as np

from razzmatazz.core import search as SH


def _stats(rows: list[tuple[int, int, int]]) -> np.ndarray:
    stats = SH.new_stats(len(rows))
    for c, (n, win, pay) in enumerate(rows):
        stats[c] = (n, win, pay)
    return stats


def test_best_is_the_highest_mean_win_then_payoff_and_the_first_listed_among_equals():
    assert SH.best(_stats([(4, 2, 0), (2, 2, 0), (8, 4, 9)])) == 1
    assert SH.best(_stats([(4, 2, 1), (2, 1, 3), (0, 0, 0)])) == 1
    assert SH.best(_stats([(3, 3, 3), (3, 3, 3)])) == 0
    assert SH.best(_stats([(0, 0, 0), (0, 0, 0)])) == -1
