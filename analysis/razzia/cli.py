"""``razzmatazz razzia``: play games, settle a bar step by step, the police study, the policies."""

from __future__ import annotations

import time
from collections.abc import Callable
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
from razzmatazz.analysis.inputs import shorten
from razzmatazz.analysis.razzia.template import TEMPLATE
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Registry

SWITCHES = {
    "three_player_deck": (("reduced", "full"), "3 players: the 4-6 removal too (36 cards) or not (48) (K4)"),
    "two_player_deck": (
        ("reduced", "full"),
        "2 players: the 4-6 removal too (27 cards) or only the unused bars' cards out (36) (K4, V3)",
    ),
    "dropped_bars": (("last", "random"), "which bars a smaller game drops: the last ones or random ones (K3)"),
    "free_card": (
        ("croupier", "random"),
        "the extra money card: placed by the croupier after seeing it, or at a random bar (R1)",
    ),
    "leftover": (("unclaimed", "split"), "money left at the bars at the end: unclaimed, or split among all (E2)"),
    "reshuffle": (
        ("discard_first", "refill_first"),
        "discard the round's cards before refilling, or refill first (R7)",
    ),
    "furthest": (
        ("clockwise", "circular"),
        "equal card values: furthest clockwise from the croupier, or circular distance with a roll-off (H1)",
    ),
    "duel_tie": (("caller", "reroll"), "a drawn duel: won by the caller, or thrown again (H5)"),
    "one_declines": (
        ("remainder", "own_share"),
        "one of three or more declines: duel for the rest, or for his own share (H6)",
    ),
    "multi_duel": (("knockout", "rolloff"), "two or more decline: a knockout of duels, or one roll-off (H7)"),
    "many_order": (("value", "seat"), "four or more in a knockout: by card value, or by seat (H8)"),
    "bars": (("rulebook", "players_plus_one"), "bars in play: as the rulebook says, or players + 1 (V2)"),
    "two_player_money": (
        ("full", "three_player"),
        "two players: all 84 money cards, or the 72 of the 3-player game (V3)",
    ),
    "final_ties": (("shared", "bars_won"), "equal final money: a shared win, or the most bars won (E4)"),
}
"""The text switches of :class:`razzmatazz.core.razzia.rules.Settings`: values (the default first, as
``rules.CHOICES``, which a test compares) and help. Kept here so that ``--help`` imports no numba."""


def switch_options(fn: Callable) -> Callable:
    """One ``--name`` option per rule switch, defaults from the rulings."""
    options = [
        click.option(
            f"--{name.replace('_', '-')}",
            name,
            type=click.Choice(values),
            default=values[0],
            show_default=True,
            help=text,
        )
        for name, (values, text) in SWITCHES.items()
    ]
    options += [
        click.option("--offer-duel", is_flag=True, help="The proposer may call for a duel instead of offering (H2)."),
        click.option(
            "--spielbox",
            is_flag=True,
            help="Spielbox placement: the croupier places all the round's money after seeing it (V1).",
        ),
        click.option("--closed-money", is_flag=True, help="Players do not see each other's winnings (R9)."),
        click.option(
            "--cards-file",
            type=click.Path(path_type=Path),
            default=None,
            help="A cards table (kind,value,count per colour) instead of seeds/razzia/cards.csv (K2).",
        ),
        click.option(
            "--money-file",
            type=click.Path(path_type=Path),
            default=None,
            help="A money table (value,count) instead of seeds/razzia/money.csv (K5).",
        ),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def settings_of(players: int, fields: dict) -> Any:
    """The :class:`Settings` of the switch options."""
    from razzmatazz.core.razzia.rules import Settings

    values = {k: fields[k] for k in SWITCHES}
    return Settings(
        players=players,
        offer_duel=fields["offer_duel"],
        spielbox=fields["spielbox"],
        open_money=not fields["closed_money"],
        cards_file=str(fields["cards_file"]) if fields["cards_file"] else None,
        money_file=str(fields["money_file"]) if fields["money_file"] else None,
        **values,
    )


@click.group()
def razzia() -> None:
    """Razzia (Stefan Dorra, 1992): bars, gamblers and police, haggling and dice duels.

    \b
    Examples:
      razzmatazz razzia play --players 5 --games 100000
      razzmatazz razzia police --out results/razzia-police
      razzmatazz razzia explain seeds/razzia/jazz_house_haggle.json
    """


@razzia.command("play")
@click.option("--players", type=int, default=5, show_default=True, help="Players, 3 to 8 (2: the Spielbox variant).")
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="Policy of the next player (repeat; the list is repeated to fill the table). Default: greedy, "
    "hunter, bigpot, crowd, random. See 'razzia policies'.",
)
@click.option("--games", type=int, default=100_000, show_default=True, help="Games to play.")
@click.option(
    "--duplicate",
    is_flag=True,
    help="Duplicate deals: the same cards, money and dice played N times with the players rotated.",
)
@switch_options
@click.option(
    "--trace",
    type=Index("game"),
    default=None,
    is_flag=False,
    flag_value=0,
    metavar="[GAME]",
    help="Print game GAME (default 0) of the run round by round (--format json: its events and "
    "results; csv: its events).",
)
@click.option(
    "--plugin",
    type=click.Path(path_type=Path),
    multiple=True,
    callback=one_plugin,
    metavar="FILE.py",
    help="A Python file with your own policies (POLICIES and a jitted decide).",
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
    **switches: Any,
) -> None:
    """Play Razzia games between policies and report who wins.

    Per policy: win rate (a shared win counts 1/k) and money per game with 95 % intervals; per
    player and seat; every difference between two policies (paired); money a round by distance
    from the croupier; how bars were haggled; how often police and gambling cards won money.
    Players rotate one seat per game.

    \b
    Examples:
      razzmatazz razzia play --games 200000
      razzmatazz razzia play --players 4 --policy hunter --policy greedy:haggle=2 --duplicate
      razzmatazz razzia play --players 3 --policy random --trace 5
      razzmatazz razzia play --games 100000000 --out results/big   # then, if stopped:
      razzmatazz razzia play --resume results/big
      razzmatazz razzia play --players 4 --human 1 --seed 7   # you play seat 1
    """
    if resume is not None:
        return resume_run(ctx, resume, "razzia play")
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.razzia import game as Z
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result

    resuming = ctx.meta.get(RESUMING, False)
    if human is not None:  # before a plugin is compiled: the --log file must be new and creatable
        from razzmatazz.analysis.seat import check_log

        check_log(human_log)
    user = Z.load_plugin(plugin) if plugin is not None else None
    settings = settings_of(players, switches)
    lineup = Z.lineup(policy_texts, players, user)
    Z.check_games(games)
    Z.check_split(settings, duplicate)
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
        mix = ", ".join(Z.DEFAULT_MIX[:players])
        note(quiet or fmt != "table", f"no --policy given: playing the default mix {mix}")
    if trace is not None:
        seed = draw_seed(seed, quiet)
        emit_trace(fmt, Z.trace(settings, lineup, seed, trace, duplicate=duplicate, user=user))
        return
    if human is not None:
        from razzmatazz.analysis.seat import human_cli

        return human_cli("razzia", settings, lineup, seed, human, games, human_log, user)
    seed = draw_seed(seed, quiet or fmt != "table")
    held = reserve(out, partial_ok=resuming) if out is not None else nullcontext(None)
    with (
        held as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "razzia play", quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = Z.play(
            settings, lineup, games, seed, duplicate=duplicate, user=user, executor=ex, progress=progress(quiet)
        )
        wall = time.perf_counter() - begin
        written = ""
        if target is not None:
            meta = manifest(
                kind="razzia play",
                seed=seed,
                settings=vars(settings),
                lineup=[p.text for p in lineup],
                games=result.games,
                rounds=result.rounds,
                duplicate=duplicate,
                threads=n_threads,
                wall_time_s=round(wall, 3),
                resumed=resuming,
                streams="game item d: cards and money razzia/deal (2, 1), dice razzia/dice (2, 2), "
                "game d; seat s's policy: razzia/policy (2, 3, s), game g",
            )
            paths = write_result(
                target,
                {
                    name: getattr(result, name)
                    for name in ("policies", "players", "seats", "croupier", "pairs", "haggling", "cards")
                },
                meta,
            )
            written = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _play_text(result, wall, written), lambda: _play_json(result), lambda: result.policies)


def _play_text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.razzia import card_summary

    s = result.settings
    head = (
        f"Razzia, {s.players} players, {result.games:,} games ({result.rounds:,} rounds"
        f"{', duplicate' if result.duplicate else ''}), seed {result.seed}; {wall:.1f} s"
    )
    pol = [
        {
            "policy": r.policy,
            "players": r.players,
            "win rate": f"{r.win_rate:.1%}",
            "95% interval": f"[{r.win_low:.1%}, {r.win_high:.1%}]",
            "money/game": f"${r.money:,.0f}",
            "money interval": f"[${r.money_low:,.0f}, ${r.money_high:,.0f}]",
        }
        for r in result.policies.itertuples()
    ]
    lines = [head, columns(pol, list(pol[0]), right=("players", "win rate", "money/game"))]
    if len(result.pairs):
        pairs = [
            {
                "policy": r.policy,
                "minus": r.versus,
                "win rate": f"{r.win_rate_difference:+.1%}",
                "95% interval": f"[{r.win_rate_low:+.1%}, {r.win_rate_high:+.1%}]",
                "money/game": f"{r.money_difference:+,.0f}",
                "clear": "yes" if r.clear else "no",
            }
            for r in result.pairs.itertuples()
        ]
        lines += [
            "",
            "Differences between policies (paired over games; clear = the win-rate interval excludes 0):",
            columns(pairs, list(pairs[0]), right=("win rate", "money/game")),
        ]
    crou = [
        {
            "distance": r.distance,
            "money/round": f"${r.money_per_round:,.0f}",
            "95% interval": f"[${r.ci_low:,.0f}, ${r.ci_high:,.0f}]",
        }
        for r in result.croupier.itertuples()
    ]
    lines += [
        "",
        "Money a round by seat after the croupier (0 = the croupier):",
        columns(crou, list(crou[0]), right=("money/round",)),
    ]
    by_kind = card_summary(result.cards, "value").groupby("kind")[["plays", "won", "money"]].sum()
    if len(by_kind):
        lines += [
            "",
            "Cards played: "
            + "; ".join(
                f"{k.replace('_', ' ')}: wins {r.won / r.plays:.1%}, ${r.money / r.plays:,.0f} a card"
                for k, r in by_kind.iterrows()
            ),
        ]
    if written:
        lines.append(written)
    return "\n".join(lines)


def _play_json(result: Any) -> dict:
    return {
        "seed": result.seed,
        "games": result.games,
        "rounds": result.rounds,
        "duplicate": result.duplicate,
        "settings": vars(result.settings),
        "lineup": [p.text for p in result.lineup],
        **{
            name: getattr(result, name).to_dict(orient="records")
            for name in ("policies", "players", "seats", "croupier", "pairs", "haggling", "cards")
        },
    }


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


@razzia.command("policies")
@policy_list_options
def policies_cmd(fmt: str, plugin: Path | None) -> None:
    """The built-in policies of 'razzia play', their parameters and defaults.

    A policy plays cards and places money its own way; its haggle parameter picks how it
    haggles (3, the default, exact: the haggle solved over every formable division; 0 rational:
    exact duel odds and the smallest formable offer a rational opponent accepts; 1 always accept;
    2 always duel).

    \b
    Examples:
      razzmatazz razzia policies
      razzmatazz razzia policies --format json
    """
    from razzmatazz.analysis.razzia import game as Z
    from razzmatazz.core.razzia.policies import REGISTRY

    registry = Z.load_plugin(plugin).registry() if plugin is not None else REGISTRY
    list_policies(fmt, registry, "Razzia")


def _registry() -> Registry:
    from razzmatazz.core.razzia.policies import REGISTRY

    return REGISTRY


add_new_policy(razzia, "razzia", TEMPLATE, _registry)
