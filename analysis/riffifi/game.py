"""Riffifi from Python: lineups, runs, tables with intervals, game traces and ``explain`` scripts.

:func:`play` runs games between policies on the batch runner and returns tables: ``policies``
(one row per policy, the main answer), ``players``, ``seats`` (seat in the first deal of a
game), ``positions`` (place relative to the player who starts a deal), ``pairs`` (every
difference between two policies, paired), ``cards`` (by orbit and value: how often a card
played pays and what it brings) and ``officer``. Means and intervals come from the kernel's
integer sums per *block* (a game, or the N games of one duplicate deal); blocks are independent,
the deals of a game are not (hands pass, G1). Card rates have Wilson intervals over plays, which
treats the plays of a game as independent (a slight understatement of the spread).

:func:`explain` plays a script (a position and the cards played in turn) with the engine's own
rule functions and reports every undercut, claim and chip movement.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Unpack

import numpy as np
import pandas as pd

from razzmatazz.analysis import plugins
from razzmatazz.analysis.games import fill_lineup, with_core_columns, with_core_pairs
from razzmatazz.analysis.plugins import UserPolicies
from razzmatazz.analysis.stats import Z95, block_sq, mean_columns, rate_interval
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
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import REGISTRY, USER_ID

DEFAULT_MIX = ("expect", "undercut", "planner", "thief-tuned", "expect-tuned")
"""The lineup when none is given, in this order, as many as there are players: the tuned presets where their tuning
holds (4 and 5 players; seeds/riffifi.md, "Tuned presets and the default mix"); ``holdlow`` is out of it."""
MAX_GAMES = 10**10


def load_plugin(path: str | Path) -> UserPolicies:
    """Users' Riffifi policies from a Python file defining ``POLICIES`` (specs) and a jitted ``decide``."""
    return plugins.load_plugin(path, REGISTRY, USER_ID)


def lineup(texts: Sequence[str], players: int, user: UserPolicies | None = None) -> tuple[Policy, ...]:
    """The policies of players 1..N: ``texts`` in order, repeated to fill the table (default: the mix)."""
    if isinstance(players, bool) or players not in (3, 4, 5):
        raise InputError(f"Riffifi is for 3, 4 or 5 players, got {players}")
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
    positions: pd.DataFrame
    pairs: pd.DataFrame
    cards: pd.DataFrame
    officer: pd.DataFrame
    settings: R.Settings
    lineup: tuple[Policy, ...]
    games: int
    deals: int
    redeals: int
    middle: int
    seed: int
    duplicate: bool
    counts: np.ndarray = field(repr=False)


def play(
    settings: R.Settings, policies: Sequence[Policy], games: int, seed: int, **options: Unpack[PlayOptions]
) -> PlayResult:
    """Play ``games`` games (rounded up to whole duplicate deals) and summarise them (``options``:
    :class:`~razzmatazz.analysis.summary.PlayOptions`)."""
    check_games(games)
    lineup, counts = run_play(E.GameJob, settings, policies, games, seed, desc="riffifi play", **options)
    return summarise(counts, settings, lineup, seed, options.get("duplicate", False))


def summarise(
    counts: np.ndarray, settings: R.Settings, policies: tuple[Policy, ...], seed: int, duplicate: bool
) -> PlayResult:
    """The tables of a run from its integer counts (layout in :mod:`razzmatazz.core.riffifi.engine`)."""
    n = settings.players
    c = E.view(counts, n)
    per_player, per_seat, per_pos, glob, table = c["player"], c["seat"], c["position"], c["global"], c["table"]
    cross_score, cross_win = c["cross"], c["cross_win"]
    blocks = int(glob[E.G_BLOCKS])
    rows = partial(_rows, per_player, cross_score, cross_win, blocks)
    players, pol, groups = player_tables(rows, policies, [p.label for p in policies], "win_rate")
    pairs = with_core_pairs(_pairs(per_player, cross_score, cross_win, blocks, groups), *_CHIPS_PAIR)
    pol = with_core_columns(pol, ["policy"], "games", "chips", "chips_low", "chips_high")
    players = with_core_columns(players, ["player", "policy"], "games", "chips", "chips_low", "chips_high")
    seats = with_core_columns(_seats(per_seat), ["seat"], "games", "chips", "chips_low", "chips_high")
    return PlayResult(
        pol,
        players,
        seats,
        _positions(per_pos, int(glob[E.G_GAMES])),
        pairs,
        _cards(table),
        _officer(glob, n),
        settings,
        policies,
        int(glob[E.G_GAMES]),
        int(glob[E.G_DEALS]),
        int(glob[E.G_REDEALS]),
        int(glob[E.G_MIDDLE]),
        seed,
        duplicate,
        counts,
    )


def _rows(
    per_player: np.ndarray, cross_score: np.ndarray, cross_win: np.ndarray, blocks: int, groups: list[list[int]]
) -> pd.DataFrame:
    """One row per group of players: win rate and chips per game of one of them, with intervals over blocks."""
    rows = []
    for g in groups:
        games = int(per_player[g, E.P_GAMES].sum())
        per_block = games / blocks if blocks else math.nan
        win = mean_columns(
            blocks, int(per_player[g, E.P_WIN].sum()), block_sq(cross_win, g), scale=1 / E.WIN / per_block
        )
        score = mean_columns(blocks, int(per_player[g, E.P_SCORE].sum()), block_sq(cross_score, g), scale=1 / per_block)
        row = {"games": games, **interval_row("win_rate", win, "win_low", "win_high"), **interval_row("chips", score)}
        for c, colour in enumerate(R.COLOURS):
            row[colour] = int(per_player[g, E.P_CHIPS + c].sum()) / games if games else math.nan
        row["ticks"] = int(per_player[g, E.P_TICKS].sum()) / games if games else math.nan
        rows.append(row)
    return pd.DataFrame(rows)


def _seats(per_seat: np.ndarray) -> pd.DataFrame:
    """One row per seat (seat 1 starts the first deal): games taken as independent."""
    games = per_seat[:, E.P_GAMES].tolist()
    win = mean_columns(games, per_seat[:, E.P_WIN].tolist(), per_seat[:, E.P_WIN2].tolist(), scale=1 / E.WIN)
    score = mean_columns(games, per_seat[:, E.P_SCORE].tolist(), per_seat[:, E.P_SCORE2].tolist())
    return seat_table(games, win, score, "chips")


def _positions(per_pos: np.ndarray, games: int) -> pd.DataFrame:
    """Chips per deal by place relative to the start player (1 = starts), intervals over games."""
    deals = per_pos[:, 0]
    per_game = deals / games if games else np.full(len(deals), math.nan)
    m = mean_columns(games, per_pos[:, 1].tolist(), per_pos[:, 2].tolist())
    return pd.DataFrame(
        {
            "position": np.arange(1, len(per_pos) + 1),
            "deals": deals,
            "chips_per_deal": m["mean"] / per_game,
            "ci_low": m["ci_low"] / per_game,
            "ci_high": m["ci_high"] / per_game,
        }
    )


_CHIPS_PAIR = ("chips_difference", "chips_low", "chips_high")


def _pairs(
    per_player: np.ndarray, cross_score: np.ndarray, cross_win: np.ndarray, blocks: int, groups: Groups
) -> pd.DataFrame:
    """Every difference ``a - b`` between two policies (win rate, chips a game), paired over blocks."""
    win = Measure(per_player[:, E.P_WIN], cross_win, 1 / E.WIN, "win_rate_difference", "win_rate_low", "win_rate_high")
    chips = Measure(per_player[:, E.P_SCORE], cross_score, 1, *_CHIPS_PAIR)
    columns = ["policy", "versus", win.difference, win.low, win.high, "clear", *_CHIPS_PAIR]
    return pair_table(per_player[:, E.P_GAMES], blocks, groups, [win, chips], 0, columns)


def _cards(table: np.ndarray) -> pd.DataFrame:
    """Per orbit (1 = the first card of each player in a deal) and value: plays, how often paid, chips."""
    orbit, value = np.nonzero(table[..., 0])
    plays, paid, chips = (table[orbit, value, i].astype(np.int64) for i in range(3))
    lo, hi = rate_interval(paid, plays)
    return pd.DataFrame(
        {
            "orbit": orbit + 1,
            "value": value + 1,
            "plays": plays,
            "paid_rate": paid / plays,
            "paid_low": lo,
            "paid_high": hi,
            "chips_per_play": chips / plays,
        }
    )


def _officer(glob: np.ndarray, n: int) -> pd.DataFrame:
    """The Officer holder's chips in a deal minus the mean of the others, over games."""
    deals = int(glob[E.G_OFFICER_DEALS])
    games = int(glob[E.G_GAMES])
    if not deals:
        return pd.DataFrame(columns=["deals", "advantage", "ci_low", "ci_high", "hits"])
    per_game = deals / games
    m = mean_columns(games, int(glob[E.G_OFFICER_SUM]), int(glob[E.G_OFFICER_SQ]), scale=1 / (n - 1) / per_game)
    return pd.DataFrame(
        [
            {
                "deals": deals,
                "advantage": float(m["mean"]),
                "ci_low": float(m["ci_low"]),
                "ci_high": float(m["ci_high"]),
                "hits": int(glob[E.G_OFFICER_HITS]),
            }
        ]
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


def seat_policies(policies: Sequence[Policy], game: int) -> list[Policy]:
    """The policy in each seat in game ``game`` (player p sits in seat (p + game) mod N)."""
    n = len(policies)
    return [policies[(s - game) % n] for s in range(n)]


def _holder(holder: int) -> str:
    return "the middle" if holder == R.MIDDLE else f"seat {holder}"


def describe(row: Sequence[int]) -> str | None:
    """One log row as a sentence (None for rows that only mark a turn)."""
    kind, seat, a, b, c = (int(x) for x in row)
    who = f"seat {seat}"
    if kind == R.L_DEAL:
        return f"deal {a + 1}: seat {b} deals, seat {c} starts"
    if kind == R.L_PLAY:
        return f"{who} plays {R.card_name(a)}"
    if kind == R.L_UNDERCUT:
        return f"  {R.card_name(a)} of seat {b} is higher: turned face down"
    if kind == R.L_SELF:
        return f"  {R.card_name(a)} is higher than the face-up card: set aside{' (shown)' if b else ' unseen'}"
    if kind == R.L_CLAIM:
        return f"{who} claims {R.card_name(a)}: {b} {R.COLOURS[a // R.N_VALUES]} chips"
    if kind == R.L_TAKE:
        return f"  takes {b} {R.COLOURS[a]} from {_holder(c)}"
    if kind == R.L_LAPSE:
        return f"  {b} {R.COLOURS[a]} lapse (cap {R.CAP}, or none left)"
    if kind == R.L_OFFICER:
        if a < 0:
            return f"{who} plays the Officer: turns nothing down"
        return f"{who} plays the Officer: turns {R.card_name(b)} of seat {c} face down"
    if kind == R.L_STAY_OFF:
        return f"  {who}'s paid {R.card_name(a)} goes to the pile"
    if kind == R.L_DEAL_END:
        return f"end of deal {a + 1}"
    return None


def trace_text(
    settings: R.Settings, policies: Sequence[Policy], log: np.ndarray, res: np.ndarray, game: int, seed: int
) -> str:
    """A game's log as text, deal by deal, with each seat's policy and the result."""
    seats = seat_policies(policies, game)
    lines = [
        f"Riffifi, {settings.players} players, game {game} of seed {seed}; "
        f"{settings.scoring} scoring, hands {settings.passing}, start {settings.start}"
        + (", with the Officer" if settings.officer else ""),
        "Seats: " + ", ".join(f"{s} {p.label}" for s, p in enumerate(seats)),
    ]
    for row in log:
        text = describe(row)
        if text is not None:
            lines.append(text)
    lines.append(
        "Result: "
        + ", ".join(
            f"seat {s} {int(res[s, E.H_SCORE])} chips"
            + (f" (wins {res[s, E.H_WIN] / E.WIN:g})" if res[s, E.H_WIN] else "")
            for s in range(settings.players)
        )
    )
    return "\n".join(lines)


def trace_event(row: Sequence[int]) -> Event:
    """One log row in words (:meth:`GameTrace.events`): seat, event and values."""
    kind, seat, a, b, c = (int(x) for x in row)
    if kind == R.L_DEAL:
        return {"seat": None, "event": "deal", "deal": a + 1, "dealer": b, "starter": c}
    if kind == R.L_TURN:
        return {"seat": seat, "event": "turn", "orbit": a}
    if kind in (R.L_PLAY, R.L_STAY_OFF):
        return {"seat": seat, "event": "play" if kind == R.L_PLAY else "to the pile", "card": R.card_name(a)}
    if kind == R.L_UNDERCUT:
        return {"seat": seat, "event": "undercut", "card": R.card_name(a), "owner": b}
    if kind == R.L_SELF:
        return {"seat": seat, "event": "set aside", "card": R.card_name(a), "shown": bool(b)}
    if kind == R.L_CLAIM:
        return {
            "seat": seat,
            "event": "claim",
            "card": R.card_name(a),
            "colour": R.COLOURS[a // R.N_VALUES],
            "chips": b,
        }
    if kind == R.L_TAKE:
        return {
            "seat": seat,
            "event": "take",
            "colour": R.COLOURS[a],
            "chips": b,
            "from": "middle" if c == R.MIDDLE else c,
        }
    if kind == R.L_LAPSE:
        return {"seat": seat, "event": "lapse", "colour": R.COLOURS[a], "chips": b}
    if kind == R.L_OFFICER:
        if a < 0:
            return {"seat": seat, "event": "officer", "colour": None, "card": None, "owner": None}
        return {"seat": seat, "event": "officer", "colour": R.COLOURS[a], "card": R.card_name(b), "owner": c}
    if kind == R.L_DEAL_END:
        return {"seat": None, "event": "deal end", "deal": a + 1}
    raise ValueError(f"unknown log row kind {kind}")


def trace_result(row: Sequence[int]) -> dict[str, Any]:
    """One seat's results of a game (the ``H_*`` columns) by name; ``win``: its share of the win."""
    return {
        "payoff": int(row[E.H_SCORE]),
        "win": row[E.H_WIN] / E.WIN,
        "ticks": int(row[E.H_TICKS]),
        "chips": {colour: int(row[E.H_CHIPS + i]) for i, colour in enumerate(R.COLOURS)},
    }


TRACE_STYLE = TraceStyle("riffifi", "chips", trace_text, trace_event, trace_result)
"""How :func:`trace` puts a game into words."""


# ----------------------------------------------------------------------------- the standard study

STUDY_QUESTIONS = (
    "which policy wins, and by how much (win rate and chips per game, paired differences)",
    "the start-position effect (chips per deal by place after the start player)",
    "what the Officer is worth to its holder (chips per deal against the mean of the others)",
    "how often an early card pays, by value (an early 8 above all)",
)


def study(
    players: Sequence[int],
    games: int,
    seed: int,
    *,
    texts: Sequence[str] = (),
    executor: Executor | None = None,
    progress: bool | None = False,
) -> dict[str, pd.DataFrame]:
    """The four questions of :data:`STUDY_QUESTIONS` for each player count, in tidy tables.

    Each player count plays ``games`` games of the lineup (``texts``, default the mix) with the
    default rules, and as many with the Officer. Format: hands pass left and the start rotates
    (G1, G2), so each dealt hand is played from one position while the policies rotate through
    the positions: position effects are those of the place, with intervals over games.
    """
    tables: dict[str, list[pd.DataFrame]] = {k: [] for k in ("policies", "pairs", "positions", "cards", "officer")}
    for n in players:
        for officer in (False, True):
            result = play(
                R.Settings(players=n, officer=officer),
                lineup(texts, n),
                games,
                seed,
                executor=executor,
                progress=progress,
            )
            for name, frame in tables.items():
                part = getattr(result, name)
                if len(part):
                    frame.append(part.assign(players=n, officer=officer))
    return {name: leading(pd.concat(parts, ignore_index=True)) for name, parts in tables.items()}


def leading(frame: pd.DataFrame, first: Sequence[str] = ("players", "officer")) -> pd.DataFrame:
    """``frame`` with the columns ``first`` moved to the front, in that order."""
    return frame[[*first, *[c for c in frame.columns if c not in first]]]


def officer_as_one(
    players: Sequence[int],
    games: int,
    seed: int,
    *,
    texts: Sequence[str] = (),
    executor: Executor | None = None,
    progress: bool | None = False,
    chunk_size: int | None = None,
) -> pd.DataFrame:
    """The ``officer`` table of the Officer variant's deals with the Officer played as the 1 it replaced
    (``officer_as_one``), per player count: that 1's holder's chips a deal over the mean of the others. With the
    same ``seed``, ``texts`` and ``games`` as the Officer runs, every deal holds the same cards but that one."""
    parts = []
    for n in players:
        result = play(
            R.Settings(players=n, officer_as_one=True),
            lineup(texts, n),
            games,
            seed,
            executor=executor,
            progress=progress,
            chunk_size=chunk_size,
        )
        parts.append(result.officer.assign(players=n, officer=False))
    return leading(pd.concat(parts, ignore_index=True))


def officer_worth(officer: pd.DataFrame, one: pd.DataFrame) -> pd.DataFrame:
    """Per player count, what the Officer is worth to its holder over the 1 it replaces: the holder's chips a
    deal over the others' mean with the Officer (``officer``: rows with ``officer`` true) minus the same for the 1
    in its place (``one``: :func:`officer_as_one`). The two come from separate runs of the same deals; their
    correlation is not measured, so the interval adds the two variances (wider than a paired one when, as the
    shared deals make likely, the two are positively correlated)."""
    off = officer[officer.officer].set_index("players")
    rows = []
    for r in one.itertuples():
        o = off.loc[r.players]
        se = math.hypot(o.ci_high - o.ci_low, r.ci_high - r.ci_low) / (2 * Z95)
        worth = float(o.advantage - r.advantage)
        rows.append(
            {
                "players": int(r.players),
                "officer": float(o.advantage),
                "officer_low": float(o.ci_low),
                "officer_high": float(o.ci_high),
                "one": float(r.advantage),
                "one_low": float(r.ci_low),
                "one_high": float(r.ci_high),
                "worth": worth,
                "ci_low": worth - Z95 * se,
                "ci_high": worth + Z95 * se,
                "established": bool(abs(worth) > Z95 * se),
                "deals": int(o.deals),
            }
        )
    return pd.DataFrame(rows)


def study_summary(tables: dict[str, pd.DataFrame]) -> str:
    """The study's answers as a few lines of text."""
    lines = []
    pol = tables["policies"]
    for n, part in pol[~pol.officer].groupby("players"):
        best = part.iloc[0]
        lines.append(
            f"{n} players: {best.policy} wins {best.win_rate:.1%} [{best.win_low:.1%}, {best.win_high:.1%}] "
            f"(fair share {1 / n:.1%}); "
            + ", ".join(f"{r.policy} {r.win_rate:.1%}" for r in part.iloc[1:].itertuples())
        )
    pos = tables["positions"]
    for n, part in pos[~pos.officer].groupby("players"):
        lines.append(
            f"{n} players, chips per deal by start position: "
            + ", ".join(
                f"{r.position}: {r.chips_per_deal:.2f} [{r.ci_low:.2f}, {r.ci_high:.2f}]" for r in part.itertuples()
            )
        )
    for r in tables["officer"].itertuples():
        lines.append(
            f"{r.players} players, the Officer's holder: {r.advantage:+.2f} chips per deal against the "
            f"others [{r.ci_low:+.2f}, {r.ci_high:+.2f}]"
        )
    cards = tables["cards"]
    early = cards[(~cards.officer) & (cards.orbit == 1) & (cards.value == 8)]
    for r in early.itertuples():
        lines.append(
            f"{r.players} players, an 8 played as a first card pays {r.paid_rate:.1%} "
            f"[{r.paid_low:.1%}, {r.paid_high:.1%}] of the time ({r.plays:,} plays), "
            f"{r.chips_per_play:.2f} chips a play"
        )
    return "\n".join(lines)
