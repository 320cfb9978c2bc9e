"""Ace-to-five low evaluation of 5 to 7 cards (numba kernels and their Python front door).

A hand is summarised by four 13-bit *layer masks*: ``m1`` has the ranks held at least once,
``m2`` at least twice, ``m3`` three times, ``m4`` four times (ace = bit 0). With five or
more distinct ranks (95.4 % of random seven-card hands) the best low is the five lowest
bits of ``m1``: one table lookup. Otherwise the best five are every distinct rank, then the
lowest second copies, then third, then fourth copies, which is the best category and the
best hand within it; a second table gives its class. Class indices are those of
:mod:`core.razz.ranking` (0 = A-2-3-4-5, 6174 = K-K-K-K-Q).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.batch import map_ranges
from razzmatazz.core.razz.ranking import tables


@njit(cache=True, inline="always")
def add_rank(m1, m2, m3, m4, r):
    """Layer masks after adding one card of rank ``r``."""
    b = 1 << r
    m4 |= m3 & b
    m3 |= m2 & b
    m2 |= m1 & b
    m1 |= b
    return m1, m2, m3, m4


@njit(cache=True, inline="always")
def lowest_bits(m, k):
    """The ``k`` lowest set bits of ``m``."""
    out = 0
    while k > 0 and m != 0:
        low = m & -m
        out |= low
        m ^= low
        k -= 1
    return out


@njit(cache=True, inline="always")
def popcount(m):
    """Number of set bits of ``m``."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def best_layers(m1, m2, m3, m4, k):
    """Layer masks of the best ``k`` cards of a holding: different ranks first, then the lowest
    second copies, then third, then fourth copies (the best low of ``k`` cards)."""
    c1 = lowest_bits(m1, k)
    need = k - popcount(c1)
    c2 = lowest_bits(m2, need)
    need -= popcount(c2)
    c3 = lowest_bits(m3, need)
    need -= popcount(c3)
    return c1, c2, c3, lowest_bits(m4, need)


@njit(cache=True)
def paired_class(m1, m2, m3, m4, paired):
    """Class of a hand with fewer than five distinct ranks (and at least five cards)."""
    _, c2, c3, c4 = best_layers(m1, m2, m3, m4, 5)
    key = 0
    mult = 1
    for r in range(13):
        b = 1 << r
        if m1 & b:
            cnt = 1 + ((c2 & b) != 0) + ((c3 & b) != 0) + ((c4 & b) != 0)
            for _ in range(cnt):
                key += r * mult
                mult *= 13
    return paired[key]


@njit(cache=True, inline="always")
def class_of_layers(m1, m2, m3, m4, nopair, paired):
    """Class index from layer masks."""
    c = nopair[m1]
    if c >= 0:
        return np.int16(c)
    return np.int16(paired_class(m1, m2, m3, m4, paired))


@njit(cache=True, inline="always")
def class_of_cards(hand, nopair, paired):
    """Class index of one hand (a 1-D array of 5 to 7 card integers)."""
    m1 = 0
    for c in hand:
        m1 |= 1 << (c >> 2)
    cls = nopair[m1]
    if cls >= 0:
        return np.int16(cls)
    m1 = m2 = m3 = m4 = 0
    for c in hand:
        m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, c >> 2)
    return np.int16(paired_class(m1, m2, m3, m4, paired))


@njit(cache=True, inline="always")
def class_of_counts(counts, nopair, paired):
    """Class index of a rank multiset given as 13 counts (5 to 7 cards in all)."""
    m1 = m2 = m3 = m4 = 0
    for r in range(13):
        k = counts[r]
        if k >= 1:
            m1 |= 1 << r
        if k >= 2:
            m2 |= 1 << r
        if k >= 3:
            m3 |= 1 << r
        if k >= 4:
            m4 |= 1 << r
    return class_of_layers(m1, m2, m3, m4, nopair, paired)


@njit(cache=True, nogil=True)
def _evaluate_rows(lo, hi, hands, nopair, paired, out):
    for i in range(lo, hi):
        out[i] = class_of_cards(hands[i], nopair, paired)


def evaluate(hands: np.ndarray) -> np.ndarray:
    """Class index of each hand in an ``(n, k)`` integer array of cards, ``5 <= k <= 7``.

    Cards are encoded as in :mod:`core.cards`; a 1-D array is one hand. Returns ``int16``
    (0 = A-2-3-4-5 best). Raises ``ValueError`` for a card outside 0..51 or a non-integer
    array; duplicate cards are the caller's business (they evaluate as a rank multiset).
    """
    arr = np.asarray(hands)
    if arr.dtype.kind not in "iu":
        raise ValueError(f"cards must be integers 0..51, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise ValueError(f"cards must be integers 0..51, got values from {arr.min()} to {arr.max()}")
    single = arr.ndim == 1
    arr = np.ascontiguousarray(arr.reshape(1, -1) if single else arr, dtype=np.int8)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise ValueError(f"hands must have 5 to 7 cards each, got shape {np.shape(hands)}")
    out = np.empty(arr.shape[0], dtype=np.int16)
    nopair, paired = tables()
    map_ranges(lambda lo, hi: _evaluate_rows(lo, hi, arr, nopair, paired, out), arr.shape[0])
    return out[0] if single else out
