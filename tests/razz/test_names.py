"""Hand names, final-low buckets and draw odds (razzmatazz.core.razz.names)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

from razzmatazz.core.cards import RANKS, parse_cards
from razzmatazz.core.razz.names import BUCKETS, bucket_index, draw_odds, hand_name, low_bucket, names
from razzmatazz.core.razz.ranking import CATEGORY_START, N_CLASSES, paired_key, tables
from tests.reference import razz as ref


def cls_of(ranks: str) -> int:
    """Class of five ranks written as text, e.g. ``"7532A"``."""
    return int(tables()[1][paired_key(tuple(RANKS.index(c) for c in ranks))])


def pct(odds: dict, bucket: str) -> float:
    return round(100 * odds["lows"][bucket], 2)


# ---------------------------------------------------------------------------------------------
# names
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ranks,name",
    [
        ("5432A", "wheel"),
        ("6432A", "6-4 low"),
        ("6532A", "6-5 low"),
        ("6542A", "6-5-4 low"),
        ("6543A", "6-5-4-3 low"),
        ("65432", "6-5-4-3-2 low"),
        ("7532A", "7-5 low"),
        ("75432", "7-5-4-3-2 low"),
        ("8642A", "8-6-4 low"),
        ("8643A", "8-6-4-3 low"),
        ("KQJT9", "K-Q-J-T-9 low"),
        ("KQ32A", "K-Q low"),
    ],
)
def test_low_names(ranks, name):
    assert hand_name(cls_of(ranks)) == name


@pytest.mark.parametrize(
    "ranks,name",
    [
        ("KK742", "pair of kings"),
        ("AA234", "pair of aces"),
        ("2266A", "two pair, sixes and twos"),
        ("KK44Q", "two pair, kings and fours"),
        ("444KQ", "three fours"),
        ("TTT2A", "three tens"),
        ("KKK44", "full house, kings full of fours"),
        ("444KK", "full house, fours full of kings"),
        ("4444K", "four fours"),
        ("KKKKQ", "four kings"),
    ],
)
def test_paired_names(ranks, name):
    assert hand_name(cls_of(ranks)) == name


def test_nopair_names_distinct_and_all_named():
    all_names = names()
    assert len(all_names) == N_CLASSES and all(all_names)
    assert len(set(all_names[: CATEGORY_START[1]])) == CATEGORY_START[1]
    assert all(n == "wheel" or n.endswith(" low") for n in all_names[: CATEGORY_START[1]])
    assert not any(n.endswith(" low") for n in all_names[CATEGORY_START[1] :])


def test_names_match_hand_name():
    all_names = names()
    assert all_names == [hand_name(c) for c in range(N_CLASSES)]
    all_names[0] = "changed"
    assert names()[0] == "wheel"


@pytest.mark.parametrize("cls", [-1, N_CLASSES])
def test_out_of_range(cls):
    with pytest.raises(ValueError):
        hand_name(cls)
    with pytest.raises(ValueError):
        low_bucket(cls)


def test_import_compiles_no_numba():
    code = (
        "import razzmatazz.core.razz.names, razzmatazz.core.razz.exact as x, razzmatazz.core.razz.evaluate as e\n"
        "from numba.core.registry import CPUDispatcher\n"
        "fs = [f for m in (x, e) for f in vars(m).values() if isinstance(f, CPUDispatcher)]\n"
        "assert fs and not any(f.signatures for f in fs)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------------------------------------
# buckets
# ---------------------------------------------------------------------------------------------


def test_bucket_counts():
    idx = bucket_index()
    assert idx.shape == (N_CLASSES,) and not idx.flags.writeable
    sizes = dict(zip(BUCKETS, np.bincount(idx, minlength=len(BUCKETS)).tolist()))
    # a no-pair low with top card r has its four other cards among the r lower ranks
    expect = {b: comb(r, 4) for r, b in enumerate(BUCKETS[:-1], start=4)}
    assert sizes == {**expect, "paired": N_CLASSES - CATEGORY_START[1]}
    assert sizes["5"] == 1 and sizes["6"] == 5 and sizes["K"] == 495


def test_low_bucket():
    assert [low_bucket(c) for c in range(N_CLASSES)] == [BUCKETS[i] for i in bucket_index()]
    assert low_bucket(0) == "5"
    assert low_bucket(cls_of("8642A")) == "8"
    assert low_bucket(cls_of("KQJT9")) == "K"
    assert low_bucket(cls_of("AA234")) == "paired"


# ---------------------------------------------------------------------------------------------
# draw odds
# ---------------------------------------------------------------------------------------------


def check_odds(odds: dict, ways: int) -> None:
    assert odds["ways"] == ways == sum(odds["counts"].values())
    assert list(odds["lows"]) == list(BUCKETS) == list(odds["counts"])
    assert sum(odds["lows"].values()) == pytest.approx(1.0, abs=1e-12)
    assert odds["eight_or_better"] == sum(odds["counts"][b] for b in "5678") / ways


@pytest.mark.parametrize(
    "hand,row",
    [  # Mike Caro's draw table (Super/System, Table 46), as in tests/razz/test_exact.py
        ("As2h3d", {"5": 7.15, "6": 11.80, "7": 14.30, "8": 15.02, "8 or better": 48.27}),
        ("2sAhKd", {"5": 1.25, "6": 3.40, "7": 6.07, "8": 8.91, "8 or better": 19.63}),
        ("AsQhKd", {"5": 0.12, "6": 0.48, "7": 1.21, "8": 2.42, "8 or better": 4.23}),
    ],
)
def test_caro(hand, row):
    odds = draw_odds(parse_cards(hand))
    check_odds(odds, comb(49, 4))
    assert {b: pct(odds, b) for b in "5678"} | {"8 or better": round(100 * odds["eight_or_better"], 2)} == row


def test_four_known_equals_brute_force():
    known = "As2h5d8c"
    odds = draw_odds(parse_cards(known))
    check_odds(odds, comb(48, 3))
    kc = ref.parse(known)
    deck = [c for c in range(52) if c not in kc]
    expect = Counter(low_bucket(ref.class_index(kc + list(d))) for d in combinations(deck, 3))
    assert odds["counts"] == {b: expect.get(b, 0) for b in BUCKETS}


def test_five_known():
    odds = draw_odds(parse_cards("As2h3d4c5s"))
    check_odds(odds, comb(47, 2))
    assert odds["lows"]["5"] == 1.0 and odds["eight_or_better"] == 1.0


def test_six_known():
    # one card of 46 to come for A-2-3-4-9-K: a 5, 6, 7 or 8 (4 each) makes that low, anything else a 9 low
    odds = draw_odds(parse_cards("As2h3d4c9sKd"))
    check_odds(odds, 46)
    assert odds["counts"] == {"5": 4, "6": 4, "7": 4, "8": 4, "9": 30, "T": 0, "J": 0, "Q": 0, "K": 0, "paired": 0}
    assert odds["eight_or_better"] == 16 / 46


@pytest.mark.parametrize(
    "hand,bucket",
    [("As2h3d4c5sKdKh", "5"), ("7s6h5d4c3sQdJh", "7"), ("KsKhKdKcQsQhQd", "paired"), ("AsAhAd2c2s3d3h", "paired")],
)
def test_seven_known(hand, bucket):
    odds = draw_odds(parse_cards(hand))
    check_odds(odds, 1)
    assert odds["lows"][bucket] == 1.0


def test_dead_cards():
    known = parse_cards("As2h3d")
    base = draw_odds(known)
    low_dead = draw_odds(known, parse_cards("4c4d5h6s7c8d"))
    high_dead = draw_odds(known, parse_cards("KcKdQhQsJcTd"))
    check_odds(low_dead, comb(43, 4))
    check_odds(high_dead, comb(43, 4))
    assert low_dead["eight_or_better"] < base["eight_or_better"] < high_dead["eight_or_better"]
    assert low_dead["lows"]["paired"] > base["lows"]["paired"]
