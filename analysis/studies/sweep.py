"""Parameter sweeps: one policy over a grid of its parameters against a fixed field, then confirmed.

The swept policy sits in one seat (player 1) and the field fills the others (its texts repeated in
order); seats rotate every game and deals are duplicated where the game allows, as in
:mod:`razzmatazz.analysis.studies.tournament`. Every grid point plays ``games`` games from one seed (the
grid's :func:`~razzmatazz.analysis.studies.tournament.derived_seed`): the points share their cards (common
random numbers), so differences between points are measured more precisely than each point alone.
The point with the highest payoff, and the runner-up, are then played again from a *different*
seed (purpose "confirm"): the grid's best is the maximum of many noisy estimates and so overrated,
the confirmation is not (it is reported separately).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from dataclasses import field as dataclass_field  # the results have a field named field
from typing import Any

import pandas as pd

from razzmatazz.analysis.inputs import check_seed
from razzmatazz.analysis.stats import Z95
from razzmatazz.analysis.studies.tournament import (
    SWEEP_CONFIRM,
    SWEEP_GRID,
    Game,
    Log,
    derived_seed,
    game,
)
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Param, Policy, PolicySpec

MAX_POINTS = 200
"""Grids with more points than this are refused."""
CONFIRM = ("best", "runner-up")

Range = tuple[float, float, float]


def parse_param(text: str) -> tuple[str, Range]:
    """``"NAME=LO:HI:STEP"`` -> ``(name, (lo, hi, step))``; the values are checked by :func:`grid`."""
    name, eq, spec = (s.strip() for s in str(text).partition("="))
    parts = [s.strip() for s in spec.split(":")]
    if not (name and eq and len(parts) == 3 and all(parts)):
        raise InputError(f"parameter range {shorten(text)!r}: write NAME=LO:HI:STEP, e.g. door=3:8:1")
    try:
        lo, hi, step = (float(p) for p in parts)
    except ValueError:
        raise InputError(f"parameter range {shorten(text)!r}: LO, HI and STEP must be numbers") from None
    return name.lower(), (lo, hi, step)


def parse_params(texts: Sequence[str]) -> dict[str, Range]:
    """Several ``NAME=LO:HI:STEP`` texts; a parameter given twice is refused."""
    out: dict[str, Range] = {}
    for text in texts:
        name, rng = parse_param(text)
        if name in out:
            raise InputError(f"parameter {name} is swept twice; give one range per parameter")
        out[name] = rng
    return out


def values(param: Param, lo: float, hi: float, step: float) -> list[float]:
    """The points lo, lo + step, ... <= hi of one parameter, each checked against its declared range."""
    if not all(math.isfinite(x) for x in (lo, hi, step)):
        raise InputError(f"parameter {param.name}: the range needs finite numbers, got {lo}:{hi}:{step}")
    if step <= 0:
        raise InputError(f"parameter {param.name}: the step must be positive, got {step:g}")
    if lo > hi:
        raise InputError(f"parameter {param.name}: empty range, {lo:g} is above {hi:g}")
    for x in (lo, hi):
        if not param.lo <= x <= param.hi:
            raise InputError(f"parameter {param.name}: {x:g} is outside its range {param.range}")
    count = math.floor((hi - lo) / step + 1e-9) + 1
    if count > MAX_POINTS:
        raise InputError(
            f"parameter {param.name}: {_count(count)} values, more than the {MAX_POINTS} grid points allowed"
        )
    points = [round(lo + i * step, 12) for i in range(count)]
    for x in points:
        param.validate(x)  # integer parameters refuse fractional points
    return points


def grid(spec: PolicySpec, params: Mapping[str, Range], fixed: Mapping[str, float] | None = None) -> pd.DataFrame:
    """Every point of the cartesian product of the ranges: one row, one column per swept parameter."""
    if not params:
        raise InputError(f"no parameter to sweep; give NAME=LO:HI:STEP for one of {_names(spec)}")
    known = {p.name: p for p in spec.params}
    axes = {}
    for name, rng in params.items():
        if name not in known:
            raise InputError(f"policy {spec.name} has no parameter {shorten(name)!r}; its parameters: {_names(spec)}")
        if fixed and name in fixed:
            raise InputError(f"parameter {name} is both set in the policy text and swept; give it once")
        if len(rng) != 3:
            raise InputError(f"parameter {name}: give (lo, hi, step), got {shorten(rng)}")
        axes[name] = values(known[name], *(float(x) for x in rng))
    size = math.prod(len(v) for v in axes.values())
    if size > MAX_POINTS:
        raise InputError(
            f"the grid has {_count(size)} points, more than {MAX_POINTS}; use fewer values or larger steps"
        )
    return pd.DataFrame(list(itertools.product(*axes.values())), columns=list(axes))


def _names(spec: PolicySpec) -> str:
    return ", ".join(p.name for p in spec.params) or "none"


@dataclass
class SweepResult:
    """What :func:`sweep` returns.

    ``grid``: one row per point (the swept parameters, the policy's text, payoff and win rate of the
    swept player with 95 % intervals, games), best first. ``confirm``: the best and runner-up points
    played again from a fresh seed, with their own intervals: quote these, not the grid's best.
    """

    game: str
    policy: str
    params: dict[str, Range]
    field: tuple[str, ...]  # the text of each other seat, seat 2 first
    field_labels: tuple[str, ...]
    grid: pd.DataFrame
    confirm: pd.DataFrame
    best: dict[str, float]
    players: int
    games: int
    confirm_games: int
    seed: int
    grid_seed: int
    confirm_seed: int
    duplicate: bool
    unit: str
    settings: Any = dataclass_field(repr=False)


@dataclass(frozen=True)
class Plan:
    """A checked sweep: the game, its rules, the base policy, the grid, the field and the game counts."""

    game: Game
    settings: Any
    base: Policy
    points: pd.DataFrame
    field: list[Policy]
    games: int
    confirm_games: int
    duplicate: bool


def plan(
    game_name: str,
    policy: str,
    params: Mapping[str, Range],
    field: Sequence[str],
    players: int | None = None,
    games: int | None = None,
    *,
    confirm_games: int | None = None,
    duplicate: bool | None = None,
) -> Plan:
    """Check a sweep's input (every problem an :class:`InputError` naming it) and build its grid."""
    g = game(game_name)
    settings = g.settings(players)
    base = g.parse(policy, settings.players)
    points = grid(base.spec, params, _fixed(policy, base))
    others = _field(g, field, settings.players)
    games = g.default_games if games is None else games
    confirm_games = games if confirm_games is None else confirm_games
    g.check_games(games)
    try:
        g.check_games(confirm_games)
    except InputError as e:
        raise InputError(f"the confirmation (--confirm-games): {e}") from None
    return Plan(g, settings, base, points, others, games, confirm_games, g.duplicate(settings, duplicate))


def sweep(
    game_name: str,
    policy: str,
    params: Mapping[str, Range],
    field: Sequence[str],
    players: int | None = None,
    games: int | None = None,
    seed: int = 0,
    *,
    confirm_games: int | None = None,
    duplicate: bool | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
    log: Log | None = None,
) -> SweepResult:
    """Play ``policy`` at every point of the grid of ``params`` against ``field``; confirm the best two.

    ``params`` maps parameter names to ``(lo, hi, step)``; ``policy`` is ``NAME`` or
    ``NAME:key=value,...`` (its other parameters, fixed). Every point plays ``games`` games from the
    grid's seed; the best and the runner-up play ``confirm_games`` (default ``games``) from the
    confirmation seed.
    """
    p = plan(game_name, policy, params, field, players, games, confirm_games=confirm_games, duplicate=duplicate)
    check_seed(seed)
    g, base, points = p.game, p.base, p.points
    field_texts = [x.text for x in p.field]
    grid_seed = derived_seed(seed, g.name, SWEEP_GRID, field_texts)
    confirm_seed = derived_seed(seed, g.name, SWEEP_CONFIRM, field_texts)
    run = (p.settings, p.field, p.duplicate, executor, progress)
    rows = []
    for i, point in enumerate(points.to_dict(orient="records")):
        swept = _policy(base, point)
        if log:
            log(f"point {i + 1}/{len(points)}: {swept.label}")
        rows.append(_evaluate(g, swept, p.games, grid_seed, *run))
    table = pd.concat([points, pd.DataFrame(rows)], axis=1)
    table = table.sort_values("payoff", ascending=False, kind="stable").reset_index(drop=True)
    table.insert(0, "rank", range(1, len(table) + 1))
    confirm = _confirm(g, base, table, list(points.columns), p.confirm_games, confirm_seed, run, log)
    best = {k: float(table.loc[0, k]) for k in points.columns}
    ranges = {k: (float(lo), float(hi), float(step)) for k, (lo, hi, step) in params.items()}
    return SweepResult(
        g.name,
        base.spec.name,
        ranges,
        tuple(field_texts),
        tuple(x.label for x in p.field),
        table,
        confirm,
        best,
        p.settings.players,
        p.games,
        p.confirm_games,
        seed,
        grid_seed,
        confirm_seed,
        p.duplicate,
        g.unit,
        p.settings,
    )


def _fixed(text: str, base: Policy) -> dict[str, float]:
    """The parameters the policy text sets itself."""
    _, colon, rest = text.partition(":")
    names = {piece.partition("=")[0].strip().lower() for piece in rest.split(",")} if colon else set()
    return {k: v for k, v in base.params.items() if k in names}


def _field(g: Game, texts: Sequence[str], players: int) -> list[Policy]:
    """The field's policies for seats 2..N: the texts in order, repeated."""
    if isinstance(texts, str):
        texts = [texts]
    if not texts:
        raise InputError("the field is empty; give the policies of the other seats")
    if len(texts) > players - 1:
        raise InputError(f"{len(texts)} field policies for {players - 1} other seats; give at most {players - 1}")
    parsed = [g.parse(t, players) for t in texts]
    return [parsed[i % len(parsed)] for i in range(players - 1)]


def _policy(base: Policy, point: Mapping[str, float]) -> Policy:
    return Policy(base.spec, base.spec.row(**{**base.params, **point}))


def _evaluate(
    g: Game,
    swept: Policy,
    games: int,
    seed: int,
    settings: Any,
    others: list[Policy],
    dup: bool,
    executor: Executor | None,
    progress: bool | None,
) -> dict:
    """Payoff and win rate of player 1 (the swept policy) with 95 % intervals."""
    result = g.play(settings, (swept, *others), games, seed, dup, executor, progress)
    row = g.outcome(result.players).iloc[0]
    pay, se, win, wse = row.payoff, row.payoff_se, row.win_rate, row.win_se
    return {
        "policy": swept.text,
        "payoff": pay,
        "payoff_se": se,
        "payoff_low": pay - Z95 * se,
        "payoff_high": pay + Z95 * se,
        "win_rate": win,
        "win_low": win - Z95 * wse,
        "win_high": win + Z95 * wse,
        "games": int(row.games),
        "seed": seed,
    }


def _confirm(
    g: Game, base: Policy, table: pd.DataFrame, names: list[str], games: int, seed: int, run: tuple, log: Log | None
) -> pd.DataFrame:
    """The best and runner-up points played again from the confirmation seed."""
    rows = []
    for role, (_, point) in zip(CONFIRM, table.head(len(CONFIRM)).iterrows()):
        swept = _policy(base, {k: float(point[k]) for k in names})
        if log:
            log(f"confirming the {role}: {swept.label}")
        out = _evaluate(g, swept, games, seed, *run)
        rows.append({"role": role, **{k: float(point[k]) for k in names}, "grid_payoff": float(point.payoff), **out})
    return pd.DataFrame(rows)


def field_text(result: SweepResult) -> str:
    """The field in words: ``tag x 2, rock``."""
    counts = Counter(result.field_labels)
    return ", ".join(f"{k} x {v}" if v > 1 else k for k, v in counts.items())


def describe(result: SweepResult) -> list[str]:
    """The design of a sweep in a few plain sentences."""
    g = game(result.game)
    ranges = ", ".join(f"{k} {lo:g} to {hi:g} step {s:g}" for k, (lo, hi, s) in result.params.items())
    return [
        f"{g.title} sweep of {result.policy} ({ranges}: {len(result.grid)} points) in seat 1 against "
        f"{field_text(result)} on {result.players} seats; seats rotate"
        f"{', duplicate deals' if result.duplicate else ''}; seed {result.seed}",
        f"grid: {result.grid.games.iloc[0]:,} {g.item}s per point, every point from one seed (common random numbers); "
        f"confirmation: {result.confirm.games.iloc[0]:,} {g.item}s per point from a fresh seed",
        f"payoff in {g.unit}; win rate: {g.win}; 95 % intervals",
    ]


def _count(n: int) -> str:
    """A count for a message: in full, or as a power of ten when it is too long to read."""
    return f"{n:,}" if n < 10**12 else f"about 10^{len(str(n)) - 1}"
