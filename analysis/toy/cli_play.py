"""``razzmatazz toy play``: the toy game's part of the shared play command (:mod:`razzmatazz.analysis.cli.play`)."""

from __future__ import annotations

from typing import Any

import click

from razzmatazz.analysis.cli.options import columns
from razzmatazz.analysis.cli.play import PlayForm, win_tables

OPTIONS = [
    click.option(
        "--copies",
        type=click.IntRange(1, 4),
        default=2,
        show_default=True,
        help="Copies of each card 1-10 in the deck (T2).",
    ),
    click.option(
        "--discards",
        type=click.Choice(["up", "down"]),
        default="up",
        show_default=True,
        help="A card replaced by a draw is shown to every seat, or to its own seat only (T4).",
    ),
]
"""The toy game's own options of ``play``: the rule switches of ``seeds/toy.md`` (defaults from its rulings)."""


def settings_of(players: int, own: dict[str, Any]) -> Any:
    """The :class:`Settings` of the switch options."""
    from razzmatazz.core.toy.rules import Settings

    return Settings(players=players, copies=own["copies"], discards=own["discards"])


def _mix(players: int, own: dict[str, Any]) -> str:
    from razzmatazz.analysis.toy.game import DEFAULT_MIX

    return "the default mix " + ", ".join(DEFAULT_MIX[:players])


def _play_text(result: Any, wall: float, written: str) -> str:
    s = result.settings
    head = (
        f"High card, {s.players} players, {result.games:,} games{' (duplicate)' if result.duplicate else ''}, "
        f"seed {result.seed}, {s.copies} copies of each card, discards {s.discards}; {wall:.1f} s"
    )
    lines = [head, *win_tables(result, "chips/game", lambda x: f"{x:.3f}", lambda x: f"{x:+.3f}")]
    cards = [
        {"first card": int(r.card), "dealt": f"{int(r.dealt):,}", "drew": f"{r.draw_rate:.0%}"}
        | {"chips/game": f"{r.chips_per_game:+.3f}"}
        for r in result.cards.itertuples()
        if r.dealt
    ]
    if cards:
        lines += ["", "By first card:", columns(cards, list(cards[0]), right=("dealt", "drew", "chips/game"))]
    if written:
        lines.append(written)
    return "\n".join(lines)


PLAY = PlayForm(
    doc="""Play games of high card with one draw between policies and report who wins.

    Per policy: win rate (a shared win counts 1/k) and chips per game with 95 % intervals, how
    often it draws; then per player, per seat, every difference between two policies (paired) and,
    by first card, how often its seat drew and what it ended with. Players rotate one seat per game.

    \b
    Examples:
      razzmatazz toy play --games 200000
      razzmatazz toy play --players 2 --policy redraw:below=7 --policy odds
      razzmatazz toy play --policy random --trace 3
    """,
    options=OPTIONS,
    settings=settings_of,
    mix=_mix,
    text=_play_text,
    tables=("policies", "players", "seats", "pairs", "cards"),
    streams="the deck of game item d: toy/deal (9, 1), game d; seat s's policy: toy/policy (9, 2, s), game g",
    counts=lambda result: {"games": result.games, "draws": result.draws, "shared_wins": result.shared},
    players_help="Players, 2 to 5.",
    policy_help="Policy of the next player (repeat; the list is repeated to fill the table). "
    "Default: odds, redraw, stand, random, redraw:below=8 (as many as players). See 'toy policies'.",
    duplicate_help="Duplicate deals: each deck is played N times with the players rotated "
    "(games rounded up to a multiple of N).",
)
"""The toy game's play command: the rule switches, its tables and their text."""
