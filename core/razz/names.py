"""Razz hand names as players say them, and final-low buckets for draw odds.

No-pair lows name their two highest cards, then as many further cards as needed: the tail
is left out once it is the smoothest completion (the lowest ranks, A-2-3...), so every
no-pair class gets its own name: 5-4-3-2-A is the "wheel", 6-4-3-2-A the "6-4 low",
7-5-3-2-A the "7-5 low", 8-6-4-2-A the "8-6-4 low", 7-5-4-3-2 the "7-5-4-3-2 low".
Paired hands get short names that need not be unique: "pair of kings", "two pair, kings
and fours", "three fours", "full house, kings full of fours", "four kings".
"""

from __future__ import annotations

from functools import cache

import numpy as np

from razzmatazz.core.cards import RANKS
from razzmatazz.core.razz.exact import draw_distribution
from razzmatazz.core.razz.ranking import CATEGORY_START, N_CLASSES, class_ranks, sort_key

PLURALS = tuple("aces twos threes fours fives sixes sevens eights nines tens jacks queens kings".split())
PAIRED_NAMES = ("pair of {a}", "two pair, {a} and {b}", "three {a}", "full house, {a} full of {b}", "four {a}")
BUCKETS = ("5", "6", "7", "8", "9", "T", "J", "Q", "K", "paired")
N_NOPAIR = CATEGORY_START[1]


def _check(cls: int) -> None:
    if not 0 <= cls < N_CLASSES:
        raise ValueError(f"class {cls} out of range 0..{N_CLASSES - 1}")


def _low_name(desc: list[int]) -> str:
    """Name of five distinct ranks given highest first (see module docstring)."""
    if desc == [4, 3, 2, 1, 0]:
        return "wheel"
    cut = next(n for n in range(2, 6) if desc[n:] == list(range(4 - n, -1, -1)))
    return "-".join(RANKS[r] for r in desc[:cut]) + " low"


def _paired_name(pattern: int, groups: tuple[int, ...]) -> str:
    """Name of a paired hand from its category index and rank groups (largest multiplicity first)."""
    return PAIRED_NAMES[pattern - 1].format(a=PLURALS[groups[0]], b=PLURALS[groups[1]])


def hand_name(cls: int) -> str:
    """Player's name of a class (0 = wheel ... 6174 = K-K-K-K-Q)."""
    _check(cls)
    pattern, groups = sort_key(tuple(int(r) for r in class_ranks()[cls]))
    return _low_name(list(groups)) if pattern == 0 else _paired_name(pattern, groups)


@cache
def _all_names() -> tuple[str, ...]:
    return tuple(hand_name(c) for c in range(N_CLASSES))


def names() -> list[str]:
    """Names of all 6,175 classes in class order (built once)."""
    return list(_all_names())


@cache
def bucket_index() -> np.ndarray:
    """``(6175,)`` int64, read-only: index in BUCKETS of each class (highest card of a no-pair low, or paired)."""
    top = class_ranks().max(axis=1).astype(np.int64) - 4
    out = np.where(np.arange(N_CLASSES) < N_NOPAIR, top, len(BUCKETS) - 1)
    out.flags.writeable = False
    return out


def low_bucket(cls: int) -> str:
    """Bucket of a class: the highest card of its low ("5" for the wheel ... "K"), or "paired"."""
    _check(cls)
    return BUCKETS[bucket_index()[cls]]


def draw_odds(known: np.ndarray, dead: np.ndarray | None = None) -> dict:
    """Exact odds of the final low of a hand drawing to seven cards from ``known`` (card ints).

    Returns ``{"lows": {bucket: probability}, "counts": {bucket: ways}, "eight_or_better": p,
    "ways": total}``: ways are card-level draws from the deck less ``known`` and ``dead``.
    """
    counts = np.zeros(len(BUCKETS), np.int64)
    np.add.at(counts, bucket_index(), draw_distribution(known, dead))
    ways = int(counts.sum())
    return {
        "lows": {b: int(n) / ways for b, n in zip(BUCKETS, counts)},
        "counts": {b: int(n) for b, n in zip(BUCKETS, counts)},
        "eight_or_better": int(counts[:4].sum()) / ways,
        "ways": ways,
    }
