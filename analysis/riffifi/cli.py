"""``razzmatazz riffifi``: play games between policies, explain a script, list the policies."""

from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis.cli.new_policy import add_new_policy
from razzmatazz.analysis.cli.options import (
    RESUMING,
    Index,
    check_cluster,
    check_human,
    check_trace,
    cluster_executor,
    columns,
    common_options,
    draw_seed,
    echo,
    emit,
    emit_trace,
    human_options,
    keep_chunks,
    list_policies,
    note,
    one_plugin,
    policy_list_options,
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


def _settings(
    players: int,
    chips_per_colour: int,
    officer: bool,
    redeal: bool,
    reveal_own: bool,
    after_claim: str,
    end: str,
    tie: str,
    passing: str,
    start: str,
    scoring: str,
    tick_at: int,
    max_deals: int | None,
    tally: str,
    officer_as_one: bool = False,
) -> Any:
    from razzmatazz.core.riffifi.rules import Settings

    if max_deals is not None and scoring != "ticks":
        raise InputError("--max-deals applies only to --scoring ticks")
    return Settings(
        players=players,
        chips_per_colour=chips_per_colour,
        officer=officer,
        redeal=redeal,
        reveal_own=reveal_own,
        after_claim=after_claim,
        end=end,
        tie=tie,
        passing=passing,
        start=start,
        scoring=scoring,
        tick_at=tick_at,
        max_deals=20 if max_deals is None else max_deals,
        tally=tally,
        officer_as_one=officer_as_one,
    )


@riffifi.command("play")
@click.option("--players", type=int, default=4, show_default=True, help="Players, 3 to 5.")
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="Policy of the next player (repeat; the list is repeated to fill the table). "
    "Default: expect, undercut, planner, thief-tuned, expect-tuned (as many as players). See 'riffifi policies'.",
)
@click.option("--games", type=int, default=100_000, show_default=True, help="Games to play (a game is N deals).")
@click.option(
    "--duplicate",
    is_flag=True,
    help="Duplicate deals: each set of cards is played N times with the players rotated "
    "(games rounded up to a multiple of N).",
)
@click.option("--officer", is_flag=True, help="The Officer variant (G5).")
@click.option(
    "--officer-as-one",
    is_flag=True,
    help="The Officer variant's deals with the Officer played as the 1 it replaced: with the same --seed as an "
    "--officer run, the Officer table gives that 1's holder, so the difference is the Officer's worth over a 1.",
)
@click.option(
    "--scoring",
    type=click.Choice(["chips", "ticks"]),
    default="chips",
    show_default=True,
    help="Most chips over N deals, or the ticks variant (first to collect 7+ of every colour, G4).",
)
@click.option("--tick-at", type=int, default=7, show_default=True, help="Ticks variant: chips of a colour to tick it.")
@click.option(
    "--tally",
    type=click.Choice(["running", "deal"]),
    default="running",
    show_default=True,
    help="Ticks variant: a colour's chips counted over the game's deals (the rulebook's table), or "
    "only those held at the end of one deal (G4).",
)
@click.option("--max-deals", type=int, default=None, help="Ticks variant: stop after this many deals [default: 20].")
@click.option(
    "--chips-per-colour",
    type=click.Choice(["12", "10"]),
    default="12",
    show_default=True,
    help="Loot chips of each colour (C1).",
)
@click.option(
    "--no-redeal",
    "redeal",
    is_flag=True,
    flag_value=False,
    default=True,
    help="Never redeal hands with 5+ cards of a colour (C3).",
)
@click.option("--reveal-own", is_flag=True, help="A card set aside by its own player is shown (D3).")
@click.option(
    "--after-claim",
    type=click.Choice(["pile", "stay"]),
    default="pile",
    show_default=True,
    help="A paid card goes to the pile, or stays face up one more orbit (D8).",
)
@click.option(
    "--end",
    type=click.Choice(["orbit", "lapse"]),
    default="orbit",
    show_default=True,
    help="Claims open when the cards run out: collected in turn order, or lapse (D9).",
)
@click.option(
    "--tie",
    type=click.Choice(["chooser", "clockwise"]),
    default="chooser",
    show_default=True,
    help="Odd chips of a split between tied opponents: the collector's policy chooses who gives "
    "them (the rulebook's 'from Blondie or Lilly'), or the tied seats nearest the collector's "
    "left (D6).",
)
@click.option(
    "--passing",
    type=click.Choice(["pass", "reshuffle"]),
    default="pass",
    show_default=True,
    help="Hands passed left after each deal, or a fresh deal each time (G1).",
)
@click.option(
    "--start",
    type=click.Choice(["rotate", "fixed"]),
    default="rotate",
    show_default=True,
    help="The start player moves one seat each deal, or seat 1 always starts (G2).",
)
@click.option(
    "--trace",
    type=Index("game"),
    default=None,
    is_flag=False,
    flag_value=0,
    metavar="[GAME]",
    help="Print game GAME (default 0) of the run deal by deal (--format json: its events and "
    "results; csv: its events).",
)
@click.option(
    "--plugin",
    type=click.Path(path_type=Path),
    multiple=True,
    callback=one_plugin,
    metavar="FILE.py",
    help="A Python file with your own policies (POLICIES and a jitted decide; see the README).",
)
@human_options
@resume_option
@common_options
@click.pass_context
def play_cmd(
    ctx: click.Context,
    players: int,
    policy_texts: tuple[str, ...],
    games: int,
    duplicate: bool,
    officer: bool,
    officer_as_one: bool,
    scoring: str,
    tick_at: int,
    tally: str,
    max_deals: int | None,
    chips_per_colour: str,
    redeal: bool,
    reveal_own: bool,
    after_claim: str,
    end: str,
    tie: str,
    passing: str,
    start: str,
    trace: int | None,
    plugin: Path | None,
    human: int | None,
    human_log: Path | None,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
) -> None:
    """Play Riffifi games between policies and report who wins.

    Per policy: win rate (a shared win counts 1/k) and chips per game with 95 % intervals,
    chips of each colour; then per player, per seat, per start position, every difference
    between two policies (paired), how often a card played pays by orbit and value, and what
    the Officer is worth to its holder. Players rotate one seat per game.

    \b
    Examples:
      razzmatazz riffifi play --games 200000
      razzmatazz riffifi play --players 3 --policy expect --policy random --officer
      razzmatazz riffifi play --players 4 --policy thief:lead=2 --trace 3
      razzmatazz riffifi play --games 100000000 --out results/big   # then, if stopped:
      razzmatazz riffifi play --resume results/big
      razzmatazz riffifi play --players 4 --human 1 --seed 7   # you play seat 1
    """
    if resume is not None:
        return resume_run(ctx, resume, "riffifi play")
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.riffifi import game as F
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result

    resuming = ctx.meta.get(RESUMING, False)
    if human is not None:  # before a plugin is compiled: the --log file must be new and creatable
        from razzmatazz.analysis.seat import check_log

        check_log(human_log)
    user = F.load_plugin(plugin) if plugin is not None else None
    settings = _settings(
        players,
        int(chips_per_colour),
        officer,
        redeal,
        reveal_own,
        after_claim,
        end,
        tie,
        passing,
        start,
        scoring,
        tick_at,
        max_deals,
        tally,
        officer_as_one,
    )
    lineup = F.lineup(policy_texts, players, user)
    F.check_games(games)
    if seed is not None:
        check_seed(seed)
    check_trace(trace, out)
    if out is not None:
        check_out_dir(out, partial_ok=resuming)
    check_cluster(cluster, scheduler)
    check_human(
        human, players, human_log=human_log, duplicate=duplicate, trace=trace, out=out, fmt=fmt, cluster=cluster
    )
    n_threads = set_threads(threads)
    if not policy_texts:
        mix = ", ".join(F.DEFAULT_MIX[:players])
        note(quiet or fmt != "table", f"no --policy given: playing the default mix {mix}")
    if trace is not None:
        seed = draw_seed(seed, quiet)
        emit_trace(fmt, F.trace(settings, lineup, seed, trace, duplicate=duplicate, user=user))
        return
    if human is not None:
        from razzmatazz.analysis.seat import human_cli

        return human_cli("riffifi", settings, lineup, seed, human, games, human_log, user)
    seed = draw_seed(seed, quiet or fmt != "table")
    held = reserve(out, partial_ok=resuming) if out is not None else nullcontext(None)
    with (
        held as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "riffifi play", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = F.play(
            settings, lineup, games, seed, duplicate=duplicate, user=user, executor=ex, progress=progress(quiet)
        )
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            from razzmatazz.analysis.riffifi.plots import riffifi_figures

            meta = manifest(
                kind="riffifi play",
                seed=seed,
                settings=vars(settings),
                lineup=[p.text for p in lineup],
                games=result.games,
                deals=result.deals,
                redeals=result.redeals,
                duplicate=duplicate,
                threads=n_threads,
                wall_time_s=round(wall, 3),
                resumed=resuming,
                streams="cards of game item d: riffifi/deal (3, 1), game d; seat s's policy: "
                "riffifi/policy (3, 2, s), game g",
            )
            paths = write_result(
                target,
                {
                    "policies": result.policies,
                    "players": result.players,
                    "seats": result.seats,
                    "positions": result.positions,
                    "pairs": result.pairs,
                    "cards": result.cards,
                    "officer": result.officer,
                },
                meta,
                figures=riffifi_figures(result),
            )
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _play_text(result, wall, written), lambda: _play_json(result), lambda: result.policies)


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _play_text(result: Any, wall: float, written: str) -> str:
    s = result.settings
    switches = [
        f"{s.scoring} scoring" + (f" (tally {s.tally})" if s.scoring == "ticks" else ""),
        f"hands {s.passing}",
        f"start {s.start}",
        f"odd chips {s.tie}",
    ]
    if s.officer:
        switches.append("Officer")
    if s.officer_as_one:
        switches.append("the Officer's deals, the Officer as a 1")
    head = (
        f"Riffifi, {s.players} players, {result.games:,} games ({result.deals:,} deals"
        f"{', duplicate' if result.duplicate else ''}), seed {result.seed}, {', '.join(switches)}; {wall:.1f} s"
    )
    pol = [
        {
            "policy": r.policy,
            "players": r.players,
            "win rate": _pct(r.win_rate),
            "95% interval": f"[{r.win_low:.1%}, {r.win_high:.1%}]",
            "chips/game": f"{r.chips:.2f}",
            "chips interval": f"[{r.chips_low:.2f}, {r.chips_high:.2f}]",
        }
        for r in result.policies.itertuples()
    ]
    lines = [head, columns(pol, list(pol[0]), right=("players", "win rate", "chips/game"))]
    if len(result.pairs):
        pairs = [
            {
                "policy": r.policy,
                "minus": r.versus,
                "win rate": f"{r.win_rate_difference:+.1%}",
                "95% interval": f"[{r.win_rate_low:+.1%}, {r.win_rate_high:+.1%}]",
                "chips/game": f"{r.chips_difference:+.2f}",
                "clear": "yes" if r.clear else "no",
            }
            for r in result.pairs.itertuples()
        ]
        lines += [
            "",
            "Differences between policies (paired over games; clear = the win-rate interval excludes 0):",
            columns(pairs, list(pairs[0]), right=("win rate", "chips/game")),
        ]
    pos = [
        {
            "position": r.position,
            "chips/deal": f"{r.chips_per_deal:.2f}",
            "95% interval": f"[{r.ci_low:.2f}, {r.ci_high:.2f}]",
        }
        for r in result.positions.itertuples()
    ]
    lines += ["", "By start position (1 plays first in the deal):", columns(pos, list(pos[0]), right=("chips/deal",))]
    if s.passing == "pass" and s.start == "rotate":
        lines.append(
            "(hands pass left and the start rotates, so each hand is played from one position: "
            "position effects are real, but identical deterministic players replay one deal N times"
            + (", but for the odd chips they choose)" if s.tie == "chooser" else ")")
        )
    early = result.cards[result.cards.orbit == 1]
    if len(early):
        row = "  ".join(f"{int(r.value)}: {r.paid_rate:.0%}" for r in early.itertuples())
        lines += ["", "First card of each player in a deal, how often it pays, by value:", "  " + row]
    if len(result.officer) and s.officer_as_one:
        o = result.officer.iloc[0]
        lines += [
            "",
            f"The 1 in the Officer's place: its holder ends a deal with {o.advantage:+.2f} chips against the "
            f"mean of the others (95% [{o.ci_low:+.2f}, {o.ci_high:+.2f}], {int(o.deals):,} deals).",
        ]
    elif len(result.officer):
        o = result.officer.iloc[0]
        lines += [
            "",
            f"The Officer: its holder ends a deal with {o.advantage:+.2f} chips against the mean of the "
            f"others (95% [{o.ci_low:+.2f}, {o.ci_high:+.2f}]); it turned a card down {int(o.hits):,} times "
            f"in {int(o.deals):,} deals.",
        ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _play_json(result: Any) -> dict:
    return {
        "seed": result.seed,
        "games": result.games,
        "deals": result.deals,
        "redeals": result.redeals,
        "chips_left_in_the_middle": result.middle,
        "duplicate": result.duplicate,
        "settings": vars(result.settings),
        "lineup": [p.text for p in result.lineup],
        **{
            name: getattr(result, name).to_dict(orient="records")
            for name in ("policies", "players", "seats", "positions", "pairs", "cards", "officer")
        },
    }


@riffifi.command("explain")
@click.argument("script", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output: the steps as text, or JSON.",
)
def explain_cmd(script: Path, fmt: str) -> None:
    """Play a scripted sequence of cards and show every undercut, claim and chip movement.

    SCRIPT is a JSON file: players, start, officer, chips (each seat's holdings by colour; the
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

    from razzmatazz.analysis.riffifi import script as F

    result = F.explain(F.load_script(script))
    echo(json.dumps(result, indent=2) if fmt == "json" else F.explain_text(result))


@riffifi.command("policies")
@policy_list_options
def policies_cmd(fmt: str, plugin: Path | None) -> None:
    """The built-in policies of 'riffifi play', their parameters and defaults.

    \b
    Examples:
      razzmatazz riffifi policies
      razzmatazz riffifi policies --plugin examples/riffifi_policy.py --format json
    """
    from razzmatazz.analysis.riffifi import game as F
    from razzmatazz.core.riffifi.policies import REGISTRY

    registry = F.load_plugin(plugin).registry() if plugin is not None else REGISTRY
    list_policies(fmt, registry, "Riffifi")


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
