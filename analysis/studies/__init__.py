"""Studies written once over any registered game: the round-robin :mod:`.tournament`, the parameter
:mod:`.sweep`, and their figures (:mod:`.plots`)."""

LADDER_GAMES = {"hand": 20_000, "game": 3_000}
"""The skill ladder's games per lineup by what the game counts (hands of Razz, games of the board games);
here, not in :mod:`.ladder`, so that the command line's help imports neither numba nor pandas."""
LADDER_TOP = 64
"""The largest budget the skill ladder climbs by default (samples a decision)."""
