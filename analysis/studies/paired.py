"""Paired comparisons of one player between two lineups, for ``exploit`` and ``tune`` (any registered game).

Two lineups that differ in one player are played on the same deals: the games are split into
:data:`BATCHES` batches, batch b plays from its own seed (derived from the run's seed and the
*base* lineup, never from the player swapped in), and both lineups play every batch from that
seed. The engines key every random stream by (seed, stream path, game index), with each player's
policy randomness on its own stream, so the two runs of a batch share their cards, dice and the
other players' random draws: only the swapped player's decisions differ, and what follows from
them. The difference of that player's mean payoff (and win rate) in each batch is one paired
observation; the interval is Student's t over the batches (batch means: independent batches of
equal size, so the interval stays honest whatever the correlation between games of one batch).
When the swapped player plays the same policy, both runs are the same run and the difference is
exactly 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import t as student

from razzmatazz.analysis.games import GameSpec
from razzmatazz.analysis.studies.tournament import derived_seed
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Policy

BATCHES = 20
"""Batches per paired comparison (the interval's degrees of freedom are one fewer)."""
CONFIDENCE = 0.95

Tick = Callable[[int], None]


def split_field(texts: Sequence[str] | str) -> list[str]:
    """Policy texts from ``--field`` values: each may hold several policies separated by commas
    (``greedy,hunter:min_prob=0.4,haggle=1``: a piece with ``=`` and no ``:`` is a parameter of the one before)."""
    if isinstance(texts, str):
        texts = [texts]
    out: list[str] = []
    for text in texts:
        for piece in str(text).split(","):
            piece = piece.strip()
            if "=" in piece and ":" not in piece and out and ":" in out[-1]:
                out[-1] += "," + piece
            elif piece:
                out.append(piece)
            else:
                raise InputError(
                    f"empty policy in the field {shorten(str(text))!r}; write P1,P2,... (NAME or NAME:key=value,...)"
                )
    return out


def check_count(value: Any, what: str) -> int:
    """A whole number >= 1 (a budget, a game count), or an :class:`InputError` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise InputError(f"{what} must be a whole number of at least 1, got {shorten(value)}")
    return int(value)


def batch_games(games: int, batches: int = BATCHES) -> int:
    """Games per batch: ``games`` spread over the batches, rounded up (the engine rounds up to whole deals)."""
    return max(1, -(-games // batches))


def batch_seeds(seed: int, g: GameSpec, purpose: int, texts: Sequence[str], batches: int = BATCHES) -> list[int]:
    """The root seed of each batch, from the run's seed, a purpose and the texts that name the comparison."""
    return [derived_seed(seed, g.name, purpose, [*texts, f"batch {b}"]) for b in range(batches)]


def outcome(
    g: GameSpec,
    settings: Any,
    lineup: Sequence[Policy],
    games: int,
    seed: int,
    duplicate: bool,
    executor: Executor | None,
) -> pd.DataFrame:
    """Every player's ``games, payoff, payoff_se, win_rate, win_se`` in one run (row i: player i + 1)."""
    result = g.play(settings, tuple(lineup), games, seed, duplicate, executor, False)
    return g.outcome(result.players).reset_index(drop=True)


def play_batches(
    g: GameSpec,
    settings: Any,
    lineup: Sequence[Policy],
    games: int,
    seeds: Sequence[int],
    duplicate: bool,
    executor: Executor | None,
    tick: Tick | None = None,
) -> list[pd.DataFrame]:
    """:func:`outcome` of ``lineup`` in every batch (``games`` each, from its seed)."""
    out = []
    for s in seeds:
        out.append(outcome(g, settings, lineup, games, s, duplicate, executor))
        if tick:
            tick(1)
    return out


def difference(base: Sequence[pd.DataFrame], alt: Sequence[pd.DataFrame], player: int) -> dict[str, float]:
    """The paired difference ``alt - base`` of one player's payoff and win rate over the batches.

    Keys: ``games`` (of that player, per lineup), ``payoff_difference, payoff_low, payoff_high``,
    ``win_rate_difference, win_rate_low, win_rate_high`` (t intervals), ``payoff``/``win_rate`` (base),
    ``alt_payoff``/``alt_win_rate``.
    """
    row: dict[str, float] = {"games": int(sum(int(b.games[player]) for b in base))}
    for column, name in (("payoff", "payoff"), ("win_rate", "win_rate")):
        a = np.array([float(b[column][player]) for b in base])
        z = np.array([float(b[column][player]) for b in alt])
        mean, low, high = interval(z - a)
        row.update(
            {
                f"{name}_difference": mean,
                f"{name}_low": low,
                f"{name}_high": high,
                name: float(a.mean()),
                f"alt_{name}": float(z.mean()),
            }
        )
    return row


def interval(d: np.ndarray) -> tuple[float, float, float]:
    """Mean of paired batch differences and its t interval (exactly the mean when every batch agrees)."""
    mean = float(d.mean())
    if len(d) < 2:
        return mean, math.nan, math.nan
    spread = float(np.ptp(d))
    se = float(d.std(ddof=1)) / math.sqrt(len(d)) if spread > 0 else 0.0
    half = float(student.ppf(0.5 + CONFIDENCE / 2, len(d) - 1)) * se
    return mean, mean - half, mean + half


def established(low: float, high: float) -> bool:
    """True when the interval excludes 0."""
    return bool(low > 0 or high < 0)
