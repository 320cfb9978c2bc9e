"""``razzmatazz razz play`` and ``razz policies``: the fixed-limit game between policies."""

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
from razzmatazz.analysis.razz.cli import razz
from razzmatazz.analysis.razz.template import TEMPLATE
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Registry


def _settings(
    players: int,
    ante: int,
    bring_in: int,
    small_bet: int,
    big_bet: int | None,
    cap: int,
    uncapped_heads_up: bool,
    bring_in_tie: str,
    exhausted: str,
    stack: int,
    stacks: str | None,
) -> Any:
    from razzmatazz.analysis.razz.game import parse_stacks
    from razzmatazz.core.razz.rules import Settings

    return Settings(
        players=players,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=2 * small_bet if big_bet is None else big_bet,
        cap=cap,
        uncapped_heads_up=uncapped_heads_up,
        bring_in_tie=bring_in_tie,
        exhausted=exhausted,
        stack=stack,
        stacks=parse_stacks(stacks) if stacks is not None else (),
    )


@razz.command("play")
@click.option("--players", type=int, default=6, show_default=True, help="Players at the table, 2 to 8.")
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="Policy of the next player (repeat; the list is repeated to fill the table). "
    "Default: the --field's mix. See 'razz policies'.",
)
@click.option(
    "--field",
    "field_name",
    type=click.Choice(["tough", "loose"]),
    default="tough",
    show_default=True,
    help="The mix without --policy: tough (textbook-tuned, reader-tuned, steal-tuned, tag, rock-tuned) or "
    "loose (tag, rock, station, steal, reader, random: who exploits weak players best).",
)
@click.option(
    "--hands",
    "--games",
    "hands",
    type=int,
    default=200_000,
    show_default=True,
    help="Hands to play (--games, the other games' word, is the same).",
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Duplicate deals: each deck is played N times with the players rotated, so that "
    "differences between policies are paired (hands rounded up to a multiple of N).",
)
@click.option("--ante", type=int, default=2, show_default=True, help="Chips every player antes (0 for none).")
@click.option(
    "--bring-in",
    "bring_in",
    type=int,
    default=5,
    show_default=True,
    help="Forced bet of the highest door card, less than the small bet.",
)
@click.option("--small-bet", type=int, default=10, show_default=True, help="Bet on 3rd and 4th street.")
@click.option("--big-bet", type=int, default=None, help="Bet on 5th to 7th street [default: twice the small bet].")
@click.option(
    "--cap", type=int, default=4, show_default=True, help="Bets per round: a completion or bet and cap-1 raises."
)
@click.option("--uncapped-heads-up", is_flag=True, help="No cap while only two players are in (needs --stack).")
@click.option(
    "--bring-in-tie",
    type=click.Choice(["seat", "suit"]),
    default="seat",
    show_default=True,
    help="Equal highest door cards: nearest the dealer's left (the rule text) or by suit (casinos).",
)
@click.option(
    "--exhausted",
    type=click.Choice(["community", "reshuffle"]),
    default="community",
    show_default=True,
    help="When the deck is short on 7th street: one community card, or reshuffle folded cards first.",
)
@click.option(
    "--stack",
    type=int,
    default=0,
    show_default=True,
    help="Chips each player starts every hand with (0: deep stacks, nobody is ever all-in).",
)
@click.option(
    "--stacks",
    default=None,
    metavar="S1,S2,...",
    help="A stack per player, in --policy order (they move with the players): all-ins and side pots.",
)
@click.option(
    "--trace",
    type=Index("hand"),
    default=None,
    is_flag=False,
    flag_value=0,
    metavar="[HAND]",
    help="Print hand HAND (default 0) of the run street by street, every card face up "
    "(--format json: its events and results; csv: its events).",
)
@click.option(
    "--phh",
    type=click.Path(path_type=Path),
    default=None,
    metavar="DIR",
    help="Write every hand as a PokerKit hand history (PHH, variant FR) into DIR (a new or empty "
    "directory; at most 100,000 hands).",
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
    field_name: str,
    hands: int,
    duplicate: bool,
    ante: int,
    bring_in: int,
    small_bet: int,
    big_bet: int | None,
    cap: int,
    uncapped_heads_up: bool,
    bring_in_tie: str,
    exhausted: str,
    stack: int,
    stacks: str | None,
    trace: int | None,
    phh: Path | None,
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
    """Play fixed-limit Razz hands between policies and report what each wins.

    Per policy: big bets won per 100 hands with a 95 % interval, VPIP, how often it reaches
    showdown and wins there, how often it wins without showdown; then per seat, and every
    difference between two policies with a paired interval. Players rotate one seat per hand.

    \b
    Examples:
      razzmatazz razz play --hands 1000000
      razzmatazz razz play --field loose --duplicate   # the old mix, two weak seats
      razzmatazz razz play --players 2 --policy tag --policy steal:door=7 --duplicate
      razzmatazz razz play --players 3 --policy reader --trace 12
      razzmatazz razz play --hands 100000000 --out results/big   # then, if stopped:
      razzmatazz razz play --resume results/big
      razzmatazz razz play --players 4 --human 2 --seed 7 --log my-hands.phhs   # you play seat 2
    """
    if resume is not None:
        return resume_run(ctx, resume, "razz play")
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.razz import game as G
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result

    resuming = ctx.meta.get(RESUMING, False)
    if human is not None:  # before a plugin is compiled: the --log file must be new and creatable
        from razzmatazz.analysis.seat import check_log

        check_log(human_log)
    user = G.load_plugin(plugin) if plugin is not None else None
    settings = _settings(
        players, ante, bring_in, small_bet, big_bet, cap, uncapped_heads_up, bring_in_tie, exhausted, stack, stacks
    )
    lineup = G.lineup(policy_texts, players, user, field_name)
    G.check_hands(hands)
    if seed is not None:
        check_seed(seed)
    if phh is not None:
        if trace is not None:
            raise InputError(
                "--trace prints one hand and writes no file: it cannot be used with --phh (which writes every "
                "hand of a run)"
            )
        G.check_phh_request(phh, hands)
        G.check_phh_out(phh, out)
    check_human(
        human,
        players,
        human_log=human_log,
        duplicate=duplicate,
        trace=trace,
        phh=phh,
        out=out,
        fmt=fmt,
        cluster=cluster,
    )
    check_trace(trace, out, "hand")
    if out is not None:
        check_out_dir(out, partial_ok=resuming)
    check_cluster(cluster, scheduler)
    n_threads = set_threads(threads)
    if not policy_texts:
        mix = ", ".join(G.FIELDS[field_name][:players])
        which = "the default mix (the tough field)" if field_name == "tough" else "the loose field"
        note(quiet or fmt != "table", f"no --policy given: playing {which} {mix}")
    if trace is not None:
        seed = draw_seed(seed, quiet)
        emit_trace(fmt, G.trace(settings, lineup, seed, trace, duplicate=duplicate, user=user))
        return
    if human is not None:
        from razzmatazz.analysis.seat import human_cli

        return human_cli("razz", settings, lineup, seed, human, hands, human_log, user)
    seed = draw_seed(seed, quiet or fmt != "table")
    held = reserve(out, partial_ok=resuming) if out is not None else nullcontext(None)
    with (
        held as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "razz play", quiet, seed=seed),
    ):
        start = time.perf_counter()
        result = G.play(
            settings, lineup, hands, seed, duplicate=duplicate, user=user, executor=ex, progress=progress(quiet)
        )
        wall = time.perf_counter() - start
        written = ""
        if phh is not None:
            n = G.write_phh(phh, settings, lineup, result.hands, seed, duplicate=duplicate, user=user)
            written = f"hand histories: {n:,} files in {phh}/"
        if target is not None:
            meta = manifest(
                kind="razz play",
                seed=seed,
                settings=vars(settings),
                lineup=[p.text for p in lineup],
                hands=result.hands,
                duplicate=duplicate,
                threads=n_threads,
                wall_time_s=round(wall, 3),
                community_cards=result.community,
                reshuffles=result.reshuffles,
                resumed=resuming,
                streams="deck of deal d: razz/deal (1, 3), game d; seat s's policy: razz/policy (1, 4, s), game g",
            )
            paths = write_result(
                target,
                {
                    "policies": result.policies,
                    "players": result.players,
                    "seats": result.seats,
                    "pairs": result.pairs,
                    "streets": result.streets,
                },
                meta,
            )
            written = "; ".join(filter(None, [written, f"written: {target}/ ({', '.join(p.name for p in paths)})"]))
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: _play_text(result, wall, written), lambda: _play_json(result), lambda: result.policies)


def _interval(lo: float, hi: float) -> str:
    return f"[{lo:+.1f}, {hi:+.1f}]"


def _play_text(result: Any, wall: float, written: str) -> str:
    s = result.settings
    stakes = f"ante {s.ante}, bring-in {s.bring_in}, bets {s.small_bet}/{s.big_bet}, cap {s.cap}, " + (
        "deep stacks" if s.deep else f"stacks {s.stack or ', '.join(map(str, s.stacks))}"
    )
    head = (
        f"Razz, {s.players} players, {result.hands:,} hands{' (duplicate deals)' if result.duplicate else ''}, "
        f"seed {result.seed}, {stakes}; {wall:.1f} s"
    )
    pol = [
        {
            "policy": r.policy,
            "players": r.players,
            "bb/100": f"{r.bb_per_100:+.2f}",
            "95% interval": _interval(r.ci_low, r.ci_high),
            "VPIP": f"{r.vpip:.1%}",
            "showdown": f"{r.showdown:.1%}",
            "won at SD": f"{r.won_at_showdown:.1%}",
            "won w/o SD": f"{r.won_without_showdown:.1%}",
        }
        for r in result.policies.itertuples()
    ]
    seats = [
        {
            "seat": r.seat,
            "bb/100": f"{r.bb_per_100:+.2f}",
            "95% interval": _interval(r.ci_low, r.ci_high),
            "VPIP": f"{r.vpip:.1%}",
            "showdown": f"{r.showdown:.1%}",
            "won at SD": f"{r.won_at_showdown:.1%}",
            "won w/o SD": f"{r.won_without_showdown:.1%}",
        }
        for r in result.seats.itertuples()
    ]
    lines = [
        head,
        columns(pol, list(pol[0]), right=("players", "bb/100", "VPIP", "showdown", "won at SD", "won w/o SD")),
        "",
        "By seat (seat 1 sits at the dealer's left; players rotate one seat per hand):",
        columns(seats, list(seats[0]), right=("bb/100", "VPIP", "showdown", "won at SD", "won w/o SD")),
    ]
    if len(result.pairs):
        pairs = [
            {
                "policy": r.policy,
                "minus": r.versus,
                "bb/100": f"{r.difference_bb_per_100:+.2f}",
                "95% interval": _interval(r.ci_low, r.ci_high),
                "clear": "yes" if r.clear else "no",
            }
            for r in result.pairs.itertuples()
        ]
        lines += [
            "",
            "Differences between policies (paired; clear = the interval excludes 0):",
            columns(pairs, list(pairs[0]), right=("bb/100",)),
        ]
    lines += ["", *_streets_text(result.streets)]
    if result.community or result.reshuffles:
        lines.append(
            f"The deck ran short on 7th street in {result.community + result.reshuffles:,} hands "
            f"({result.community:,} community cards, {result.reshuffles:,} reshuffles)."
        )
    if written:
        lines.append(written)
    return "\n".join(lines)


def _streets_text(streets: Any) -> list[str]:
    """The "capped rounds by street" block: betting rounds per street and the share that reached the cap."""
    rows = [
        {
            "street": f"{r.street}th" if r.street > 3 else "3rd",
            "rounds": f"{r.rounds:,}",
            "capped": f"{r.capped:,}",
            "share": f"{r.capped_share:.1%}" if r.rounds else "-",
            "95% interval": f"[{r.capped_low:.1%}, {r.capped_high:.1%}]" if r.rounds else "-",
        }
        for r in streets.itertuples()
    ]
    return [
        "Capped rounds by street (betting rounds played; capped: the bets and raises reached the cap):",
        columns(rows, list(rows[0]), right=("rounds", "capped", "share")),
    ]


def _play_json(result: Any) -> dict:
    return {
        "seed": result.seed,
        "hands": result.hands,
        "duplicate": result.duplicate,
        "settings": vars(result.settings),
        "lineup": [p.text for p in result.lineup],
        "community_cards": result.community,
        "reshuffles": result.reshuffles,
        "policies": result.policies.to_dict(orient="records"),
        "players": result.players.to_dict(orient="records"),
        "seats": result.seats.to_dict(orient="records"),
        "pairs": result.pairs.to_dict(orient="records"),
        "streets": result.streets.to_dict(orient="records"),
    }


@razz.command("policies")
@policy_list_options
def policies_cmd(fmt: str, plugin: Path | None) -> None:
    """The built-in policies of 'razz play', their parameters and defaults.

    \b
    Examples:
      razzmatazz razz policies
      razzmatazz razz policies --plugin examples/razz_policy.py --format json
    """
    from razzmatazz.analysis.razz import game as G
    from razzmatazz.core.razz.policies import REGISTRY

    registry = G.load_plugin(plugin).registry() if plugin is not None else REGISTRY
    script = "  m1 ... m24: move of its 1st ... 24th decision (0 fold, 1 check/call, 2 bet/raise), default 1"
    list_policies(fmt, registry, "Razz", {"script": script})


def _registry() -> Registry:
    from razzmatazz.core.razz.policies import REGISTRY

    return REGISTRY


add_new_policy(razz, "razz", TEMPLATE, _registry)
