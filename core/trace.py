"""One game played again with its log: what every engine's ``GameJob.trace`` returns.

Plain Python (no numba): the kernels return tuples, the engines wrap them in :class:`Trace`. A
NamedTuple, so ``log, results, flags = job.trace(g)`` unpacks it as before.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Trace(NamedTuple):
    """A game's log rows, its per-seat results and its game-wide flags."""

    log: np.ndarray
    """One row per event, ``(kind, seat, ...)``: the layout is in the game's ``rules`` (its ``L_*`` kinds)."""
    results: np.ndarray
    """One row per seat: the engine's ``H_*`` columns."""
    flags: int = 0
    """Game-wide flags (Razz: G6, bit 0 a community card, bit 1 a reshuffle); 0 in games without."""
