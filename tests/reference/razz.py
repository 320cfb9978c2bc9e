"""A slow, plainly written pure-Python reference for Razz, independent of ``core``.

Nothing here imports ``core``; only the card encoding is shared by convention:
``card = rank * 4 + suit`` with ranks A=0, 2=1, ..., K=12 and suits c, d, h, s = 0..3.

Contents:

* ace-to-five low evaluation by brute force over every five-card subset, with the order
  rule written out in words (:func:`low_key`, :func:`best_low`), and the 6,175 class
  indices obtained by sorting every five-card rank multiset with that rule;
* SplitMix64 random streams and the partial Fisher-Yates deal, re-implemented with plain
  Python integers masked to 64 bits;
* :func:`reference_equity_counts`, which plays all-in equity trials card by card.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"
N_RANKS = 13

# --------------------------------------------------------------------------------------
# Hand order
# --------------------------------------------------------------------------------------

NO_PAIR, ONE_PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS = range(6)
CATEGORY_NAMES = ("no pair", "one pair", "two pair", "trips", "full house", "quads")


def rank(card: int) -> int:
    return card // 4


def parse(text: str) -> list[int]:
    """``"As2h3d"`` -> card integers (two characters per card, no other syntax)."""
    text = text.replace(" ", "")
    assert len(text) % 2 == 0, text
    out = []
    for i in range(0, len(text), 2):
        r = RANK_CHARS.index(text[i].upper())
        s = SUIT_CHARS.index(text[i + 1].lower())
        out.append(r * 4 + s)
    return out


def low_key(ranks5) -> tuple[int, tuple[int, ...]]:
    """Order key of five ranks: a smaller key is a better (lower) ace-to-five hand.

    The rule in words: first the category, where no pair < one pair < two pair < trips
    < full house < quads. Inside one category, list the five ranks so that the ranks held
    more often come first, and among ranks held equally often the higher rank comes first
    (e.g. K-K-K-7-7 -> K K K 7 7, 7-7-3-3-K -> 7 7 3 3 K, 8-6-5-2-A -> 8 6 5 2 A); the
    hand whose list is smaller at the first difference is the better low.
    Aces are low (rank 0); suits, straights and flushes play no part.
    """
    assert len(ranks5) == 5
    mult = {}
    for r in ranks5:
        mult[r] = mult.get(r, 0) + 1
    distinct = len(mult)
    top = max(mult.values())
    if distinct == 5:
        category = NO_PAIR
    elif distinct == 4:
        category = ONE_PAIR
    elif distinct == 3:
        category = TWO_PAIR if top == 2 else TRIPS
    else:
        assert distinct == 2, ranks5
        category = FULL_HOUSE if top == 3 else QUADS
    listing = sorted(ranks5, key=lambda r: (mult[r], r), reverse=True)
    return category, tuple(listing)


@cache
def _low_key_cached(five: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return low_key(five)


@cache
def all_classes() -> tuple[tuple[int, ...], ...]:
    """Every five-card rank multiset (at most four cards of a rank), best low first.

    Each entry is the five ranks in ascending order.
    """
    hands = []
    for a in range(N_RANKS):
        for b in range(a, N_RANKS):
            for c in range(b, N_RANKS):
                for d in range(c, N_RANKS):
                    for e in range(d, N_RANKS):
                        if a == e:  # five of one rank
                            continue
                        hands.append((a, b, c, d, e))
    hands.sort(key=low_key)
    return tuple(hands)


@cache
def class_index_table() -> dict[tuple[int, ...], int]:
    """Ascending five ranks -> class index (0 = A-2-3-4-5)."""
    return {h: i for i, h in enumerate(all_classes())}


def class_of_five(ranks5) -> int:
    return class_index_table()[tuple(sorted(ranks5))]


@cache
def _best_of_ranks(sorted_ranks: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]:
    best = None
    best_five = None
    for five in combinations(sorted_ranks, 5):
        k = _low_key_cached(five)
        if best is None or k < best:
            best, best_five = k, five
    return best, best_five


def best_low_ranks(ranks) -> tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]:
    """``(order key, best five ranks ascending)`` of 5 to 7 ranks, by brute force."""
    assert 5 <= len(ranks) <= 7
    return _best_of_ranks(tuple(sorted(ranks)))


def best_low(cards) -> tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]:
    """``(order key, best five ranks ascending)`` of 5 to 7 card integers, by brute force."""
    cards = [int(c) for c in cards]
    assert len(set(cards)) == len(cards), "duplicate card"
    return best_low_ranks([rank(c) for c in cards])


def class_index(cards) -> int:
    """Class index (0 = A-2-3-4-5 best, 6174 worst) of the best low in 5 to 7 cards."""
    return class_of_five(best_low(cards)[1])


def class_index_of_ranks(ranks) -> int:
    return class_of_five(best_low_ranks(ranks)[1])


# --------------------------------------------------------------------------------------
# SplitMix64 streams
# --------------------------------------------------------------------------------------

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
GAME = 0xD1B54A32D192ED03


def mix64(z: int) -> int:
    z &= MASK64
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def game_state(key: int, index: int) -> int:
    """Initial state of game ``index`` in stream ``key``: mix64(key xor index * GAME)."""
    return mix64(int(key) ^ ((int(index) * GAME) & MASK64))


def next_u64(state: int) -> tuple[int, int]:
    """``(new state, output)``: add the golden gamma, output the mix of the new state."""
    state = (int(state) + GOLDEN) & MASK64
    return state, mix64(state)


def lemire32(x32: int, n: int) -> int:
    """Map 32 random bits to ``[0, n)``; -1 when the value falls in the rejected zone."""
    m = int(x32) * n
    if (m & MASK32) < (1 << 32) % n:
        return -1
    return m >> 32


def deal_from(state: int, deck: list[int], n_draw: int) -> tuple[int, list[int]]:
    """Partial Fisher-Yates on ``deck`` (in place); returns ``(new state, swap list)``.

    Each 64-bit output is split into its high then its low 32 bits; each half gives one
    draw from the ``n - j`` cards not yet drawn unless it is rejected (then it is skipped).
    Halves left over once ``n_draw`` cards are drawn are thrown away.
    """
    n = len(deck)
    swaps: list[int] = []
    while len(swaps) < n_draw:
        state, x = next_u64(state)
        for half in (x >> 32, x & MASK32):
            j = len(swaps)
            if j == n_draw:
                break
            k = lemire32(half, n - j)
            if k < 0:
                continue
            k += j
            deck[j], deck[k] = deck[k], deck[j]
            swaps.append(k)
    return state, swaps


def undeal(deck: list[int], swaps: list[int]) -> None:
    for j in reversed(range(len(swaps))):
        k = swaps[j]
        deck[j], deck[k] = deck[k], deck[j]


# --------------------------------------------------------------------------------------
# Equity trials
# --------------------------------------------------------------------------------------


def reference_equity_counts(key, start: int, stop: int, deal) -> list[list[int]]:
    """Counts ``[p][k]``: trials in ``start..stop-1`` where player p is one of exactly k winners.

    ``deal`` only needs ``known`` (cards per player, seat order), ``deck`` (the remaining
    cards in order) and ``community``. Each trial deals from a fresh copy of the deck: the
    drawn cards go to the players in seat order, each its missing cards in turn, and the
    last drawn card is the community card when there is one.
    """
    known = [[int(c) for c in k] for k in deal.known]
    community = bool(deal.community)
    own = 6 if community else 7
    draws = [own - len(k) for k in known]
    total = sum(draws) + (1 if community else 0)
    base_deck = [int(c) for c in deal.deck]
    n = len(known)
    counts = [[0] * (n + 1) for _ in range(n)]
    for g in range(start, stop):
        deck = list(base_deck)
        deal_from(game_state(int(key), g), deck, total)
        _showdown(known, deck, draws, community, total, counts)
    return counts


def _showdown(
    held: list[list[int]], dealt: list[int], draws: list[int], community: bool, total: int, counts: list[list[int]]
) -> None:
    """Complete each player's cards from ``dealt`` in seat order (the community card last) and score the pot."""
    shared = [dealt[total - 1]] if community else []
    classes, t = [], 0
    for p in range(len(held)):
        classes.append(class_index(held[p] + dealt[t : t + draws[p]] + shared))
        t += draws[p]
    best = min(classes)
    winners = [p for p in range(len(held)) if classes[p] == best]
    for p in winners:
        counts[p][len(winners)] += 1


def reference_range_equity_counts(key, start: int, stop: int, deal) -> list[list[int]]:
    """:func:`reference_equity_counts` when players hold ranges (``deal.ranges``).

    Each trial first draws one combination per ranged player, in seat order: 64 random bits
    ``x``, ``u = (x >> 11) / 2**53 * total weight``, the first combination whose cumulative
    weight exceeds ``u``; if two drawn combinations share a card, all are drawn again. The
    drawn cards are then swapped, one by one, to the end of the deck, and the rest is dealt
    from the front part exactly as without ranges.
    """
    import bisect

    import numpy as np

    ranges = list(deal.ranges)
    ranged = [p for p, r in enumerate(ranges) if r is not None]
    cum = {p: np.cumsum(ranges[p].weights).tolist() for p in ranged}
    known = [[int(c) for c in k] for k in deal.known]
    community = bool(deal.community)
    own = 6 if community else 7
    held = [ranges[p].cards.shape[1] if p in ranged else len(known[p]) for p in range(len(known))]
    draws = [own - h for h in held]
    total = sum(draws) + (1 if community else 0)
    n = len(known)
    counts = [[0] * (n + 1) for _ in range(n)]
    for g in range(start, stop):
        state = game_state(int(key), g)
        while True:
            hands = {}
            for p in ranged:
                state, x = next_u64(state)
                u = float(x >> 11) * (1.0 / 2**53) * cum[p][-1]
                hands[p] = [int(c) for c in ranges[p].cards[bisect.bisect_right(cum[p], u)]]
            drawn = [c for p in ranged for c in hands[p]]
            if len(set(drawn)) == len(drawn):
                break
        deck = [int(c) for c in deal.deck]
        tail = len(deck)
        for c in drawn:
            tail -= 1
            a = deck.index(c)
            deck[a], deck[tail] = deck[tail], deck[a]
        live = deck[:tail]
        deal_from(state, live, total)
        _showdown([known[p] + hands.get(p, []) for p in range(n)], live, draws, community, total, counts)
    return counts
