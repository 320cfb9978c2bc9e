"""Counter-based random streams: one independent stream per (root seed, stream path, game index).

A run has a root seed. :func:`stream_key` turns (root seed, path) into a 64-bit key with
NumPy's ``SeedSequence``; a *path* names what is being simulated (a game code, a table
cell, ...). Game ``i`` of that stream starts from :func:`game_state` ``(key, i)`` and draws
with :func:`next_u64` (SplitMix64). Nothing depends on which thread, chunk or machine plays
game ``i``, so results are identical for the same seed however the work is split.

All kernels are compiled lazily on first call (``cache=True``).
"""

from __future__ import annotations

import secrets

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_GAME = np.uint64(0xD1B54A32D192ED03)
_LOW32 = np.uint64(0xFFFFFFFF)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh root seed from the operating system (printed and stored by callers)."""
    return secrets.randbits(63)


def stream_key(seed: int, *path: int) -> np.uint64:
    """The 64-bit key of stream ``path`` under root ``seed`` (``SeedSequence`` spawn key)."""
    ss = np.random.SeedSequence(int(seed), spawn_key=tuple(int(p) for p in path))
    return ss.generate_state(1, np.uint64)[0]


@njit(cache=True, inline="always")
def mix64(z):
    """SplitMix64 output function: a bijective 64-bit mix."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def game_state(key, index):
    """Initial state of game ``index`` (an int) in the stream ``key``."""
    return mix64(key ^ (np.uint64(index) * _GAME))


@njit(cache=True, inline="always")
def next_u64(state):
    """Advance a SplitMix64 state; returns ``(new_state, 64 random bits)``."""
    state = state + _GOLDEN
    return state, mix64(state)


@njit(cache=True, inline="always")
def lemire32(x32, n):
    """Map 32 random bits to ``[0, n)`` without bias (Lemire); -1 means "rejected, draw again"."""
    nn = np.uint64(n)
    m = x32 * nn
    low = m & _LOW32
    if low < nn and low < (np.uint64(0x100000000) - nn) % nn:
        return np.int64(-1)
    return np.int64(m >> _S32)


@njit(cache=True, inline="always")
def deal_from(state, deck, n_draw, swap):
    """Partial Fisher-Yates: put ``n_draw`` uniformly drawn cards in ``deck[:n_draw]``.

    Each 64-bit output serves two draws (high half, then low half); a rejected half is
    skipped. ``swap`` (length >= n_draw) records the swaps for :func:`undeal`. Returns the
    new state.
    """
    n = deck.shape[0]
    j = 0
    while j < n_draw:
        state, x = next_u64(state)
        for half in (x >> _S32, x & _LOW32):
            if j < n_draw:
                k = lemire32(half, n - j)
                if k >= 0:
                    k += j
                    swap[j] = k
                    tmp = deck[j]
                    deck[j] = deck[k]
                    deck[k] = tmp
                    j += 1
    return state


@njit(cache=True, inline="always")
def undeal(deck, n_draw, swap):
    """Undo :func:`deal_from`, restoring the deck's order."""
    for j in range(n_draw - 1, -1, -1):
        k = swap[j]
        tmp = deck[j]
        deck[j] = deck[k]
        deck[k] = tmp


@njit(cache=True)
def below(state, n):
    """(state, a uniform whole number in ``[0, n)``) from the stream at ``state``, without bias."""
    while True:
        state, x = next_u64(state)
        k = lemire32(x >> _S32, n)
        if k >= 0:
            return state, k
