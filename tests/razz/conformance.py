"""Razz's cases for the shared conformance suite (``tests/conformance/``; see ``tests/conformance/cases.py``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from razzmatazz.core import batch, streams
from razzmatazz.core.razz import engine as game
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from razzmatazz.core.razz.policies import REGISTRY
from razzmatazz.core.razz.rules import Settings
from tests.conformance.cases import Engine, Pin
from tests.razz.hidden import check_hidden_information
from tests.reference.razz import reference_equity_counts
from tests.reference.razz_game import reference_play_games


def _razz_equity(hero: str, opponents: list[str], dead: str = "") -> Callable[[int, int], batch.Job]:
    return lambda seed, n: EquityJob(make_deal(hero, opponents, dead), streams.key(seed, "razz", "equity"), n)


def _razz_reference(job: batch.Job, start: int, stop: int) -> np.ndarray:
    return np.array(reference_equity_counts(int(job.key), start, stop, job.deal), np.int64)


def _one_pot_per_trial(counts: np.ndarray, n: int) -> None:
    """Every trial's pot is shared out exactly once: sum over players and k of counts[p, k] / k == n."""
    k = np.arange(counts.shape[1])
    assert (counts[:, 0] == 0).all()
    assert np.isclose((counts[:, 1:] / k[1:]).sum(), n)
    assert (counts.sum(axis=1) <= n).all() and (counts >= 0).all()


EQUITY_ENGINES = [
    Engine("razz equity heads-up", _razz_equity("As2h3d", ["6s7h8d"]), _razz_reference, _one_pot_per_trial),
    Engine(
        "razz equity 4 players, partial hands",
        _razz_equity("A23", ["xx8", "random", "K"], "9s9h"),
        _razz_reference,
        _one_pot_per_trial,
    ),
    Engine(
        "razz equity 8 players (community card)",
        _razz_equity("A2K", ["random"] * 7),
        _razz_reference,
        _one_pot_per_trial,
    ),
]
"""Razz's equity engine: heads-up, partial hands with dead cards, eight players (the community card)."""


def _razz_game(settings: Settings, policies: list[str], duplicate: bool = False) -> Callable[[int, int], batch.Job]:
    lineup = tuple(REGISTRY.parse(p) for p in policies)
    return lambda seed, n: game.GameJob(settings, lineup, seed, n, duplicate)


def _razz_game_reference(job: batch.Job, start: int, stop: int) -> np.ndarray:
    return reference_play_games(job, start, stop)


def _chips_conserved(players: int, hands_per_item: int = 1) -> Callable[[np.ndarray, int], None]:
    """Every hand's chips stay at the table: the players' nets add up to zero; every seat played every hand."""

    def check(counts: np.ndarray, n: int) -> None:
        c = game.view(counts, players)
        per_player, per_seat = c["player"], c["seat"]
        hands = n * hands_per_item
        assert counts.dtype == np.int64 and (per_player[:, game.P_HANDS] == hands).all()
        assert per_player[:, game.P_NET].sum() == 0 and per_seat[:, game.Q_NET].sum() == 0
        assert (per_seat[:, game.Q_HANDS] == hands).all() and c["global"][game.G_BLOCKS] == n
        assert c["cross"].sum() == 0  # the square of each block's zero total
        won = per_player[:, game.P_SD_WON] + per_player[:, game.P_WON_NO_SD]
        assert np.trace(c["cross_win"]) >= won.sum() and (c["cross_win"] >= 0).all()  # Σ W² >= Σ W for whole W

    return check


GAME_ENGINES = [
    Engine(
        "razz game 6 players, heuristic mix",
        _razz_game(Settings(players=6), ["tag", "rock", "station", "steal", "reader", "random"]),
        _razz_game_reference,
        _chips_conserved(6),
        hidden=lambda seed: [
            check_hidden_information(p, seed, 40)
            for p in (REGISTRY.parse(x) for x in ("tag", "rock", "steal", "reader", "random"))
        ],
    ),
    Engine(
        "razz game 8 players, stacks per player, reshuffle",
        _razz_game(
            Settings(players=8, stacks=(20, 40, 60, 80, 100, 150, 200, 400), exhausted="reshuffle"),
            ["random:fold=0.05,raise=0.5", "station", "tag", "reader"] * 2,
        ),
        _razz_game_reference,
        _chips_conserved(8),
        hidden=lambda seed: check_hidden_information(None, seed, 150),
    ),
    Engine(
        "razz game heads-up, duplicate deals",
        _razz_game(
            Settings(players=2, stack=120, uncapped_heads_up=True),
            ["steal:door=8", "random:fold=0.2,raise=0.6"],
            duplicate=True,
        ),
        _razz_game_reference,
        _chips_conserved(2, 2),
    ),
]
ENGINES = EQUITY_ENGINES + GAME_ENGINES
"""Razz in the conformance suite: the equity engine and the game."""

PINS = [
    Pin("razz six, the default mix", {"players": 6}, [], False, 1, 3000, ("c3b3edb84aabc4e3", 170, 33040438)),
    Pin(
        "razz six, the loose field",
        {"players": 6},
        ["tag", "rock", "station", "steal", "reader", "random"],
        False,
        1,
        3000,
        ("e71cf1af24ee1a0c", 170, 140742668),
    ),
    Pin(
        "razz heads-up, duplicate",
        {"players": 2},
        ["tag", "steal:door=7,behind=1"],
        True,
        2,
        2000,
        ("70218f888f77d20b", 50, 3167682),
    ),
    Pin(
        "razz eight, reshuffle, stacks",
        {"players": 8, "exhausted": "reshuffle", "stack": 300},
        ["station", "reader", "rock", "random"],
        False,
        3,
        1500,
        ("029d05f4be6351be", 254, 207818678),
    ),
]
"""Runs whose counts are pinned (``tests/conformance/test_pinned_games.py``; ``python -m
tests.conformance.test_pinned_games`` prints the pins anew)."""

POSITIONS = (6, [["tag", "rock", "station", "steal", "reader", "random"], ["random"]])
"""Players and lineups stepped through the decision-point interface (``tests/conformance/test_positions.py``)."""


KERNELS = [game.play_games, game.play_games_with, game.trace_game, game.trace_game_with]
"""The kernels that take the job's ``Args`` first (``tests/common/test_job.py``)."""
JOB = (3, ["tag", "rock", "random"])
"""A small job: players and policy texts (``tests/common/test_job.py``)."""
OFFSETS = ("seat", "global", "cross", "cross_win", "streets", "size")
"""The blocks whose offsets the kernels take from ``count_offsets``, in its order."""

PLAYTHROUGH = (3, ["tag", "reader", "random"], 11, 7)
"""The game written decision by decision (``tests/conformance/playthrough.py``): players, policies, seed, game."""

RESUME = [
    (
        ["--players", "3", "--policy", "tag", "--policy", "station", "--policy", "random", "--hands", "2000000"],
        ["--seed", "9"],
    )
]
"""A ``play`` run long enough to be killed mid-way (its options), and an option that changes it
(``tests/cli/test_play_resume.py``)."""
