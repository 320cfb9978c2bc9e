"""Playthroughs in the manner of OpenSpiel's: one game of each registered game written decision by decision.

At each decision: the seat to move, what its policy is shown (the view), the length and a digest of everything the
seat has seen (its observation), the legal moves (their number and the first ones) and the move its policy chose;
at the end, the digest of the game's counts. A game's conformance module names its game (``PLAYTHROUGH``: players,
policy texts, seed, game index); the text is kept in ``tests/<game>/playthrough.txt`` and compared in
``test_positions.py``. A change that moves a game writes them again (``python scripts/playthroughs.py``) and
says why in its commit: the diff shows at which decision, and in what, the game changed.
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path

import numpy as np

from razzmatazz.analysis import games
from razzmatazz.core.positions import Position
from tests.conformance.cases import cases, game_job, settings

TESTS = Path(__file__).resolve().parents[1]
SHOWN_MOVES = 12
"""Legal moves written in full up to this many (Razzia's haggling has thousands: their number and the first)."""


def games_with_playthroughs() -> list[str]:
    """The registered games whose conformance module names a playthrough."""
    return [g for g in games.names() if hasattr(cases(g), "PLAYTHROUGH")]


def path(game: str) -> Path:
    """Where the game's playthrough is kept."""
    return TESTS / game / "playthrough.txt"


def _digest(values: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values, np.int64).tobytes()).hexdigest()[:16]


def _ints(values: np.ndarray) -> str:
    return " ".join(map(str, values.tolist()))


def playthrough(game: str) -> str:
    """The playthrough of ``game`` as text."""
    players, texts, seed, index = cases(game).PLAYTHROUGH
    job = game_job(game, settings(game, players=players), texts, seed, index + 1, False)
    p = Position.begin(importlib.import_module(f"{games.game(game).core}.state"), job, index)
    lines = [
        f"# {game} playthrough: {players} players ({', '.join(x.text for x in job.lineup)}), seed {seed}, game {index}",
        "# regenerate: python scripts/playthroughs.py (say why in the commit)",
    ]
    decision = 0
    while not p.over():
        seat, legal, seen = p.actor(), p.legal(), p.observation(p.actor())
        shown = _ints(legal[:SHOWN_MOVES]) + (" ..." if len(legal) > SHOWN_MOVES else "")
        lines += [
            f"decision {decision}: seat {seat}",
            f"  view: {_ints(p.view())}",
            f"  observation: {len(seen)} values, sha256 {_digest(seen)}",
            f"  legal: {len(legal)}: {shown}",
        ]
        lines.append(f"  chosen: {p.step()}")
        decision += 1
    lines.append(f"end after {decision} decisions: counts sha256 {_digest(p.tally())}")
    return "\n".join(lines) + "\n"
