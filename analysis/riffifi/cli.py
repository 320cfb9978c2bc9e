"""``razzmatazz riffifi``: explain a scenario (scripted plays), the Riffifi study, a new policy file.

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
from razzmatazz.analysis.riffifi.template import TEMPLATE
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Registry


@click.group()
def riffifi() -> None:
    """Riffifi (Stefan Dorra, 2000): loot chips, undercutting and claims.

    \b
    Examples:
      razzmatazz riffifi play --players 4 --games 100000
      razzmatazz riffifi explain seeds/riffifi/claim_seven_red.json
      razzmatazz riffifi policies
    """


@riffifi.command("explain")
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output: the steps as text, or JSON.",
)
def explain_cmd(scenario: Path, fmt: str) -> None:
    """Play a scripted sequence of cards and show every undercut, claim and chip movement.

    SCENARIO is a JSON file: players, start, officer, chips (each seat's holdings by colour; the
    middle holds the rest), face_up (cards lying in front of a seat, whose claims are due at its
    turn), plays (cards in turn order: "blue 5", or {"card": "officer", "target": "yellow"}),
    and optionally hands (then every play must come from them), rules (chips_per_colour,
    reveal_own, after_claim, tie) and choices (the seats that give the odd chips of ties, in
    turn, under tie chooser, the default; without one the leader gives it). A position the
    deck of that player count and variant cannot reach is refused in one line.

    \b
    Example:
      razzmatazz riffifi explain seeds/riffifi/claim_seven_red.json --format json
    """
    import json

    from razzmatazz.analysis.riffifi import scenario as F

    result = F.explain(F.load_scenario(scenario))
    echo(json.dumps(result, indent=2) if fmt == "json" else F.explain_text(result))


@riffifi.command("study")
@click.option(
    "--players",
    "players_text",
    default="3,4,5",
    show_default=True,
    metavar="N[,N...]",
    help="Player counts to study (3 to 5).",
)
@click.option(
    "--games",
    type=int,
    default=20_000,
    show_default=True,
    help="Games per player count, played once without and once with the Officer.",
)
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="The lineup (repeated to fill each table); default: the mix of 'riffifi play'.",
)
@resume_option
@common_options
@click.pass_context
def study_cmd(
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
    """The Riffifi study: which policy wins, the start position, the Officer, early cards.

    For each player count, the lineup plays --games games with the default rules and as many
    with the Officer. Reports win rates and chips with 95 % intervals and paired differences,
    chips per deal by start position, the Officer holder's advantage, and how often a card
    played as a player's first card of a deal pays, by value. Hands pass left and the start
    rotates: each dealt hand is played from one position while the policies rotate through them.
    --out writes the tables (parquet, CSV) and figures.

    \b
    Examples:
      razzmatazz riffifi study --games 50000 --out results/riffifi-study
      razzmatazz riffifi study --players 4 --policy expect --policy random
      razzmatazz riffifi study --resume results/riffifi-study   # after an interruption
    """
    if resume is not None:
        return resume_run(ctx, resume, "riffifi study")
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.riffifi import game as F
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result

    resuming = ctx.meta.get(RESUMING, False)

    try:
        players = sorted({int(x) for x in players_text.split(",")})
    except ValueError:
        raise InputError(f"--players takes player counts like 3,4,5; got {players_text!r}") from None
    for n in players:
        F.lineup(policy_texts, n)  # checks the count and the policies before any work
    F.check_games(games)
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
        keep_chunks(ctx, target, "riffifi study", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        tables = F.study(players, games, seed, texts=policy_texts, executor=ex, progress=progress(quiet))
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            from razzmatazz.analysis.riffifi.plots import study_figures

            meta = manifest(
                kind="riffifi study",
                seed=seed,
                players=players,
                games=games,
                lineup=list(policy_texts) or list(F.DEFAULT_MIX),
                threads=n_threads,
                wall_time_s=round(wall, 3),
                questions=list(F.STUDY_QUESTIONS),
                resumed=resuming,
            )
            paths = write_result(target, tables, meta, figures=study_figures(tables))
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    head = f"Riffifi study, {games:,} games per player count and variant, seed {seed}; {wall:.1f} s"
    emit(
        fmt,
        lambda: "\n".join(filter(None, [head, F.study_summary(tables), written])),
        lambda: {"seed": seed, "games": games, **{k: v.to_dict(orient="records") for k, v in tables.items()}},
        lambda: tables["policies"],
    )


def _registry() -> Registry:
    from razzmatazz.core.riffifi.policies import REGISTRY

    return REGISTRY


add_new_policy(riffifi, "riffifi", TEMPLATE, _registry)
