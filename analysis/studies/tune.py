"""Tuning: noisy optimisation of one policy's parameter row against a field, by CMA-ES (any registered game).

The tuned policy sits in one seat (player 1), the field fills the others (its texts repeated in
order), seats rotate and deals are duplicated where the game allows, as in the sweep.

- **Search space**: every parameter of the policy whose declared range is not a single point,
  less those kept fixed (``fix``), scaled to [0, 1] (CMA-ES from ``cma``, bounded, started at the
  policy text's row, step 0.25 of each range); a candidate is mapped back to its range and integer
  parameters are rounded.
- **Common random numbers**: every candidate of generation k plays ``games_per_eval`` games from the
  same seed (derived from the run's seed, the field and k), and so does the starting row, played
  again in every generation: each candidate's **improvement** is its score minus the starting
  row's on the same deals, which makes candidates of different generations comparable.
- **Objective** (:data:`OBJECTIVES`): ``win`` (default) is the win rate first, payoff second: score =
  win rate + 0.25 x (win rate's standard error / payoff's standard error) x the payoff's difference
  from the starting row's on the same deals, that difference clipped to one payoff standard error
  (the errors from the starting row's first evaluation, kept for the run). So the secondary moves a
  score by at most a quarter of one standard error of the primary: it breaks near-ties of the win
  rate and never outweighs a clear one, even where the two disagree by many errors (a loose Razz
  row wins more pots and fewer chips). ``payoff`` is the same with the roles swapped.
- **Budget**: ``budget`` evaluations in all (the starting row's included); a repeated row within a
  generation (integer rounding) is played once.
- **Best row**: the candidate with the largest improvement; it is overrated by the choice, so it is
  played again against the starting row on fresh seeds (``confirm_games``, paired batches of
  :mod:`razzmatazz.analysis.studies.paired`): quote the confirmation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from dataclasses import field as dataclass_field  # the results have a field named field
from typing import Any

import numpy as np
import pandas as pd

from razzmatazz.analysis.games import GameSpec
from razzmatazz.analysis.inputs import check_seed
from razzmatazz.analysis.studies import paired
from razzmatazz.analysis.studies.exploit import table_settings
from razzmatazz.analysis.studies.tournament import Log, derived_seed, game
from razzmatazz.core.batch import _progress
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Param, Policy

TUNE, TUNE_CONFIRM, TUNE_SAMPLER = 5, 6, 7
"""Purposes of derived seeds: a generation's games, the confirmation's batches, CMA-ES's own draws."""
OBJECTIVES = ("win", "payoff")
SECONDARY = 0.25
"""Weight of the secondary objective, in units of the primary's standard error per the secondary's."""
SIGMA0 = 0.25
DEFAULT_BUDGET = 60
MAX_BUDGET = 100_000
RESOLUTION = 1000
"""Continuous parameters are tuned on a grid of this many steps of their range."""


@dataclass
class TuneResult:
    """What :func:`tune` returns.

    ``history``: every evaluation (generation, candidate, the tuned parameters, the policy text,
    payoff and win rate with standard errors, score, improvement over the starting row on the same
    deals, seed). ``confirm``: one row, the best row minus the starting row on fresh seeds (paired,
    95 % t intervals, columns as :func:`razzmatazz.analysis.studies.paired.difference`). ``best``:
    the best row's text ``POLICY:k=v,...`` (read back by the policy parser).
    """

    game: str
    policy: str
    start: str
    best: str
    params: tuple[str, ...]  # the tuned parameters
    field: tuple[str, ...]  # the text of each other seat, seat 2 first
    field_labels: tuple[str, ...]
    history: pd.DataFrame
    confirm: pd.DataFrame
    objective: str
    weight: float  # the secondary objective's weight in the score
    players: int
    budget: int
    generations: int
    games_per_eval: int
    confirm_games: int
    seed: int
    duplicate: bool
    unit: str
    settings: Any = dataclass_field(repr=False)


@dataclass(frozen=True)
class Plan:
    """A checked tuning run."""

    game: GameSpec
    settings: Any
    start: Policy
    params: tuple[Param, ...]
    field: tuple[Policy, ...]
    budget: int
    games: int
    confirm_games: int
    objective: str
    duplicate: bool


def plan(
    game_name: str,
    policy: str,
    field: Sequence[str] | str,
    players: int | None = None,
    budget: int = DEFAULT_BUDGET,
    games_per_eval: int | None = None,
    *,
    confirm_games: int | None = None,
    fix: Sequence[str] = (),
    objective: str = "win",
    duplicate: bool | None = None,
) -> Plan:
    """Check a tuning run's input (every problem an :class:`InputError` naming it)."""
    g = game(game_name)
    settings = table_settings(g, players)
    n = settings.players
    start = g.parse(policy, n)
    params = tunable(start, fix)
    texts = paired.split_field(field)
    if not texts:
        raise InputError("the field is empty; give the policies of the other seats as --field P1,P2,...")
    if len(texts) > n - 1:
        raise InputError(f"{len(texts)} field policies for {n - 1} other seats; give at most {n - 1}")
    parsed = [g.parse(t, n) for t in texts]
    others = tuple(parsed[i % len(parsed)] for i in range(n - 1))
    budget = paired.check_count(budget, "the budget (evaluations)")
    if budget > MAX_BUDGET:
        raise InputError(f"the budget is {budget:,} evaluations, more than {MAX_BUDGET:,}; give fewer")
    games = g.default_games if games_per_eval is None else games_per_eval
    g.check_games(games)
    confirm_games = games if confirm_games is None else confirm_games
    try:
        g.check_games(confirm_games)
    except InputError as e:
        raise InputError(f"the confirmation (--confirm-games): {e}") from None
    if objective not in OBJECTIVES:
        raise InputError(f"unknown objective {shorten(objective)!r}; objectives: {', '.join(OBJECTIVES)}")
    return Plan(
        g, settings, start, params, others, budget, games, confirm_games, objective, g.duplicate(settings, duplicate)
    )


def tunable(policy: Policy, fix: Sequence[str] = ()) -> tuple[Param, ...]:
    """The parameters to tune: those whose range is not a point, less ``fix`` (names of the policy's)."""
    names = {p.name for p in policy.spec.params}
    fixed = {str(f).strip().lower() for f in fix}
    for f in sorted(fixed - names):
        raise InputError(
            f"policy {policy.spec.name} has no parameter {shorten(f)!r} to fix; its parameters: "
            f"{', '.join(sorted(names)) or 'none'}"
        )
    params = tuple(p for p in policy.spec.params if p.hi > p.lo and p.name not in fixed)
    if not params:
        raise InputError(
            f"policy {policy.spec.name} has no tunable parameter" + (" left (all are fixed)" if fixed else "")
        )
    return params


def to_unit(policy: Policy, params: Sequence[Param]) -> np.ndarray:
    """The tuned parameters of ``policy`` scaled to [0, 1]."""
    values = policy.params
    return np.array([(values[p.name] - p.lo) / (p.hi - p.lo) for p in params])


def from_unit(start: Policy, params: Sequence[Param], u: np.ndarray) -> Policy:
    """The policy at point ``u`` of [0, 1]^d: each parameter in its range, integers rounded, the others on a
    grid of :data:`RESOLUTION` steps of their range (rows that print short and read back exactly)."""
    values = {}
    for p, x in zip(params, np.clip(np.asarray(u, float), 0.0, 1.0)):
        v = p.lo + round(float(x) * RESOLUTION) / RESOLUTION * (p.hi - p.lo)
        values[p.name] = float(min(max(round(v), p.lo), p.hi)) if p.integer else min(max(round(v, 9), p.lo), p.hi)
    return Policy(start.spec, start.spec.row(**{**start.params, **values}))


def tune(
    game_name: str,
    policy: str,
    field: Sequence[str] | str,
    players: int | None = None,
    budget: int = DEFAULT_BUDGET,
    games_per_eval: int | None = None,
    seed: int = 0,
    *,
    confirm_games: int | None = None,
    fix: Sequence[str] = (),
    objective: str = "win",
    duplicate: bool | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
    log: Log | None = None,
) -> TuneResult:
    """Tune ``policy``'s parameters against ``field`` with CMA-ES; confirm the best row on fresh seeds."""
    p = plan(
        game_name,
        policy,
        field,
        players,
        budget,
        games_per_eval,
        confirm_games=confirm_games,
        fix=fix,
        objective=objective,
        duplicate=duplicate,
    )
    check_seed(seed)
    g = p.game
    texts = [p.start.spec.name, *(x.text for x in p.field)]
    confirm_size = paired.batch_games(p.confirm_games)
    total = p.budget + 2 * paired.BATCHES
    with _progress(total, progress, f"{g.name} tune", "run") as bar:
        history, generations = _search(p, seed, texts, bar, executor, log)
        best = _best(p, history)
        if log:
            log(f"confirming {best.label} against {p.start.label} on fresh seeds")
        seeds = paired.batch_seeds(seed, g, TUNE_CONFIRM, texts)
        run = (g, p.settings)
        base = paired.play_batches(*run, (p.start, *p.field), confirm_size, seeds, p.duplicate, executor, bar.update)
        alt = paired.play_batches(*run, (best, *p.field), confirm_size, seeds, p.duplicate, executor, bar.update)
    confirm = pd.DataFrame([{"best": best.text, "start": p.start.text, **paired.difference(base, alt, 0)}])
    weight = float(history.attrs["weight"])
    return TuneResult(
        g.name,
        p.start.spec.name,
        p.start.text,
        best.text,
        tuple(x.name for x in p.params),
        tuple(x.text for x in p.field),
        tuple(x.label for x in p.field),
        history,
        confirm,
        p.objective,
        weight,
        p.settings.players,
        p.budget,
        generations,
        p.games,
        p.confirm_games,
        seed,
        p.duplicate,
        g.unit,
        p.settings,
    )


def _search(
    p: Plan, seed: int, texts: list[str], bar: Any, executor: Executor | None, log: Log | None
) -> tuple[pd.DataFrame, int]:
    """Generations of CMA-ES until the budget is spent; every evaluation as a row of the history."""
    import cma

    rng = np.random.default_rng(derived_seed(seed, p.game.name, TUNE_SAMPLER, texts))
    minstd = [0.5 / (x.hi - x.lo) if x.integer else 0.0 for x in p.params]
    x0 = list(to_unit(p.start, p.params))
    if len(x0) == 1:  # cma mishandles one dimension (a per-coordinate minstd fails): a second one, ignored
        x0, minstd = [*x0, 0.5], [*minstd, 0.0]
    options = {
        "bounds": [0.0, 1.0],
        "seed": math.nan,
        "randn": lambda *shape: rng.standard_normal(shape),
        "verbose": -9,
        "minstd": minstd,
    }
    es = cma.CMAEvolutionStrategy(x0, SIGMA0, options)
    rows: list[dict] = []
    weight = None
    first: dict = {}
    generation = 0
    while len(rows) < p.budget:
        gen_seed = derived_seed(seed, p.game.name, TUNE, [*texts, f"generation {generation}"])
        start = _evaluate(p, p.start, gen_seed, executor)
        if weight is None:
            weight, first = _weight(p.objective, start), start
        rows.append(_row(p, generation, 0, p.start, start, start, first, weight, gen_seed))
        bar.update(1)
        asked = es.ask()
        take = asked[: p.budget - len(rows)]
        seen: dict[str, dict] = {p.start.text: start}
        scores = []
        for c, u in enumerate(take, start=1):
            cand = from_unit(p.start, p.params, u)
            if cand.text not in seen:
                seen[cand.text] = _evaluate(p, cand, gen_seed, executor)
            rows.append(_row(p, generation, c, cand, seen[cand.text], start, first, weight, gen_seed))
            scores.append(rows[-1]["score"])
            bar.update(1)
        if len(take) == len(asked):
            es.tell(asked, [-s for s in scores])
        if log:
            top = max(rows[-len(take) - 1 :], key=lambda r: r["improvement"])
            log(
                f"generation {generation + 1}: {len(take)} candidates, best {top['policy']} "
                f"({top['improvement']:+.4g} over the start)"
            )
        generation += 1
    history = pd.DataFrame(rows)
    history.attrs["weight"] = weight
    return history, generation


def _evaluate(p: Plan, candidate: Policy, seed: int, executor: Executor | None) -> dict:
    """Player 1's payoff and win rate (with standard errors) in one run of ``games`` games."""
    row = paired.outcome(p.game, p.settings, (candidate, *p.field), p.games, seed, p.duplicate, executor).iloc[0]
    return {
        "games": int(row.games),
        "payoff": float(row.payoff),
        "payoff_se": float(row.payoff_se),
        "win_rate": float(row.win_rate),
        "win_se": float(row.win_se),
    }


def _weight(objective: str, start: dict) -> float:
    """The secondary objective's weight: :data:`SECONDARY` primary standard errors per secondary one."""
    primary, secondary = ("win_se", "payoff_se") if objective == "win" else ("payoff_se", "win_se")
    ratio = start[primary] / start[secondary] if start[secondary] > 0 else 0.0
    return SECONDARY * ratio if math.isfinite(ratio) else 0.0


def score(objective: str, weight: float, outcome: dict, start: dict, first: dict) -> float:
    """The objective of one evaluation: the primary measure plus ``weight`` x the secondary's difference
    from ``start`` (the starting row on the same deals), clipped to one standard error of the secondary
    in ``first`` (the starting row's first evaluation)."""
    primary, secondary, se = (
        ("win_rate", "payoff", "payoff_se") if objective == "win" else ("payoff", "win_rate", "win_se")
    )
    d = outcome[secondary] - start[secondary]
    return outcome[primary] + weight * min(max(d, -first[se]), first[se])


def _row(
    p: Plan,
    generation: int,
    candidate: int,
    policy: Policy,
    out: dict,
    start: dict,
    first: dict,
    weight: float,
    seed: int,
) -> dict:
    s = score(p.objective, weight, out, start, first)
    return {
        "generation": generation + 1,
        "candidate": candidate,
        **{x.name: policy.params[x.name] for x in p.params},
        "policy": policy.text,
        **out,
        "score": s,
        "improvement": s - score(p.objective, weight, start, start, first),
        "seed": seed,
    }


def _best(p: Plan, history: pd.DataFrame) -> Policy:
    """The evaluated row with the largest improvement over the start (the first of equals; the start if none)."""
    top = history.loc[history.improvement.idxmax()]
    return p.game.parse(str(top.policy), p.settings.players) if top.improvement > 0 else p.start


def describe(result: TuneResult) -> list[str]:
    """The design of a tuning run in a few plain sentences."""
    g = game(result.game)
    primary, secondary = ("win rate", "payoff") if result.objective == "win" else ("payoff", "win rate")
    c = result.confirm.iloc[0]
    return [
        f"{g.title} tuning of {result.policy} ({', '.join(result.params)}) in seat 1 against "
        f"{', '.join(result.field_labels)} on {result.players} seats by CMA-ES: {len(result.history)} evaluations in "
        f"{result.generations} generations, {result.games_per_eval:,} {g.item}s each, every candidate of a "
        f"generation on the same deals; seed {result.seed}",
        f"score: {primary} + {result.weight:.4g} x {secondary}'s difference from the starting row's, clipped to "
        f"one standard error ({secondary} second); improvement: score minus the starting row's on the same deals",
        f"confirmation: {int(c.games):,} {g.item}s each for the best and the starting row on fresh seeds, "
        f"{paired.BATCHES} paired batches, 95 % t intervals; payoff in {g.unit}",
    ]
