"""Tournaments and sweeps (razzmatazz.analysis.studies.tournament, razzmatazz.analysis.studies.sweep): the Python API.

Oracles: the table layout's counting rules (every N-subset; every policy at every table with
floor/ceil(N/k) seats), a noiseless strength model the least-squares fit must recover exactly,
policies whose order is not in doubt (Riffifi's undercut and Razzia's greedy against random: many
standard errors apart), antisymmetry of paired differences, the seed (same seed, same numbers; a
table's numbers independent of the other tables) and the sweep's declared ranges.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from razzmatazz.analysis.studies import sweep as S
from razzmatazz.analysis.studies import tournament as T
from razzmatazz.core.errors import InputError

GAMES = 1500


@pytest.fixture(scope="module")
def riffifi_four():
    """Four Riffifi policies on three seats: four tables."""
    return T.tournament("riffifi", ["undercut", "random", "lowest", "expect"], 3, GAMES, seed=11)


# ----------------------------------------------------------------------------- tables


def test_tables_k_equals_n_is_one_table():
    assert T.tables(3, 3) == [(0, 1, 2)]


def test_tables_k_above_n_is_every_subset():
    layout = T.tables(5, 3)
    assert len(layout) == math.comb(5, 3) == len(set(layout))
    assert all(len(set(t)) == 3 for t in layout)
    assert Counter(i for t in layout for i in t) == {i: math.comb(4, 2) for i in range(5)}
    pairs = Counter((a, b) for t in layout for a in t for b in t if a < b)
    assert set(pairs.values()) == {3}  # every pair meets equally often


@pytest.mark.parametrize("k,n", [(2, 3), (2, 4), (3, 5), (2, 8), (3, 8), (4, 6)])
def test_tables_k_below_n_seat_everyone_evenly(k, n):
    layout = T.tables(k, n)
    q, r = divmod(n, k)
    assert len(layout) == math.comb(k, r)
    extra = Counter()
    for t in layout:
        counts = Counter(t)
        assert len(t) == n and set(counts) == set(range(k))
        assert set(counts.values()) <= {q, q + 1}
        extra.update(i for i, c in counts.items() if c == q + 1)
        assert t[:k] == tuple(range(k))  # interleaved: every policy once before any repeats
    assert len(set(extra[i] for i in range(k))) == 1  # each policy gets the extra seat equally often


def test_tables_examples():
    assert T.tables(2, 3) == [(0, 1, 0), (0, 1, 1)]
    assert T.tables(2, 4) == [(0, 1, 0, 1)]
    assert T.tables(3, 5) == [(0, 1, 2, 0, 1), (0, 1, 2, 0, 2), (0, 1, 2, 1, 2)]


def test_tables_refuses_too_many_and_too_few():
    with pytest.raises(InputError, match="tables, more than 200"):
        T.tables(20, 6)
    with pytest.raises(InputError, match="at least 2 policies"):
        T.tables(1, 3)


# ----------------------------------------------------------------------------- the rating model


def test_fit_recovers_noiseless_strengths_for_every_layout():
    truth = np.array([3.0, -1.0, 0.5, -2.5])
    for n in (2, 3, 4, 6, 7):
        rows, pairs = [], []
        for t, seats in enumerate(T.tables(4, n)):
            counts = Counter(seats)
            members = sorted(counts)
            mean = sum(truth[i] * c for i, c in counts.items()) / n
            level = 10.0 * t  # a table level (games that are not zero-sum): the fit must ignore it
            rows += [{"table": t, "policy": i, "seats": counts[i], "payoff": truth[i] - mean + level} for i in members]
            pairs += [{"table": t, "a": a, "b": b, "stderr": 1.0} for a in members for b in members if a < b]
        s, cov = T.fit_strengths(pd.DataFrame(rows), pd.DataFrame(pairs), 4)
        np.testing.assert_allclose(s, truth - truth.mean(), atol=1e-9)
        assert np.all(np.diag(cov) > 0) and np.allclose(cov, cov.T)


def test_fit_standard_error_of_one_table_is_the_contrast_variance():
    # one table of three, independent payoffs with SE 1: s_i = y_i - mean(y), Var = 1 - 1/3
    rows = pd.DataFrame({"table": 0, "policy": [0, 1, 2], "seats": 1, "payoff": [1.0, 2.0, 6.0]})
    pairs = pd.DataFrame({"table": 0, "a": [0, 0, 1], "b": [1, 2, 2], "stderr": math.sqrt(2)})
    s, cov = T.fit_strengths(rows, pairs, 3)
    np.testing.assert_allclose(s, [-2, -1, 3])
    np.testing.assert_allclose(np.diag(cov), 2 / 3)


# ----------------------------------------------------------------------------- tournaments


def test_stronger_policy_ranks_first_riffifi(riffifi_four):
    pol = riffifi_four.policies.set_index("policy")
    assert pol.loc["random", "rank"] == 4
    for name in ("undercut", "lowest", "expect"):
        gap = pol.loc[name, "strength"] - pol.loc["random", "strength"]
        se = math.hypot(pol.loc[name, "strength_se"], pol.loc["random", "strength_se"])
        assert gap > 5 * se, (name, gap, se)
    assert set(pol.tables) == {3} and (pol.games == 3 * riffifi_four.played).all()
    assert abs(pol.strength.sum()) < 1e-9
    for col, lo, hi in (("strength",) * 3, ("payoff",) * 3, ("win_rate", "win", "win")):
        assert (pol[f"{lo}_low"] <= pol[col]).all() and (pol[col] <= pol[f"{hi}_high"]).all()


def test_stronger_policy_ranks_first_razzia_with_repeats():
    result = T.tournament("razzia", ["random", "greedy"], 5, 600, seed=2)
    assert len(result.lineups) == 2 and result.duplicate
    best = result.policies.iloc[0]
    worst = result.policies.iloc[1]
    assert best.policy == "greedy"
    assert best.strength - worst.strength > 5 * math.hypot(best.strength_se, worst.strength_se)
    row = result.pairs[(result.pairs.policy == "greedy") & (result.pairs.versus == "random")].iloc[0]
    assert row.ahead == "greedy" and row.adj_low > 0 and row.tables == 2


def test_pairs_are_antisymmetric_and_bonferroni(riffifi_four):
    matrix = T.pair_matrix(riffifi_four)
    np.testing.assert_allclose(matrix.to_numpy(), -matrix.to_numpy().T, equal_nan=True)
    pairs = riffifi_four.pairs
    assert riffifi_four.comparisons == 6 and len(pairs) == 12
    back = pairs.set_index(["versus", "policy"])
    for r in pairs.itertuples():
        assert back.loc[(r.policy, r.versus), "stderr"] == r.stderr
        assert r.tables == 2  # two of the four tables seat any given pair
        assert r.adj_low <= r.ci_low and r.ci_high <= r.adj_high  # adjusted intervals are wider
        assert r.p_adjusted == pytest.approx(min(1, 6 * r.p_value))
        covers = r.adj_low <= 0 <= r.adj_high
        assert (r.ahead == "not significant") == covers
        if not covers:
            assert r.ahead == (r.policy if r.difference > 0 else r.versus)


def test_same_seed_same_numbers_and_tables_are_independent(riffifi_four):
    again = T.tournament("riffifi", ["undercut", "random", "lowest", "expect"], 3, GAMES, seed=11)
    pd.testing.assert_frame_equal(again.policies, riffifi_four.policies)
    pd.testing.assert_frame_equal(again.pairs, riffifi_four.pairs)
    # the table (undercut, random, lowest) plays the same cards in a tournament without expect
    alone = T.tournament("riffifi", ["undercut", "random", "lowest"], 3, GAMES, seed=11)
    first = riffifi_four.tables[riffifi_four.tables.table == 1].drop(columns="table").reset_index(drop=True)
    pd.testing.assert_frame_equal(alone.tables.drop(columns="table"), first)
    other = T.tournament("riffifi", ["undercut", "random", "lowest"], 3, GAMES, seed=12)
    assert other.tables.seed.iloc[0] != alone.tables.seed.iloc[0]
    assert not np.allclose(other.tables.payoff, alone.tables.payoff)


def test_razz_tournament_reports_big_bets_and_pots_won():
    result = T.tournament("razz", ["tag", "random"], 2, 3000, seed=4)
    assert result.unit == "big bets per 100 hands" and result.played == 3000
    pol = result.policies.set_index("policy")
    assert pol.payoff.sum() == pytest.approx(0, abs=1e-9)  # heads-up, no rake: zero-sum
    assert pol.win_rate.between(0, 1).all()
    assert pol.loc["tag", "rank"] == 1


def test_duplicate_follows_the_rules():
    from razzmatazz.core.razzia.rules import Settings

    g = T.game("razzia")
    split = Settings(players=4, leftover="split")
    assert g.duplicate(split, None) is False
    assert g.duplicate(split, False) is False
    with pytest.raises(InputError, match="leftover split"):
        g.duplicate(split, True)
    assert g.duplicate(Settings(players=4), None) is True
    assert T.game("riffifi").duplicate(None, None) is True


@pytest.mark.parametrize(
    "call,fragment",
    [
        (lambda: T.tournament("poker", ["a", "b"]), "unknown game 'poker'"),
        (lambda: T.tournament("riffifi", ["undercut", "bogus"], 3, 10), "unknown riffifi policy 'bogus'"),
        (lambda: T.tournament("riffifi", ["undercut"], 3, 10), "at least 2 policies"),
        (lambda: T.tournament("riffifi", ["undercut", "undercut:min_claim=3"], 3, 10), "given twice"),
        (lambda: T.tournament("riffifi", ["undercut", "random"], 6, 10), "3 to 5 players"),
        (lambda: T.tournament("razz", ["tag", "rock"], 2, 0), "hands must be"),
        (lambda: T.tournament("razzia", ["greedy", "random"], 4, 10, seed=-1), "seed"),
    ],
)
def test_tournament_bad_input(call, fragment):
    with pytest.raises(InputError) as e:
        call()
    assert fragment in str(e.value) and "\n" not in str(e.value)


# ----------------------------------------------------------------------------- sweeps


def test_parse_param():
    assert S.parse_param("door=3:8:1") == ("door", (3.0, 8.0, 1.0))
    assert S.parse_params(["Min_Claim = 1 : 4 : 0.5"]) == {"min_claim": (1.0, 4.0, 0.5)}
    for bad in ("door", "door=3:8", "=1:2:1", "door=a:8:1", "door=1::1"):
        with pytest.raises(InputError, match="NAME=LO:HI:STEP|must be numbers"):
            S.parse_param(bad)
    with pytest.raises(InputError, match="swept twice"):
        S.parse_params(["door=3:8:1", "door=4:5:1"])


def test_grid_values_and_product():
    from razzmatazz.core.razz.policies import REGISTRY

    steal = REGISTRY.get("steal")
    grid = S.grid(steal, {"door": (4, 8, 2), "behind": (0, 2, 1)})
    assert list(grid.columns) == ["door", "behind"] and len(grid) == 9
    assert sorted(set(grid.door)) == [4, 6, 8]
    reader = REGISTRY.get("reader")
    assert S.grid(reader, {"odds": (0.1, 0.3, 0.1)}).odds.tolist() == [0.1, 0.2, 0.3]
    assert S.grid(reader, {"odds": (0.5, 0.5, 1)}).odds.tolist() == [0.5]


@pytest.mark.parametrize(
    "params,fragment",
    [
        ({}, "no parameter to sweep"),
        ({"speed": (1, 2, 1)}, "has no parameter 'speed'"),
        ({"door": (8, 4, 1)}, "empty range"),
        ({"door": (4, 8, 0)}, "step must be positive"),
        ({"door": (4, 8, -1)}, "step must be positive"),
        ({"door": (0, 8, 1)}, "outside its range [1, 13]"),
        ({"door": (4, 14, 1)}, "outside its range"),
        ({"door": (4, 8, 0.5)}, "must be an integer"),
        ({"door": (1, 13, 1), "against": (1, 13, 1), "behind": (0, 7, 1)}, "more than 200"),
        ({"door": (4, 8, float("nan"))}, "finite"),
    ],
)
def test_grid_validation(params, fragment):
    from razzmatazz.core.razz.policies import REGISTRY

    with pytest.raises(InputError) as e:
        S.grid(REGISTRY.get("steal"), params)
    assert fragment in str(e.value) and "\n" not in str(e.value)


def test_grid_cap_on_one_parameter():
    from razzmatazz.core.riffifi.policies import REGISTRY

    with pytest.raises(InputError, match="more than the 200 grid points"):
        S.grid(REGISTRY.get("thief"), {"lead": (0, 5, 0.001)})


@pytest.mark.parametrize(
    "kwargs,fragment",
    [
        ({"game_name": "chess"}, "unknown game"),
        ({"policy": "nope"}, "unknown riffifi policy 'nope'"),
        ({"field": []}, "field is empty"),
        ({"field": ["random", "lowest", "expect"]}, "3 field policies for 2 other seats"),
        ({"field": ["bogus"]}, "unknown riffifi policy 'bogus'"),
        ({"policy": "undercut:min_claim=4"}, "both set in the policy text and swept"),
        ({"confirm_games": 0}, "games must be"),
    ],
)
def test_sweep_bad_input(kwargs, fragment):
    args = {
        "game_name": "riffifi",
        "policy": "undercut",
        "params": {"min_claim": (1, 3, 1)},
        "field": ["random"],
        "players": 3,
        "games": 30,
        **kwargs,
    }
    with pytest.raises(InputError) as e:
        S.sweep(**args)
    assert fragment in str(e.value)


@pytest.fixture(scope="module")
def riffifi_sweep():
    return S.sweep(
        "riffifi", "undercut", {"min_claim": (2, 8, 3)}, ["random", "lowest"], 3, GAMES, seed=5, confirm_games=900
    )


def test_sweep_grid_best_and_fresh_confirmation(riffifi_sweep):
    r = riffifi_sweep
    assert sorted(r.grid.min_claim) == [2, 5, 8]
    assert list(r.grid.payoff) == sorted(r.grid.payoff, reverse=True) and list(r.grid["rank"]) == [1, 2, 3]
    assert r.best == {"min_claim": r.grid.min_claim.iloc[0]}
    assert (r.grid.seed == r.grid_seed).all()  # common random numbers over the grid
    assert list(r.confirm.role) == ["best", "runner-up"]
    assert (r.confirm.seed == r.confirm_seed).all() and r.confirm_seed != r.grid_seed
    assert list(r.confirm.min_claim) == list(r.grid.min_claim.iloc[:2])
    assert (r.confirm.games == 900).all() and (r.grid.games == GAMES).all()
    assert r.confirm.payoff.iloc[0] != r.confirm.grid_payoff.iloc[0]  # other cards, other numbers
    assert r.field_labels == ("random", "lowest") and r.duplicate
    assert (r.grid.payoff_low < r.grid.payoff).all() and (r.grid.payoff < r.grid.payoff_high).all()


def test_sweep_same_seed_same_numbers(riffifi_sweep):
    again = S.sweep(
        "riffifi", "undercut", {"min_claim": (2, 8, 3)}, ["random", "lowest"], 3, GAMES, seed=5, confirm_games=900
    )
    pd.testing.assert_frame_equal(again.grid, riffifi_sweep.grid)
    pd.testing.assert_frame_equal(again.confirm, riffifi_sweep.confirm)


def test_sweep_figure_has_labelled_axes_and_intervals(riffifi_sweep, tmp_path):
    from razzmatazz.analysis.studies.plots import sweep_figure, sweep_figures

    fig = sweep_figure(riffifi_sweep)
    ax = fig.axes[0]
    assert ax.get_xlabel().startswith("min_claim") and "chips per game" in ax.get_ylabel()
    assert len(ax.containers) == 2  # grid and confirmation, each with error bars
    assert sweep_figures(riffifi_sweep)(tmp_path) == ["sweep.png"]
    assert (tmp_path / "sweep.png").stat().st_size > 1000
