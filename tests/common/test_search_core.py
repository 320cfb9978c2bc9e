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


def test_field_model_seats_the_rollout_policy_with_its_row_where_a_search_player_sits():
    pids = np.array([7, 3, 7, 1], np.int64)
    params = np.array([[16, 0, 3, 9, 9, 0.5, 2.0], [1, 2, 3, 4, 5, 6, 7], [4, 0, 5, 0, 0, 8, 9], [0] * 7], np.float64)
    mp, mr = SH.field_model(pids, params, 7, 2, 5)
    assert mp.tolist() == [3, 3, 5, 1]
    assert mr.tolist() == [[0.5, 2, 0, 0, 0, 0, 0], params[1].tolist(), [8, 9, 0, 0, 0, 0, 0], [0] * 7]
    assert pids.tolist() == [7, 3, 7, 1]  # the lineup itself is left as it is
