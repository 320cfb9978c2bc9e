"""The toy game's analysis API: ``lineup``, ``play``, ``check_games`` and its ``SPEC``, as every game has them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from razzmatazz.analysis import games as G
from razzmatazz.analysis.stats import Z95, mean_columns, rate_interval
from razzmatazz.core import batch
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Policy
from razzmatazz.core.rng import mix64, stream_key
from tests.toy.policies import REGISTRY
from tests.toy.rules import Settings

SPEC = G.GameSpec(
    "toy",
    "High card",
    9,
    (2, 3, 4),
    3,
    2_000,
    "game",
    "chips per game",
    "chips/game",
    "games won (a shared win counts 1/k)",
    __name__,
    "tests.toy",
)


def lineup(texts: Sequence[str], players: int) -> tuple[Policy, ...]:
    texts = list(texts) or ["stand"]
    return tuple(REGISTRY.parse(texts[i % len(texts)]) for i in range(players))


def check_games(games: int) -> None:
    if not 1 <= games <= 10**7:
        raise InputError(f"games must be 1 to 10,000,000, got {games}")


def _cards(seed: int, stream: int, games: np.ndarray) -> np.ndarray:
    """A card 1 to 10 for each game index of ``games`` from stream ``(seed, stream)``: keyed by the game's index, as
    every game's randomness is, so a result does not depend on how the games are split into chunks."""
    keys = np.uint64(stream_key(seed, stream)) ^ (games.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15))
    return (1 + ((mix64.py_func(keys) >> np.uint64(32)) * np.uint64(10) >> np.uint64(32))).astype(np.int64)


@dataclass(frozen=True)
class Job:
    """Games of one lineup: per player the games, chips won, their squares, wins (x N); chip and win cross products."""

    settings: Settings
    lineup: tuple[Policy, ...]
    seed: int
    n_items: int

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        n, g = self.settings.players, np.arange(start, stop)
        cards = np.stack([_cards(self.seed, s, g) for s in range(n)], axis=1)
        for s, p in enumerate(self.lineup):  # player s sits in seat (s + game) mod n; seats do not matter here
            if p.spec.name == "redraw":
                again = _cards(self.seed, n + s, g)
                cards[:, s] = np.where(cards[:, s] < p.params["below"], again, cards[:, s])
        best = cards == cards.max(axis=1, keepdims=True)
        k = best.sum(axis=1, keepdims=True)
        share = np.where(best, n // k, 0) + (best & (np.cumsum(best, axis=1) <= n % k))
        chips = share - 1
        wins = np.where(best, n // k, 0)  # a win shared by k counts n // k of n
        return np.concatenate(
            [
                np.full(n, len(g)),
                chips.sum(0),
                (chips**2).sum(0),
                wins.sum(0),
                (chips[:, :, None] * chips[:, None, :]).sum(0).ravel(),
                (wins[:, :, None] * wins[:, None, :]).sum(0).ravel(),
            ]
        ).astype(np.int64)


@dataclass(frozen=True)
class Result:
    policies: pd.DataFrame
    players: pd.DataFrame
    seats: pd.DataFrame
    pairs: pd.DataFrame
    games: int


def play(
    settings: Settings,
    policies: Sequence[Policy],
    games: int,
    seed: int,
    *,
    duplicate: bool = False,
    executor: Any = None,
    progress: bool | None = False,
) -> Result:
    check_games(games)
    seed = int(stream_key(seed, 9, 1)) >> 1
    counts = batch.run([Job(settings, tuple(policies), seed, games)], executor=executor, progress=progress)[0]
    n = settings.players
    played, chips, sq, wins = (counts[i * n : (i + 1) * n] for i in range(4))
    cross, cross_win = counts[4 * n : 4 * n + n * n].reshape(n, n), counts[4 * n + n * n :].reshape(n, n)
    m = mean_columns(played, chips, sq)
    lo, hi = rate_interval(wins, played * n)
    players = pd.DataFrame(
        {
            "player": np.arange(1, n + 1),
            "policy": [p.label for p in policies],
            "games": played,
            "payoff": m["mean"],
            "payoff_low": m["ci_low"],
            "payoff_high": m["ci_high"],
            "win_rate": wins / (played * n),
            "win_low": lo,
            "win_high": hi,
        }
    )
    first = players.groupby("policy", sort=False).head(1).reset_index(drop=True).drop(columns="player")
    rows = []
    for i, a in first.iterrows():
        for b in first.policy[i + 1 :]:
            x, y = list(players.policy).index(a.policy), list(players.policy).index(b)
            d = mean_columns(games, int(chips[x] - chips[y]), int(sq[x] - 2 * cross[x, y] + sq[y]))
            w = mean_columns(
                games, int(wins[x] - wins[y]), int(cross_win[x, x] - 2 * cross_win[x, y] + cross_win[y, y]), scale=1 / n
            )
            rows.append(
                {
                    "policy": a.policy,
                    "versus": b,
                    "win_rate_difference": float(w["mean"]),
                    "win_rate_low": float(w["ci_low"]),
                    "win_rate_high": float(w["ci_high"]),
                    "payoff_difference": float(d["mean"]),
                    "payoff_low": float(d["ci_low"]),
                    "payoff_high": float(d["ci_high"]),
                    "clear": bool(abs(d["mean"]) > Z95 * d["stderr"]),
                }
            )
    pairs = pd.DataFrame(rows, columns=list(G.PAIR_COLUMNS))
    seats = players.drop(columns="policy").rename(columns={"player": "seat"})
    return Result(first, players, seats, pairs, games)
