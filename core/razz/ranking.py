"""The ace-to-five low order of the 6,175 five-card rank classes, and the lookup tables built from it.

Class 0 is A-2-3-4-5 (best), class 6174 is K-K-K-K-Q (worst). Categories come in this order:
no pair (1,287), one pair (2,860), two pair (858), trips (858), full house (156), quads (156).
Within a category hands compare by their rank groups, largest multiplicity first and, within
a multiplicity, highest rank first: no pair by the highest card then the next; one pair by
the pair then the kickers from the highest; two pair by the higher pair, the lower pair,
the kicker; trips by the trips then the kickers; full house by trips then pair; quads by
the quad rank then the kicker. Suits never matter; straights and flushes do not exist.

Tables (built once, on first use, in plain NumPy):

* ``nopair[mask]`` for a 13-bit mask of distinct ranks present (ace = bit 0): the class of
  the five lowest ranks if the mask has five or more bits, else -1.
* ``paired[key]`` with ``key = r0 + 13 r1 + 13^2 r2 + 13^3 r3 + 13^4 r4`` for five ranks
  ``r0 <= ... <= r4``: the class of that five-card multiset.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np

N_CLASSES = 6175
CATEGORIES = ("no pair", "one pair", "two pair", "trips", "full house", "quads")
CATEGORY_SIZES = (1287, 2860, 858, 858, 156, 156)
CATEGORY_START = tuple(int(x) for x in np.cumsum((0,) + CATEGORY_SIZES[:-1]))
_PATTERNS = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def sort_key(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Order key of a five-card rank multiset (smaller is a better low)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    pattern = tuple(c for _, c in groups)
    return _PATTERNS[pattern], tuple(r for r, _ in groups)


def paired_key(ranks: tuple[int, ...]) -> int:
    """Table key of five ranks (any order)."""
    s = sorted(ranks)
    return s[0] + 13 * s[1] + 169 * s[2] + 2197 * s[3] + 28561 * s[4]


@cache
def class_ranks() -> np.ndarray:
    """``(6175, 5)`` int8: the five ranks of each class, ascending, in class order."""
    hands = [h for h in combinations_with_replacement(range(13), 5) if max(h.count(r) for r in h) <= 4]
    hands.sort(key=sort_key)
    return np.array(hands, dtype=np.int8)


def category_of(cls: int) -> str:
    """Name of the category of a class index."""
    for name, start, size in zip(CATEGORIES, CATEGORY_START, CATEGORY_SIZES):
        if cls < start + size:
            return name
    raise ValueError(f"class {cls} out of range")


@cache
def tables() -> tuple[np.ndarray, np.ndarray]:
    """``(nopair, paired)`` lookup tables for the evaluator kernels (see module docstring)."""
    ranks = class_ranks()
    paired = np.full(13**5, -1, dtype=np.int16)
    for cls, hand in enumerate(ranks):
        paired[paired_key(tuple(int(r) for r in hand))] = cls
    nopair = np.full(1 << 13, -1, dtype=np.int16)
    for mask in range(1 << 13):
        low = [r for r in range(13) if mask >> r & 1][:5]
        if len(low) == 5:
            nopair[mask] = paired[paired_key(tuple(low))]
    return nopair, paired
