"""``razzmatazz tournament`` and ``razzmatazz sweep``: compare and tune policies of any of the three games."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis import games
from razzmatazz.analysis.cli.options import (
    RESUMING,
    check_cluster,
    cluster_executor,
    columns,
    common_options,
    draw_seed,
    emit,
    keep_chunks,
    note,
    plugin_option,
    progress,
    resume_option,
    resume_run,
    set_threads,
)
from razzmatazz.analysis.games import plugged

GAME_HELP = f"GAME is {', '.join(games.names()[:-1])} or {games.names()[-1]}."


def prepare_run(
    seed: int | None,
    out: Path | None,
    cluster: str | None,
    scheduler: str | None,
    threads: int | None,
    quiet: bool,
    fmt: str,
    resuming: bool,
) -> tuple[int, int]:
    """Checks before any work; returns (seed, threads)."""
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.store import check_out_dir

    if seed is not None:
        check_seed(seed)
    if out is not None:
        check_out_dir(out, partial_ok=resuming)
    check_cluster(cluster, scheduler)
    n_threads = set_threads(threads)
    return draw_seed(seed, quiet or fmt != "table"), n_threads


def number_words(x: float, unit: str, sign: bool = False) -> str:
    """``x`` as a study table prints it: whole dollars, else two decimals (``sign``: always signed)."""
    return f"{x:{'+' if sign else ''},.{0 if unit.startswith('dollars') else 2}f}"


def interval_words(lo: float, hi: float, unit: str) -> str:
    """An interval ``[lo, hi]`` in the style of :func:`number_words`."""
    return f"[{number_words(lo, unit)}, {number_words(hi, unit)}]"


PLAYERS_CHOICE = ", ".join(f"{n} {games.game(n).default_players}" for n in games.names())
GAME_CHOICE = ", ".join(f"{n} {games.game(n).default_games:,}" for n in games.names())
EXPLOIT_CHOICE = ", ".join(f"{n} {games.game(n).exploit_default:,}" for n in games.names())


@click.command("tournament")
@click.argument("game_name", metavar="GAME", required=False)
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="A policy in the tournament (repeat, at least twice; see 'GAME policies').",
)
@click.option("--players", type=int, default=None, help=f"Seats at each table [default: {PLAYERS_CHOICE}].")
@click.option(
    "--games",
    type=int,
    default=None,
    help=f"Games (or hands) per table, rounded up to whole duplicate deals [default: {GAME_CHOICE}].",
)
@click.option(
    "--duplicate/--no-duplicate",
    default=None,
    help="Duplicate deals (each deal replayed N times, players rotated) [default: on].",
)
@plugin_option
@resume_option
@common_options
@click.pass_context
def tournament_cmd(
    ctx: click.Context,
    game_name: str | None,
    policy_texts: tuple[str, ...],
    players: int | None,
    games: int | None,
    duplicate: bool | None,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
    plugin: Path | None,
) -> None:
    """Round robin between policies: who wins, by how much, and a rating.

    With k policies and N seats, k >= N plays every N-subset once; k < N seats every policy at
    every table, repeats spread as evenly as possible. Each table plays --games games (seats
    rotate every game, duplicate deals by default) from its own seed derived from --seed and
    its lineup. Reports per policy the payoff (Razz big bets per 100 hands, Razzia dollars,
    Riffifi chips, per game) and win rate with 95 % intervals; every pair's paired difference
    with Bonferroni-adjusted intervals (not significant when it covers 0); and a least-squares
    strength (payoff above the table's mean) that copes with any number of players. GAME is
    any game of 'razzmatazz --help'.

    \b
    Examples:
      razzmatazz tournament riffifi --policy expect --policy undercut --policy thief --players 3
      razzmatazz tournament razz --policy tag --policy rock --policy steal --games 100000 --out results/t
      razzmatazz tournament --resume results/t   # after an interruption
    """
    if resume is not None:
        return resume_run(ctx, resume, "tournament")
    ctx.with_resource(plugged(game_name, plugin))  # the file's policies seated like built-ins
    from razzmatazz.analysis.studies import tournament as T

    resuming = ctx.meta.get(RESUMING, False)
    g = T.plan(game_of(game_name), policy_texts, players, games, duplicate=duplicate).game
    seed, n_threads = prepare_run(seed, out, cluster, scheduler, threads, quiet, fmt, resuming)
    log = None if quiet else (lambda text: note(quiet, text))
    with (
        reserve_out(out, resuming) as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "tournament", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = T.tournament(
            g.name,
            policy_texts,
            players,
            games,
            seed,
            duplicate=duplicate,
            executor=ex,
            progress=progress(quiet),
            log=log,
        )
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            from razzmatazz.analysis.studies.plots import tournament_figures

            meta = run_meta(
                "tournament",
                result,
                n_threads,
                wall,
                design=T.describe(result),
                policies=list(result.policies.text),
                lineups=[list(x) for x in result.lineups],
                games_per_table=result.played,
                tables=len(result.lineups),
                correction=T.CORRECTION,
                comparisons=result.comparisons,
            )
            paths = write_tables(
                target,
                {"policies": result.policies, "pairs": result.pairs, "tables": result.tables},
                meta,
                tournament_figures(result),
            )
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(
        fmt, lambda: _tournament_text(result, wall, written), lambda: _tournament_json(result), lambda: result.policies
    )


def game_of(name: str | None) -> str:
    """The GAME argument, required unless the run resumes (the stored run names its game)."""
    if name is None:
        raise click.UsageError(f"missing GAME ({', '.join(games.names())}), or --resume DIR")
    return name


def reserve_out(out: Path | None, resuming: bool) -> Any:
    """The ``--out`` folder reserved for writing (:func:`.store.reserve`), or a context of None without one."""
    from razzmatazz.analysis.store import reserve

    return reserve(out, partial_ok=resuming) if out is not None else nullcontext(None)


def run_meta(kind: str, result: Any, threads: int, wall: float, **fields: Any) -> dict:
    """The manifest of a study's result (its game, seed, settings, threads, wall time and ``fields``)."""
    from razzmatazz.analysis.store import manifest

    return manifest(
        kind=kind,
        game=result.game,
        seed=result.seed,
        players=result.players,
        duplicate=result.duplicate,
        unit=result.unit,
        settings=vars(result.settings),
        threads=threads,
        wall_time_s=round(wall, 3),
        **fields,
    )


def write_tables(target: Path, tables: dict, meta: dict, figures: Any) -> list[Path]:
    """Write a study's tables, manifest and figures atomically into ``target``; the paths written."""
    from razzmatazz.analysis.store import write_result

    return write_result(target, tables, meta, figures=figures)


def _tournament_text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.studies.tournament import describe

    unit = result.unit
    first, *rest = describe(result)
    lines = [f"{first}; {wall:.1f} s", *rest, ""]
    rows = [
        {
            "rank": r.rank,
            "policy": r.policy,
            "strength": number_words(r.strength, unit, True),
            "95% interval": interval_words(r.strength_low, r.strength_high, unit),
            "payoff": number_words(r.payoff, unit),
            "payoff interval": interval_words(r.payoff_low, r.payoff_high, unit),
            "win rate": f"{r.win_rate:.1%}",
            "win interval": f"[{r.win_low:.1%}, {r.win_high:.1%}]",
            "tables": r.tables,
            "games": f"{r.games:,}",
        }
        for r in result.policies.itertuples()
    ]
    lines.append(columns(rows, list(rows[0]), right=("rank", "strength", "payoff", "win rate", "tables", "games")))
    pairs = result.pairs[result.pairs.difference >= 0]
    prs = [
        {
            "policy": r.policy,
            "minus": r.versus,
            "difference": number_words(r.difference, unit),
            "95% interval": interval_words(r.ci_low, r.ci_high, unit),
            f"{result.comparisons}-fold adjusted": interval_words(r.adj_low, r.adj_high, unit),
            "ahead": r.ahead,
        }
        for r in pairs.itertuples()
    ]
    lines += [
        "",
        f"Pairs ({unit}, paired over common tables; Bonferroni-adjusted intervals decide who is ahead):",
        columns(prs, list(prs[0]), right=("difference",)),
    ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _tournament_json(result: Any) -> dict:
    from razzmatazz.analysis.studies.tournament import CORRECTION, describe

    return {
        "game": result.game,
        "seed": result.seed,
        "players": result.players,
        "games_per_table": result.played,
        "tables": len(result.lineups),
        "duplicate": result.duplicate,
        "unit": result.unit,
        "correction": CORRECTION,
        "comparisons": result.comparisons,
        "design": describe(result),
        "lineups": [list(x) for x in result.lineups],
        "policies": result.policies.to_dict(orient="records"),
        "pairs": result.pairs.to_dict(orient="records"),
        "per_table": result.tables.to_dict(orient="records"),
    }


@click.command("sweep")
@click.argument("game_name", metavar="GAME", required=False)
@click.option(
    "--policy", "policy_text", metavar="NAME[:k=v,...]", help="The policy to tune; parameters set here stay fixed."
)
@click.option(
    "--param",
    "param_texts",
    multiple=True,
    metavar="NAME=LO:HI:STEP",
    help="A parameter and its grid (repeat for a cartesian product; at most 200 points).",
)
@click.option(
    "--field",
    "field_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="A policy of the other seats (repeat; repeated in order to fill them).",
)
@click.option("--players", type=int, default=None, help=f"Seats [default: {PLAYERS_CHOICE}].")
@click.option("--games", type=int, default=None, help=f"Games (or hands) per grid point [default: {GAME_CHOICE}].")
@click.option(
    "--confirm-games",
    type=int,
    default=None,
    help="Games per confirmation of the best and runner-up, on fresh seeds [default: --games].",
)
@click.option(
    "--duplicate/--no-duplicate",
    default=None,
    help="Duplicate deals (each deal replayed N times, players rotated) [default: on].",
)
@plugin_option
@resume_option
@common_options
@click.pass_context
def sweep_cmd(
    ctx: click.Context,
    game_name: str | None,
    policy_text: str | None,
    param_texts: tuple[str, ...],
    field_texts: tuple[str, ...],
    players: int | None,
    games: int | None,
    confirm_games: int | None,
    duplicate: bool | None,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
    plugin: Path | None,
) -> None:
    """Tune a policy: its payoff over a grid of parameters against a fixed field.

    The policy plays seat 1 and the field the others (seats rotate, duplicate deals by default);
    every grid point plays --games games from one seed (common random numbers). The best point
    and the runner-up are then played again from a fresh seed and reported separately: the
    best of many noisy points is overrated, the confirmation is not. --out adds a plot of the
    payoff against each parameter with 95 % intervals. GAME is any game of 'razzmatazz --help'.

    \b
    Examples:
      razzmatazz sweep riffifi --policy undercut --param min_claim=1:8:1 --field expect --field thief --players 3
      razzmatazz sweep razz --policy steal --param door=4:8:1 --param behind=0:3:1 --field tag --players 4
      razzmatazz sweep --resume results/s   # after an interruption of a run with --out results/s
    """
    if resume is not None:
        return resume_run(ctx, resume, "sweep")
    ctx.with_resource(plugged(game_name, plugin))  # the file's policies seated like built-ins
    from razzmatazz.analysis.studies import sweep as S

    resuming = ctx.meta.get(RESUMING, False)
    if policy_text is None:
        raise click.UsageError("missing --policy (the policy to tune), or --resume DIR")
    params = S.parse_params(param_texts)
    g = S.plan(
        game_of(game_name),
        policy_text,
        params,
        field_texts,
        players,
        games,
        confirm_games=confirm_games,
        duplicate=duplicate,
    ).game
    seed, n_threads = prepare_run(seed, out, cluster, scheduler, threads, quiet, fmt, resuming)
    log = None if quiet else (lambda text: note(quiet, text))
    with (
        reserve_out(out, resuming) as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "sweep", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = S.sweep(
            g.name,
            policy_text,
            params,
            field_texts,
            players,
            games,
            seed,
            confirm_games=confirm_games,
            duplicate=duplicate,
            executor=ex,
            progress=progress(quiet),
            log=log,
        )
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            from razzmatazz.analysis.studies.plots import sweep_figures

            meta = run_meta(
                "sweep",
                result,
                n_threads,
                wall,
                design=S.describe(result),
                policy=policy_text,
                params={k: list(v) for k, v in result.params.items()},
                field=list(result.field),
                games_per_point=int(result.grid.games.iloc[0]),
                confirm_games=result.confirm_games,
                grid_seed=result.grid_seed,
                confirm_seed=result.confirm_seed,
                best=result.best,
            )
            paths = write_tables(target, {"grid": result.grid, "confirm": result.confirm}, meta, sweep_figures(result))
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _sweep_text(result, wall, written), lambda: _sweep_json(result), lambda: result.grid)


def _sweep_rows(frame: Any, names: list[str], unit: str, first: Callable[[Any], dict]) -> list[dict]:
    return [
        {
            **first(r),
            **{k: f"{getattr(r, k):g}" for k in names},
            "payoff": number_words(r.payoff, unit),
            "95% interval": interval_words(r.payoff_low, r.payoff_high, unit),
            "win rate": f"{r.win_rate:.1%}",
            "win interval": f"[{r.win_low:.1%}, {r.win_high:.1%}]",
        }
        for r in frame.itertuples()
    ]


def _sweep_text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.studies.sweep import describe

    names, unit = list(result.params), result.unit
    grid = _sweep_rows(result.grid, names, unit, lambda r: {"rank": r.rank})
    conf = _sweep_rows(result.confirm, names, unit, lambda r: {"role": r.role})
    first, *rest = describe(result)
    lines = [
        f"{first}; {wall:.1f} s",
        *rest,
        "",
        f"Grid, best first ({unit}):",
        columns(grid, list(grid[0]), right=("rank", "payoff", "win rate")),
        "",
        "Confirmed on fresh seeds (quote these: the grid's best is overrated by the choice):",
        columns(conf, list(conf[0]), right=("payoff", "win rate")),
    ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _sweep_json(result: Any) -> dict:
    from razzmatazz.analysis.studies.sweep import describe

    return {
        "game": result.game,
        "policy": result.policy,
        "params": {k: list(v) for k, v in result.params.items()},
        "field": list(result.field),
        "players": result.players,
        "games": result.games,
        "confirm_games": result.confirm_games,
        "seed": result.seed,
        "grid_seed": result.grid_seed,
        "confirm_seed": result.confirm_seed,
        "duplicate": result.duplicate,
        "unit": result.unit,
        "best": result.best,
        "design": describe(result),
        "grid": result.grid.to_dict(orient="records"),
        "confirm": result.confirm.to_dict(orient="records"),
    }
