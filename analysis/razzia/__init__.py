"""Razzia: the game, its trace and its study (:mod:`.game`), the bars settled step by step (:mod:`.scenario`), figures
(:mod:`.plots`), its report section (:mod:`.report`) and commands (:mod:`.cli`).

The room's public API is its modules' (``from razzmatazz.analysis.razzia import play``), imported on first
use so that importing the room (the registry, ``--help``) stays light.
"""

from razzmatazz.analysis.games import GameSpec, public_api

SPEC = GameSpec(
    "razzia",
    "Razzia",
    2,
    tuple(range(3, 9)),
    5,
    20_000,
    "game",
    "dollars per game",
    "$/game",
    "games won (a shared win counts 1/k)",
    f"{__name__}.game",
    "razzmatazz.core.razzia",
    cli=f"{__name__}.cli:razzia",
    report=f"{__name__}.report",
    form=f"{__name__}.cli_play:PLAY",
    exploit_games=10_000,
)
"""Razzia in the registry of games (:mod:`razzmatazz.analysis.games`)."""

__getattr__ = public_api(__name__, ("game", "scenario"))
