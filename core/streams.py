"""Every random stream razzmatazz draws from, in one registry: game x purpose.

Each game's core package lists its own streams in ``core/<game>/streams.py`` (found and registered when
this module is imported); this module is only the mechanism.

A stream path is ``(game code, purpose code, *parts)``; :func:`key` turns a root seed and a
path into the 64-bit key of :mod:`razzmatazz.core.rng`, and game ``i`` of a run draws from
``game_state(key, i)``. Each purpose has its own stream, so drawing more or fewer numbers
for one purpose never shifts another: a policy that uses more randomness (its seat's policy
stream) never changes the cards dealt (the deal stream) or the dice rolled, and two
policies are compared on the same deals. Codes are part of every stored result's meaning:
never renumber them, only add.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from razzmatazz.core.errors import InputError
from razzmatazz.core.rng import stream_key

GAMES: dict[str, int] = {}
"""Game codes: the first part of every stream path (each game's own ``core/<game>/streams.py`` adds its code)."""


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
            raise InputError(
                f"stream {self.game}/{self.purpose} takes {len(self.parts)} path parts ({names}), got {len(parts)}"
            )
        return (GAMES[self.game], self.code, *(int(p) for p in parts))


STREAMS: dict[tuple[str, str], Stream] = {}
"""Every registered stream by (game, purpose): each game's package registers its own (:func:`register`)."""


def register(game: str, code: int, streams: Sequence[Stream]) -> None:
    """Add ``game`` (its code) and its ``streams``; a code or purpose taken by another is refused."""
    taken = {c: g for g, c in GAMES.items() if g != game}
    if code in taken or GAMES.get(game, code) != code:
        raise ValueError(f"game {game}: stream code {code} is taken")
    for s in streams:
        if s.game != game or any(
            o.code == s.code and o.purpose != s.purpose for (g, _), o in STREAMS.items() if g == game
        ):
            raise ValueError(f"stream {s.game}/{s.purpose}: not game {game}'s, or its code {s.code} is taken")
    GAMES[game] = code
    STREAMS.update({(s.game, s.purpose): s for s in streams})


def _discover() -> None:
    """Register the streams of every game package of core (each ``core/<game>/streams.py``)."""
    import razzmatazz.core as core

    for info in pkgutil.iter_modules(core.__path__):
        if info.ispkg and importlib.util.find_spec(f"{core.__name__}.{info.name}.streams") is not None:
            importlib.import_module(f"{core.__name__}.{info.name}.streams")


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


_discover()
