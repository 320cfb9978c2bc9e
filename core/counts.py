"""Named blocks of a run's count vector: one layout per game, written once.

Every engine returns its sums as one int64 vector made of blocks laid end to end (per player, per
seat, global counters, study tables, cross sums). A game lists its blocks once, as ``(name, shape)``
pairs for a player count; :func:`offsets` gives each block's start (the kernels' and the C ceiling's
layout) and :class:`Counts` gives each block as a reshaped view, so that no reader slices offsets by hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

Blocks = Sequence[tuple[str, tuple[int, ...]]]


def offsets(blocks: Blocks) -> dict[str, int]:
    """Each block's offset in the vector, and ``size``, the vector's length."""
    out: dict[str, int] = {}
    at = 0
    for name, shape in blocks:
        out[name] = at
        at += math.prod(shape)
    out["size"] = at
    return out


class Counts:
    """A count vector's blocks by name, each a view of the vector in its shape: ``c.player[p, field]``."""

    def __init__(self, counts: np.ndarray, blocks: Blocks) -> None:
        lay = offsets(blocks)
        if counts.shape != (lay["size"],):
            raise ValueError(f"a count vector of {lay['size']} numbers was expected, got shape {counts.shape}")
        self.counts = counts
        self.blocks = {name: counts[lay[name] : lay[name] + math.prod(shape)].reshape(shape) for name, shape in blocks}

    def __getitem__(self, name: str) -> np.ndarray:
        return self.blocks[name]

    def __getattr__(self, name: str) -> np.ndarray:
        try:
            return self.__dict__["blocks"][name]
        except KeyError:
            raise AttributeError(name) from None


def offset_table(blocks: Callable[[int], Blocks], names: Sequence[str], most: int) -> np.ndarray:
    """The offsets of the blocks ``names`` (then the vector's length) for every player count 0..``most``, one row
    each: what a game's ``count_offsets(n)`` kernel reads, so that the kernels' offsets come from ``blocks`` alone.
    (Rows for counts the game does not seat, which may not lay out, are zero.)"""
    table = np.zeros((most + 1, len(names) + 1), np.int64)
    for n in range(1, most + 1):
        lay = offsets(blocks(n))
        table[n] = [lay[name] for name in (*names, "size")]
    return table
