"""Monte Carlo all-in equity: every player runs out to seven cards, the best low wins, ties split.

Trial ``i`` of a stream draws every missing card from the remaining deck with
:func:`core.rng.deal_from` fed by its own random stream (:func:`core.rng.game_state`):
the first drawn cards go to the players in seat order, each its missing cards in turn, and
the last one is the community card if the deal has one. The deck is restored after each
trial, so a trial's cards depend only on (key, i).

Counts: ``counts[p, k]`` is the number of trials in which player ``p`` is one of exactly
``k`` players sharing the best low (``k = 1`` is an outright win). Equity, win and tie
rates and their standard errors all follow from these integers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from razzmatazz.core.razz.deal import Deal
from razzmatazz.core.razz.evaluate import add_rank, class_of_layers, paired_class
from razzmatazz.core.razz.ranking import tables
from razzmatazz.core.rng import deal_from, game_state, next_u64, undeal

MAX_REDRAWS = 100_000
"""Draws of the ranges' combinations per trial before giving up (counted in ``counts[0, 0]``)."""
_S11 = np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0


@njit(cache=True)
def _play_block(key, lo, hi, base, draws, community, deck, nopair, paired, counts):
    n_players = base.shape[0]
    total = community
    for p in range(n_players):
        total += draws[p]
    swap = np.empty(total, np.int64)
    cls = np.empty(n_players, np.int16)
    for g in range(lo, hi):
        deal_from(game_state(key, g), deck, total, swap)
        shared = 0
        if community:
            shared = deck[total - 1] >> 2
        t = 0
        best = 32767
        for p in range(n_players):
            m1 = base[p, 0]
            for q in range(t, t + draws[p]):
                m1 |= 1 << (deck[q] >> 2)
            if community:
                m1 |= 1 << shared
            c = nopair[m1]
            if c < 0:
                c = _paired_slow(base[p], deck, t, t + draws[p], community, shared, paired)
            t += draws[p]
            cls[p] = c
            if c < best:
                best = c
        _tally(cls, best, counts)
        undeal(deck, total, swap)


@njit(cache=True)
def _play_heads_up(key, lo, hi, base, draws, deck, nopair, paired, counts):
    """:func:`_play_block` for two players and no community card, unrolled (a third faster)."""
    d0 = draws[0]
    total = d0 + draws[1]
    swap = np.empty(total, np.int64)
    for g in range(lo, hi):
        deal_from(game_state(key, g), deck, total, swap)
        m = base[0, 0]
        for q in range(d0):
            m |= 1 << (deck[q] >> 2)
        c0 = nopair[m]
        if c0 < 0:
            c0 = _paired_slow(base[0], deck, 0, d0, 0, 0, paired)
        m = base[1, 0]
        for q in range(d0, total):
            m |= 1 << (deck[q] >> 2)
        c1 = nopair[m]
        if c1 < 0:
            c1 = _paired_slow(base[1], deck, d0, total, 0, 0, paired)
        if c0 < c1:
            counts[0, 1] += 1
        elif c1 < c0:
            counts[1, 1] += 1
        else:
            counts[0, 2] += 1
            counts[1, 2] += 1
        undeal(deck, total, swap)


@njit(cache=True)
def _paired_slow(base, deck, lo, hi, community, shared, paired):
    m1, m2, m3, m4 = base[0], base[1], base[2], base[3]
    for q in range(lo, hi):
        m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, deck[q] >> 2)
    if community:
        m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, shared)
    return paired_class(m1, m2, m3, m4, paired)


@njit(cache=True, nogil=True)
def equity_counts(key, start, stop, base, draws, community, deck, nopair, paired):
    """Counts (players, players + 1) for trials ``start..stop-1`` of stream ``key``."""
    n_players = base.shape[0]
    out = np.zeros((n_players, n_players + 1), np.int64)
    own = deck.copy()  # dealt from in place and restored after every trial
    if n_players == 2 and not community:
        _play_heads_up(key, start, stop, base, draws, own, nopair, paired, out)
    else:
        _play_block(key, start, stop, base, draws, community, own, nopair, paired, out)
    return out


@njit(cache=True)
def _pick_combos(state, rcum, roff, rcards, rsize, pick, used):
    """Draw one combination per ranged player (weighted); redraw all until no card is shared.

    Returns ``(state, ok)``; ``ok`` is False after :data:`MAX_REDRAWS` draws that all shared a card.
    """
    m = roff.shape[0] - 1
    for _ in range(MAX_REDRAWS):
        for j in range(m):
            state, x = next_u64(state)
            lo, hi = roff[j], roff[j + 1]
            u = np.float64(x >> _S11) * _INV53 * rcum[hi - 1]
            pick[j] = min(lo + np.searchsorted(rcum[lo:hi], u, side="right"), hi - 1)  # u may round up to the total
        ok = True
        for j in range(m):
            for t in range(rsize[j]):
                c = rcards[pick[j], t]
                if used[c]:
                    ok = False
                used[c] = True
        for j in range(m):
            for t in range(rsize[j]):
                used[rcards[pick[j], t]] = False
        if ok:
            return state, True
    return state, False


@njit(cache=True, nogil=True)
def range_equity_counts(
    key, start, stop, base, draws, community, deck, nopair, paired, rplayer, rsize, roff, rcards, rcum
):
    """:func:`equity_counts` when some players hold ranges.

    Ranged player ``rplayer[j]`` holds ``rsize[j]`` cards: row ``pick`` of ``rcards`` with
    ``roff[j] <= pick < roff[j + 1]``, drawn with probability proportional to its weight
    (``rcum`` holds cumulative weights per range). Each trial first draws every ranged
    player's combination from its stream, redrawing all of them while any card is shared
    (rejection sampling), takes those cards out of the deck, then deals the rest as usual.
    A trial whose ranges still share a card after :data:`MAX_REDRAWS` draws is not played and
    is counted in ``counts[0, 0]`` instead.
    """
    n_players = base.shape[0]
    m = rplayer.shape[0]
    out = np.zeros((n_players, n_players + 1), np.int64)
    own = deck.copy()
    n = own.shape[0]
    pos = np.full(52, -1, np.int64)
    for i in range(n):
        pos[own[i]] = i
    total = community
    for p in range(n_players):
        total += draws[p]
    n_range_cards = 0
    for j in range(m):
        n_range_cards += rsize[j]
    swap = np.empty(total, np.int64)
    moved = np.empty(n_range_cards, np.int64)
    pick = np.empty(m, np.int64)
    used = np.zeros(52, np.bool_)
    ranged = np.full(n_players, -1, np.int64)
    for j in range(m):
        ranged[rplayer[j]] = j
    cls = np.empty(n_players, np.int16)
    for g in range(start, stop):
        state, ok = _pick_combos(game_state(key, g), rcum, roff, rcards, rsize, pick, used)
        if not ok:  # reported in the unused column 0: the ranges are (almost) never compatible
            out[0, 0] += 1
            continue
        tail = n
        k = 0
        for j in range(m):  # move the drawn combinations' cards behind the live deck
            for t in range(rsize[j]):
                tail -= 1
                a, b = pos[rcards[pick[j], t]], tail
                moved[k] = a
                k += 1
                _swap(own, pos, a, b)
        live = own[:tail]
        deal_from(state, live, total, swap)
        shared = live[total - 1] >> 2 if community else 0
        best = 32767
        q = 0
        for p in range(n_players):
            m1, m2, m3, m4 = base[p, 0], base[p, 1], base[p, 2], base[p, 3]
            if ranged[p] >= 0:
                j = ranged[p]
                for t in range(rsize[j]):
                    m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, rcards[pick[j], t] >> 2)
            for t in range(q, q + draws[p]):
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, live[t] >> 2)
            q += draws[p]
            if community:
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, shared)
            c = class_of_layers(m1, m2, m3, m4, nopair, paired)
            cls[p] = c
            if c < best:
                best = c
        undeal(live, total, swap)
        for i in range(n_range_cards - 1, -1, -1):  # put the combinations' cards back, in reverse
            _swap(own, pos, moved[i], n - 1 - i)
        _tally(cls, best, out)
    return out


@njit(cache=True, inline="always")
def _swap(deck, pos, a, b):
    ca, cb = deck[a], deck[b]
    deck[a], deck[b] = cb, ca
    pos[ca], pos[cb] = b, a


@njit(cache=True, inline="always")
def _tally(cls, best, counts):
    n_best = 0
    for p in range(cls.shape[0]):
        if cls[p] == best:
            n_best += 1
    for p in range(cls.shape[0]):
        if cls[p] == best:
            counts[p, n_best] += 1


def base_layers(known: tuple[np.ndarray, ...]) -> np.ndarray:
    """``(players, 4)`` int64 layer masks of each player's known cards."""
    out = np.zeros((len(known), 4), np.int64)
    for p, cards in enumerate(known):
        layers = (0, 0, 0, 0)
        for c in cards:
            layers = add_rank.py_func(*layers, int(c) >> 2)  # the kernel's own rule, run in Python
        out[p] = layers
    return out


@dataclass(frozen=True)
class EquityJob:
    """``n_items`` Monte Carlo trials of one deal on stream ``key`` (a :class:`core.batch.Job`)."""

    deal: Deal
    key: np.uint64
    n_items: int

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        nopair, paired = tables()
        args = (
            np.uint64(self.key),
            start,
            stop,
            base_layers(self.deal.known),
            self.deal.draws(),
            np.int64(self.deal.community),
            self.deal.deck,
            nopair,
            paired,
        )
        arrays = range_arrays(self.deal) if self.deal.ranges else None
        in_ranges = arrays[1].sum() if arrays else 0
        if args[4].sum() + self.deal.community > len(self.deal.deck) - in_ranges:  # would never finish dealing
            raise ValueError("the deal needs more cards than the deck holds")
        return equity_counts(*args) if arrays is None else range_equity_counts(*args, *arrays)


def range_arrays(deal: Deal) -> tuple[np.ndarray, ...]:
    """``(rplayer, rsize, roff, rcards, rcum)`` for :func:`range_equity_counts` (cards padded to 7)."""
    ranged = [(p, r) for p, r in enumerate(deal.ranges) if r is not None]
    rplayer = np.array([p for p, _ in ranged], np.int64)
    rsize = np.array([r.size for _, r in ranged], np.int64)
    roff = np.concatenate([[0], np.cumsum([len(r) for _, r in ranged])]).astype(np.int64)
    rcards = np.zeros((roff[-1], 7), np.int8)
    rcum = np.empty(roff[-1], np.float64)
    for j, (_, r) in enumerate(ranged):
        rcards[roff[j] : roff[j + 1], : r.size] = r.cards
        rcum[roff[j] : roff[j + 1]] = np.cumsum(r.weights)
    return rplayer, rsize, roff, rcards, rcum
