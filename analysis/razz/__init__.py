"""Razz: all-in equity (:mod:`.equities`), the fixed-limit game (:mod:`.game`), PokerKit hand histories
(:mod:`.phh`), figures (:mod:`.plots`), its report section (:mod:`.report`) and commands (:mod:`.cli`).

The room's public API is its modules' (``from razzmatazz.analysis.razz.equities import play``), imported on first
use so that importing the room (the registry, ``--help``) stays light.
"""

from razzmatazz.analysis.games import GameSpec, public_api

SPEC = GameSpec(
    "razz",
    "Razz",
    1,
    tuple(range(2, 9)),
    6,
    200_000,
    "hand",
    "big bets per 100 hands",
    "bb/100",
    "hands whose pot (or a share of it) the player took",
    f"{__name__}.game",
    "razzmatazz.core.razz",
    cli=f"{__name__}.cli:razz",
    report=f"{__name__}.report",
    form=f"{__name__}.cli_play:PLAY",
)
"""Razz in the registry of games (:mod:`razzmatazz.analysis.games`)."""

__getattr__ = public_api(__name__, ("equities", "game"))
