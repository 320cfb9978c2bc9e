"""One result shape: the JSON of every game's ``play`` carries the same core columns, in the same order."""

from __future__ import annotations

import json

import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.games import CORE_COLUMNS, PAIR_COLUMNS
from tests.cli.test_razz_cli import assert_ok, invoke

GAMES = [g for g in games.names() if games.game(g).form]
"""Every registered game with a play command."""


@pytest.mark.parametrize("game", GAMES)
def test_every_play_command_shares_the_core_columns(game):
    result = invoke([game, "play", "--players", "3", "--games", "300", "--seed", "1", "--format", "json", "--quiet"])
    assert_ok(result)
    data = json.loads(result.stdout)
    first = {
        "policies": CORE_COLUMNS,
        "players": ("player", *CORE_COLUMNS),
        "seats": ("seat", *CORE_COLUMNS[1:]),
        "pairs": PAIR_COLUMNS,
    }
    for table, columns in first.items():
        assert list(data[table][0])[: len(columns)] == list(columns), table
    for row in data["policies"]:
        assert row["payoff_low"] <= row["payoff"] <= row["payoff_high"]
        assert 0 <= row["win_low"] <= row["win_rate"] <= row["win_high"] <= 1
