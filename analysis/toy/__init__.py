"""The toy game: high card with one draw, the template a new game copies (``CONTRIBUTING.md``). Its game, trace
and tables (:mod:`.game`), its part of ``play`` (:mod:`.cli_play`), commands (:mod:`.cli`) and report section
(:mod:`.report`).

Not a shipped game: it joins the registry through ``RAZZMATAZZ_GAMES=razzmatazz.analysis.toy`` (the test suite
sets it), as a user's own game would. The room's public API is its modules' (``from razzmatazz.analysis.toy
import play``), imported on first use so that importing the room (the registry, ``--help``) stays light.
"""

from razzmatazz.analysis.games import GameSpec, public_api

SPEC = GameSpec(
    "toy",
    "High card",
    9,
    (2, 3, 4, 5),
    3,
    20_000,
    "game",
    "chips per game",
    "chips/game",
    "games won (a shared win counts 1/k)",
    f"{__name__}.game",
    "razzmatazz.core.toy",
    cli=f"{__name__}.cli:toy",
    report=f"{__name__}.report",
    form=f"{__name__}.cli_play:PLAY",
)
"""The toy game in the registry of games (:mod:`razzmatazz.analysis.games`)."""

__getattr__ = public_api(__name__, ("game",))
