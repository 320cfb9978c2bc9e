"""Razzia from Python: lineups, runs, tables with intervals, game traces, ``explain`` and the police study.

:func:`play` runs games between policies on the batch runner and returns tables: ``policies`` (one
row per policy: win rate and money per game with 95 % intervals over blocks), ``players``,
``seats``, ``croupier`` (money won in a round by distance from the croupier), ``pairs`` (every
difference between two policies, paired over blocks), ``haggling`` (how bars were settled) and the
card tables ``cards`` (every police card and every gambling card played, by kind, value, money at
the bar and how many other cards were played there: how often it won money and how much).
Money is in dollars. Rates of cards have Wilson intervals over plays (the plays of one game are
treated as independent, a slight understatement of the spread).

:func:`explain` settles one bar of a scenario file (``seeds/razzia/*.json``) with the engine's own
resolver, and :func:`police_study` answers the headline question: how often, and at which pot, a
police card pays, by player count.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
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
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import REGISTRY, USER_ID

DEFAULT_MIX = ("greedy-tuned", "hunter-tuned", "bigpot-tuned", "crowd", "random")
"""The lineup when none is given: one of each style, as many as there are players, cycled beyond five; greedy,
hunter and bigpot as their tuned presets (seeds/razzia.md, "Tuned presets"), the tuned field."""
MAX_GAMES = 10**10
CARD_KINDS = ("police", "gambler_police", "gambler_free")
"""The card tables: police cards; gambling cards at a bar where police was played; gambling cards without police."""
KIND_LABEL = {"police": "police card", "gambler_police": "gambler beside police", "gambler_free": "gambler, no police"}


def load_plugin(path: str | Path) -> UserPolicies:
    """Users' Razzia policies from a Python file defining ``POLICIES`` (specs) and a jitted ``decide``."""
    return plugins.load_plugin(path, REGISTRY, USER_ID)


def lineup(texts: Sequence[str], players: int, user: UserPolicies | None = None) -> tuple[Policy, ...]:
    """The policies of players 1..N: ``texts`` in order, repeated to fill the table (default: the mix)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= R.MAX_PLAYERS:
        raise InputError(f"Razzia is for 3 to 8 players (2 with the Spielbox variant), got {players}")
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
    croupier: pd.DataFrame
    pairs: pd.DataFrame
    haggling: pd.DataFrame
    cards: pd.DataFrame
    settings: R.Settings
    lineup: tuple[Policy, ...]
    games: int
    rounds: int
    seed: int
    duplicate: bool
    counts: np.ndarray = field(repr=False)


def check_split(settings: R.Settings, duplicate: bool) -> None:
    """Refuse ``leftover split`` with duplicate deals: the leftover's share is counted per game, blocks are deals."""
    if duplicate and settings.leftover == "split":
        raise InputError(
            "--leftover split cannot be combined with --duplicate yet (the split money is counted per "
            "game, the paired intervals per deal); drop one of them"
        )


def play(
    settings: R.Settings, policies: Sequence[Policy], games: int, seed: int, **options: Unpack[PlayOptions]
) -> PlayResult:
    """Play ``games`` games (rounded up to whole duplicate deals) and summarise them (``options``:
    :class:`~razzmatazz.analysis.summary.PlayOptions`)."""
    check_games(games)
    check_split(settings, options.get("duplicate", False))
    lineup, counts = run_play(E.GameJob, settings, policies, games, seed, desc="razzia play", **options)
    return summarise(counts, settings, lineup, seed, options.get("duplicate", False))


def summarise(
    counts: np.ndarray, settings: R.Settings, policies: tuple[Policy, ...], seed: int, duplicate: bool
) -> PlayResult:
    """The tables of a run from its integer counts (layout in :mod:`razzmatazz.core.razzia.engine`)."""
    n = settings.players
    c = E.view(counts, n)
    per_player, per_seat, crou, glob = c["player"], c["seat"], c["croupier"], c["global"]
    cross_money, cross_win = c["cross"], c["cross_win"]
    blocks = int(glob[E.G_BLOCKS])
    split = settings.leftover == "split"
    rows = partial(_rows, per_player, cross_money, cross_win, glob, split=split)
    players, pol, groups = player_tables(rows, policies, [p.label for p in policies], "win_rate")
    cards = card_table(counts, n)
    pairs = with_core_pairs(_pairs(per_player, cross_money, cross_win, blocks, groups), *_MONEY_PAIR)
    pol = with_core_columns(pol, ["policy"], "games", "money", "money_low", "money_high")
    players = with_core_columns(players, ["player", "policy"], "games", "money", "money_low", "money_high")
    seats = with_core_columns(_seats(per_seat, glob, split), ["seat"], "games", "money", "money_low", "money_high")
    return PlayResult(
        pol,
        players,
        seats,
        _croupier(crou),
        pairs,
        _haggling(glob),
        cards,
        settings,
        policies,
        int(glob[E.G_GAMES]),
        int(glob[E.G_ROUNDS]),
        seed,
        duplicate,
        counts,
    )


def _rows(
    per_player: np.ndarray,
    cross_money: np.ndarray,
    cross_win: np.ndarray,
    glob: np.ndarray,
    groups: list[list[int]],
    split: bool,
) -> pd.DataFrame:
    """One row per group of players: win rate and money a game of one of them, intervals over blocks.

    With ``leftover split`` (E2) each player's money also holds 1/N of the money left at the bars.
    """
    blocks = int(glob[E.G_BLOCKS])
    n = len(per_player)
    rows = []
    for g in groups:
        games = int(per_player[g, E.P_GAMES].sum())
        per_block = games / blocks if blocks else math.nan
        win = mean_columns(
            blocks, int(per_player[g, E.P_WIN].sum()), block_sq(cross_win, g), scale=1 / E.WIN / per_block
        )
        total, total_sq = int(per_player[g, E.P_MONEY].sum()), block_sq(cross_money, g)
        if split:  # in units of 1/N: N X + k L per game (blocks are games: see check_split)
            k = len(g)
            left, left_sq = int(glob[E.G_LEFTOVER]), int(glob[E.G_LEFTOVER2])
            mixed = int(per_player[g, E.P_MLEFT].sum())
            total, total_sq = n * total + k * left, n * n * total_sq + 2 * n * k * mixed + k * k * left_sq
        money = mean_columns(blocks, total, total_sq, scale=R.UNIT / per_block / (n if split else 1))
        bars = int(per_player[g, E.P_BARS_WON].sum()) / games if games else math.nan
        win_row = interval_row("win_rate", win, "win_low", "win_high")
        rows.append({"games": games, **win_row, **interval_row("money", money), "bars_won": bars})
    return pd.DataFrame(rows)


def _seats(per_seat: np.ndarray, glob: np.ndarray, split: bool) -> pd.DataFrame:
    """One row per seat (seat 1 is the first croupier): games taken as independent."""
    n = len(per_seat)
    games = per_seat[:, E.P_GAMES].tolist()
    win = mean_columns(games, per_seat[:, E.P_WIN].tolist(), per_seat[:, E.P_WIN2].tolist(), scale=1 / E.WIN)
    total, total_sq = per_seat[:, E.P_MONEY].tolist(), per_seat[:, E.P_MONEY2].tolist()
    if split:  # each seat also gets 1/N of the leftover (E2), in units of 1/N
        left, left_sq = int(glob[E.G_LEFTOVER]), int(glob[E.G_LEFTOVER2])
        total_sq = [n * n * q + 2 * n * int(m) + left_sq for q, m in zip(total_sq, per_seat[:, E.P_MLEFT])]
        total = [n * t + left for t in total]
    money = mean_columns(games, total, total_sq, scale=R.UNIT / (n if split else 1))
    return seat_table(games, win, money, "money")


def _croupier(crou: np.ndarray) -> pd.DataFrame:
    """Money won in a round by clockwise distance from that round's croupier (0 = the croupier)."""
    m = mean_columns(crou[:, 0].tolist(), crou[:, 1].tolist(), crou[:, 2].tolist(), scale=R.UNIT)
    return pd.DataFrame(
        {
            "distance": np.arange(len(crou)),
            "rounds": crou[:, 0],
            "money_per_round": m["mean"],
            "ci_low": m["ci_low"],
            "ci_high": m["ci_high"],
        }
    )


_MONEY_PAIR = ("money_difference", "money_low", "money_high")


def _pairs(
    per_player: np.ndarray, cross_money: np.ndarray, cross_win: np.ndarray, blocks: int, groups: Groups
) -> pd.DataFrame:
    """Every difference ``a - b`` between two policies (win rate, money a game), paired over blocks."""
    win = Measure(per_player[:, E.P_WIN], cross_win, 1 / E.WIN, "win_rate_difference", "win_rate_low", "win_rate_high")
    money = Measure(per_player[:, E.P_MONEY], cross_money, R.UNIT, *_MONEY_PAIR)
    columns = ["policy", "versus", win.difference, win.low, win.high, "clear", *_MONEY_PAIR]
    return pair_table(per_player[:, E.P_GAMES], blocks, groups, [win, money], 0, columns)


def _haggling(glob: np.ndarray) -> pd.DataFrame:
    names = {
        "haggles": E.G_HAGGLES,
        "calls_without_offer": E.G_NO_OFFER,
        "answers_accepted": E.G_ACCEPTS,
        "answers_declined": E.G_DECLINES,
        "duels": E.G_DUELS,
        "duels_with_a_caller": E.G_CALLED,
        "duels_won_by_the_caller": E.G_CALLER_WINS,
        "knockouts": E.G_KNOCKOUTS,
        "roll_offs": E.G_ROLLOFFS,
        "reshuffles": E.G_RESHUFFLES,
        "shared_wins": E.G_SHARED,
    }
    games = max(1, int(glob[E.G_GAMES]))
    return pd.DataFrame(
        [{"counter": k, "total": int(glob[i]), "per_game": int(glob[i]) / games} for k, i in names.items()]
    )


def card_table(counts: np.ndarray, n: int) -> pd.DataFrame:
    """Every card-table cell with plays: kind, value, money bucket, other cards, plays, won, money (dollars)."""
    c = E.view(counts, n)
    rows = []
    for kind in CARD_KINDS:
        t = c[kind]
        for v, b, o in zip(*np.nonzero(t[..., E.T_PLAYS])):
            plays, won, money = (int(x) for x in t[v, b, o])
            rows.append(
                {
                    "kind": kind,
                    "value": int(v) + 1,
                    "bucket": E.BUCKET_NAMES[b],
                    "bucket_index": int(b),
                    "others": int(o),
                    "plays": plays,
                    "won": won,
                    "money": money * R.UNIT,
                }
            )
    return pd.DataFrame(rows, columns=["kind", "value", "bucket", "bucket_index", "others", "plays", "won", "money"])


def card_summary(cards: pd.DataFrame, by: str) -> pd.DataFrame:
    """The card table summed by kind and ``by`` (value, bucket or others): win rate with Wilson interval,
    money per card played."""
    keys = ["kind", by] if by != "bucket" else ["kind", "bucket_index", "bucket"]
    extra = [c for c in ("players", "mix") if c in cards.columns]
    g = cards.groupby(extra + keys, as_index=False)[["plays", "won", "money"]].sum()
    lo, hi = rate_interval(g.won.to_numpy(np.int64), g.plays.to_numpy(np.int64))
    g["win_rate"] = g.won / g.plays
    g["win_low"], g["win_high"] = lo, hi
    g["money_per_play"] = g.money / g.plays
    return g.drop(columns=[c for c in ("bucket_index",) if c in g.columns])


# ----------------------------------------------------------------------------- the police study

DEFAULT_STUDY_MIXES = {
    "default mix": (),
    "all hunters": ("hunter",),
    "haggling styles": ("greedy", "greedy:haggle=1", "greedy:haggle=2"),
}
"""The police study's lineups: the default mix; everyone a police hunter; the same play policy with exact,
always-accept and always-duel haggling (how much haggling matters). Each seats every player count from 2 to 8:
cycled to fill a larger table, and at a smaller one its first policies (2 players: greedy against
greedy:haggle=1)."""


def study_lineups(
    players: Sequence[int], mixes: Mapping[str, Sequence[str]] | None = None
) -> dict[tuple[int, str], tuple[Policy, ...]]:
    """Every lineup of the police study by (player count, mix), all checked before any game is played.

    The default mixes (:data:`DEFAULT_STUDY_MIXES`) seat every count; a mix of one's own must seat every count
    given (at most one policy per player), as in :func:`lineup`.
    """
    if not players:
        raise InputError("the police study needs at least one player count")
    return {
        (n, mix): lineup(list(texts) if mixes else list(texts)[:n], n)
        for n in players
        for mix, texts in (mixes or DEFAULT_STUDY_MIXES).items()
    }


def police_study(
    players: Sequence[int],
    games: int,
    seed: int,
    *,
    mixes: Mapping[str, Sequence[str]] | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
) -> dict[str, pd.DataFrame]:
    """How often a police card played wins money, and how much, by player count and policy mix.

    For each player count and mix (default :data:`DEFAULT_STUDY_MIXES`; lineups :func:`study_lineups`),
    ``games`` games with the default rules. Tables: ``cards`` (every cell), ``by_value``, ``by_bucket``
    (money at the bar when it is settled), ``by_others`` (other cards played at that bar), each for
    police cards, gambling cards beside police and gambling cards without police; ``policies``
    (win rates of the mix), ``pairs`` (paired differences: with the haggling mix, how much the
    haggling policy matters) and ``croupier`` (money a round by distance from the croupier).
    """
    lineups = study_lineups(players, mixes)
    check_games(games)
    parts: dict[str, list[pd.DataFrame]] = {"cards": [], "policies": [], "pairs": [], "croupier": [], "haggling": []}
    for (n, mix), policies in lineups.items():
        result = play(R.Settings(players=n), policies, games, seed, executor=executor, progress=progress)
        for name in parts:
            parts[name].append(getattr(result, name).assign(players=n, mix=mix))
    out = {name: pd.concat(frames, ignore_index=True) for name, frames in parts.items()}
    for by in ("value", "bucket", "others"):
        out[f"by_{by}"] = card_summary(out["cards"], by)
    for name in out:
        front = [c for c in ("players", "mix") if c in out[name].columns]
        out[name] = out[name][front + [c for c in out[name].columns if c not in front]]
    return out


def police_summary(tables: dict[str, pd.DataFrame]) -> str:
    """The police study's answers as a few lines of text."""
    lines = []
    value = tables["by_value"]
    for (n, mix), part in value.groupby(["players", "mix"], sort=True):
        pol = part[part.kind == "police"]
        gam = part[part.kind == "gambler_free"]
        plays, won, money = pol.plays.sum(), pol.won.sum(), pol.money.sum()
        lo, hi = rate_interval(np.int64(won), np.int64(plays))
        lines.append(
            f"{n} players, {mix}: a police card wins {won / plays:.1%} [{float(lo):.1%}, {float(hi):.1%}] "
            f"of {plays:,} plays, ${money / plays:,.0f} a card; a gambler without police "
            f"${gam.money.sum() / max(gam.plays.sum(), 1):,.0f} a card"
        )
    pairs = tables["pairs"]
    for n, part in pairs[pairs.mix == "haggling styles"].groupby("players", sort=True):
        lines.append(
            f"{n} players, haggling (same play policy): "
            + "; ".join(
                f"{r.policy} minus {r.versus} {r.win_rate_difference:+.1%} "
                f"[{r.win_rate_low:+.1%}, {r.win_rate_high:+.1%}]"
                for r in part.itertuples()
            )
        )
    bucket = tables["by_bucket"]
    for (n, mix), part in bucket[bucket.kind == "police"].groupby(["players", "mix"], sort=True):
        lines.append(
            f"  {n} players, {mix}, police win rate by money at the bar ($5,000s): "
            + ", ".join(f"{r.bucket}: {r.win_rate:.0%}" for r in part.itertuples())
        )
    return "\n".join(lines)


# ----------------------------------------------------------------------------- a game, step by step


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


def _dollars(units: int) -> str:
    return f"${units * R.UNIT:,}"


def describe(row: Sequence[int]) -> str | None:
    """One log row as a sentence (money in dollars)."""
    kind, seat, a, b, c = (int(x) for x in row)
    bar = R.BAR_NAMES[a] if 0 <= a < R.MAX_BARS else str(a)
    if kind == R.L_ROUND:
        return f"round {a + 1}: seat {seat} is the croupier; {b} money cards come out" + (" (the last round)" * c)
    if kind == R.L_MONEY:
        return f"  {_dollars(b)} goes to the {bar}" + (" (placed by the croupier)" if c else "")
    if kind == R.L_PLAY:
        return f"  seat {seat} plays {R.KINDS[b]} {c} of the {bar}"
    if kind == R.L_BAR:
        return f"{bar}: {_dollars(b)} there, {c} card{'s' * (c != 1)} played"
    if kind == R.L_ROLLOFF:
        return f"  seat {seat} rolls {a} for the order of equal distance"
    if kind == R.L_PROPOSER:
        return f"  seat {seat} proposes (card value {b})"
    if kind == R.L_OFFER:
        return f"  offer: seat {a} gets {c} card{'s' * (c != 1)} of {_dollars(b)}"
    if kind == R.L_NO_OFFER:
        return f"  seat {seat} makes no offer and calls for a duel"
    if kind == R.L_ANSWER:
        return f"  seat {seat} {'accepts' if a == R.ACCEPT else 'calls for a duel'} (offered {_dollars(b)})"
    if kind == R.L_THROW:
        return f"  duel: seat {seat} rolls {a}, seat {b} rolls {c}"
    if kind == R.L_DUEL:
        return f"  seat {seat} wins the duel against seat {a} for {_dollars(b)}" + (" (a tie, won by the caller)" * c)
    if kind == R.L_ROLL:
        return f"  seat {seat} rolls {a}: total {b}"
    if kind == R.L_PAY:
        return f"  seat {seat} receives {_dollars(b)} ({c} card{'s' * (c != 1)})"
    if kind == R.L_RESHUFFLE:
        return f"the discard pile ({a} cards) is shuffled into the stock"
    if kind == R.L_END:
        return f"end of the game: {_dollars(a)} left at the bars"
    return None


def trace_text(
    settings: R.Settings, policies: Sequence[Policy], log: np.ndarray, res: np.ndarray, game: int, seed: int
) -> str:
    """A game's log as text, round by round, with each seat's policy and the result."""
    n = settings.players
    seats = [policies[(s - game) % n] for s in range(n)]
    lines = [
        f"Razzia, {n} players, game {game} of seed {seed}",
        "Seats: " + ", ".join(f"{s} {p.label}" for s, p in enumerate(seats)),
    ]
    lines += [t for t in (describe(row) for row in log) if t is not None]
    lines.append(
        "Result: "
        + ", ".join(
            f"seat {s} {_dollars(int(res[s, E.H_MONEY]))}"
            + (f" (wins {res[s, E.H_WIN] / E.WIN:g})" if res[s, E.H_WIN] else "")
            for s in range(n)
        )
    )
    return "\n".join(lines)


def _bar(a: int) -> str:
    return R.BAR_NAMES[a] if 0 <= a < R.MAX_BARS else str(a)


def _seat(s: int) -> int | None:
    return s if s >= 0 else None


def trace_event(row: Sequence[int]) -> Event:
    """One log row in words (:meth:`GameTrace.events`): seat, event and values (money in dollars)."""
    kind, seat, a, b, c = (int(x) for x in row)
    if kind == R.L_ROUND:
        return {"seat": seat, "event": "round", "round": a + 1, "money_cards": b, "last": bool(c)}
    if kind == R.L_MONEY:
        return {
            "seat": _seat(seat),
            "event": "money card",
            "bar": _bar(a),
            "dollars": b * R.UNIT,
            "by_croupier": bool(c),
        }
    if kind == R.L_PLAY:
        return {"seat": seat, "event": "play", "bar": _bar(a), "card": R.KINDS[b], "value": c}
    if kind == R.L_BAR:
        return {"seat": None, "event": "bar", "bar": _bar(a), "dollars": b * R.UNIT, "cards": c}
    if kind == R.L_ROLLOFF:
        return {"seat": seat, "event": "roll-off", "roll": a, "group": b}
    if kind == R.L_PROPOSER:
        return {
            "seat": seat,
            "event": "proposer",
            "bar": _bar(a),
            "card_value": b,
            "contestants": [t for t in range(R.MAX_PLAYERS) if c >> t & 1],
        }
    if kind == R.L_OFFER:
        return {"seat": seat, "event": "offer", "to": a, "dollars_each": b * R.UNIT, "cards": c}
    if kind == R.L_NO_OFFER:
        return {"seat": seat, "event": "no offer", "bar": _bar(a)}
    if kind == R.L_ANSWER:
        return {"seat": seat, "event": "answer", "answer": "accept" if a == R.ACCEPT else "duel", "offered": b * R.UNIT}
    if kind == R.L_THROW:
        return {"seat": seat, "event": "duel throw", "roll": a, "against": b, "against_roll": c}
    if kind == R.L_DUEL:
        return {"seat": seat, "event": "duel won", "against": _seat(a), "dollars": b * R.UNIT, "tie": bool(c)}
    if kind == R.L_ROLL:
        return {"seat": seat, "event": "roll", "roll": a, "total": b}
    if kind == R.L_PAY:
        return {"seat": seat, "event": "paid", "bar": _bar(a), "dollars": b * R.UNIT, "cards": c}
    if kind == R.L_RESHUFFLE:
        return {"seat": None, "event": "reshuffle", "cards": a}
    if kind == R.L_END:
        return {"seat": None, "event": "end", "dollars_left": a * R.UNIT}
    raise ValueError(f"unknown log row kind {kind}")


def trace_result(row: Sequence[int]) -> dict[str, Any]:
    """One seat's results of a game (the ``H_*`` columns) by name; ``win``: its share of the win."""
    return {"payoff": int(row[E.H_MONEY]) * R.UNIT, "win": row[E.H_WIN] / E.WIN, "bars_won": int(row[E.H_BARS_WON])}


TRACE_STYLE = TraceStyle("razzia", "dollars", trace_text, trace_event, trace_result)
"""How :func:`trace` puts a game into words."""
