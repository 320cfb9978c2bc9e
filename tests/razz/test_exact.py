"""Exact enumeration (razzmatazz.core.razz.exact): published anchors, brute force, Caro's table, the 455 starts.

Percentages are (wins + ties / 2) / deals. Published anchors come from the research notes
(/work/shared/research/razz-references.md, section 2).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest

from razzmatazz.core.cards import parse_cards
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.exact import draw_distribution, heads_up, starting_hands_vs_random
from razzmatazz.core.razz.ranking import CATEGORY_START, N_CLASSES, class_ranks
from tests.reference import razz as ref


def equity_pct(wins: int, ties: int, deals: int) -> float:
    return 100 * (wins + ties / 2) / deals


@cache
def hu(hero: str, opponent: str, dead: str = "") -> tuple[int, int, int]:
    """heads_up of a deal, computed once per test session."""
    return heads_up(make_deal(hero, [opponent], dead))


def exact_pct(hero: str, opponent: str, dead: str = "") -> float:
    return equity_pct(*hu(hero, opponent, dead))


# ---------------------------------------------------------------------------------------------
# published anchors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hero,opponent,exact,published",
    [
        ("A23", "678", 59.558, 59.56),  # ProPokerTools via Devonshire, Card Player 2013
        ("As2h3d", "6s7h8d", 59.558, 59.56),
        ("A2K", "678", 32.641, 32.64),
        ("A2K", "8QK", 70.360, None),
        ("A23", "random", 73.468, None),
    ],
)
def test_exact_anchors(hero, opponent, exact, published):
    pct = exact_pct(hero, opponent)
    assert round(pct, 3) == exact
    if published is not None:
        assert round(pct, 2) == published


def test_a2k_vs_xx8():
    # Published 45.04 % came from a simulation (ProPokerTools, ~600k trials, SE ~0.06 %);
    # the exact value is 45.016 %, within one simulation SE of 45.04 - 0.024.
    pct = exact_pct("A2K", "xx8")
    assert round(pct, 3) == 45.016
    assert abs(pct - 45.04) < 0.065


def test_anchor_win_tie_split():
    wins, ties, deals = hu("A23", "678")
    assert round(100 * wins / deals, 3) == 59.546
    assert round(100 * ties / deals, 3) == 0.023


def test_symmetry():
    # hero's and villain's equities add up to 100 % exactly (same deals, ties shared)
    w1, t1, d1 = heads_up(make_deal("A2K", ["678"]))
    w2, t2, d2 = heads_up(make_deal("678", ["A2K"]))
    assert d1 == d2 and t1 == t2
    assert w1 + w2 + t1 == d1
    # identical ranks: equity exactly 50 %
    w, t, d = heads_up(make_deal("A2K", ["A2K"]))
    assert 2 * w + t == d


@pytest.mark.parametrize(
    "hero,opponent,dead,n,a,b",
    [
        ("A23", "678", "", 46, 4, 4),
        ("A23", "random", "", 49, 4, 7),
        ("A2K", "xx8", "", 48, 4, 6),
        ("A234", "56", "7c8c9c", 43, 3, 5),
        ("As2h3d4c5s6h", "7c7d8h9sTsJd", "KsKh", 38, 1, 1),
        ("A23", "random", "4c4d4h4s5c5d5h5s", 41, 4, 7),
    ],
)
def test_deal_count(hero, opponent, dead, n, a, b):
    assert len(make_deal(hero, [opponent], dead).deck) == n
    assert hu(hero, opponent, dead)[2] == comb(n, a) * comb(n - a, b)


def test_heads_up_rejects_multiway():
    with pytest.raises(ValueError):
        heads_up(make_deal("A23", ["random", "random"]))


# ---------------------------------------------------------------------------------------------
# exact == card-level brute force with the reference evaluator
# ---------------------------------------------------------------------------------------------


def brute_force(hero: str, villain: str, dead: str = "") -> tuple[int, int, int]:
    known_h = ref.parse(hero)
    known_v = ref.parse(villain)
    seen = set(known_h) | set(known_v) | set(ref.parse(dead) if dead else [])
    deck = [c for c in range(52) if c not in seen]
    a, b = 7 - len(known_h), 7 - len(known_v)
    wins = ties = deals = 0
    for hd in combinations(deck, a):
        h = ref.class_index(known_h + list(hd))
        rest = [c for c in deck if c not in hd]
        for vd in combinations(rest, b):
            v = ref.class_index(known_v + list(vd))
            deals += 1
            if h < v:
                wins += 1
            elif h == v:
                ties += 1
    return wins, ties, deals


@pytest.mark.parametrize(
    "hero,villain,dead",
    [
        ("As2h3d4c9s9h", "2s5c6d7h8cKd", ""),  # 6 v 6, one unknown each (1,560 deals)
        ("As2h3d4c5s6h", "AcAd2c2d3c3s", ""),  # villain needs help to avoid two pair
        ("KsKhKdQsQh", "AcAdAhAs2c3c", ""),  # heavy rank depletion (31,980 deals)
        ("7s7h7d7c8s8h8d", "9s9hTs", ""),  # hero complete, villain draws 4 of 41
        ("As2h3d4c5s", "6c7c8c9cTc", "2c2d2s3c3h3sKcKdKhKsQcQdQhQsJcJdJhJsTdThTs"),  # small deck
        ("8s6h5d", "9c6c5c2c", "AcAdAhAs4c4d4h4s3c3d3h3s7c7d7h7s2d2h2sKcKdKhKsQcQdQhQsJcJdJhJs"),
    ],
)
def test_exact_equals_brute_force(hero, villain, dead):
    deal = make_deal(hero, [villain], dead)
    assert heads_up(deal) == brute_force(hero, villain, dead)


LEFT_IN_DECK = "4c4d5h6s7c8d9hTsJc"


def _dead_all_but(hero: str, villain: str, left: str) -> str:
    keep = set(ref.parse(hero)) | set(ref.parse(villain)) | set(ref.parse(left))
    return "".join(ref.RANK_CHARS[c // 4] + ref.SUIT_CHARS[c % 4] for c in range(52) if c not in keep)


def brute_force_community(hero: str, villain: str, dead: str) -> tuple[int, int, int]:
    """Card-level enumeration under the community rule: 6 own cards each plus one shared."""
    known_h, known_v = ref.parse(hero), ref.parse(villain)
    seen = set(known_h) | set(known_v) | set(ref.parse(dead))
    deck = [c for c in range(52) if c not in seen]
    wins = ties = deals = 0
    for hd in combinations(deck, 6 - len(known_h)):
        rest = [c for c in deck if c not in hd]
        for vd in combinations(rest, 6 - len(known_v)):
            for shared in (c for c in rest if c not in vd):
                h = ref.class_index(known_h + list(hd) + [shared])
                v = ref.class_index(known_v + list(vd) + [shared])
                deals += 1
                wins += h < v
                ties += h == v
    return wins, ties, deals


COMMUNITY_HU = ("As2h3d", "9s")


def community_heads_up_deal():
    # 40 dead cards leave 9: the 4 + 6 missing own cards do not fit, so make_deal applies
    # the community rule heads-up (3 + 5 own cards drawn, then one shared card)
    hero, villain = COMMUNITY_HU
    dead = _dead_all_but(hero, villain, LEFT_IN_DECK)
    return make_deal(hero, [villain], dead), dead


def test_community_heads_up_brute_force_setup():
    deal, dead = community_heads_up_deal()
    assert deal.community and len(deal.deck) == 9
    assert deal.draws().tolist() == [3, 5]
    wins, ties, deals = brute_force_community(*COMMUNITY_HU, dead)
    assert deals == comb(9, 3) * comb(6, 5) * 1
    assert (wins, ties) == (481, 0)  # also anchors tests/test_equity_mc.py::test_heads_up_community_deal


def test_heads_up_with_community_card():
    deal, dead = community_heads_up_deal()
    expect = brute_force_community(*COMMUNITY_HU, dead)
    assert heads_up(deal) == expect


def test_draw_distribution_equals_brute_force():
    known = "As3h5d7c9s"
    dead = "2c2d4h6s8cKd"
    dist = draw_distribution(parse_cards(known), parse_cards(dead))
    assert dist.shape == (N_CLASSES,) and dist.dtype == np.int64
    kc = ref.parse(known)
    seen = set(kc) | set(ref.parse(dead))
    deck = [c for c in range(52) if c not in seen]
    expect = Counter(ref.class_index(kc + list(d)) for d in combinations(deck, 2))
    assert dist.sum() == comb(41, 2)
    assert {i: int(v) for i, v in enumerate(dist) if v} == dict(expect)


# ---------------------------------------------------------------------------------------------
# Mike Caro's draw table (Super/System, Table 46)
# ---------------------------------------------------------------------------------------------


def caro_row(hand: str) -> dict[str, float]:
    dist = draw_distribution(parse_cards(hand))
    total = dist.sum()
    assert total == comb(49, 4)
    top = class_ranks().max(axis=1)
    nopair = np.arange(N_CLASSES) < CATEGORY_START[1]
    row = {"wheel": 100 * dist[0] / total}
    for x, name in ((5, "6"), (6, "7"), (7, "8")):
        row[f"{name}-high"] = 100 * dist[nopair & (top == x)].sum() / total
        row[f"{name} or better"] = 100 * dist[nopair & (top <= x)].sum() / total
    return {k: round(float(v), 2) for k, v in row.items()}


def test_caro_a23():
    assert caro_row("As2h3d") == {
        "wheel": 7.15,
        "6-high": 11.80,
        "6 or better": 18.95,
        "7-high": 14.30,
        "7 or better": 33.25,
        "8-high": 15.02,
        "8 or better": 48.27,
    }


def test_caro_2ak():
    # Caro prints 10.73 for "7 or better"; the exact value is 10.723 (his rounding)
    assert caro_row("2sAhKd") == {
        "wheel": 1.25,
        "6-high": 3.40,
        "6 or better": 4.65,
        "7-high": 6.07,
        "7 or better": 10.72,
        "8-high": 8.91,
        "8 or better": 19.63,
    }


def test_caro_aqk():
    assert caro_row("AsQhKd") == {
        "wheel": 0.12,
        "6-high": 0.48,
        "6 or better": 0.60,
        "7-high": 1.21,
        "7 or better": 1.81,
        "8-high": 2.42,
        "8 or better": 4.23,
    }


# ---------------------------------------------------------------------------------------------
# all 455 starting hands vs one random hand
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def starts_table():
    starts, results, deals = starting_hands_vs_random()
    labels = []
    for row in starts.tolist():
        ranks = sorted((r for r in range(13) for _ in range(row[r])), reverse=True)
        labels.append("".join(ref.RANK_CHARS[r] for r in ranks))
    eq = {lab: equity_pct(int(w), int(t), deals) for lab, (w, t) in zip(labels, results.tolist())}
    rows = {lab: (int(w), int(t)) for lab, (w, t) in zip(labels, results.tolist())}
    return starts, results, deals, eq, rows


def test_starts_shape(starts_table):
    starts, results, deals, eq, _ = starts_table
    assert starts.shape == (455, 13) and results.shape == (455, 2)
    assert (starts.sum(axis=1) == 3).all() and len(eq) == 455
    assert deals == comb(49, 4) * comb(45, 7)
    assert ((results >= 0) & (results.sum(axis=1, keepdims=True) <= deals)).all()


@pytest.mark.parametrize(
    "label,pct",
    [
        ("32A", 73.468),
        ("42A", 73.386),
        ("432", 73.196),
        ("543", 72.739),
        ("62A", 72.727),
        ("654", 71.855),
        ("72A", 71.750),
        ("87A", 67.691),
        ("876", 66.620),
        ("T2A", 60.830),
        ("Q2A", 50.117),
        ("2AA", 49.516),
        ("K2A", 47.382),
        ("AAA", 24.802),
        ("TTT", 18.757),
        ("KQJ", 17.134),
        ("KKK", 4.382),
    ],
)
def test_starts_values(starts_table, label, pct):
    assert round(starts_table[3][label], 3) == pct


def test_starts_ranking(starts_table):
    eq = starts_table[3]
    order = sorted(eq, key=eq.get, reverse=True)
    positions = {
        "32A": 1,
        "42A": 2,
        "432": 4,
        "543": 10,
        "62A": 11,
        "654": 20,
        "72A": 21,
        "87A": 51,
        "876": 56,
        "T2A": 84,
        "Q2A": 149,
        "2AA": 159,
        "K2A": 222,
        "AAA": 410,
        "TTT": 445,
        "KQJ": 448,
        "KKK": 455,
    }
    assert {lab: order.index(lab) + 1 for lab in positions} == positions
    assert sum(v > 50 for v in eq.values()) == 150
    # the ten best are exactly the ten unpaired starts of ranks 5 or lower
    low_starts = {"".join(ref.RANK_CHARS[r] for r in sorted(c, reverse=True)) for c in combinations(range(5), 3)}
    assert set(order[:10]) == low_starts


@pytest.mark.parametrize("label,hero", [("32A", "A23"), ("KKK", "KKK"), ("2AA", "AA2")])
def test_starts_row_equals_heads_up(starts_table, label, hero):
    rows, deals = starts_table[4], starts_table[2]
    wins, ties, d = hu(hero, "random")
    assert d == deals
    assert rows[label] == (wins, ties)
