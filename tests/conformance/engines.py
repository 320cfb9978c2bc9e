"""The engines the conformance suite runs over: each game adds its own here.

An :class:`Engine` describes one simulation the batch runner can run (a Razz equity
question today; the Razz game, Razzia and Riffifi with each policy later): how to build its
jobs, how its plain-Python reference plays a range of games, and what its counts must
conserve. The suite in ``test_conformance.py`` then checks every engine the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from razzmatazz.core import batch, streams
from razzmatazz.core.razz import engine as game
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from razzmatazz.core.razz.policies import REGISTRY
from razzmatazz.core.razz.rules import Settings
from razzmatazz.core.riffifi import engine as riffifi
from razzmatazz.core.riffifi import policies as riffifi_policies
from razzmatazz.core.riffifi import rules as riffifi_rules
from tests.razz.hidden import check_hidden_information
from tests.reference.razz import reference_equity_counts
from tests.reference.razz_game import reference_play_games
from tests.reference.riffifi import reference_counts as riffifi_reference_counts


@dataclass(frozen=True)
class Engine:
    """One engine under test: ``job(seed, n)``, its ``reference(job, start, stop)`` and ``conserves``."""

    name: str
    job: Callable[[int, int], batch.Job]
    reference: Callable[[batch.Job, int, int], np.ndarray]
    conserves: Callable[[np.ndarray, int], None]
    """Raises AssertionError if counts for n games break a conservation law."""
    hidden: Callable[[int], object] | None = None
    """Engines with policies: raises AssertionError if a decision depends on what its seat cannot see."""
    items: int = 30_000
    """Items of the run split over threads, chunks and executors (fewer for engines whose items are whole games)."""


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


ENGINES = [
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
"""Every engine in the suite. The game engines (Razz game, Razzia, Riffifi) join with each policy."""


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
ENGINES += GAME_ENGINES

POLICY_ENGINES: list[Engine] = [e for e in GAME_ENGINES if e.hidden is not None]
"""Engines whose players take decisions: they also face the hidden-information check."""


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
ENGINES += RIFFIFI_ENGINES

from tests.conformance.razzia_engines import RAZZIA_ENGINES  # noqa: E402  (here: it imports Engine from this module)

ENGINES += RAZZIA_ENGINES
