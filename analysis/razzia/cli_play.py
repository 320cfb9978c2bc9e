"""``razzmatazz razzia play``: Razzia's part of the shared play command (:mod:`razzmatazz.analysis.cli.play`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis.cli.options import columns
from razzmatazz.analysis.cli.play import PlayForm, win_tables

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


def _switch_options() -> list[Callable[[Callable], Callable]]:
    """One ``--name`` option per rule switch, defaults from the rulings, then the variants and data files."""
    options: list[Callable[[Callable], Callable]] = [
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
    return options


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


def _play_text(result: Any, wall: float, written: str) -> str:
    from razzmatazz.analysis.razzia import card_summary

    s = result.settings
    head = (
        f"Razzia, {s.players} players, {result.games:,} games ({result.rounds:,} rounds"
        f"{', duplicate' if result.duplicate else ''}), seed {result.seed}; {wall:.1f} s"
    )
    lines = [head, *win_tables(result, "money/game", lambda x: f"${x:,.0f}", lambda x: f"{x:+,.0f}")]
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


def _check(settings: Any, own: dict[str, Any], run: dict[str, Any]) -> None:
    from razzmatazz.analysis.razzia.game import check_split

    check_split(settings, run["duplicate"])


def _mix(players: int, own: dict) -> str:
    from razzmatazz.analysis.razzia.game import DEFAULT_MIX

    return "the default mix " + ", ".join(DEFAULT_MIX[:players])


PLAY = PlayForm(
    doc="""Play Razzia games between policies and report who wins.

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
    """,
    options=_switch_options(),
    settings=settings_of,
    mix=_mix,
    text=_play_text,
    tables=("policies", "players", "seats", "croupier", "pairs", "haggling", "cards"),
    streams="game item d: cards and money razzia/deal (2, 1), dice razzia/dice (2, 2), game d; seat s's policy: "
    "razzia/policy (2, 3, s), game g",
    counts=lambda result: {"games": result.games, "rounds": result.rounds},
    players_help="Players, 3 to 8 (2: the Spielbox variant).",
    policy_help="Policy of the next player (repeat; the list is repeated to fill the table). Default: greedy-tuned, "
    "hunter-tuned, bigpot-tuned, crowd, random. See 'razzia policies'.",
    duplicate_help="Duplicate deals: the same cards, money and dice played N times with the players rotated.",
    trace_help="Print game GAME (default 0) of the run round by round (--format json: its events and "
    "results; csv: its events).",
    check=_check,
)
"""Razzia's play command: the rule switches, its tables and their text."""
