"""One traced game, the same object in every game: who sat where, with which seed, and what happened.

A game's ``trace(settings, policies, seed, index, duplicate=, user=)`` returns a :class:`GameTrace`: the
core :class:`~razzmatazz.core.trace.Trace` (log rows, per-seat results, flags) with what it was played
from, and the game's :class:`TraceStyle` that puts it into words. :meth:`GameTrace.text` is the game's
account for people (what ``play --trace`` prints); :meth:`GameTrace.to_dict` is the JSON for scripts, in
one shape for every game: ``events`` (one per log row, ``{"step", "seat", "event", ...the values in
words}``) and ``results`` (one per seat, ``{"seat", "policy", "payoff", "win", ...the game's own}``).
Seats are numbered from 0 (seat 0 is the dealer's left) in the JSON of every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from razzmatazz.core.policy import Policy
from razzmatazz.core.trace import Trace

Event = dict[str, Any]
"""One log row in words: ``seat`` (an int, or None for the table) and ``event`` (a word), then its values."""


@dataclass(frozen=True)
class TraceStyle:
    """How one game puts its traces into words."""

    game: str  # the game's name in the registry
    unit: str  # what a result's ``payoff`` counts, in words
    text: Callable[[Any, Sequence[Policy], np.ndarray, np.ndarray, int, int], str]
    """The account for people: ``text(settings, policies, log, results, index, seed)``."""
    event: Callable[[Sequence[int]], Event]
    """One log row as an :data:`Event`."""
    result: Callable[[Sequence[int]], dict[str, Any]]
    """One seat's results row as ``{"payoff", "win", ...}``."""


@dataclass(frozen=True, eq=False)
class GameTrace:
    """Game (or hand) ``index`` of the run of ``policies`` with ``seed``, played again with its log."""

    style: TraceStyle = field(repr=False)
    settings: Any
    policies: tuple[Policy, ...]
    seed: int
    index: int
    duplicate: bool
    trace: Trace

    @property
    def game(self) -> str:
        return self.style.game

    @property
    def log(self) -> np.ndarray:
        return self.trace.log

    @property
    def results(self) -> np.ndarray:
        return self.trace.results

    @property
    def flags(self) -> int:
        return int(self.trace.flags)

    @property
    def lineup(self) -> tuple[str, ...]:
        """The players' policy texts, in lineup order."""
        return tuple(p.text for p in self.policies)

    def seat_policies(self) -> list[Policy]:
        """The policy in each seat (player p sits in seat (p + index) mod N)."""
        n = len(self.policies)
        return [self.policies[(s - self.index) % n] for s in range(n)]

    def text(self) -> str:
        """The game's own account, as ``play --trace`` prints it."""
        return self.style.text(self.settings, self.policies, self.log, self.results, self.index, self.seed)

    def events(self) -> list[Event]:
        """Every log row in words, in order: ``{"step": i, "seat": s or None, "event": "...", ...}``."""
        out = []
        for i, row in enumerate(self.log.tolist()):
            values = dict(self.style.event(row))
            out.append({"step": i, "seat": values.pop("seat"), "event": values.pop("event"), **values})
        return out

    def seat_results(self) -> list[dict[str, Any]]:
        """Per seat: ``{"seat", "policy", "payoff", "win", ...the game's own}``."""
        out = []
        for s, (policy, row) in enumerate(zip(self.seat_policies(), self.results.tolist())):
            values = dict(self.style.result(row))
            out.append(
                {"seat": s, "policy": policy.text, "payoff": values.pop("payoff"), "win": values.pop("win"), **values}
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        """The whole trace as JSON-able data, in the shape every game shares."""
        return {
            "game": self.game,
            "seed": self.seed,
            "index": self.index,
            "duplicate": self.duplicate,
            "settings": jsonable(dataclasses.asdict(self.settings)),
            "lineup": list(self.lineup),
            "seats": [p.text for p in self.seat_policies()],
            "flags": self.flags,
            "payoff_unit": self.style.unit,
            "events": self.events(),
            "results": self.seat_results(),
        }


def jsonable(value: Any) -> Any:
    """``value`` with tuples as lists and numpy scalars and arrays as Python numbers and lists."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    return value
