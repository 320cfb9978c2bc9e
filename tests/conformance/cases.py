"""What each game brings to the shared conformance suite, found through the registry of games.

A game's test folder holds a module ``tests/<game>/conformance.py`` with its cases; the shared tests in this
folder gather them for every registered game (:func:`gather`), so a game is covered the moment it registers:

* ``ENGINES``: :class:`Engine` s (a job, its plain-Python reference, what its counts conserve);
* ``PINS``: :class:`Pin` s, runs whose counts are pinned (``test_pinned_games.py``);
* ``POSITIONS``: (players, lineups of policy texts) stepped through the decision-point interface
  (``test_positions.py``), for a game with a ``core/<game>/state.py``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from razzmatazz.analysis import games
from razzmatazz.core import batch


@dataclass(frozen=True)
class Engine:
    """One engine under test: ``job(seed, n)``, its ``reference(job, start, stop)`` and ``conserves``."""

    name: str
    job: Callable[[int, int], batch.Job]
    reference: Callable[[batch.Job, int, int], np.ndarray]
    conserves: Callable[[np.ndarray, int], None]
    """Raises AssertionError if counts for n games break a conservation law."""
    hidden: Callable[[int], object] | None = None
    """Engines with policies: raises AssertionError if a decision depends on what its seat cannot see."""
    items: int = 30_000
    """Items of the run split over threads, chunks and executors (fewer for engines whose items are whole games)."""


@dataclass(frozen=True)
class Pin:
    """A run whose counts never change unless a change says so: the game's job at ``fields`` (its Settings'
    switches) with ``texts`` (default: the game's mix), and the pin (sha256 prefix of the counts' bytes, their
    number, their sum)."""

    name: str
    fields: dict[str, Any]
    texts: Sequence[str]
    duplicate: bool
    seed: int
    items: int
    pin: tuple[str, int, int] = ("", 0, 0)
    game: str = field(default="", compare=False)


def cases(game: str) -> ModuleType | None:
    """The conformance module of ``game`` (``tests/<game>/conformance.py``), or None if it has none."""
    try:
        return importlib.import_module(f"tests.{game}.conformance")
    except ModuleNotFoundError as e:
        if e.name not in (f"tests.{game}", f"tests.{game}.conformance"):
            raise
        return None


def gather(name: str) -> list[tuple[str, Any]]:
    """``(game, case)`` for every case in the list ``name`` of every registered game's conformance module."""
    found = []
    for game in games.names():
        module = cases(game)
        for case in getattr(module, name, ()) if module is not None else ():
            found.append((game, case))
    return found


def game_job(game: str, settings: Any, texts: Sequence[str], seed: int, items: int, duplicate: bool) -> batch.Job:
    """The batch job of a run, built the way the game's ``play`` builds it (``items`` games, or deals of N)."""
    spec = games.game(game)
    engine = importlib.import_module(f"{spec.core}.engine")
    lineup = spec.module.lineup(list(texts), settings.players)
    n = -(-items // settings.players) if duplicate else items
    return engine.GameJob(settings, tuple(lineup), seed, n, duplicate, None)


def settings(game: str, **fields: Any) -> Any:
    """The game's rules ``Settings`` with ``fields`` changed from the defaults."""
    return importlib.import_module(f"{games.game(game).core}.rules").Settings(**fields)
