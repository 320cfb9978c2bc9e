"""Exact heads-up equity and draw odds by enumerating rank multisets.

Suits never matter in Razz, so a deal is fully described by how many cards of each rank each
player receives. A draw of multiset ``k`` (``k[r]`` cards of rank r) from a deck holding
``c[r]`` cards of rank r can be dealt in ``prod_r C(c[r], k[r])`` ways; summing outcomes
over multisets with these weights counts every card-level deal exactly once. All counts are
integers (``int64``), so results carry no sampling error and no rounding until division.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np
from numba import njit

from razzmatazz.core.batch import map_ranges
from razzmatazz.core.razz.deal import HAND_SIZE, Deal
from razzmatazz.core.razz.evaluate import class_of_counts
from razzmatazz.core.razz.ranking import N_CLASSES, tables

BINOM = np.array([[comb(n, k) for k in range(8)] for n in range(5)], dtype=np.int64)


@cache
def multisets(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Rank multisets of ``size`` cards (at most 4 per rank), in a fixed order.

    Returns ``(counts (K, 13) int8, nz_rank (K, 7) int8, nz_count (K, 7) int8, nz_len (K,))``:
    the counts, and for each multiset its ranks present with their multiplicities.
    """
    rows = [m for m in combinations_with_replacement(range(13), size) if all(m.count(r) <= 4 for r in m)]
    counts = np.zeros((len(rows), 13), np.int8)
    nz_rank = np.zeros((len(rows), 7), np.int8)
    nz_count = np.zeros((len(rows), 7), np.int8)
    nz_len = np.zeros(len(rows), np.int64)
    for i, m in enumerate(rows):
        for r in m:
            counts[i, r] += 1
        present = sorted(set(m))
        nz_len[i] = len(present)
        for t, r in enumerate(present):
            nz_rank[i, t] = r
            nz_count[i, t] = m.count(r)
    return counts, nz_rank, nz_count, nz_len


def rank_counts(cards: np.ndarray) -> np.ndarray:
    """Number of cards of each rank among ``cards``."""
    return np.bincount(np.asarray(cards, dtype=np.int64) >> 2, minlength=13).astype(np.int64)


@njit(cache=True, inline="always")
def _weight(avail, nz_rank, nz_count, nz_len, binom):
    w = 1
    for t in range(nz_len):
        a = avail[nz_rank[t]]
        k = nz_count[t]
        if k > a:
            return 0
        w *= binom[a, k]
    return w


@njit(cache=True, inline="always")
def _versus(h, avail, classes, nzr, nzc, nzl, binom):
    """Count the opponent's draws from ``avail`` (multisets ``nzr/nzc/nzl`` with ``classes``).

    Returns ``(ways class h wins, ways it ties, all ways)``; h wins when the draw's class is larger.
    """
    win = 0
    tie = 0
    tot = 0
    for j in range(classes.shape[0]):
        w = _weight(avail, nzr[j], nzc[j], nzl[j], binom)
        if w == 0:
            continue
        tot += w
        if classes[j] > h:
            win += w
        elif classes[j] == h:
            tie += w
    return win, tie, tot


@njit(cache=True, nogil=True)
def _heads_up(lo, hi, deck, hero, v_cls, h_ms, h_nzr, h_nzc, h_nzl, v_nzr, v_nzc, v_nzl, binom, nopair, paired):
    """``(hero wins, ties, deals)`` over the hero's draws ``lo..hi-1`` (villain draw classes ``v_cls``)."""
    out = np.zeros(3, np.int64)
    for i in range(lo, hi):
        wh = _weight(deck, h_nzr[i], h_nzc[i], h_nzl[i], binom)
        if wh == 0:
            continue
        avail = deck - h_ms[i]
        h = class_of_counts(hero + h_ms[i], nopair, paired)
        win, tie, tot = _versus(h, avail, v_cls, v_nzr, v_nzc, v_nzl, binom)
        out[0] += wh * win
        out[1] += wh * tie
        out[2] += wh * tot
    return out


@njit(cache=True)
def _classes_plus(base, ms, nopair, paired):
    """Class of ``base + ms[j]`` for every draw ``j``."""
    out = np.empty(ms.shape[0], np.int16)
    for j in range(ms.shape[0]):
        out[j] = class_of_counts(base + ms[j], nopair, paired)
    return out


Multisets = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""What :func:`multisets` returns: counts, ranks present, their multiplicities, how many."""


def _heads_up_all(deck: np.ndarray, hero: np.ndarray, vil: np.ndarray, h_ms: Multisets, v_ms: Multisets) -> np.ndarray:
    nopair, paired = tables()
    v_cls = _classes_plus(vil, v_ms[0], nopair, paired)
    parts = map_ranges(
        lambda lo, hi: _heads_up(lo, hi, deck, hero, v_cls, *h_ms, *v_ms[1:], BINOM, nopair, paired), len(h_ms[0])
    )
    return np.sum(parts, axis=0)


def heads_up(deal: Deal) -> tuple[int, int, int]:
    """Exact ``(hero wins, ties, deals)`` for a heads-up deal (counted card-level deals).

    With a community 7th card (only when dead cards leave too few cards), each possible
    community rank is enumerated too, weighted by the cards of that rank left.
    """
    if deal.n_players != 2:
        raise ValueError("exact enumeration covers heads-up deals (one opponent) only")
    hero, vil = (rank_counts(k) for k in deal.known)
    deck = rank_counts(deal.deck)
    own = deal.own_cards()
    h_ms = multisets(own - len(deal.known[0]))
    v_ms = multisets(own - len(deal.known[1]))
    if not deal.community:
        res = _heads_up_all(deck, hero, vil, h_ms, v_ms)
    else:
        res = np.zeros(3, np.int64)
        for r in np.nonzero(deck)[0]:
            shared = np.eye(13, dtype=np.int64)[r]
            res += deck[r] * _heads_up_all(deck - shared, hero + shared, vil + shared, h_ms, v_ms)
    return int(res[0]), int(res[1]), int(res[2])


@njit(cache=True)
def _draw_classes(deck, hero, ms, nzr, nzc, nzl, binom, nopair, paired):
    out = np.zeros(N_CLASSES, np.int64)
    for i in range(ms.shape[0]):
        w = _weight(deck, nzr[i], nzc[i], nzl[i], binom)
        if w:
            out[class_of_counts(hero + ms[i], nopair, paired)] += w
    return out


def draw_distribution(known: np.ndarray, dead: np.ndarray | None = None) -> np.ndarray:
    """Ways (int64, per class) in which a hand with ``known`` cards ends up in each class.

    The hand draws to seven cards from the 52-card deck less ``known`` and ``dead``.
    This is Mike Caro's draw table generalised: sum the classes up to a bound and divide by
    the total to get "finishes this low or better".
    """
    seen = np.concatenate([np.asarray(known), np.asarray(dead if dead is not None else [], np.int64)])
    deck = 4 - rank_counts(seen)
    ms = multisets(HAND_SIZE - len(known))
    nopair, paired = tables()
    return _draw_classes(deck, rank_counts(known), *ms, BINOM, nopair, paired)


@njit(cache=True, nogil=True)
def _seven_vs_random(lo, hi, ms, nzr, nzc, nzl, classes, binom):
    """Wins and ties of seven-card multisets ``lo..hi-1`` against one random seven-card hand."""
    out = np.zeros((hi - lo, 2), np.int64)
    for i in range(lo, hi):
        avail = 4 - ms[i].astype(np.int64)
        win, tie, _ = _versus(classes[i], avail, classes, nzr, nzc, nzl, binom)
        out[i - lo, 0] = win
        out[i - lo, 1] = tie
    return out


def _key(counts: np.ndarray) -> np.ndarray:
    return (np.asarray(counts, np.int64) * (5 ** np.arange(13, dtype=np.int64))).sum(axis=-1)


@njit(cache=True)
def _starts(starts, keys7, order7, results7, ms4, nzr4, nzc4, nzl4, binom):
    out = np.zeros((starts.shape[0], 2), np.int64)
    pow5 = np.ones(13, np.int64)
    for r in range(1, 13):
        pow5[r] = pow5[r - 1] * 5
    for s in range(starts.shape[0]):
        avail = 4 - starts[s].astype(np.int64)
        for i in range(ms4.shape[0]):
            w = _weight(avail, nzr4[i], nzc4[i], nzl4[i], binom)
            if w == 0:
                continue
            key = 0
            for r in range(13):
                key += (starts[s, r] + ms4[i, r]) * pow5[r]
            idx = order7[np.searchsorted(keys7, key)]
            out[s, 0] += w * results7[idx, 0]
            out[s, 1] += w * results7[idx, 1]
    return out


@cache
def starting_hands_vs_random() -> tuple[np.ndarray, np.ndarray, int]:
    """Exact heads-up results of all 455 three-card rank classes against one random hand.

    Returns ``(starts (455, 13) rank counts, results (455, 2) = hero wins and ties, deals)``,
    where ``deals = C(49, 4) * C(45, 7)`` is the number of card-level deals per start.
    Works from each complete seven-card rank multiset's result against a random hand, which
    every start then sums over its possible draws (49,205 x 49,205 pairs in all, instead of
    455 x 1,820 x 49,205).
    """
    nopair, paired = tables()
    ms7, nzr7, nzc7, nzl7 = multisets(7)
    classes = _classes_plus(np.zeros(13, np.int64), ms7, nopair, paired)
    results7 = np.concatenate(
        map_ranges(lambda lo, hi: _seven_vs_random(lo, hi, ms7, nzr7, nzc7, nzl7, classes, BINOM), len(ms7))
    )
    keys = _key(ms7)
    order = np.argsort(keys)
    starts = multisets(3)[0]
    res = _starts(starts, keys[order], order, results7, *multisets(4), BINOM)
    res.flags.writeable = False  # remembered (functools.cache): callers must not change it
    return starts, res, comb(49, 4) * comb(45, 7)


def heads_up_ranges(deal: Deal) -> tuple[float, float, int, int]:
    """Exact heads-up equity when one player holds a range: ``(hero win, hero tie, combos, deals)``.

    The range's live combinations are grouped by rank multiset (suits never matter, and the
    unseen deck has the same rank counts whichever suits a combination holds); each group is
    enumerated exactly with :func:`heads_up` and weighted by its combinations' total weight.
    Win and tie are the hero's weighted fractions; ``deals`` counts every card-level deal
    enumerated (each combination's deals once).
    """
    held_ranges = [(side, r) for side, r in enumerate(deal.ranges) if r is not None]
    if deal.n_players != 2 or len(held_ranges) != 1:
        raise ValueError("exact range enumeration covers heads-up with exactly one player holding a range")
    side, rng = held_ranges[0]
    groups = np.sort(rng.cards >> 2, axis=1)
    _, first, inverse, count = np.unique(groups, axis=0, return_index=True, return_inverse=True, return_counts=True)
    weight = np.bincount(inverse.ravel(), weights=rng.weights)
    win = tie = 0.0
    deals = 0
    for g, row in enumerate(first):
        held = rng.cards[row]
        known = tuple(held if p == side else deal.known[p] for p in range(2))
        fixed = replace(deal, known=known, ranges=(), deck=np.setdiff1d(deal.deck, held).astype(np.int8))
        w_, t_, d_ = heads_up(fixed)  # player 0's wins and the ties, whichever side holds the range
        win += weight[g] * w_ / d_
        tie += weight[g] * t_ / d_
        deals += int(count[g]) * d_
    total = weight.sum()
    return win / total, tie / total, len(rng), deals
