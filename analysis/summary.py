"""A play's tables from its integer sums, the parts every game shares: players, policies, seats and pairs.

Each game's ``summarise`` reads its own counts (:func:`view` of its engine's layout) and says how a group of
players makes a row; this module does the rest the same way for every game: one row per player and per policy
(players with the same label form one policy), policies ranked, and every paired difference between two
policies over the run's independent blocks (a game, or the N games of one duplicate deal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import numpy as np
import pandas as pd

from razzmatazz.analysis.stats import Z95, group_contrast
from razzmatazz.core import batch
from razzmatazz.core.policy import Policy

if TYPE_CHECKING:
    from razzmatazz.analysis.plugins import UserPolicies

CHUNK_GAMES = 1 << 12
"""Games per chunk of a play's run unless told otherwise (:func:`run_play`)."""


class PlayOptions(TypedDict, total=False):
    """The keyword options of every game's ``play``: duplicate deals, a plugin's policies (``user``), an executor
    (a Dask cluster's), a progress bar, the chunk size (items; default the game's) and a checkpoint (``--resume``)."""

    duplicate: bool
    user: UserPolicies | None
    executor: Executor | None
    progress: bool | None
    chunk_size: int | None
    checkpoint: batch.Checkpoint | None


def run_play(
    game_job: Any,
    settings: Any,
    policies: Sequence[Policy],
    games: int,
    seed: int,
    *,
    desc: str,
    unit: str = "game",
    chunk_games: int = CHUNK_GAMES,
    **options: Unpack[PlayOptions],
) -> tuple[tuple[Policy, ...], np.ndarray]:
    """A play's run on the batch runner: ``games`` games (``unit`` s: rounded up to whole duplicate deals of N) of
    the game's ``game_job`` class (its ``GameJob``, with the ``user`` plugin's jitted ``decide``), in chunks of
    ``chunk_size`` items (default: ``chunk_games`` games); returns the job's lineup and its counts, for the game's
    ``summarise``."""
    unknown = sorted(set(options) - set(PlayOptions.__annotations__))
    if unknown:
        raise TypeError(f"play() got unexpected keyword arguments: {', '.join(unknown)}")
    n, duplicate, user = settings.players, options.get("duplicate", False), options.get("user")
    items = -(-games // n) if duplicate else games
    job = game_job(settings, tuple(policies), seed, items, duplicate, user.decide if user else None)
    counts = batch.run(
        [job],
        executor=options.get("executor"),
        progress=options.get("progress", False),
        chunk_size=options.get("chunk_size") or max(1, chunk_games // (n if duplicate else 1)),
        desc=desc,
        unit="deal" if duplicate else unit,
        checkpoint=options.get("checkpoint"),
    )[0]
    return job.lineup, counts


Groups = dict[str, list[int]]
"""Policy label -> the players (lineup order) who play it."""


def groups_of(labels: Sequence[str]) -> Groups:
    """The players of each policy label, labels in order of first appearance."""
    return {name: [i for i, x in enumerate(labels) if x == name] for name in dict.fromkeys(labels)}


def player_tables(
    rows: Callable[[list[list[int]]], pd.DataFrame], policies: Sequence[Policy], labels: Sequence[str], rank: str
) -> tuple[pd.DataFrame, pd.DataFrame, Groups]:
    """The ``players`` table (a row per player: ``player, policy, parameters``, then ``rows``' columns), the
    ``policies`` table (a row per label: ``policy, players``, then ``rows``' columns, ranked by ``rank``, highest
    first) and the groups; ``rows(groups)`` makes one row per group of players."""
    n = len(policies)
    groups = groups_of(labels)
    players = rows([[i] for i in range(n)])
    players.insert(0, "player", np.arange(1, n + 1))
    players.insert(1, "policy", list(labels))
    players.insert(2, "parameters", [p.text for p in policies])
    pol = rows(list(groups.values()))
    pol.insert(0, "policy", list(groups))
    pol.insert(1, "players", [len(g) for g in groups.values()])
    pol = pol.sort_values(rank, ascending=False, kind="stable").reset_index(drop=True)
    return players, pol, groups


@dataclass(frozen=True)
class Measure:
    """One quantity compared between policies: its per-player sums, their block cross sums, the scale of a game."""

    values: np.ndarray  # per player (lineup order): the sum over the run
    cross: np.ndarray  # Σ over blocks of X_p X_q
    scale: float  # from a sum to the unit reported, per game of one player
    difference: str  # the columns written: the difference, its interval's ends, and its standard error ("": none)
    low: str
    high: str
    stderr: str = ""


def pair_table(
    games: np.ndarray, blocks: int, groups: Groups, measures: Sequence[Measure], clear: int, columns: Sequence[str]
) -> pd.DataFrame:
    """Every difference ``a - b`` between two policies, paired over blocks: per measure its mean per game of one
    player and its 95 % interval; ``clear``: the interval of ``measures[clear]`` excludes 0. ``games``: the games
    each player played."""
    rows = []
    names = list(groups)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ga, gb = groups[a], groups[b]
            per = int(games[ga].sum()) / blocks * len(gb)
            row: dict[str, Any] = {"policy": a, "versus": b}
            for k, m in enumerate(measures):
                c = group_contrast(m.values, m.cross, blocks, ga, gb, scale=m.scale / per)
                row.update({m.difference: float(c["mean"]), m.low: float(c["ci_low"]), m.high: float(c["ci_high"])})
                if m.stderr:
                    row[m.stderr] = float(c["stderr"])
                if k == clear:
                    row["clear"] = bool(abs(c["mean"]) > Z95 * c["stderr"])
            rows.append(row)
    return pd.DataFrame(rows, columns=list(columns))


def interval_row(prefix: str, m: dict[str, Any], low: str = "", high: str = "") -> dict[str, float]:
    """``prefix``, its interval's ends (``prefix_low``, ``prefix_high`` unless named) from :func:`mean_columns`."""
    return {
        prefix: float(m["mean"]),
        low or f"{prefix}_low": float(m["ci_low"]),
        high or f"{prefix}_high": float(m["ci_high"]),
    }


def seat_table(games: Sequence[int], win: dict[str, Any], payoff: dict[str, Any], name: str) -> pd.DataFrame:
    """A row per seat (seat 1 first): games, the win rate and the payoff ``name`` with their intervals, from
    :func:`mean_columns` over games taken as independent."""
    return pd.DataFrame(
        {
            "seat": np.arange(1, len(games) + 1),
            "games": games,
            "win_rate": win["mean"],
            "win_low": win["ci_low"],
            "win_high": win["ci_high"],
            name: payoff["mean"],
            f"{name}_low": payoff["ci_low"],
            f"{name}_high": payoff["ci_high"],
        }
    )
