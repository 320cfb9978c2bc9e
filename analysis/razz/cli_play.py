"""``razzmatazz razz play``: Razz's part of the shared play command (:mod:`razzmatazz.analysis.cli.play`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis.cli.options import columns
from razzmatazz.analysis.cli.play import PlayForm
from razzmatazz.core.errors import InputError

OPTIONS = [
    click.option(
        "--field",
        "field_name",
        type=click.Choice(["tough", "loose"]),
        default="tough",
        show_default=True,
        help="The mix without --policy: tough (textbook-tuned, reader-tuned, steal-tuned, tag, rock-tuned) or "
        "loose (tag, rock, station, steal, reader, random: who exploits weak players best).",
    ),
    click.option("--ante", type=int, default=2, show_default=True, help="Chips every player antes (0 for none)."),
    click.option(
        "--bring-in",
        "bring_in",
        type=int,
        default=5,
        show_default=True,
        help="Forced bet of the highest door card, less than the small bet.",
    ),
    click.option("--small-bet", type=int, default=10, show_default=True, help="Bet on 3rd and 4th street."),
    click.option("--big-bet", type=int, default=None, help="Bet on 5th to 7th street [default: twice the small bet]."),
    click.option(
        "--cap", type=int, default=4, show_default=True, help="Bets per round: a completion or bet and cap-1 raises."
    ),
    click.option("--uncapped-heads-up", is_flag=True, help="No cap while only two players are in (needs --stack)."),
    click.option(
        "--bring-in-tie",
        type=click.Choice(["seat", "suit"]),
        default="seat",
        show_default=True,
        help="Equal highest door cards: nearest the dealer's left (the rule text) or by suit (casinos).",
    ),
    click.option(
        "--exhausted",
        type=click.Choice(["community", "reshuffle"]),
        default="community",
        show_default=True,
        help="When the deck is short on 7th street: one community card, or reshuffle folded cards first.",
    ),
    click.option(
        "--stack",
        type=int,
        default=0,
        show_default=True,
        help="Chips each player starts every hand with (0: deep stacks, nobody is ever all-in).",
    ),
    click.option(
        "--stacks",
        default=None,
        metavar="S1,S2,...",
        help="A stack per player, in --policy order (they move with the players): all-ins and side pots.",
    ),
    click.option(
        "--phh",
        type=click.Path(path_type=Path),
        default=None,
        metavar="DIR",
        help="Write every hand as a PokerKit hand history (PHH, variant FR) into DIR (a new or empty "
        "directory; at most 100,000 hands).",
    ),
]
"""Razz's own options of ``play``: the field, the stakes and table rules, and the hand histories."""


def settings_of(players: int, own: dict[str, Any]) -> Any:
    """The :class:`Settings` of the stakes and table options."""
    from razzmatazz.analysis.razz.game import parse_stacks
    from razzmatazz.core.razz.rules import Settings

    keep = ("ante", "bring_in", "small_bet", "cap", "uncapped_heads_up", "bring_in_tie", "exhausted", "stack")
    return Settings(
        players=players,
        **{k: own[k] for k in keep},
        big_bet=2 * own["small_bet"] if own["big_bet"] is None else own["big_bet"],
        stacks=parse_stacks(own["stacks"]) if own["stacks"] is not None else (),
    )


def _mix(players: int, own: dict[str, Any]) -> str:
    from razzmatazz.analysis.razz.game import FIELDS

    field = own["field_name"]
    which = "the default mix (the tough field)" if field == "tough" else "the loose field"
    return f"{which} {', '.join(FIELDS[field][:players])}"


def _check(settings: Any, own: dict[str, Any], run: dict[str, Any]) -> None:
    """Refuse ``--phh`` with ``--trace``, into a used folder, for too many hands, or inside ``--out``."""
    from razzmatazz.analysis.razz import game as G

    phh = own["phh"]
    if phh is None:
        return
    if run["trace"] is not None:
        raise InputError(
            "--trace prints one hand and writes no file: it cannot be used with --phh (which writes every "
            "hand of a run)"
        )
    G.check_phh_request(phh, run["games"])
    G.check_phh_out(phh, run["out"])


def _write_phh(spec: Any, settings: Any, lineup: Any, result: Any, own: dict[str, Any], **run: Any) -> str:
    """Write every hand of the run as a hand history with ``--phh``: what was written."""
    from razzmatazz.analysis.razz.game import write_phh

    phh: Path | None = own["phh"]
    if phh is None:
        return ""
    n = write_phh(phh, settings, lineup, result.hands, run["seed"], duplicate=run["duplicate"], user=run["user"])
    return f"hand histories: {n:,} files in {phh}/"


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


PLAY = PlayForm(
    doc="""Play fixed-limit Razz hands between policies and report what each wins.

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
    """,
    options=OPTIONS,
    settings=settings_of,
    mix=_mix,
    text=_play_text,
    tables=("policies", "players", "seats", "pairs", "streets"),
    streams="deck of deal d: razz/deal (1, 3), game d; seat s's policy: razz/policy (1, 4, s), game g",
    counts=lambda result: {
        "hands": result.hands,
        "community_cards": result.community,
        "reshuffles": result.reshuffles,
    },
    players_help="Players at the table, 2 to 8.",
    policy_help="Policy of the next player (repeat; the list is repeated to fill the table). "
    "Default: the --field's mix. See 'razz policies'.",
    games_default=200_000,
    games_help="Hands to play (--games, the other games' word, is the same).",
    games_names=("--hands", "--games"),
    duplicate_help="Duplicate deals: each deck is played N times with the players rotated, so that "
    "differences between policies are paired (hands rounded up to a multiple of N).",
    trace_help="Print hand HAND (default 0) of the run street by street, every card face up "
    "(--format json: its events and results; csv: its events).",
    lineup_options={"field": "field_name"},
    human_conflicts=("phh",),
    check=_check,
    more=_write_phh,
    policies_fixed={
        "script": "  m1 ... m24: move of its 1st ... 24th decision (0 fold, 1 check/call, 2 bet/raise), default 1"
    },
)
"""Razz's play command: the stakes and table options, the hand histories, its tables and their text."""
