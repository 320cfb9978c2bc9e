"""``tune``: CMA-ES over a policy's parameter row against a field, for every registered game.

Oracles: every candidate lies in its declared ranges (integers whole); the best row prints as text
that the policy parser reads back to the same row; a run is a function of its seed; a clearly bad
starting row is beaten, confirmed on fresh seeds; candidates of one generation share their deals;
bad input is an InputError naming the problem.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.studies.tune import from_unit, plan, to_unit, tunable, tune
from razzmatazz.core.errors import InputError

SMALL = {  # a cheap run of every game
    "razzia": ("bigpot:threshold=0", "greedy", 3, 200),
    "riffifi": ("undercut:min_claim=8", "lowest", 3, 150),
    "razz": ("steal:door=1", "tag", 3, 300),
}


@pytest.fixture
def toy():
    """The toy game (``seeds/toy.md``; tests/conftest.py registers it as a user's own game is registered)."""
    return games.game("toy")


@pytest.mark.parametrize("game", list(SMALL))
def test_every_game_tunes_within_bounds_and_the_best_reads_back(game):
    policy, field, players, n = SMALL[game]
    r = tune(game, policy, field, players=players, budget=8, games_per_eval=n, confirm_games=n, seed=3)
    g = games.game(game)
    best = g.parse(r.best, players)
    assert best.text == r.best and np.array_equal(best.row, g.parse(r.best, players).row)
    assert len(r.history) == 8 and r.history.games.min() >= n
    spec = best.spec
    for p in tunable(best):
        values = r.history[p.name]
        assert values.between(p.lo, p.hi).all(), p.name
        if p.integer:
            assert (values == values.round()).all(), p.name
    assert r.best in set(r.history.policy)
    starts = r.history[r.history.candidate == 0]
    assert (starts.policy == g.parse(policy, players).text).all() and (starts.improvement == 0).all()
    assert spec.name == policy.split(":")[0]


def test_a_run_is_a_function_of_its_seed():
    args = ("razzia", "hunter:min_prob=0", "greedy")
    a = tune(*args, players=3, budget=9, games_per_eval=150, seed=11)
    b = tune(*args, players=3, budget=9, games_per_eval=150, seed=11)
    c = tune(*args, players=3, budget=9, games_per_eval=150, seed=12)
    assert a.history.equals(b.history) and a.confirm.equals(b.confirm) and a.best == b.best
    assert not a.history.policy.iloc[1:].equals(c.history.policy.iloc[1:])


def test_candidates_of_a_generation_share_their_deals(toy):
    r = tune("toy", "redraw:below=1", "stand", players=2, budget=10, games_per_eval=500, seed=4)
    for _, part in r.history.groupby("generation"):
        assert part.seed.nunique() == 1
        same = part[part.policy == part.policy.iloc[0]]  # the start's row: identical results on identical deals
        assert same.payoff.nunique() == 1
    assert r.history.groupby("generation").seed.first().is_unique


def test_a_clearly_bad_starting_row_is_beaten_and_confirmed(toy):
    r = tune("toy", "redraw:below=1", "stand", players=2, budget=24, games_per_eval=2000, confirm_games=4000, seed=5)
    c = r.confirm.iloc[0]
    assert r.best != r.start and c.win_rate_low > 0 and c.payoff_low > 0, c
    assert 3 <= games.game("toy").parse(r.best, 2).params["below"] <= 9


def test_a_bad_start_of_a_real_game_is_beaten():
    r = tune("razzia", "bigpot:threshold=0", "greedy", players=3, budget=14, games_per_eval=300, seed=2, fix=["haggle"])
    assert r.params == ("threshold", "margin")
    assert r.confirm.iloc[0].win_rate_low > 0
    assert "haggle" not in r.history.columns and r.history.policy.str.contains("haggle=3,").all()  # kept fixed


def test_the_unit_cube_maps_onto_the_declared_ranges():
    g = games.game("riffifi")
    start = g.parse("thief:steal=3,lead=0", 3)
    params = tunable(start)
    u = to_unit(start, params)
    assert u.min() >= 0 and u.max() <= 1 and from_unit(start, params, u) == start
    low = from_unit(start, params, np.full(len(params), -5.0))
    high = from_unit(start, params, np.full(len(params), 9.0))
    assert [low.params[p.name] for p in params] == [p.lo for p in params]
    assert [high.params[p.name] for p in params] == [p.hi for p in params]
    assert float(from_unit(start, params, np.full(len(params), 0.4)).params["officer_at"]).is_integer()


@pytest.mark.parametrize(
    "game,args,kwargs,fragment",
    [
        ("razz", ("station", "tag"), {}, "policy station has no tunable parameter"),
        ("razzia", ("hunter", "greedy"), {"fix": ["min_prob", "haggle", "margin"]}, "no tunable parameter left"),
        ("razzia", ("hunter", "greedy"), {"fix": ["speed"]}, "no parameter 'speed' to fix"),
        ("razzia", ("hunter", "greedy"), {"budget": 0}, "budget"),
        ("razzia", ("hunter", "greedy"), {"budget": 2.5}, "budget"),
        ("razzia", ("hunter", []), {}, "the field is empty"),
        ("razzia", ("hunter", "greedy,crowd,random"), {"players": 3}, "3 field policies for 2 other seats"),
        ("razzia", ("sharp", "greedy"), {}, "unknown razzia policy 'sharp'"),
        ("razzia", ("hunter", "greedy"), {"games_per_eval": 0}, "games must be"),
        ("razzia", ("hunter", "greedy"), {"confirm_games": 0}, "confirmation"),
        ("razzia", ("hunter", "greedy"), {"objective": "fun"}, "unknown objective"),
        ("chess", ("hunter", "greedy"), {}, "unknown game"),
    ],
)
def test_bad_input_is_an_input_error(game, args, kwargs, fragment):
    with pytest.raises(InputError, match=fragment):
        plan(game, *args, **kwargs)


def test_the_secondary_objective_never_outweighs_a_clear_primary_difference():
    # A loose Razz row wins many more pots (the secondary, +30 of its errors) and fewer chips (-1 error
    # of the primary): its score must stay below the starting row's; a near-tie goes to the secondary.
    from razzmatazz.analysis.studies.tune import _weight, score

    first = {"payoff": 3.0, "payoff_se": 0.6, "win_rate": 0.15, "win_se": 0.002}
    weight = _weight("payoff", first)
    start = first
    loose = {**first, "payoff": 3.0 - 0.6, "win_rate": 0.15 + 30 * 0.002}
    assert score("payoff", weight, loose, start, first) < score("payoff", weight, start, start, first)
    near = {**first, "payoff": 3.0 - 0.01, "win_rate": 0.15 + 0.002}
    assert score("payoff", weight, near, start, first) > score("payoff", weight, start, start, first)
    worse = {**first, "payoff": 3.0 + 0.01, "win_rate": 0.15 - 30 * 0.002}
    assert score("payoff", weight, worse, start, first) < score("payoff", weight, start, start, first)
