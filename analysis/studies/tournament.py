"""Tournaments between policies, one design for Razz, Razzia and Riffifi.

A game's :class:`~razzmatazz.analysis.games.GameSpec` says how to play it through its own ``play`` (the
batch runner, seat rotation, duplicate deals, paired intervals over blocks), whose tables share one
shape; :func:`tournament` is the same for every registered game.

Design (each choice is stated in the output and the manifest):

- **Tables** (:func:`tables`): with k policies and N seats, k >= N plays every N-subset once
  (seats in the given order); k < N plays every policy at every table, each on floor(N/k) or
  ceil(N/k) seats, one table per choice of the N mod k policies with the extra seat (a single
  table when k divides N), seats interleaved (A B C A B) so that repeats are spread around the
  table. Every policy thus meets every other equally often.
- **Games** are per table (``games`` each, rounded up to whole duplicate deals), so the precision
  of a table does not shrink as policies are added; the total is printed.
- **Seeds**: table T plays from its own root seed, derived from the run's seed and the table's
  lineup (:func:`derived_seed`: ``SeedSequence`` of (seed, 100, game code, purpose, SHA-256 words
  of the lineup texts)). A table's result depends only on the seed and who sits at it, never on
  the other tables; the same table in another tournament plays the same cards.
- **Per policy**: payoff per game and win rate, each the mean over its tables of the engine's
  per-table value, with standard errors from the engine's 95 % intervals (tables are independent).
- **Pairwise**: the mean over the tables both sat at of the engine's paired difference A - B.
  Comparisons are many, so the verdict uses **Bonferroni** over the k(k-1)/2 pairs: simultaneous
  95 % intervals (z for 0.05 / m, two-sided); a pair whose adjusted interval covers 0 is "not
  significant". Bonferroni rather than Holm because its intervals and its verdicts agree.
- **Rating**: an additive strength model fitted by least squares, payoff of policy i at table t
  minus the table's seat mean = s_i - (seat mean of s at t), with sum(s) = 0. It copes with any
  number of players, uses the payoff itself (Plackett-Luce would need each game's ranking, which
  the engines do not return) and removes each table's level (Razzia and Riffifi are not zero-sum).
  It is linear in the data, so its standard errors follow exactly from the engines' paired
  intervals: each fitted strength is a contrast within tables, whose variance is
  -1/2 sum_ab c_a c_b Var(y_a - y_b).
"""

from __future__ import annotations

import hashlib
import itertools
import math
import struct
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from razzmatazz.analysis import games
from razzmatazz.analysis.games import GameSpec as Game
from razzmatazz.analysis.inputs import check_seed
from razzmatazz.analysis.stats import Z95
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Policy
from razzmatazz.core.rng import stream_key

MAX_TABLES = 200
"""More tables than this is refused: give fewer policies."""
STUDY_PATH = 100
"""First element of every derived seed's path (the engines' own streams start with a game code, 1 to 3)."""
TOURNAMENT, SWEEP_GRID, SWEEP_CONFIRM = 1, 2, 3
"""Purposes of derived seeds: a tournament table, a sweep's grid, a sweep's confirmation."""
CORRECTION = "Bonferroni"
ALPHA = 0.05

Log = Callable[[str], None]


def game(name: str) -> Game:
    """The spec of game ``name`` (see :mod:`razzmatazz.analysis.games`)."""
    return games.game(name)


def derived_seed(seed: int, game_name: str, purpose: int, texts: Sequence[str]) -> int:
    """A root seed (0 to 2^63 - 1) for one part of a study: (seed, game, purpose, the lineup texts)."""
    words = struct.unpack("<8I", hashlib.sha256("\n".join(texts).encode()).digest())
    return int(stream_key(seed, STUDY_PATH, game(game_name).code, purpose, *words)) >> 1


def tables(k: int, players: int) -> list[tuple[int, ...]]:
    """The tables of a round robin of ``k`` policies on ``players`` seats, as policy indices in seat order.

    k >= N: every N-subset, in the given order. k < N: every policy at every table on floor(N/k) or
    ceil(N/k) seats, one table per choice of the N mod k policies that get the extra seat, seats
    interleaved (0 1 2 0 1).
    """
    if k < 2 or players < 2:
        raise InputError(f"a tournament needs at least 2 policies and 2 players, got {k} and {players}")
    if k >= players:
        count = math.comb(k, players)
        _check_tables(count, k, players)
        return list(itertools.combinations(range(k), players))
    q, r = divmod(players, k)
    _check_tables(math.comb(k, r), k, players)
    return [_interleave([q + (i in extra) for i in range(k)]) for extra in itertools.combinations(range(k), r)]


def _check_tables(count: int, k: int, players: int) -> None:
    if count > MAX_TABLES:
        raise InputError(
            f"{k} policies on {players} seats make {count:,} tables, more than {MAX_TABLES}; give fewer policies"
        )


def _interleave(counts: list[int]) -> tuple[int, ...]:
    left, seats = list(counts), []
    while any(left):
        for i, c in enumerate(left):
            if c:
                seats.append(i)
                left[i] -= 1
    return tuple(seats)


@dataclass
class TournamentResult:
    """What :func:`tournament` returns.

    ``policies``: one row per policy, best rating first: rank, strength (payoff per game above the
    table's seat mean, least squares) and its interval, payoff per game and win rate with 95 %
    intervals, tables, games. ``pairs``: every ordered pair (A, B): the paired difference A - B over
    their common tables, its 95 % interval, the Bonferroni-adjusted interval and p-value, and who is
    ahead. ``tables``: one row per table and policy, the engines' own numbers.
    """

    game: str
    policies: pd.DataFrame
    pairs: pd.DataFrame
    tables: pd.DataFrame
    lineups: list[tuple[str, ...]]
    players: int
    games: int
    played: int
    seed: int
    duplicate: bool
    unit: str
    comparisons: int
    settings: Any = field(repr=False)

    @property
    def adapter(self) -> Game:
        return game(self.game)


@dataclass(frozen=True)
class Plan:
    """A checked tournament: the game, its rules, the policies, the tables and the games per table."""

    game: Game
    settings: Any
    policies: list[Policy]
    layout: list[tuple[int, ...]]
    games: int
    duplicate: bool


def plan(
    game_name: str,
    policy_texts: Sequence[str],
    players: int | None = None,
    games: int | None = None,
    *,
    duplicate: bool | None = None,
) -> Plan:
    """Check a tournament's input (every problem an :class:`InputError`) and lay out its tables."""
    g = game(game_name)
    settings = g.settings(players)
    games = g.default_games if games is None else games
    g.check_games(games)
    policies = _parse_all(g, policy_texts, settings.players)
    layout = tables(len(policies), settings.players)
    return Plan(g, settings, policies, layout, games, g.duplicate(settings, duplicate))


def tournament(
    game_name: str,
    policy_texts: Sequence[str],
    players: int | None = None,
    games: int | None = None,
    seed: int = 0,
    *,
    duplicate: bool | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
    log: Log | None = None,
) -> TournamentResult:
    """A round robin of ``policy_texts`` over the tables of :func:`tables`, ``games`` per table.

    Each table is one ``play`` of the game (seats rotate every game; duplicate deals unless
    ``duplicate=False`` or the rules refuse them) from its own :func:`derived_seed`. ``log`` gets a
    line per table.
    """
    p = plan(game_name, policy_texts, players, games, duplicate=duplicate)
    check_seed(seed)
    g, policies = p.game, p.policies
    rows, pair_rows, lineups, played = [], [], [], 0
    for t, seats in enumerate(p.layout):
        lineup = tuple(policies[i] for i in seats)
        texts = tuple(x.text for x in lineup)
        table_seed = derived_seed(seed, g.name, TOURNAMENT, texts)
        if log:
            log(f"table {t + 1}/{len(p.layout)}: {', '.join(x.label for x in lineup)}")
        result = g.play(p.settings, lineup, p.games, table_seed, p.duplicate, executor, progress)
        played = result.games
        rows.append(_table_rows(g, result, t, seats, texts, table_seed, policies))
        pair_rows.append(_table_pairs(g, result, t, policies))
        lineups.append(texts)
    per_table = pd.concat(rows, ignore_index=True)
    pairs = pd.concat(pair_rows, ignore_index=True)
    frame = _policies(per_table, pairs, policies)
    paired, m = _pairwise(pairs, policies)
    return TournamentResult(
        g.name,
        frame,
        paired,
        per_table,
        lineups,
        p.settings.players,
        p.games,
        played,
        seed,
        p.duplicate,
        g.unit,
        m,
        p.settings,
    )


def _parse_all(g: Game, texts: Sequence[str], players: int) -> list[Policy]:
    if isinstance(texts, str):
        texts = [texts]
    policies = [g.parse(t, players) for t in texts]
    if len(policies) < 2:
        raise InputError(f"a tournament needs at least 2 policies, got {len(policies)}")
    labels = [p.label for p in policies]
    for i, label in enumerate(labels):
        if label in labels[:i]:
            raise InputError(f"policy {label} is given twice; give each policy once")
    return policies


def _table_rows(
    g: Game,
    result: Any,
    t: int,
    seats: tuple[int, ...],
    texts: tuple[str, ...],
    table_seed: int,
    policies: list[Policy],
) -> pd.DataFrame:
    """One row per policy at table ``t``: the engine's payoff and win rate of one of its players."""
    index = {p.label: i for i, p in enumerate(policies)}
    frame = g.outcome(result.policies)
    frame.insert(0, "table", t + 1)
    frame.insert(1, "policy", result.policies.policy.map(index))
    frame.insert(2, "seats", [seats.count(i) for i in frame.policy])
    frame["lineup"] = " | ".join(texts)
    frame["seed"] = table_seed
    return frame.sort_values("policy", kind="stable")


def _table_pairs(g: Game, result: Any, t: int, policies: list[Policy]) -> pd.DataFrame:
    """The engine's paired differences at table ``t``, oriented as (lower index, higher index)."""
    index = {p.label: i for i, p in enumerate(policies)}
    frame = g.pairs(result.pairs)
    a, b = frame.policy.map(index).to_numpy(), frame.versus.map(index).to_numpy()
    flip = a > b
    return pd.DataFrame(
        {
            "table": t + 1,
            "a": np.where(flip, b, a),
            "b": np.where(flip, a, b),
            "difference": np.where(flip, -frame.difference, frame.difference),
            "stderr": frame.stderr,
        }
    )


def _policies(per_table: pd.DataFrame, pairs: pd.DataFrame, policies: list[Policy]) -> pd.DataFrame:
    """Per policy: the rating and the means over its tables, best rating first."""
    strength, cov = fit_strengths(per_table, pairs, len(policies))
    se = np.sqrt(np.maximum(np.diag(cov), 0))
    rows = []
    for i, p in enumerate(policies):
        part = per_table[per_table.policy == i]
        t = len(part)
        pay_se = math.sqrt((part.payoff_se**2).sum()) / t
        win_se = math.sqrt((part.win_se**2).sum()) / t
        pay, win = part.payoff.mean(), part.win_rate.mean()
        rows.append(
            {
                "policy": p.label,
                "text": p.text,
                "strength": strength[i],
                "strength_se": se[i],
                "strength_low": strength[i] - Z95 * se[i],
                "strength_high": strength[i] + Z95 * se[i],
                "payoff": pay,
                "payoff_se": pay_se,
                "payoff_low": pay - Z95 * pay_se,
                "payoff_high": pay + Z95 * pay_se,
                "win_rate": win,
                "win_low": win - Z95 * win_se,
                "win_high": win + Z95 * win_se,
                "tables": t,
                "games": int(part.games.sum()),
            }
        )
    frame = pd.DataFrame(rows).sort_values("strength", ascending=False, kind="stable").reset_index(drop=True)
    frame.insert(0, "rank", np.arange(1, len(frame) + 1))
    return frame


def fit_strengths(per_table: pd.DataFrame, pairs: pd.DataFrame, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Least-squares strengths (sum 0) and their covariance from per-table payoffs and paired differences.

    Observation: y_it - sum_j w_tj y_tj = s_i - sum_j w_tj s_j, w_tj = seats of j at t / N. The fit
    s = pinv(X) C y is a contrast of each table's payoffs, so its covariance is
    sum_t -1/2 L_t V_t L_t' with V_t[a, b] = Var(y_a - y_b), the engines' paired variances.
    """
    blocks = []
    for t, part in per_table.groupby("table", sort=True):
        members = part.policy.to_numpy()
        w = part.seats.to_numpy(float) / part.seats.sum()
        centre = np.eye(len(members)) - np.outer(np.ones(len(members)), w)
        var = np.zeros((len(members), len(members)))
        pos = {int(p): i for i, p in enumerate(members)}
        for r in pairs[pairs.table == t].itertuples():
            var[pos[r.a], pos[r.b]] = var[pos[r.b], pos[r.a]] = r.stderr**2
        blocks.append((members, centre, part.payoff.to_numpy(), var))
    x = np.zeros((sum(len(b[0]) for b in blocks), k))
    d = np.zeros(len(x))
    row = 0
    for members, centre, y, _ in blocks:
        x[row : row + len(members), members] = centre
        d[row : row + len(members)] = centre @ y
        row += len(members)
    pinv = np.linalg.pinv(x)
    cov = np.zeros((k, k))
    row = 0
    for members, centre, _, var in blocks:
        lt = pinv[:, row : row + len(members)] @ centre
        cov -= 0.5 * lt @ var @ lt.T
        row += len(members)
    return pinv @ d, cov


def _pairwise(pairs: pd.DataFrame, policies: list[Policy]) -> tuple[pd.DataFrame, int]:
    """Every ordered pair: mean paired difference over common tables, plain and Bonferroni intervals."""
    names = [p.label for p in policies]
    m = len(policies) * (len(policies) - 1) // 2
    z_adj = NormalDist().inv_cdf(1 - ALPHA / (2 * m))
    rows = []
    groups = list(pairs.groupby(["a", "b"], sort=True))
    tests = []
    for _, part in groups:
        diff, se = part.difference.mean(), math.sqrt((part.stderr**2).sum()) / len(part)
        tests.append((diff, se, 2 * NormalDist().cdf(-abs(diff) / se) if se > 0 else float(diff == 0)))
    # Bonferroni over the m pairs of the design (pairs that never met count in the family too)
    family = [p for _, _, p in tests] + [0.0] * (m - len(tests))
    adjusted = multipletests(family, alpha=ALPHA, method="bonferroni")[1] if family else []
    for ((a, b), part), (diff, se, p), p_adj in zip(groups, tests, adjusted, strict=False):
        t = len(part)
        for sign, x, y in ((1, a, b), (-1, b, a)):
            mean = sign * diff
            low, high = mean - z_adj * se, mean + z_adj * se
            ahead = names[x] if low > 0 else names[y] if high < 0 else "not significant"
            rows.append(
                {
                    "policy": names[x],
                    "versus": names[y],
                    "tables": t,
                    "difference": mean,
                    "stderr": se,
                    "ci_low": mean - Z95 * se,
                    "ci_high": mean + Z95 * se,
                    "adj_low": low,
                    "adj_high": high,
                    "p_value": p,
                    "p_adjusted": float(p_adj),
                    "ahead": ahead,
                }
            )
    order = {n: i for i, n in enumerate(names)}
    frame = pd.DataFrame(rows)
    frame = frame.sort_values(["policy", "versus"], key=lambda s: s.map(order), kind="stable").reset_index(drop=True)
    return frame, m


def pair_matrix(result: TournamentResult) -> pd.DataFrame:
    """The paired differences as a square table: row policy minus column policy."""
    names = list(result.policies.policy)
    return result.pairs.pivot(index="policy", columns="versus", values="difference").reindex(index=names, columns=names)


def describe(result: TournamentResult) -> list[str]:
    """The design of a tournament in a few plain sentences (for text output and the manifest)."""
    g = result.adapter
    k, n = len(result.policies), result.players
    layout = (
        "every subset of " if k >= n else "every policy at every table, repeats spread evenly: "
    ) + f"{len(result.lineups)} table{'s' if len(result.lineups) != 1 else ''}"
    return [
        f"{g.title} tournament, {k} policies on {n} seats: {layout}, {result.played:,} {g.item}s per table "
        f"({len(result.lineups) * result.played:,} in all){', duplicate deals' if result.duplicate else ''}, "
        f"seed {result.seed}",
        f"payoff in {g.unit}; win rate: {g.win}; 95 % intervals over tables (each table from its own seed)",
        f"strength: least-squares payoff above the table's seat mean (sum 0), {g.short_unit}",
        f"pairs: paired over the tables both sat at; {CORRECTION} over {result.comparisons} comparison"
        f"{'s' if result.comparisons != 1 else ''} (adjusted intervals are simultaneous 95 %)",
    ]
