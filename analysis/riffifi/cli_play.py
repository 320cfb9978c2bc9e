"""``razzmatazz riffifi play``: Riffifi's part of the shared play command (:mod:`razzmatazz.analysis.cli.play`)."""

from __future__ import annotations

from typing import Any

import click

from razzmatazz.analysis.cli.options import columns
from razzmatazz.analysis.cli.play import PlayForm, win_tables
from razzmatazz.core.errors import InputError

OPTIONS = [
    click.option("--officer", is_flag=True, help="The Officer variant (G5)."),
    click.option(
        "--officer-as-one",
        is_flag=True,
        help="The Officer variant's deals with the Officer played as the 1 it replaced: with the same --seed as an "
        "--officer run, the Officer table gives that 1's holder, so the difference is the Officer's worth over a 1.",
    ),
    click.option(
        "--scoring",
        type=click.Choice(["chips", "ticks"]),
        default="chips",
        show_default=True,
        help="Most chips over N deals, or the ticks variant (first to collect 7+ of every colour, G4).",
    ),
    click.option(
        "--tick-at", type=int, default=7, show_default=True, help="Ticks variant: chips of a colour to tick it."
    ),
    click.option(
        "--tally",
        type=click.Choice(["running", "deal"]),
        default="running",
        show_default=True,
        help="Ticks variant: a colour's chips counted over the game's deals (the rulebook's table), or "
        "only those held at the end of one deal (G4).",
    ),
    click.option(
        "--max-deals", type=int, default=None, help="Ticks variant: stop after this many deals [default: 20]."
    ),
    click.option(
        "--chips-per-colour",
        type=click.Choice(["12", "10"]),
        default="12",
        show_default=True,
        help="Loot chips of each colour (C1).",
    ),
    click.option(
        "--no-redeal",
        "redeal",
        is_flag=True,
        flag_value=False,
        default=True,
        help="Never redeal hands with 5+ cards of a colour (C3).",
    ),
    click.option("--reveal-own", is_flag=True, help="A card set aside by its own player is shown (D3)."),
    click.option(
        "--after-claim",
        type=click.Choice(["pile", "stay"]),
        default="pile",
        show_default=True,
        help="A paid card goes to the pile, or stays face up one more orbit (D8).",
    ),
    click.option(
        "--end",
        type=click.Choice(["orbit", "lapse"]),
        default="orbit",
        show_default=True,
        help="Claims open when the cards run out: collected in turn order, or lapse (D9).",
    ),
    click.option(
        "--tie",
        type=click.Choice(["chooser", "clockwise"]),
        default="chooser",
        show_default=True,
        help="Odd chips of a split between tied opponents: the collector's policy chooses who gives "
        "them (the rulebook's 'from Blondie or Lilly'), or the tied seats nearest the collector's "
        "left (D6).",
    ),
    click.option(
        "--passing",
        type=click.Choice(["pass", "reshuffle"]),
        default="pass",
        show_default=True,
        help="Hands passed left after each deal, or a fresh deal each time (G1).",
    ),
    click.option(
        "--start",
        type=click.Choice(["rotate", "fixed"]),
        default="rotate",
        show_default=True,
        help="The start player moves one seat each deal, or seat 1 always starts (G2).",
    ),
]
"""Riffifi's own options of ``play``: the rule switches of ``seeds/riffifi.md`` (defaults from the rulings)."""


def settings_of(players: int, own: dict[str, Any]) -> Any:
    """The :class:`Settings` of the switch options."""
    from razzmatazz.core.riffifi.rules import Settings

    if own["max_deals"] is not None and own["scoring"] != "ticks":
        raise InputError("--max-deals applies only to --scoring ticks")
    return Settings(
        players=players,
        **{k: own[k] for k in ("officer", "redeal", "reveal_own", "after_claim", "end", "tie", "passing", "start")},
        **{k: own[k] for k in ("scoring", "tick_at", "tally", "officer_as_one")},
        chips_per_colour=int(own["chips_per_colour"]),
        max_deals=20 if own["max_deals"] is None else own["max_deals"],
    )


def _mix(players: int, own: dict[str, Any]) -> str:
    from razzmatazz.analysis.riffifi.game import DEFAULT_MIX

    return "the default mix " + ", ".join(DEFAULT_MIX[:players])


def _figures(result: Any) -> Any:
    from razzmatazz.analysis.riffifi.plots import riffifi_figures

    return riffifi_figures(result)


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
    lines = [head, *win_tables(result, "chips/game", lambda x: f"{x:.2f}", lambda x: f"{x:+.2f}")]
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


PLAY = PlayForm(
    doc="""Play Riffifi games between policies and report who wins.

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
    """,
    options=OPTIONS,
    settings=settings_of,
    mix=_mix,
    text=_play_text,
    json_more=lambda result: {"chips_left_in_the_middle": result.middle},
    tables=("policies", "players", "seats", "positions", "pairs", "cards", "officer"),
    streams="cards of game item d: riffifi/deal (3, 1), game d; seat s's policy: riffifi/policy (3, 2, s), game g",
    counts=lambda result: {"games": result.games, "deals": result.deals, "redeals": result.redeals},
    players_help="Players, 3 to 5.",
    policy_help="Policy of the next player (repeat; the list is repeated to fill the table). "
    "Default: expect, undercut, planner, thief-tuned, expect-tuned (as many as players). See 'riffifi policies'.",
    games_help="Games to play (a game is N deals).",
    duplicate_help="Duplicate deals: each set of cards is played N times with the players rotated "
    "(games rounded up to a multiple of N).",
    trace_help="Print game GAME (default 0) of the run deal by deal (--format json: its events and "
    "results; csv: its events).",
    figures=_figures,
)
"""Riffifi's play command: the rule switches, its tables and their text."""
