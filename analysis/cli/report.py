"""``razzmatazz report``: a self-contained HTML report (and Markdown) per game, made from fresh runs."""

from __future__ import annotations

from pathlib import Path

import click

from razzmatazz.analysis.cli.options import (
    RESUMING,
    Folder,
    draw_seed,
    echo,
    note,
    plugin_option,
    progress,
    resume_option,
    resume_run,
    run_args,
    set_threads,
)


@click.command("report")
@click.argument("game", metavar="GAME|all", required=False)
@click.option(
    "--quick",
    is_flag=True,
    help="Small samples (1 point half-widths; a few minutes for all three games, "
    "kernel compilation included) instead of the full ones.",
)
@click.option(
    "--out",
    type=Folder(),
    default=None,
    help="Directory for the report (HTML, Markdown, figures, tables, manifest.json); an earlier result "
    "there is replaced, any other non-empty directory refused. Default: a new folder under "
    "results/report/, with results/report/latest pointing to it.",
)
@click.option(
    "--seed", type=int, default=None, help="Root seed, 0 to 2^63-1 (a new one is drawn, printed and stored if omitted)."
)
@click.option("--threads", type=int, default=None, help="Worker threads per game (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress or notes on stderr.")
@click.option(
    "--cluster",
    default=None,
    metavar="local:N",
    help="Run the chunks on a local dask cluster of N worker processes (needs razzmatazz[cluster]); "
    "the games then run one after the other. The numbers are identical.",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="tcp://HOST:PORT",
    help="Run the chunks on an existing dask.distributed cluster.",
)
@plugin_option
@resume_option
@click.pass_context
def report(
    ctx: click.Context,
    game: str | None,
    quick: bool,
    out: Path | None,
    seed: int | None,
    threads: int | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
    plugin: Path | None,
    resume: Path | None,
) -> None:
    """Run the simulations of GAME (a game of 'razzmatazz --help', or all) and write a report of what they show.

    Each game gets a folder with a self-contained HTML page (figures and styles inside, no network
    needed), a Markdown page, its figures and its tables; `all` adds index.html at the top, linking
    into them. Every finding is written from the tables of the
    run with its 95 % interval, and the report ends with its provenance (seed, sample sizes,
    versions, commit, run time). The tables are written too (parquet and CSV).

    \b
    Examples:
      razzmatazz report all --quick
      razzmatazz report riffifi --seed 7 --out results/riffifi-report
      razzmatazz report --resume results/report/20261130-101500   # an interrupted run
      razzmatazz report razz --quick --plugin examples/razz_policy.py   # adds "Your policies"

    With --plugin (one game), each policy of the file takes the seat of the default mix's best heuristic, as
    does the default search, on the same deals: the page adds "Your policies", each one's paired gain over
    that heuristic and its difference from search.
    """
    if resume is not None:
        return resume_run(ctx, resume, "report")
    from razzmatazz.analysis.cluster import check_cluster, cluster_executor
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.report import build_report, games_of
    from razzmatazz.analysis.report.build import reported
    from razzmatazz.analysis.store import check_out_dir

    if game is None:
        raise click.UsageError(f"missing GAME ({', '.join(reported())} or all), or --resume DIR")
    games_of(game)
    if seed is not None:
        check_seed(seed)
    check_cluster(cluster, scheduler)
    if out is not None:
        check_out_dir(out, partial_ok=ctx.meta.get(RESUMING, False))
    set_threads(threads)
    seed = draw_seed(seed, quiet)
    with cluster_executor(cluster, scheduler) as ex:
        made = build_report(
            game,
            out,
            quick=quick,
            seed=seed,
            threads=threads,
            progress=progress(quiet),
            note=lambda text: note(quiet, text),
            executor=ex,
            run=run_args(ctx, seed=seed),
            resuming=ctx.meta.get(RESUMING, False),
            plugin=plugin,
        )
    note(quiet, f"written: {made.directory}/ ({len(made.files)} files) in {made.seconds:.0f} s")
    if made.latest is not None:
        note(quiet, f"{made.latest} points to it")
    echo(f"report: {made.main}")
