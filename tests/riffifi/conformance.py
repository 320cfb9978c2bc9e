"""Riffifi's cases for the shared conformance suite (``tests/conformance/``; see ``tests/conformance/cases.py``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from razzmatazz.core import batch
from razzmatazz.core.riffifi import engine as riffifi
from razzmatazz.core.riffifi import fast
from razzmatazz.core.riffifi import policies as riffifi_policies
from razzmatazz.core.riffifi import rules as riffifi_rules
from tests.conformance.cases import Engine, Pin
from tests.reference.riffifi import reference_counts as riffifi_reference_counts


def _riffifi(
    settings: riffifi_rules.Settings, policies: list[str], duplicate: bool = False
) -> Callable[[int, int], batch.Job]:
    lineup = tuple(riffifi_policies.REGISTRY.parse(p) for p in policies)
    return lambda seed, n: riffifi.GameJob(settings, lineup, seed, n, duplicate)


def _riffifi_reference(job: batch.Job, start: int, stop: int) -> np.ndarray:
    return riffifi_reference_counts(job, start, stop)


def _loot_conserved(settings: riffifi_rules.Settings, games_per_item: int = 1) -> Callable[[np.ndarray, int], None]:
    """Every deal's chips are someone's points or still in the middle; one win per game; every seat every game."""

    def check(counts: np.ndarray, n: int) -> None:
        k = settings.players
        c = riffifi.view(counts, k)
        per_player, per_seat, per_pos, glob = c["player"], c["seat"], c["position"], c["global"]
        games = n * games_per_item
        deals = glob[riffifi.G_DEALS]
        loot = 5 * settings.chips_per_colour * deals
        assert (per_player[:, riffifi.P_GAMES] == games).all() and (per_seat[:, riffifi.P_GAMES] == games).all()
        assert glob[riffifi.G_GAMES] == games and glob[riffifi.G_BLOCKS] == n
        assert per_player[:, riffifi.P_SCORE].sum() + glob[riffifi.G_MIDDLE] == loot
        assert per_seat[:, riffifi.P_SCORE].sum() == per_pos[:, 1].sum() == per_player[:, riffifi.P_SCORE].sum()
        assert per_player[:, riffifi.P_CHIPS : riffifi.P_CHIPS + 5].sum() == per_player[:, riffifi.P_SCORE].sum()
        assert per_player[:, riffifi.P_WIN].sum() == riffifi.WIN * games
        table = c["table"]
        assert (table[..., riffifi.T_PAID] <= table[..., riffifi.T_PLAYS]).all()
        assert (table[..., riffifi.T_CHIPS] <= 8 * table[..., riffifi.T_PAID]).all()
        if settings.scoring == "chips":
            assert deals == games * k

    return check


_RF_DEFAULT = riffifi_rules.Settings(players=4)
_RF_VARIANTS = riffifi_rules.Settings(players=3, officer=True, tie="chooser", after_claim="stay", reveal_own=True)
_RF_TICKS = riffifi_rules.Settings(
    players=5, scoring="ticks", max_deals=12, passing="reshuffle", start="fixed", chips_per_colour=10, end="lapse"
)
RIFFIFI_ENGINES = [
    Engine(
        "riffifi 4 players, default mix",
        _riffifi(_RF_DEFAULT, ["expect", "undercut", "lowest", "thief"]),
        _riffifi_reference,
        _loot_conserved(_RF_DEFAULT),
        items=8_000,
    ),
    Engine(
        "riffifi 3 players, Officer, chooser, stay, duplicate",
        _riffifi(_RF_VARIANTS, ["random", "holdlow:keep=3", "expect:aggression=0.9"], duplicate=True),
        _riffifi_reference,
        _loot_conserved(_RF_VARIANTS, 3),
        items=3_000,
    ),
    Engine(
        "riffifi 5 players, ticks, reshuffle, fixed start",
        _riffifi(_RF_TICKS, ["thief:lead=2", "random", "undercut:min_claim=5", "lowest", "expect"]),
        _riffifi_reference,
        _loot_conserved(_RF_TICKS),
        items=6_000,
    ),
]
ENGINES = RIFFIFI_ENGINES
"""Riffifi in the conformance suite: the default table, the variants with duplicate deals, the ticks game."""

PINS = [
    Pin(
        "riffifi four, the heuristics",
        {"players": 4},
        ["expect", "undercut", "lowest", "thief-tuned"],
        False,
        1,
        3000,
        ("c44975dd7a8a4538", 432, 307831535),
    ),
    Pin(
        "riffifi four, the default mix (its planner searches)",
        {"players": 4},
        [],
        True,
        4,
        400,
        ("20bb3adf944eb019", 432, 98931656),
    ),
    Pin(
        "riffifi three, officer, duplicate",
        {"players": 3, "officer": True},
        ["expect", "undercut", "thief"],
        True,
        2,
        2000,
        ("279370c4f7f7f90c", 393, 273129255),
    ),
    Pin(
        "riffifi five, ticks",
        {"players": 5, "scoring": "ticks"},
        ["expect", "undercut", "lowest", "thief-tuned", "expect-tuned"],
        False,
        3,
        1500,
        ("06af6f5de9284232", 475, 206073494),
    ),
    Pin(
        "riffifi four, clockwise, stay",
        {"players": 4, "tie": "clockwise", "after_claim": "stay"},
        ["holdlow", "lowest", "random"],
        False,
        4,
        2000,
        ("7a2eedaf302ebeb6", 432, 209721294),
    ),
]
"""Runs whose counts are pinned (``tests/conformance/test_pinned_games.py``; ``python -m
tests.conformance.test_pinned_games`` prints the pins anew)."""

POSITIONS = (
    4,
    [
        ["expect", "undercut", "lowest", "thief"],
        ["random"],
        ["search:samples=1", "expect", "undercut", "search:samples=1,rollout=0"],
    ],
)
"""Players and lineups stepped through the decision-point interface (``tests/conformance/test_positions.py``)."""


KERNELS = [riffifi.play_games, riffifi.play_games_with, riffifi.trace_game, riffifi.trace_game_with, fast.play_games]
"""The kernels that take the job's ``Args`` first (``tests/common/test_job.py``)."""
JOB = (3, ["random", "lowest", "random"])
"""A small job: players and policy texts (``tests/common/test_job.py``)."""
OFFSETS = ("seat", "position", "global", "table", "cross", "size")
"""The blocks whose offsets the kernels take from ``count_offsets``, in its order."""

PLAYTHROUGH = (3, ["expect", "undercut", "random"], 11, 0)
"""The game written decision by decision (``tests/conformance/playthrough.py``): players, policies, seed, game."""

RESUME = [(["--players", "3", "--policy", "lowest", "--policy", "random", "--games", "150000"], ["--officer"])]
"""A ``play`` run long enough to be killed mid-way (its options), and an option that changes it
(``tests/cli/test_play_resume.py``)."""
