"""Riffifi: the game, its trace and its study (:mod:`.game`), the scripted positions (:mod:`.scenario`), figures
(:mod:`.plots`), its report section (:mod:`.report`) and commands (:mod:`.cli`).

The room's public API is its modules' (``from razzmatazz.analysis.riffifi import play``), imported on first
use so that importing the room (the registry, ``--help``) stays light.
"""

from razzmatazz.analysis.games import GameSpec, public_api

SPEC = GameSpec(
    "riffifi",
    "Riffifi",
    3,
    (3, 4, 5),
    4,
    20_000,
    "game",
    "chips per game",
    "chips/game",
    "games won (a shared win counts 1/k)",
    f"{__name__}.game",
    "razzmatazz.core.riffifi",
    cli=f"{__name__}.cli:riffifi",
    report=f"{__name__}.report",
    form=f"{__name__}.cli_play:PLAY",
)
"""Riffifi in the registry of games (:mod:`razzmatazz.analysis.games`)."""

__getattr__ = public_api(__name__, ("game", "scenario"))
