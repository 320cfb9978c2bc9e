"""The search player's algorithm (``core/search.py``): the loop over a game's hooks, the choice, the race."""

from __future__ import annotations

import numpy as np

from razzmatazz.core import search as SH

from . import toy_search, toy_search_wins


def test_best_is_the_highest_win_total_then_payoff_and_the_first_listed_among_equals():
    wins = np.array([[840, 0, 0], [0, 840, 0], [0, 0, 0]], np.int64)
    pays = np.array([[5, 1, 100], [5, 11, 0], [0, 0, 0]], np.int64)
    assert SH.best(wins, pays, 2) == 1  # 0 and 1 win once each, 1 with more money; 2 has the most money, no win
    assert SH.best(wins, pays, 1) == 0  # only the first sample counts
    assert SH.best(wins[:, :2], np.zeros_like(pays[:, :2]), 2) == 0  # equal: the first listed
    assert SH.best(np.zeros_like(wins), pays, 3) == 2  # no wins: the payoff decides


def test_the_race_stops_only_when_the_best_move_leads_every_other_by_enough_standard_errors():
    values = np.array([[0, 10, 12], [0, 8, 9], [0, 12, 14], [0, 9, 11]], np.int64)
    chips = values.sum(axis=0)
    # raise - call: 2, 1, 2, 2 (mean 1.75, sd 0.5: 7 standard errors); raise - fold: 11.5 with sd 2.1
    assert SH.settled(values, chips, 6.5) and not SH.settled(values, chips, 7.5)
    tie = values.copy()
    tie[:, 2] = tie[:, 1]
    assert not SH.settled(tie, tie.sum(axis=0), 0.1)  # two moves level: never settled
    same = np.array([[-5, 3], [-5, 3]], np.int64)  # no spread: a lead is a lead
    assert SH.settled(same, same.sum(axis=0), 9.0)


def test_the_search_keeps_the_draws_the_game_keeps_and_stops_where_it_says():
    """A toy game's hooks (tests/common/toy_search.py): draw i is rejected when i % 3 == 1 and stops the search
    from ``ctx[0]`` on; each kept sample's values are those of its draw."""
    obs = np.zeros(1, np.int64)
    moves, wins, pays, kept = toy_search.sample_values((0,), obs, 0, (100,), 0, np.uint64(1), 5, 0.0)
    assert moves.tolist() == [0, 1, 2] and kept == 5
    assert pays[:, 2].tolist() == [0, 4, 6, 10, 12]  # draws 0, 2, 3, 5, 6 (1 and 4 rejected), worth 2 x draw
    assert wins[:, 1].tolist() == [1] * 5 and SH.best(wins, pays, kept) == 1
    moves, wins, pays, kept = toy_search.sample_values((0,), obs, 0, (4,), 0, np.uint64(1), 5, 0.0)
    assert kept == 3 and pays[:kept, 2].tolist() == [0, 4, 6]  # draw 4 is rejected, 5 stops: three kept
    moves, wins, pays, kept = toy_search.sample_values((0,), obs, 0, (100,), 0, np.uint64(1), 40, 1.0)
    assert kept == 8  # a race: candidate 2 leads 0 and 1 by many standard errors at the first look


def test_a_game_that_races_on_win_scores_settles_on_them():
    """Razzia's search chooses by win score first, so its race (``RACE_ON_WINS``) settles on the win scores: in
    the toy game where candidate 1 always wins and all pay the same, the race stops at the first look (a race on
    the payoffs, all equal, would never settle)."""
    obs = np.zeros(1, np.int64)
    moves, wins, pays, kept = toy_search_wins.sample_values((0,), obs, 0, (100,), 0, np.uint64(1), 40, 1.0)
    assert kept == 8 and SH.best(wins, pays, kept) == 1
    assert not SH.settled(pays[:kept], pays[:kept].sum(axis=0), 1.0)
    assert toy_search_wins.sample_values((0,), obs, 0, (100,), 0, np.uint64(1), 40, 0.0)[3] == 40  # no race


def test_field_model_seats_the_rollout_policy_with_its_row_where_a_search_player_sits():
    pids = np.array([7, 3, 7, 1], np.int64)
    params = np.array([[16, 0, 3, 9, 9, 0.5, 2.0], [1, 2, 3, 4, 5, 6, 7], [4, 0, 5, 0, 0, 8, 9], [0] * 7], np.float64)
    mp, mr = SH.field_model(pids, params, 7, 2, 5)
    assert mp.tolist() == [3, 3, 5, 1]
    assert mr.tolist() == [[0.5, 2, 0, 0, 0, 0, 0], params[1].tolist(), [8, 9, 0, 0, 0, 0, 0], [0] * 7]
    assert pids.tolist() == [7, 3, 7, 1]  # the lineup itself is left as it is
