"""Ace-to-five low evaluation (razzmatazz.core.razz.ranking, razzmatazz.core.razz.evaluate).

Oracles: PokerKit's ``RegularLowHand`` and the brute-force reference in tests/reference.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import RegularLowHand

from razzmatazz.core.razz.evaluate import evaluate
from razzmatazz.core.razz.exact import multisets
from razzmatazz.core.razz.ranking import (
    CATEGORY_SIZES,
    CATEGORY_START,
    N_CLASSES,
    category_of,
    class_ranks,
    tables,
)
from tests.reference import razz as ref

RANKS = ref.RANK_CHARS
SUITS = ref.SUIT_CHARS


def text(cards) -> str:
    return "".join(RANKS[int(c) // 4] + SUITS[int(c) % 4] for c in cards)


def cards_of_ranks(ranks) -> list[int]:
    """Cards with the given ranks, the i-th copy of a rank in suit i (c, d, h, s)."""
    seen: dict[int, int] = {}
    out = []
    for r in ranks:
        s = seen.get(r, 0)
        seen[r] = s + 1
        out.append(r * 4 + s)
    return out


def ranks_of_text(t: str) -> list[int]:
    return [RANKS.index(ch) for ch in t if ch not in " -"]


def cls_of(ranks_text: str) -> int:
    return int(evaluate(np.array(cards_of_ranks(ranks_of_text(ranks_text)), np.int8)))


def pokerkit_index(cards) -> int:
    return RegularLowHand.from_game(text(cards), "").entry.index


# ---------------------------------------------------------------------------------------------
# class order
# ---------------------------------------------------------------------------------------------


def test_class_ranks_shape_and_categories():
    cr = class_ranks()
    assert cr.shape == (N_CLASSES, 5) == (6175, 5)
    assert sum(CATEGORY_SIZES) == N_CLASSES
    assert len({tuple(r) for r in cr.tolist()}) == N_CLASSES
    assert (np.diff(cr, axis=1) >= 0).all()
    distinct = np.array([len(set(r)) for r in cr.tolist()])
    top = np.array([max(list(r).count(x) for x in r) for r in cr.tolist()])
    pattern = {(5, 1): 0, (4, 2): 1, (3, 2): 2, (3, 3): 3, (2, 3): 4, (2, 4): 5}
    cats = np.array([pattern[(d, t)] for d, t in zip(distinct, top)])
    assert (np.diff(cats) >= 0).all()
    for k, (start, size) in enumerate(zip(CATEGORY_START, CATEGORY_SIZES)):
        assert (cats[start : start + size] == k).all()
        assert category_of(start) == category_of(start + size - 1)
    assert category_of(0) == "no pair" and category_of(1287) == "one pair"
    assert category_of(6174) == "quads"
    with pytest.raises(ValueError):
        category_of(6175)


def test_class_order_matches_reference():
    assert [tuple(r) for r in class_ranks().tolist()] == list(ref.all_classes())


def test_class_order_matches_pokerkit():
    cr = class_ranks()
    bad = []
    for i, ranks in enumerate(cr.tolist()):
        idx = RegularLowHand(text(cards_of_ranks(ranks))).entry.index
        if idx != i:
            bad.append((i, ranks, idx))
    assert not bad, bad[:5]


def test_nopair_table_matches_reference():
    nopair, _ = tables()
    assert nopair.shape == (1 << 13,)
    for mask in range(1 << 13):
        present = [r for r in range(13) if mask >> r & 1]
        expect = ref.class_of_five(present[:5]) if len(present) >= 5 else -1
        assert nopair[mask] == expect, mask


# ---------------------------------------------------------------------------------------------
# evaluate vs PokerKit and the reference
# ---------------------------------------------------------------------------------------------


def test_random_seven_card_hands_match_pokerkit():
    gen = np.random.default_rng(20241129)
    hands = np.array([gen.choice(52, 7, replace=False) for _ in range(3000)], np.int8)
    got = evaluate(hands)
    assert got.dtype == np.int16 and got.shape == (3000,)
    expect = np.array([pokerkit_index(h) for h in hands])
    mismatch = np.flatnonzero(got != expect)
    assert mismatch.size == 0, [(text(hands[i]), got[i], expect[i]) for i in mismatch[:5]]
    # sanity: the sample contains paired best hands, so the slow path was exercised
    assert (got >= CATEGORY_START[1]).sum() > 50


@settings(max_examples=250, derandomize=True, database=None, deadline=None)
@given(st.integers(5, 7).flatmap(lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)))
def test_hypothesis_hands_match_pokerkit_and_reference(cards):
    got = int(evaluate(np.array(cards, np.int8)))
    assert got == pokerkit_index(cards)
    assert got == ref.class_index(cards)


@settings(max_examples=250, derandomize=True, database=None, deadline=None)
@given(
    st.integers(5, 7).flatmap(
        lambda k: st.lists(st.integers(0, 12), min_size=k, max_size=k).filter(
            lambda rs: all(rs.count(r) <= 4 for r in rs)
        )
    )
)
def test_hypothesis_rank_heavy_hands(ranks):
    # draws ranks directly so pairs, trips and quads are common
    cards = cards_of_ranks(ranks)
    got = int(evaluate(np.array(cards, np.int8)))
    assert got == pokerkit_index(cards)
    assert got == ref.class_index(cards)


def test_rows_of_five_and_six_cards():
    gen = np.random.default_rng(7)
    for k in (5, 6):
        hands = np.array([gen.choice(52, k, replace=False) for _ in range(300)], np.int8)
        got = evaluate(hands)
        assert got.tolist() == [ref.class_index(h) for h in hands]


def test_evaluate_shapes():
    one = evaluate(np.array([3, 6, 9, 12, 16], np.int8))
    assert np.ndim(one) == 0 and int(one) == 0
    assert evaluate(np.array([[3, 6, 9, 12, 16, 51, 50]])).tolist() == [0]
    for bad in (np.arange(4), np.arange(8), np.zeros((2, 4), np.int8)):
        with pytest.raises(ValueError):
            evaluate(bad)


# ---------------------------------------------------------------------------------------------
# trap hands (poker-eval TODO list, Brecher's changelog, research notes section 4d)
# ---------------------------------------------------------------------------------------------

TRAPS = [
    ("KK77442", "44K72", "one pair"),
    ("KKK7733", "7733K", "two pair"),
    ("777KK33", "7733K", "two pair"),
    ("333KK77", "7733K", "two pair"),
    ("4444KKK", "444KK", "full house"),
    ("AAAA222", "AAA22", "full house"),
    ("AA22334", "AA432", "one pair"),
    ("KKQQJJT", "JJKQT", "one pair"),
    ("AAA2223", "AA223", "two pair"),
    ("AA23456", "A2345", "no pair"),
    ("9876543", "76543", "no pair"),
    ("KKKKQQQ", "QQQKK", "full house"),
    ("KKKKA23", "KKA23", "one pair"),
    ("AAAAKKQ", "AAKKQ", "two pair"),
    ("KKKKQQ", "QQKKK", "full house"),
    ("QQQQK", "QQQQK", "quads"),
]


@pytest.mark.parametrize("hand,best,category", TRAPS)
def test_trap_hands(hand, best, category):
    cards = cards_of_ranks(ranks_of_text(hand))
    cls = int(evaluate(np.array(cards, np.int8)))
    assert sorted(class_ranks()[cls].tolist()) == sorted(ranks_of_text(best))
    assert category_of(cls) == category
    # the oracles agree
    assert ref.best_low(cards)[1] == tuple(sorted(ranks_of_text(best)))
    pk = RegularLowHand.from_game(text(cards), "")
    assert pk.entry.index == cls
    assert sorted(RANKS.index(str(c.rank)) for c in pk.cards) == sorted(ranks_of_text(best))


def test_documented_examples():
    assert cls_of("86 52A") < cls_of("9652A")
    assert cls_of("86543") < cls_of("8732A")
    assert cls_of("A2345") == 0
    assert cls_of("KKKKQ") == N_CLASSES - 1
    assert cls_of("6432A") == 1  # second-best low
    assert cls_of("AA234") == CATEGORY_START[1]  # best pair
    assert cls_of("KQJT9") == CATEGORY_START[1] - 1  # worst no pair, still beats any pair
    assert cls_of("KQJT9") < cls_of("AA234")
    assert cls_of("AAKQJ") < cls_of("22A34")  # one pair: the pair counts first
    assert cls_of("AA765") < cls_of("22543")  # BARGE rulebook example
    # two pair: higher pair, then lower pair, then kicker
    assert cls_of("AA223") < cls_of("AA22K") < cls_of("AA332") < cls_of("3322A") < cls_of("AA442")
    # full house by the trips first
    assert cls_of("QQQKK") < cls_of("KKKAA")
    # any trips loses to any two pair
    assert cls_of("KKQQJ") < cls_of("AAA23")


def test_straights_and_flushes_ignored():
    flush_wheel = [int(c) for c in (3, 7, 11, 15, 19, 23, 27)]  # As2s3s4s5s6s7s
    assert text(flush_wheel) == "As2s3s4s5s6s7s"
    assert int(evaluate(np.array(flush_wheel, np.int8))) == 0
    assert int(evaluate(np.array(flush_wheel[:5], np.int8))) == 0
    straight_flush = np.array([7, 11, 15, 19, 23], np.int8)  # 2s..6s
    rainbow = np.array([4, 9, 14, 19, 20], np.int8)  # 2c3d4h5s6c
    # 6-high lows in order: 6432A, 6532A, 6542A, 6543A, 65432 -> class 5
    assert evaluate(straight_flush) == evaluate(rainbow) == 5
    # suits never change the class
    gen = np.random.default_rng(3)
    for _ in range(200):
        ranks = gen.choice(13, 7)
        base = np.array(cards_of_ranks(ranks), np.int8)
        if np.bincount(ranks, minlength=13).max() > 4:
            continue
        a = evaluate(base)
        # permute suits within each rank
        perm = gen.permutation(4)
        other = (base // 4) * 4 + perm[base % 4]
        assert evaluate(other.astype(np.int8)) == a


# ---------------------------------------------------------------------------------------------
# exhaustive over rank multisets, and the 2+2 category counts
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seven_card_multisets():
    counts = multisets(7)[0].astype(np.int64)
    assert counts.shape == (49205, 13)
    ranks = [[r for r in range(13) for _ in range(row[r])] for row in counts.tolist()]
    cards = np.array([cards_of_ranks(rs) for rs in ranks], np.int8)
    classes = evaluate(cards)
    return counts, ranks, cards, classes


def test_every_seven_card_multiset_matches_reference(seven_card_multisets):
    counts, ranks, cards, classes = seven_card_multisets
    assert len({tuple(r) for r in ranks}) == 49205
    assert all(len(r) == 7 for r in ranks) and (counts <= 4).all()
    cr = class_ranks()
    bad = []
    for i, rs in enumerate(ranks):
        _, best5 = ref.best_low_ranks(rs)
        if classes[i] != ref.class_of_five(best5) or tuple(cr[classes[i]].tolist()) != best5:
            bad.append((rs, int(classes[i]), best5))
    assert not bad, bad[:5]


def test_two_plus_two_category_counts(seven_card_multisets):
    counts, _, _, classes = seven_card_multisets
    weights = np.array([np.prod([comb(4, int(k)) for k in row]) for row in counts.tolist()], np.int64)
    assert weights.sum() == comb(52, 7) == 133_784_560
    top = class_ranks().max(axis=1)[classes]
    nopair = classes < CATEGORY_START[1]
    got = {RANKS[x]: int(weights[nopair & (top == x)].sum()) for x in range(4, 13)}
    got["paired"] = int(weights[~nopair].sum())
    assert got == {
        "5": 781_824,
        "6": 3_151_360,
        "7": 7_426_560,
        "8": 13_171_200,
        "9": 19_174_400,
        "T": 23_675_904,
        "J": 24_837_120,
        "Q": 21_457_920,
        "K": 13_939_200,
        "paired": 6_169_072,
    }


@pytest.mark.parametrize(
    "bad", [np.array([60, 64, 68, 72, 76]), np.array([-1, 4, 8, 12, 16]), np.array([0.0, 4, 8, 12, 16])]
)
def test_evaluate_refuses_cards_outside_the_deck(bad):
    with pytest.raises(ValueError, match="0..51"):
        evaluate(bad)
