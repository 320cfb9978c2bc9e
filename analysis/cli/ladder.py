"""``razzmatazz ladder``: the skill ladder of a game's search player (how much skill pays)."""

from __future__ import annotations

import math
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
    progress,
    resume_option,
    resume_run,
)
from razzmatazz.analysis.cli.study import PLAYERS_CHOICE, game_of, prepare_run, reserve_out, run_meta, write_tables
from razzmatazz.analysis.studies import LADDER_GAMES as DEFAULT_GAMES
from razzmatazz.analysis.studies import LADDER_TOP as TOP


@click.command("ladder")
@click.argument("game_name", metavar="GAME", required=False)
@click.option("--players", type=int, default=None, help=f"Seats [default: {PLAYERS_CHOICE}].")
@click.option(
    "--games",
    type=int,
    default=None,
    help="Games (or hands) per lineup, in 20 batches [default: "
    + ", ".join(f"{v:,} {k}s" for k, v in DEFAULT_GAMES.items())
    + "].",
)
@click.option(
    "--top",
    type=int,
    default=TOP,
    show_default=True,
    help="The largest budget climbed (samples: a power of two, 1 to 4096).",
)
@click.option("--duplicate/--no-duplicate", default=None, help="Duplicate deals [default: on].")
@resume_option
@common_options
@click.pass_context
def ladder_cmd(
    ctx: click.Context,
    game_name: str | None,
    players: int | None,
    games: int | None,
    top: int,
    duplicate: bool | None,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
) -> None:
    """How much skill pays: the search player's ladder of budgets.

    The game's search player at 1, 2, 4, 8, ... samples a decision takes, rung by rung, the seat of
    the default mix's best heuristic; every lineup plays the same deals (20 batches, each from its
    own seed). Each rung's paired gain over the rung below and over the heuristic, with 95 %
    intervals; the climb ends where a doubling gains no established amount (or at --top).
    GAME is any game of 'razzmatazz --help' with a search player.

    \b
    Examples:
      razzmatazz ladder riffifi --players 4
      razzmatazz ladder razz --games 40000 --top 32 --format json
    """
    if resume is not None:
        return resume_run(ctx, resume, "ladder")
    from razzmatazz.analysis.studies import ladder as L

    name = game_of(game_name)
    resuming = ctx.meta.get(RESUMING, False)
    L.check(name, players, games, top)
    seed, n_threads = prepare_run(seed, out, cluster, scheduler, threads, quiet, fmt, resuming)
    log = None if quiet else (lambda text: note(quiet, text))
    with (
        reserve_out(out, resuming) as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "ladder", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = L.ladder(
            name, players, games, seed, top=top, duplicate=duplicate, executor=ex, progress=progress(quiet), log=log
        )
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            meta = run_meta(
                "ladder",
                result,
                n_threads,
                wall,
                design=L.describe(result),
                heuristic=result.heuristic,
                seat=result.seat + 1,
                field=list(result.field),
                games_per_lineup=result.games,
                batch_games=result.batch_games,
                stopped=result.stopped,
            )
            paths = write_tables(target, {"rungs": result.rungs}, meta, None)
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _text(result, wall, written), lambda: _json(result), lambda: result.rungs)


def _number(v: float, points: bool) -> str:
    return "n/a" if math.isnan(v) else f"{100 * v:+.1f}" if points else f"{v:+.1f}"


def _text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.studies.ladder import describe

    points = result.measure == "win_rate"
    first, *rest = describe(result)
    rows = [
        {
            "rung": r.rung,
            "samples": r.samples,
            "result": f"{r.result:.1%}" if points else f"{r.result:+.1f}",
            "gain over the rung below": _number(r.gain, points),
            "95% interval": f"[{_number(r.gain_low, points)}, {_number(r.gain_high, points)}]",
            "established": "yes" if r.established else "no",
            f"over {result.heuristic}": _number(r.over_heuristic, points),
            "95% interval ": f"[{_number(r.over_heuristic_low, points)}, {_number(r.over_heuristic_high, points)}]",
            "s": f"{r.seconds:.1f}",
        }
        for r in result.rungs.itertuples()
    ]
    lines = [
        f"{first}; {wall:.1f} s",
        *rest,
        "",
        f"Rungs ({result.unit}; the first rung's gain is over {result.heuristic}):",
        columns(rows, list(rows[0]), right=("rung", "samples", "result", "s")),
    ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _json(result: Any) -> dict:
    from razzmatazz.analysis.studies.ladder import describe
    from razzmatazz.analysis.studies.paired import BATCHES

    rungs = [
        {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in r.items()}
        for r in result.rungs.to_dict(orient="records")
    ]
    return {
        "game": result.game,
        "players": result.players,
        "field": list(result.field),
        "seat": result.seat + 1,
        "heuristic": result.heuristic,
        "measure": result.measure,
        "unit": result.unit,
        "games": result.games,
        "batches": BATCHES,
        "batch_games": result.batch_games,
        "seed": result.seed,
        "duplicate": result.duplicate,
        "design": describe(result),
        "stopped": result.stopped,
        "rungs": rungs,
    }
