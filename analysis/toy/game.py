"""The toy game from Python: lineups, runs, tables with intervals and game traces.

:func:`play` runs games between policies on the batch runner and returns tables: ``policies`` (one row per
policy, the main answer), ``players``, ``seats`` (seat 0 decides first), ``pairs`` (every difference between two
policies, paired over blocks) and ``cards`` (by first card: how often it was dealt, how often its seat drew, the
payoff it ended with). Means and intervals come from the kernel's integer sums per *block* (a game, or the N
games of one duplicate deal); blocks are independent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Unpack

import numpy as np
import pandas as pd

from razzmatazz.analysis import plugins
from razzmatazz.analysis.games import fill_lineup, with_core_columns, with_core_pairs
from razzmatazz.analysis.plugins import UserPolicies
from razzmatazz.analysis.stats import block_sq, mean_columns, rate_interval
from razzmatazz.analysis.summary import (
    Groups,
    Measure,
    PlayOptions,
    interval_row,
    pair_table,
    player_tables,
    run_play,
    seat_table,
)
from razzmatazz.analysis.trace import Event, GameTrace, TraceStyle
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Policy
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy.policies import REGISTRY, USER_ID

DEFAULT_MIX = ("odds", "redraw", "stand", "random", "redraw:below=8")
"""The lineup when none is given, in this order, as many as there are players."""
MAX_GAMES = 10**10


def load_plugin(path: str | Path) -> UserPolicies:
    """Users' toy policies from a Python file defining ``POLICIES`` (specs) and a jitted ``decide``."""
    return plugins.load_plugin(path, REGISTRY, USER_ID)


def lineup(texts: Sequence[str], players: int, user: UserPolicies | None = None) -> tuple[Policy, ...]:
    """The policies of players 1..N: ``texts`` in order, repeated to fill the table (default: the mix)."""
    if isinstance(players, bool) or players not in range(2, R.MAX_PLAYERS + 1):
        raise InputError(f"the toy game is for 2 to {R.MAX_PLAYERS} players, got {players}")
    return fill_lineup(texts, players, DEFAULT_MIX, user.registry() if user else REGISTRY)


def check_games(games: int) -> None:
    """Refuse a number of games that is not 1 to :data:`MAX_GAMES`."""
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"games must be 1 to {MAX_GAMES:,}, got {games:,}")


@dataclass
class PlayResult:
    """What :func:`play` returns: the tables, and how they were made."""

    policies: pd.DataFrame
    players: pd.DataFrame
    seats: pd.DataFrame
    pairs: pd.DataFrame
    cards: pd.DataFrame
    settings: R.Settings
    lineup: tuple[Policy, ...]
    games: int
    draws: int
    shared: int
    seed: int
    duplicate: bool
    counts: np.ndarray = field(repr=False)


def play(
    settings: R.Settings, policies: Sequence[Policy], games: int, seed: int, **options: Unpack[PlayOptions]
) -> PlayResult:
    """Play ``games`` games (rounded up to whole duplicate deals) and summarise them (``options``:
    :class:`~razzmatazz.analysis.summary.PlayOptions`)."""
    check_games(games)
    lineup, counts = run_play(E.GameJob, settings, policies, games, seed, desc="toy play", **options)
    return summarise(counts, settings, lineup, seed, options.get("duplicate", False))


def summarise(
    counts: np.ndarray, settings: R.Settings, policies: tuple[Policy, ...], seed: int, duplicate: bool
) -> PlayResult:
    """The tables of a run from its integer counts (layout in :mod:`razzmatazz.core.toy.layout`)."""
    c = E.view(counts, settings.players)
    per_player, per_seat, glob = c["player"], c["seat"], c["global"]
    blocks = int(glob[E.G_BLOCKS])
    rows = partial(_rows, per_player, c["cross"], c["cross_win"], blocks)
    players, pol, groups = player_tables(rows, policies, [p.label for p in policies], "win_rate")
    pairs = with_core_pairs(_pairs(per_player, c["cross"], c["cross_win"], blocks, groups), *_CHIPS_PAIR)
    pol = with_core_columns(pol, ["policy"], "games", "chips", "chips_low", "chips_high")
    players = with_core_columns(players, ["player", "policy"], "games", "chips", "chips_low", "chips_high")
    seats = with_core_columns(_seats(per_seat), ["seat"], "games", "chips", "chips_low", "chips_high")
    return PlayResult(
        pol,
        players,
        seats,
        pairs,
        _cards(c["table"]),
        settings,
        policies,
        int(glob[E.G_GAMES]),
        int(glob[E.G_DRAWS]),
        int(glob[E.G_SHARED]),
        seed,
        duplicate,
        counts,
    )


def _rows(
    per_player: np.ndarray, cross_chips: np.ndarray, cross_win: np.ndarray, blocks: int, groups: list[list[int]]
) -> pd.DataFrame:
    """One row per group of players: win rate, chips per game of one of them and its draw rate, with intervals
    over blocks."""
    rows = []
    for g in groups:
        games = int(per_player[g, E.P_GAMES].sum())
        per_block = games / blocks if blocks else math.nan
        win = mean_columns(
            blocks, int(per_player[g, E.P_WIN].sum()), block_sq(cross_win, g), scale=1 / E.WIN / per_block
        )
        chips = mean_columns(
            blocks, int(per_player[g, E.P_PAYOFF].sum()), block_sq(cross_chips, g), scale=1 / per_block
        )
        draws = int(per_player[g, E.P_DRAWS].sum()) / games if games else math.nan
        rows.append(
            {"games": games, **interval_row("win_rate", win, "win_low", "win_high"), **interval_row("chips", chips)}
            | {"draw_rate": draws}
        )
    return pd.DataFrame(rows)


def _seats(per_seat: np.ndarray) -> pd.DataFrame:
    """One row per seat (seat 1 decides first): games taken as independent."""
    games = per_seat[:, E.P_GAMES].tolist()
    win = mean_columns(games, per_seat[:, E.P_WIN].tolist(), per_seat[:, E.P_WIN2].tolist(), scale=1 / E.WIN)
    chips = mean_columns(games, per_seat[:, E.P_PAYOFF].tolist(), per_seat[:, E.P_PAYOFF2].tolist())
    return seat_table(games, win, chips, "chips")


_CHIPS_PAIR = ("chips_difference", "chips_low", "chips_high")


def _pairs(
    per_player: np.ndarray, cross_chips: np.ndarray, cross_win: np.ndarray, blocks: int, groups: Groups
) -> pd.DataFrame:
    """Every difference ``a - b`` between two policies (win rate, chips a game), paired over blocks."""
    win = Measure(per_player[:, E.P_WIN], cross_win, 1 / E.WIN, "win_rate_difference", "win_rate_low", "win_rate_high")
    chips = Measure(per_player[:, E.P_PAYOFF], cross_chips, 1, *_CHIPS_PAIR)
    columns = ["policy", "versus", win.difference, win.low, win.high, "clear", *_CHIPS_PAIR]
    return pair_table(per_player[:, E.P_GAMES], blocks, groups, [win, chips], 0, columns)


def _cards(table: np.ndarray) -> pd.DataFrame:
    """Per first card: how often dealt, how often its seat drew (Wilson interval), the payoff it ended with."""
    dealt, drawn, payoff = (table[:, i].astype(np.int64) for i in range(3))
    lo, hi = rate_interval(drawn, dealt)
    with np.errstate(invalid="ignore", divide="ignore"):
        return pd.DataFrame(
            {
                "card": np.arange(1, R.N_VALUES + 1),
                "dealt": dealt,
                "draw_rate": drawn / dealt,
                "draw_low": lo,
                "draw_high": hi,
                "chips_per_game": payoff / dealt,
            }
        )


# ----------------------------------------------------------------------------- one game, step by step


def trace(
    settings: R.Settings,
    policies: Sequence[Policy],
    seed: int,
    game: int = 0,
    *,
    duplicate: bool = False,
    user: UserPolicies | None = None,
) -> GameTrace:
    """Game ``game`` of a run (as :func:`play` plays it) with its log: ``.text()``, ``.to_dict()``, the engine's
    ``.log`` and ``.results``."""
    if game < 0:
        raise InputError(f"the game to trace must be 0 or more, got {game}")
    job = E.GameJob(settings, tuple(policies), seed, 1, duplicate, user.decide if user else None)
    return GameTrace(TRACE_STYLE, settings, tuple(policies), seed, game, duplicate, job.trace(game))


def describe(row: Sequence[int]) -> str:
    """One log row as a sentence."""
    kind, seat, a, b, c = (int(x) for x in row)
    if kind == R.L_DEAL:
        return f"seat {seat} is dealt a {a}"
    if kind == R.L_STAND:
        return f"seat {seat} stands on {a}"
    if kind == R.L_DRAW:
        return f"seat {seat} discards {a} and draws {b}"
    if kind == R.L_TAKE:
        return f"seat {seat} shows {a}: takes {b} chip{'s' * (b != 1)}" + (" (wins)" if c else "")
    raise ValueError(f"unknown log row kind {kind}")


def trace_text(
    settings: R.Settings, policies: Sequence[Policy], log: np.ndarray, res: np.ndarray, game: int, seed: int
) -> str:
    """A game's log as text, with each seat's policy and the result."""
    n = len(policies)
    seats = [policies[(s - game) % n] for s in range(n)]
    lines = [
        f"High card, {settings.players} players, game {game} of seed {seed}; {settings.copies} copies of each card, "
        f"discards {settings.discards}",
        "Seats: " + ", ".join(f"{s} {p.label}" for s, p in enumerate(seats)),
        *(describe(row) for row in log),
        "Result: "
        + ", ".join(
            f"seat {s} {int(res[s, E.H_PAYOFF]):+d} chips"
            + (f" (wins {res[s, E.H_WIN] / E.WIN:g})" if res[s, E.H_WIN] else "")
            for s in range(settings.players)
        ),
    ]
    return "\n".join(lines)


def trace_event(row: Sequence[int]) -> Event:
    """One log row in words (:meth:`GameTrace.events`): seat, event and values."""
    kind, seat, a, b, c = (int(x) for x in row)
    if kind == R.L_DEAL:
        return {"seat": seat, "event": "deal", "card": a}
    if kind == R.L_STAND:
        return {"seat": seat, "event": "stand", "card": a}
    if kind == R.L_DRAW:
        return {"seat": seat, "event": "draw", "discard": a, "card": b}
    if kind == R.L_TAKE:
        return {"seat": seat, "event": "showdown", "card": a, "chips": b, "won": bool(c)}
    raise ValueError(f"unknown log row kind {kind}")


def trace_result(row: Sequence[int]) -> dict[str, Any]:
    """One seat's results of a game (the ``H_*`` columns) by name; ``win``: its share of the win."""
    return {
        "payoff": int(row[E.H_PAYOFF]),
        "win": row[E.H_WIN] / E.WIN,
        "card": int(row[E.H_CARD]),
        "chips": int(row[E.H_CHIPS]),
    }


TRACE_STYLE = TraceStyle("toy", "chips", trace_text, trace_event, trace_result)
"""How :func:`trace` puts a game into words."""
