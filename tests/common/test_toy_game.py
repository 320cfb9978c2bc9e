"""A fourth game is one package and one registry line: the toy game of ``tests/toy`` plays through ``play``,
``tournament`` and ``sweep`` without any module of the house naming it."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.studies.sweep import sweep
from razzmatazz.analysis.studies.tournament import tournament
from razzmatazz.core import streams
from razzmatazz.core.errors import InputError


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setattr(games, "REGISTRY", dict(games.REGISTRY))
    monkeypatch.setattr(games, "_SPECS", dict(games._SPECS))
    monkeypatch.setattr(streams, "GAMES", dict(streams.GAMES))
    from tests.toy.api import SPEC

    return games.register(SPEC)  # the one registry line


def test_the_toy_game_is_registered_and_plays(toy):
    assert "toy" in games.names() and games.game("toy") is toy
    result = toy.play(toy.settings(3), toy.module.lineup(["stand", "redraw"], 3), 4000, 1, False, None, False)
    assert list(result.policies.columns) == list(games.CORE_COLUMNS)
    assert list(result.pairs.columns) == list(games.PAIR_COLUMNS)
    redraw = result.policies.set_index("policy").loc["redraw"]
    assert redraw.payoff_low > 0  # drawing again below 6 beats standing


def test_the_toy_game_runs_a_tournament_and_a_sweep(toy):
    t = tournament("toy", ["stand", "redraw", "redraw:below=9"], players=3, games=3000, seed=2)
    assert set(t.policies.policy) == {"stand", "redraw", "redraw:below=9"}
    assert t.policies.policy.iloc[-1] == "stand"
    s = sweep("toy", "redraw", {"below": (2, 10, 4)}, ["stand"], players=2, games=3000, seed=3)
    assert len(s.grid) == 3 and s.game == "toy"


def test_a_game_cannot_take_another_games_stream_code(toy):
    from dataclasses import replace

    with pytest.raises(ValueError, match="stream code 1 is taken"):
        games.register(replace(toy, name="other", code=1))
    with pytest.raises(InputError, match="unknown game"):
        games.game("chess")


def test_the_toy_games_counts_do_not_depend_on_how_the_games_are_split():
    """The template a new game copies keys its randomness by game index, as the project's rule asks."""
    from tests.toy import api
    from tests.toy.rules import Settings

    job = api.Job(Settings(players=3), api.lineup(["stand", "redraw"], 3), 12345, 900)
    whole = job.run_chunk(0, 900)
    assert np.array_equal(whole, job.run_chunk(0, 250) + job.run_chunk(250, 700) + job.run_chunk(700, 900))
    cards = api._cards(1, 0, np.arange(200_000))
    assert cards.min() == 1 and cards.max() == 10 and abs(cards.mean() - 5.5) < 4 * 2.87 / 200_000**0.5
