"""``razzmatazz razzia``: settle a bar step by step, the police study, a new policy file.

``play`` and ``policies`` come from :mod:`razzmatazz.analysis.cli.play` (this game's part: :mod:`.cli_play`).
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path

import click

from razzmatazz.analysis.cli.new_policy import add_new_policy
from razzmatazz.analysis.cli.options import (
    RESUMING,
    check_cluster,
    cluster_executor,
    common_options,
    draw_seed,
    echo,
    emit,
    keep_chunks,
    note,
    progress,
    resume_option,
    resume_run,
    set_threads,
)
from razzmatazz.analysis.inputs import shorten
from razzmatazz.analysis.razzia.template import TEMPLATE
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Registry


@click.group()
def razzia() -> None:
    """Razzia (Stefan Dorra, 1992): bars, gamblers and police, haggling and dice duels.

    \b
    Examples:
      razzmatazz razzia play --players 5 --games 100000
      razzmatazz razzia police --out results/razzia-police
      razzmatazz razzia explain seeds/razzia/jazz_house_haggle.json
    """


@razzia.command("explain")
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="Policies for the decisions the file leaves out (one per seat, repeated; default greedy).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the dice the file does not give.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output: the steps as text, or JSON.",
)
def explain_cmd(scenario: Path, policy_texts: tuple[str, ...], seed: int, fmt: str) -> None:
    """Settle one bar the way players settle a dispute at the table, step by step.

    SCENARIO is a JSON file: players, croupier, money (the bar's money cards), cards (each
    {seat, kind, value} played there), offer (the proposer's division: seat -> money cards),
    answers (seat -> accept or duel), dice (seat -> rolls in the order thrown), and optionally
    bar (a name) and settings (rule switches); or bars, a list of such bars. A decision the file
    leaves out is taken by the policies, a missing roll is drawn from --seed; the output says which.

    \b
    Examples:
      razzmatazz razzia explain seeds/razzia/jazz_house_haggle.json
      razzmatazz razzia explain seeds/razzia/three_way_both_decline.json --format json
    """
    import json

    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.razzia import game as Z
    from razzmatazz.analysis.razzia import scenario as X

    check_seed(seed)
    data = X.load_scenario(scenario)
    settings = X.scenario_settings(data)
    policies = Z.lineup(policy_texts, settings.players) if policy_texts else None
    result = X.explain(data, seed=seed, policies=policies)
    echo(json.dumps(result, indent=2) if fmt == "json" else X.explain_text(result))


@razzia.command("police")
@click.option(
    "--players",
    "players_text",
    default="3,4,5,6,7,8",
    show_default=True,
    metavar="N[,N...]",
    help="Player counts to study (2 to 8; every default mix seats each).",
)
@click.option("--games", type=int, default=20_000, show_default=True, help="Games per player count and mix.")
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="Study this lineup instead of the default mixes (the default mix, all hunters, and greedy "
    "with the three haggling styles).",
)
@resume_option
@common_options
@click.pass_context
def police_cmd(
    ctx: click.Context,
    players_text: str,
    games: int,
    policy_texts: tuple[str, ...],
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
) -> None:
    """The police-card study: how often a police card played wins money, and at which pot.

    For each player count and policy mix: win rate of police cards with a Wilson interval, by
    card value, by the money at the bar and by how many other cards were played there; the same
    for gambling cards played beside police and without police; money won per card played;
    the croupier's advantage; and how much the haggling policy matters (one play policy with
    exact, always-accept and always-duel haggling, paired). --out writes parquet and CSV
    tables and the figures.

    \b
    Examples:
      razzmatazz razzia police --games 50000 --out results/razzia-police
      razzmatazz razzia police --players 4 --policy bigpot:threshold=6 --policy greedy
      razzmatazz razzia police --resume results/razzia-police   # after an interruption
    """
    if resume is not None:
        return resume_run(ctx, resume, "razzia police")
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.razzia import game as Z
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result

    resuming = ctx.meta.get(RESUMING, False)

    try:
        players = sorted({int(x) for x in players_text.split(",")})
    except ValueError:
        raise InputError(f"--players takes player counts like 3,4,5; got {shorten(repr(players_text))}") from None
    mixes = {"lineup": policy_texts} if policy_texts else None
    lineups = Z.study_lineups(players, mixes)  # every count against every mix, before --out is made
    Z.check_games(games)
    if seed is not None:
        check_seed(seed)
    if out is not None:
        check_out_dir(out, partial_ok=resuming)
    check_cluster(cluster, scheduler)
    n_threads = set_threads(threads)
    seed = draw_seed(seed, quiet or fmt != "table")
    held = reserve(out, partial_ok=resuming) if out is not None else nullcontext(None)
    with (
        held as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "razzia police", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        tables = Z.police_study(players, games, seed, mixes=mixes, executor=ex, progress=progress(quiet))
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            from razzmatazz.analysis.razzia.plots import police_figures

            studied: dict[str, dict[str, list[str]]] = {}
            for (n, mix), policies in lineups.items():
                studied.setdefault(mix, {})[str(n)] = [p.text for p in policies]
            meta = manifest(
                kind="razzia police",
                seed=seed,
                players=players,
                games=games,
                mixes=studied,
                threads=n_threads,
                wall_time_s=round(wall, 3),
                resumed=resuming,
            )
            paths = write_result(target, tables, meta, figures=police_figures(tables))
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    head = f"Razzia police study, {games:,} games per player count and mix, seed {seed}; {wall:.1f} s"
    emit(
        fmt,
        lambda: "\n".join(filter(None, [head, Z.police_summary(tables), written])),
        lambda: {"seed": seed, "games": games, **{k: v.to_dict(orient="records") for k, v in tables.items()}},
        lambda: tables["by_bucket"],
    )


def _registry() -> Registry:
    from razzmatazz.core.razzia.policies import REGISTRY

    return REGISTRY


add_new_policy(razzia, "razzia", TEMPLATE, _registry)
