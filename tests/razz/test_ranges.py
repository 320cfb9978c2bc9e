"""Razz ranges (issue 11): syntax, live combinations after card removal, sampling, exact equity.

Oracles: hand-counted combinations; the exact hand-vs-hand enumeration (a range holding one
hand's suits only, or every arrangement of one rank set, must give that hand's exact equity);
the plain-Python reference engine, trial by trial; Monte Carlo within 4 standard errors of
the exact range enumeration.
"""

from math import comb

import numpy as np
import pytest

from razzmatazz.analysis.razz import equity
from razzmatazz.core import batch, streams
from razzmatazz.core.cards import CardError, parse_cards
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from razzmatazz.core.razz.ranges import RangeError, combos, is_range, parse_range
from tests.reference.razz import reference_range_equity_counts


def live(text: str, blocked: str = "") -> tuple[np.ndarray, np.ndarray]:
    return combos(parse_range(text), parse_cards(blocked).tolist() if blocked else [])


# ----------------------------------------------------------------------------- syntax and combinations


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A23,A24", True),
        ("[A-5]xx", True),
        ("xx8@50", True),
        ("xxx!pair", True),
        ("A23", False),
        ("xx8", False),
        ("As 2h 3d", False),
        ("random", False),
    ],
)
def test_range_syntax_is_recognised(text, expected):
    assert is_range(text) is expected


@pytest.mark.parametrize(
    "text, blocked, count",
    [
        ("A23,A24", "", 2 * 4**3),  # positional slots: each hand 4 x 4 x 4 suits
        ("A23,A24", "As2h3d", 3 * 3 * 3 + 3 * 3 * 4),  # card removal
        ("A23,A23", "", 64),  # a union counts a hand once
        ("[A,2,4]", "", 12),
        ("[A-5]", "", 20),
        ("xx", "", comb(52, 2)),  # two down cards are a set, not an order
        ("[A-8][A-8][A-8]!pair", "", 8 * comb(7, 2) * 4**3),  # door rank x unordered down ranks x suits
        ("xxK![A-5][A-5]K", "", 4 * (comb(51, 2) - comb(20, 2))),
    ],
)
def test_live_combination_counts(text, blocked, count):
    cards, weights = live(text, blocked)
    assert cards.dtype == np.int8 and weights.shape == (len(cards),)
    assert all(len(set(row)) == len(row) for row in cards.tolist())
    keys = {(frozenset(row[:2]), tuple(row[2:])) for row in cards.tolist()}
    assert len(keys) == len(cards)  # each stud hand once
    if blocked:
        assert not set(cards.ravel().tolist()) & set(parse_cards(blocked).tolist())
    assert len(cards) == count


def test_xx8_counts_every_stud_hand_with_an_eight_up():
    cards, _ = live("xx8")
    # door: one of 4 eights; down cards: any 2 of the other 51
    assert len(cards) == 4 * comb(51, 2)
    assert ((cards[:, 2] >> 2) == 7).all()


def test_exclusions_and_no_pair():
    cards, _ = live("xxK![A-5][A-5]K")
    both_low = ((cards[:, 0] >> 2) <= 4) & ((cards[:, 1] >> 2) <= 4)
    assert not both_low.any() and len(cards) == 4 * (comb(51, 2) - comb(20, 2))
    cards, _ = live("[A-8][A-8][A-8]!pair")
    assert all(len({c >> 2 for c in row}) == 3 for row in cards.tolist())


def test_weights():
    cards, weights = live("A23@100,K9x@25")
    ranks = cards >> 2
    a23 = (ranks[:, 0] == 0) & (ranks[:, 1] == 1) & (ranks[:, 2] == 2)
    assert set(weights[a23]) == {100.0} and set(weights[~a23]) == {25.0}
    assert (~a23).sum() == 4 * 4 * 50  # K, 9 and any third card


@pytest.mark.parametrize(
    "text, words",
    [
        ("[A-5", "unbalanced bracket"),
        ("A]23", "unbalanced bracket"),
        ("[[A-5]]", "nested"),
        ("A23,,A24", "empty hand"),
        ("A23,", "empty hand"),
        ("A2Z", "unknown card"),
        ("[A-Z]xx", "not a list of ranks"),
        ("[5-A]xx", "runs backwards"),
        ("A23@0", "positive number"),
        ("A23@-3", "positive number"),
        ("A23@abc", "positive number"),
        ("A23,A2", "same number of cards"),
        ("xxxxxxxx,A", "same number"),
        ("A23!KK", "needs 3 cards"),
        ("@5", "no cards"),
        ("A2\u212a", "unknown card"),
    ],
)
def test_malformed_ranges_name_the_problem(text, words):
    with pytest.raises(RangeError, match=words):
        parse_range(text)


def test_cards_held_by_ranges_count_when_the_deck_runs_short():
    """Regression: the range's cards are not dealt from the deck, so 8 players with ranges need the community card."""
    deal = make_deal("A23,A24", ["K9x,KQx"] + ["random"] * 6)
    assert deal.community and deal.draws().tolist() == [3, 3] + [6] * 6
    counts = EquityJob(deal, streams.key(1, "razz", "equity"), 500).run_chunk(0, 500)
    assert np.isclose((counts[:, 1:] / np.arange(1, 9)).sum(), 500)
    with pytest.raises(CardError, match="do not fit in the deck"):
        make_deal("A23,A24", ["random"], dead="".join(f"{r}{s}" for r in "456789TJQK" for s in "cdhs"))


def test_huge_weights_are_relative_and_cannot_overflow():
    """Regression: weights of 1e308 summed to infinity and the draw never ended."""
    deal = make_deal("A23", ["Kxx@1e308,Qxx@1e307"])
    assert deal.ranges[1].weights.max() == 1.0
    counts = EquityJob(deal, streams.key(1, "razz", "equity"), 2_000).run_chunk(0, 2_000)
    assert counts[:, 1:].sum() >= 2_000


def test_rank_only_cards_leave_the_suits_a_range_names():
    """A23 means any ace: it must not take the Ac that the range asks for."""
    deal = make_deal("A23", ["AcKdQd,AcKdQh"])
    assert len(deal.ranges[1]) == 2 and 0 not in deal.known[0].tolist()


def test_ranges_that_keep_sharing_cards_are_reported_not_looped_forever():
    """The kernel gives up a trial after MAX_REDRAWS clashing draws and counts it in column 0."""
    from dataclasses import replace

    from razzmatazz.core.razz.deal import RangeCombos

    deal = make_deal("KsQsJs", ["AsAh2c,AsAh2d", "3c3d3h,3c3d3s"])
    clash = RangeCombos("AsAh2c", deal.ranges[1].cards, deal.ranges[1].weights)
    forced = replace(deal, ranges=(None, deal.ranges[1], clash))  # every draw shares As and Ah
    counts = EquityJob(forced, streams.key(1, "razz", "equity"), 3).run_chunk(0, 3)
    assert counts[0, 0] == 3 and counts[:, 1:].sum() == 0


def test_unknown_cards_are_dealt_from_the_deck_too():
    """Regression: 'xxxxxx8' holds one known card; its six x's must come from the deck (community card needed)."""
    with pytest.raises(CardError, match="already has 7 cards"):
        make_deal("A23", ["xxxxxx8"] + ["random"] * 6)
    assert make_deal("A23", ["xx8"] + ["random"] * 6).community


def test_a_job_that_cannot_be_dealt_refuses_instead_of_looping():
    from dataclasses import replace

    deal = make_deal("A23", ["random"])
    short = replace(deal, deck=deal.deck[:5])
    with pytest.raises(ValueError, match="more cards than the deck holds"):
        EquityJob(short, streams.key(1, "razz", "equity"), 10).run_chunk(0, 10)


def test_a_range_with_no_live_combination_is_refused():
    with pytest.raises(RangeError, match="no combination left"):
        make_deal("AsAhAd", ["A23,A24"], dead="Ac")
    with pytest.raises(RangeError, match="never be dealt together"):
        make_deal("KsQhJd", ["AsAh2c,AsAh2d", "AsAh3c,AsAh3d"])
    with pytest.raises(CardError, match="hero needs 3 to 7"):
        make_deal("A2,A3", ["random"])


# ----------------------------------------------------------------------------- equity


@pytest.mark.parametrize(
    "hero, opponents, dead",
    [
        ("A23", ["[A-8][A-8][A-8]!pair"], ""),
        ("A23,A24@50", ["xx8,xx7", "random"], "9s"),
        ("KsQhJd", ["A23@1,456@3", "[6-8]x", "xx5"], "Tc"),
        ("A2K", ["random"] * 6 + ["xx[A-3]"], ""),  # eight players: the community card
    ],
)
def test_kernel_equals_reference_trial_by_trial(hero, opponents, dead):
    deal = make_deal(hero, opponents, dead)
    key = streams.key(5, "razz", "equity")
    job = EquityJob(deal, key, 10**6)
    for start, stop in ((0, 400), (777_777, 777_900)):
        expect = np.array(reference_range_equity_counts(int(key), start, stop, deal), np.int64)
        assert np.array_equal(job.run_chunk(start, stop), expect)


def test_same_counts_for_any_threads_and_chunks():
    deal = make_deal("A23,A24", ["[A-8][A-8][A-8]!pair", "random"])
    job = EquityJob(deal, streams.key(3, "razz", "equity"), 40_000)
    one = batch.run([job], threads=1, progress=False)[0]
    assert np.array_equal(batch.run([job], threads=2, chunk_size=3_333, progress=False)[0], one)


def test_a_range_of_one_hand_has_that_hands_exact_equity():
    hand = equity("As2h3d", ["6s7h8d"], exact_enum=True).shares[0]
    as_range = equity("As2h3d", ["6s7h8d@7"], exact_enum=True)
    assert as_range.combos == [None, 1]
    assert as_range.shares[0].equity == pytest.approx(hand.equity, abs=1e-12)
    # every arrangement and suit of 6-7-8: suits and positions never change all-in equity
    assert equity("A23", ["[6-8][6-8][6-8]!pair"], exact_enum=True).shares[0].equity == pytest.approx(0.59558, abs=5e-6)


def test_exact_range_equity_is_the_weighted_mean_of_its_hands():
    a = equity("A23", ["789"], exact_enum=True).shares[0].equity
    b = equity("A23", ["TJQ"], exact_enum=True).shares[0].equity
    mixed = equity("A23", ["789@100,TJQ@300"], exact_enum=True).shares[0].equity
    assert mixed == pytest.approx((a + 3 * b) / 4, abs=1e-12)


def test_hero_range_against_a_hand_exactly():
    d = equity("678@1,678", ["A23"], exact_enum=True)
    assert d.shares[0].equity == pytest.approx(1 - 0.59558, abs=5e-6)


def test_monte_carlo_agrees_with_exact_range_enumeration():
    exact = equity("A23", ["[A-8][A-8][A-8]!pair"], exact_enum=True).shares[0]
    mc = equity("A23", ["[A-8][A-8][A-8]!pair"], trials=300_000, seed=11).shares[0]
    assert abs(mc.equity - exact.equity) < 4 * mc.stderr


def test_weights_are_sampled_in_proportion():
    """Against A23@w1,KQJ@w2 the hero's equity mixes the two matchups in proportion w1 : w2 (per combination)."""
    vs_low = equity("789", ["A23"], exact_enum=True).shares[0].equity
    vs_high = equity("789", ["KQJ"], exact_enum=True).shares[0].equity
    mc = equity("789", ["A23@100,KQJ@300"], trials=400_000, seed=2).shares[0]
    assert abs(mc.equity - (vs_low + 3 * vs_high) / 4) < 4 * mc.stderr


def test_exact_refuses_range_against_range():
    from razzmatazz.core.errors import InputError

    with pytest.raises(InputError, match="not a range against a range"):
        equity("A23,A24", ["xx8,xx9"], exact_enum=True)
