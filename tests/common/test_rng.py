"""Counter-based SplitMix64 streams (razzmatazz.core.rng) against the pure-Python reference."""

from __future__ import annotations

import math

import numpy as np
import pytest

from razzmatazz.core import rng
from tests.reference import razz as ref

KEYS = [0, 1, 0x123456789ABCDEF0, (1 << 64) - 1, int(rng.stream_key(2024, 7)), int(rng.stream_key(1, 0, 3))]
INDICES = [0, 1, 2, 1000, 2**31 - 1, 2**40 + 17, 2**62 + 5]


def u64(x: int) -> np.uint64:
    return np.uint64(x & ref.MASK64)


def test_reference_splitmix_known_values():
    # SplitMix64 from seed 0: the published first outputs of Vigna's splitmix64.c
    state = 0
    outs = []
    for _ in range(3):
        state, x = ref.next_u64(state)
        outs.append(x)
    assert outs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("key", KEYS)
def test_game_state_matches_reference(key):
    for i in INDICES:
        assert int(rng.game_state(u64(key), i)) & ref.MASK64 == ref.game_state(key, i)


@pytest.mark.parametrize("key", KEYS)
def test_next_u64_sequence_matches_reference(key):
    for i in (0, 5, 2**33):
        s_core = np.uint64(int(rng.game_state(u64(key), i)) & ref.MASK64)
        s_ref = ref.game_state(key, i)
        for _ in range(20):
            s_core, x_core = rng.next_u64(s_core)
            s_ref, x_ref = ref.next_u64(s_ref)
            s_core = np.uint64(int(s_core) & ref.MASK64)
            assert int(s_core) == s_ref
            assert int(x_core) & ref.MASK64 == x_ref


def test_streams_differ():
    key = rng.stream_key(99)
    states = {ref.game_state(int(key), i) for i in range(1000)}
    assert len(states) == 1000
    assert int(rng.game_state(key, 0)) != int(rng.game_state(u64(int(key) ^ 1), 0))


def test_stream_key_deterministic():
    a = rng.stream_key(12345, 1, 2)
    assert isinstance(a, np.uint64)
    assert a == rng.stream_key(12345, 1, 2)
    others = {
        int(rng.stream_key(12345)),
        int(rng.stream_key(12345, 1)),
        int(rng.stream_key(12345, 2, 1)),
        int(rng.stream_key(12346, 1, 2)),
        int(rng.stream_key(12345, 1, 3)),
    }
    assert int(a) not in others and len(others) == 5
    # documented construction: SeedSequence spawn key -> one 64-bit word
    ss = np.random.SeedSequence(12345, spawn_key=(1, 2))
    assert a == ss.generate_state(1, np.uint64)[0]
    assert rng.stream_key(rng.MAX_SEED, 0) == rng.stream_key(2**63 - 1, 0)


def test_new_seed_range():
    seeds = {rng.new_seed() for _ in range(20)}
    assert all(0 <= s <= rng.MAX_SEED for s in seeds)
    assert len(seeds) > 1


def test_lemire32_matches_reference():
    r = np.random.default_rng(5)
    xs = [0, 1, 2**31, 2**32 - 1] + [int(v) for v in r.integers(0, 2**32, 300)]
    for n in (1, 2, 3, 7, 13, 45, 49, 51, 52):
        for x in xs:
            assert int(rng.lemire32(np.uint64(x), n)) == ref.lemire32(x, n), (x, n)


@pytest.mark.parametrize("n", range(1, 53))
def test_lemire32_exactly_unbiased(n):
    """Every output j in [0, n) is produced by exactly floor(2**32 / n) accepted inputs.

    Inputs mapping to j form the block [ceil(j 2^32 / n), ceil((j+1) 2^32 / n)); within
    a block the low 32 bits of x*n grow by n per step, so only the block's first input can
    fall in Lemire's rejection zone (low < 2^32 mod n). The kernel is queried at each
    block's edges and at its first input to count its accepted inputs.
    """
    two32 = 1 << 32
    target = two32 // n
    for j in range(n):
        x0 = -(-j * two32 // n)
        x1 = -(-(j + 1) * two32 // n)
        assert (x0 * n) & ref.MASK32 < n  # only x0 can be rejected
        first = int(rng.lemire32(np.uint64(x0), n))
        assert first in (j, -1)
        if x0 + 1 < x1:
            assert int(rng.lemire32(np.uint64(x0 + 1), n)) == j
        assert int(rng.lemire32(np.uint64(x1 - 1), n)) == j
        if x1 < two32:
            assert int(rng.lemire32(np.uint64(x1), n)) in (j + 1, -1)
        accepted = (x1 - x0) - (first == -1)
        assert accepted == target, (n, j, x1 - x0, first)


def _core_deal(state: int, deck: np.ndarray, n_draw: int) -> tuple[int, np.ndarray]:
    swap = np.empty(max(n_draw, 1), np.int64)
    new_state = rng.deal_from(np.uint64(state), deck, n_draw, swap)
    return int(new_state) & ref.MASK64, swap[:n_draw]


@pytest.mark.parametrize("n_draw", [0, 1, 2, 3, 7, 14, 46, 52])
def test_deal_from_matches_reference(n_draw):
    key = int(rng.stream_key(7, n_draw))
    for g in range(40):
        start = np.random.default_rng(g).permutation(52).astype(np.int8)
        deck = start.copy()
        s = ref.game_state(key, g)
        new_state, swap = _core_deal(s, deck, n_draw)
        ref_deck = [int(c) for c in start]
        ref_state, ref_swaps = ref.deal_from(s, ref_deck, n_draw)
        assert deck.tolist() == ref_deck
        assert swap.tolist() == ref_swaps
        assert new_state == ref_state


def test_deal_from_small_deck_matches_reference():
    # a short deck exercises other Lemire bounds (n - j small)
    for g in range(200):
        s = ref.game_state(11, g)
        deck = np.arange(5, dtype=np.int8)
        new_state, _ = _core_deal(s, deck, 5)
        ref_deck = list(range(5))
        ref_state, _ = ref.deal_from(s, ref_deck, 5)
        assert deck.tolist() == ref_deck and new_state == ref_state


def test_deal_then_undeal_restores_deck():
    key = int(rng.stream_key(3))
    for g in range(100):
        start = np.random.default_rng(1000 + g).permutation(52).astype(np.int8)
        deck = start.copy()
        n_draw = g % 53
        swap = np.empty(max(n_draw, 1), np.int64)
        rng.deal_from(np.uint64(ref.game_state(key, g)), deck, n_draw, swap)
        # a permutation of the deck whose first n_draw cards are the drawn ones
        assert sorted(deck.tolist()) == sorted(start.tolist())
        assert len(set(deck[:n_draw].tolist())) == n_draw
        assert (swap[:n_draw] >= np.arange(n_draw)).all() and (swap[:n_draw] < 52).all()
        if n_draw > 5:
            assert not np.array_equal(deck, start)
        rng.undeal(deck, n_draw, swap)
        assert np.array_equal(deck, start)


def test_first_card_uniform():
    """The first drawn card is uniform over 52 (fixed seed; chi-square and per-cell SE bounds)."""
    per_cell = 2000
    n = 52 * per_cell
    key = int(rng.stream_key(20240601, 1))
    hits = np.zeros(52, np.int64)
    second = np.zeros(52, np.int64)
    base = np.arange(52, dtype=np.int8)
    swap = np.empty(2, np.int64)
    for g in range(n):
        deck = base.copy()
        rng.deal_from(np.uint64(ref.game_state(key, g)), deck, 2, swap)
        hits[deck[0]] += 1
        second[deck[1]] += 1
    p = 1 / 52
    se = math.sqrt(n * p * (1 - p))
    # chi-square with 51 degrees of freedom: mean 51, sd sqrt(102) ~ 10.1; 51 + 7 sd ~ 122
    # corresponds to p < 1e-6 for a correct generator.
    crit = 51 + 7 * math.sqrt(102)
    for counts in (hits, second):
        assert counts.sum() == n
        assert np.abs(counts - n * p).max() < 4.5 * se
        chi2 = float(((counts - n * p) ** 2 / (n * p)).sum())
        assert chi2 < crit, chi2
