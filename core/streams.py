"""Every random stream razzmatazz draws from, in one registry: game x purpose.

A stream path is ``(game code, purpose code, *parts)``; :func:`key` turns a root seed and a
path into the 64-bit key of :mod:`razzmatazz.core.rng`, and game ``i`` of a run draws from
``game_state(key, i)``. Each purpose has its own stream, so drawing more or fewer numbers
for one purpose never shifts another: a policy that uses more randomness (its seat's policy
stream) never changes the cards dealt (the deal stream) or the dice rolled, and two
policies are compared on the same deals. Codes are part of every stored result's meaning:
never renumber them, only add.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from razzmatazz.core.errors import InputError
from razzmatazz.core.rng import stream_key

GAMES = {"razz": 1, "razzia": 2, "riffifi": 3}
"""Game codes: the first part of every stream path."""


@dataclass(frozen=True)
class Stream:
    """One registered stream: its game, purpose, codes, the extra path parts it takes, and help."""

    game: str
    purpose: str
    code: int
    parts: tuple[str, ...]
    help: str

    def path(self, *parts: int) -> tuple[int, ...]:
        """The full path ``(game code, purpose code, *parts)``."""
        if len(parts) != len(self.parts):
            names = ", ".join(self.parts) or "none"
            raise InputError(f"stream {self.game}/{self.purpose} takes {len(self.parts)} path parts ({names}), "
                             f"got {len(parts)}")
        return (GAMES[self.game], self.code, *(int(p) for p in parts))


STREAMS: dict[tuple[str, str], Stream] = {
    (s.game, s.purpose): s
    for s in (
        Stream("razz", "equity", 1, (), "all-in equity questions: trial i completes every unknown card"),
        Stream("razz", "table", 2, ("start", "opponents"),
               "starting-hand table: one stream per (start index in multisets(3), number of opponents)"),
        Stream("razz", "deal", 3, (), "the full game: the shuffled deck of game i"),
        Stream("razz", "policy", 4, ("seat",), "the full game: random choices of the policy in a seat"),
        Stream("razz", "street", 5, ("street",),
               "razz street: the root seed of each street's Monte Carlo (then stream razz/equity under it)"),
        Stream("razzia", "deal", 1, (), "gambling, police and money cards of game i"),
        Stream("razzia", "dice", 2, (), "dice duels of game i"),
        Stream("razzia", "policy", 3, ("seat",), "random choices of the policy in a seat"),
        Stream("riffifi", "deal", 1, (), "the cards dealt in game i (every deal of it)"),
        Stream("riffifi", "policy", 2, ("seat",), "random choices of the policy in a seat"),
    )
}


def stream(game: str, purpose: str) -> Stream:
    """The registered stream of ``game`` for ``purpose``."""
    try:
        return STREAMS[(game, purpose)]
    except KeyError:
        known = ", ".join(f"{g}/{p}" for g, p in STREAMS)
        raise InputError(f"no random stream {game}/{purpose}; known: {known}") from None


def key(seed: int, game: str, purpose: str, *parts: int) -> np.uint64:
    """The 64-bit key of stream ``game/purpose`` (with its path ``parts``) under root ``seed``."""
    return stream_key(seed, *stream(game, purpose).path(*parts))
