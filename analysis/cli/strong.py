"""``razzmatazz exploit`` and ``razzmatazz tune``: how far policies are from strong play, and tuning them."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis.cli.options import (
    RESUMING,
    cluster_executor,
    columns,
    common_options,
    emit,
    keep_chunks,
    note,
    plugin_option,
    progress,
    resume_option,
    resume_run,
)
from razzmatazz.analysis.cli.study import (
    EXPLOIT_CHOICE,
    GAME_CHOICE,
    PLAYERS_CHOICE,
    game_of,
    interval_words,
    number_words,
    prepare_run,
    reserve_out,
    run_meta,
    write_tables,
)
from razzmatazz.analysis.games import plugged

FIELD_HELP = "The field's policies, P1,P2,... (or repeat the option); they repeat in order to fill the table."
PLAYERS_HELP = f"Seats [default: {PLAYERS_CHOICE}]."
DUPLICATE_HELP = "Duplicate deals (each deal replayed N times, players rotated) [default: on]."


@click.command("exploit")
@click.argument("game_name", metavar="GAME", required=False)
@click.option("--field", "field_texts", multiple=True, metavar="P1,P2,...", help=FIELD_HELP)
@click.option("--players", type=int, default=None, help=PLAYERS_HELP)
@click.option(
    "--by",
    "by",
    default=None,
    metavar="NAME[:k=v,...]",
    help="The exploiting player, who takes each policy's seat [default: search].",
)
@click.option(
    "--games", type=int, default=None, help=f"Games (or hands) per lineup, in 20 batches [default: {EXPLOIT_CHOICE}]."
)
@click.option("--duplicate/--no-duplicate", default=None, help=DUPLICATE_HELP)
@plugin_option
@resume_option
@common_options
@click.pass_context
def exploit_cmd(
    ctx: click.Context,
    game_name: str | None,
    field_texts: tuple[str, ...],
    players: int | None,
    by: str | None,
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
    """How far each policy of a field is from strong play in that field.

    For each policy of --field, the exploiting player (--by, default the game's search player)
    takes the seat of that policy's first player, the rest of the lineup unchanged, and both
    lineups play the same deals (20 batches, each from its own seed). The paired gain of that
    seat in win rate and payoff, with 95 % intervals, is how much that policy leaves on the
    table. GAME is any game of 'razzmatazz --help'.

    \b
    Examples:
      razzmatazz exploit razzia --field greedy,hunter,bigpot,crowd,random --by hunter --games 20000
      razzmatazz exploit riffifi --field undercut,lowest,random --players 3 --by expect --out results/x
    """
    if resume is not None:
        return resume_run(ctx, resume, "exploit")
    ctx.with_resource(plugged(game_name, plugin))  # the file's policies seated like built-ins
    from razzmatazz.analysis.studies import exploit as X

    resuming = ctx.meta.get(RESUMING, False)
    g = X.plan(game_of(game_name), field_texts, players, by, games, duplicate=duplicate).game
    seed, n_threads = prepare_run(seed, out, cluster, scheduler, threads, quiet, fmt, resuming)
    log = None if quiet else (lambda text: note(quiet, text))
    with (
        reserve_out(out, resuming) as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "exploit", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = X.exploit(
            g.name,
            field_texts,
            players,
            by,
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
            meta = run_meta(
                "exploit",
                result,
                n_threads,
                wall,
                design=X.describe(result),
                by=result.by,
                field=list(result.field),
                games_per_lineup=result.games,
                batches=len(result.batches) // max(1, len(result.gains)),
                batch_games=result.batch_games,
            )
            paths = write_tables(target, {"gains": result.gains, "batches": result.batches}, meta, None)
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _exploit_text(result, wall, written), lambda: _exploit_json(result), lambda: result.gains)


def _exploit_text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.studies.exploit import describe

    unit = result.unit
    first, *rest = describe(result)
    rows = [
        {
            "policy": r.policy,
            "player": r.player,
            "win rate": f"{r.win_rate:.1%}",
            "by win rate": f"{r.by_win_rate:.1%}",
            "win gain": f"{r.win_rate_difference:+.1%}",
            "95% interval": f"[{r.win_rate_low:+.1%}, {r.win_rate_high:+.1%}]",
            "payoff gain": number_words(r.payoff_difference, unit, True),
            "payoff interval": interval_words(r.payoff_low, r.payoff_high, unit),
            "established": "yes" if r.clear else "no",
        }
        for r in result.gains.itertuples()
    ]
    lines = [
        f"{first}; {wall:.1f} s",
        *rest,
        "",
        f"Gain of {result.by_label} in each policy's seat (win rate; payoff in {unit}):",
        columns(rows, list(rows[0]), right=("player", "win rate", "by win rate", "win gain", "payoff gain")),
    ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _exploit_json(result: Any) -> dict:
    from razzmatazz.analysis.studies.exploit import describe
    from razzmatazz.analysis.studies.paired import BATCHES

    return {
        "game": result.game,
        "by": result.by,
        "field": list(result.field),
        "players": result.players,
        "games": result.games,
        "batches": BATCHES,
        "batch_games": result.batch_games,
        "seed": result.seed,
        "duplicate": result.duplicate,
        "unit": result.unit,
        "design": describe(result),
        "gains": result.gains.to_dict(orient="records"),
    }


@click.command("tune")
@click.argument("game_name", metavar="GAME", required=False)
@click.argument("policy_text", metavar="POLICY", required=False)
@click.option(
    "--field",
    "field_texts",
    multiple=True,
    metavar="P1,P2,...",
    help="The other seats' policies, P1,P2,... (or repeat the option); they repeat to fill the seats.",
)
@click.option("--players", type=int, default=None, help=PLAYERS_HELP)
@click.option(
    "--budget",
    type=int,
    default=60,
    show_default=True,
    help="Evaluations in all (each --games-per-eval games; the starting row's included).",
)
@click.option(
    "--games-per-eval", type=int, default=None, help=f"Games (or hands) per evaluation [default: {GAME_CHOICE}]."
)
@click.option(
    "--confirm-games",
    type=int,
    default=None,
    help="Games for each of the best and the starting row on fresh seeds [default: --games-per-eval].",
)
@click.option("--fix", "fix", multiple=True, metavar="NAME", help="A parameter kept at its value in POLICY (repeat).")
@click.option(
    "--objective",
    type=click.Choice(("win", "payoff")),
    default="win",
    show_default=True,
    help="What comes first: the win rate (payoff breaks near-ties) or the payoff.",
)
@click.option("--duplicate/--no-duplicate", default=None, help=DUPLICATE_HELP)
@plugin_option
@resume_option
@common_options
@click.pass_context
def tune_cmd(
    ctx: click.Context,
    game_name: str | None,
    policy_text: str | None,
    field_texts: tuple[str, ...],
    players: int | None,
    budget: int,
    games_per_eval: int | None,
    confirm_games: int | None,
    fix: tuple[str, ...],
    objective: str,
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
    """Tune a policy's parameters against a field (CMA-ES, noisy).

    POLICY (NAME or NAME:k=v,... for the starting row) plays seat 1 against --field. Every
    parameter with a range is searched within it (integers rounded; --fix keeps one), every
    candidate of a generation on the same deals, with the starting row played again in each
    generation to measure improvements. The best row is played again against the starting row
    on fresh seeds (paired, 95 % intervals) and printed as POLICY:k=v,... for --policy.
    GAME is any game of 'razzmatazz --help'.

    \b
    Examples:
      razzmatazz tune razzia hunter --field greedy,bigpot,crowd,random --budget 60 --games-per-eval 2000
      razzmatazz tune riffifi undercut --field expect,thief --players 3 --budget 24 --out results/tune
    """
    if resume is not None:
        return resume_run(ctx, resume, "tune")
    ctx.with_resource(plugged(game_name, plugin))  # the file's policies seated like built-ins
    from razzmatazz.analysis.studies import tune as T

    resuming = ctx.meta.get(RESUMING, False)
    if policy_text is None:
        raise click.UsageError("missing POLICY (the policy to tune), or --resume DIR")
    p = T.plan(
        game_of(game_name),
        policy_text,
        field_texts,
        players,
        budget,
        games_per_eval,
        confirm_games=confirm_games,
        fix=fix,
        objective=objective,
        duplicate=duplicate,
    )
    seed, n_threads = prepare_run(seed, out, cluster, scheduler, threads, quiet, fmt, resuming)
    log = None if quiet else (lambda text: note(quiet, text))
    with (
        reserve_out(out, resuming) as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "tune", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = T.tune(
            p.game.name,
            policy_text,
            field_texts,
            players,
            budget,
            games_per_eval,
            seed,
            confirm_games=confirm_games,
            fix=fix,
            objective=objective,
            duplicate=duplicate,
            executor=ex,
            progress=progress(quiet),
            log=log,
        )
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            meta = run_meta(
                "tune",
                result,
                n_threads,
                wall,
                design=T.describe(result),
                policy=policy_text,
                start=result.start,
                best=result.best,
                params=list(result.params),
                field=list(result.field),
                budget=result.budget,
                generations=result.generations,
                games_per_eval=result.games_per_eval,
                confirm_games=result.confirm_games,
                objective=result.objective,
                weight=result.weight,
            )
            paths = write_tables(target, {"history": result.history, "confirm": result.confirm}, meta, None)
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _tune_text(result, wall, written), lambda: _tune_json(result), lambda: result.history)


def _tune_text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.studies.paired import established
    from razzmatazz.analysis.studies.tune import describe

    unit, c = result.unit, result.confirm.iloc[0]
    first, *rest = describe(result)
    top = result.history.sort_values("improvement", ascending=False, kind="stable").head(5)
    rows = [
        {
            "generation": r.generation,
            "candidate": r.candidate,
            "improvement": f"{r.improvement:+.4g}",
            "win rate": f"{r.win_rate:.1%}",
            "payoff": number_words(r.payoff, unit),
            "policy": r.policy,
        }
        for r in top.itertuples()
    ]
    verdict = "established" if established(c.win_rate_low, c.win_rate_high) else "not established"
    lines = [
        f"{first}; {wall:.1f} s",
        *rest,
        "",
        "Best evaluations (overrated by the choice):",
        columns(rows, list(rows[0]), right=("generation", "candidate", "improvement", "win rate", "payoff")),
        "",
        "Confirmed on fresh seeds, best minus start (quote these):",
        f"  win rate {c.alt_win_rate:.1%} against {c.win_rate:.1%}: {c.win_rate_difference:+.1%} "
        f"[{c.win_rate_low:+.1%}, {c.win_rate_high:+.1%}], {verdict}",
        f"  payoff {number_words(c.alt_payoff, unit)} against {number_words(c.payoff, unit)}: "
        f"{number_words(c.payoff_difference, unit, True)} "
        f"{interval_words(c.payoff_low, c.payoff_high, unit)} ({unit})",
        "",
        f"best: {result.best}",
    ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _tune_json(result: Any) -> dict:
    from razzmatazz.analysis.studies.tune import describe

    return {
        "game": result.game,
        "policy": result.policy,
        "start": result.start,
        "best": result.best,
        "params": list(result.params),
        "field": list(result.field),
        "players": result.players,
        "budget": result.budget,
        "generations": result.generations,
        "games_per_eval": result.games_per_eval,
        "confirm_games": result.confirm_games,
        "objective": result.objective,
        "weight": result.weight,
        "seed": result.seed,
        "duplicate": result.duplicate,
        "unit": result.unit,
        "design": describe(result),
        "confirm": result.confirm.iloc[0].to_dict(),
        "history": result.history.to_dict(orient="records"),
    }
