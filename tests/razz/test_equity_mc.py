"""Monte Carlo all-in equity (razzmatazz.core.razz.equity, razzmatazz.core.razz.deal, razzmatazz.core.batch).

* The numba kernel and the pure-Python reference play the same trials and must return
  identical counts.
* Results do not depend on chunk size or thread count.
* Estimates agree with exact values within 4 standard errors (fixed seeds).
"""

from __future__ import annotations

import math

import numba
import numpy as np
import pytest

from razzmatazz.core import batch
from razzmatazz.core.cards import CardError
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from razzmatazz.core.razz.exact import heads_up
from razzmatazz.core.rng import stream_key
from tests.reference.razz import reference_equity_counts

SEED = 20241129


def equity_and_se(counts: np.ndarray, player: int = 0) -> tuple[float, float]:
    """Pot share of ``player`` and its standard error from per-trial shares 1/k."""
    n = trials(counts)
    k = np.arange(counts.shape[1])
    row = counts[player]
    share = sum(row[j] / j for j in k[1:])
    share2 = sum(row[j] / j**2 for j in k[1:])
    mean = share / n
    var = share2 / n - mean**2
    return mean, math.sqrt(var / n)


def trials(counts: np.ndarray) -> int:
    """Trials behind a counts array: each trial with k winners adds k to column k."""
    total = 0
    for k in range(1, counts.shape[1]):
        col = int(counts[:, k].sum())
        assert col % k == 0
        total += col // k
    return total


def mc(deal, n: int, path: int, chunk_size: int = batch.DEFAULT_CHUNK) -> np.ndarray:
    job = EquityJob(deal, stream_key(SEED, path), n)
    (counts,) = batch.run([job], chunk_size=chunk_size, progress=False)
    return counts


DEALS = {
    "heads-up random": lambda: make_deal("A23", ["random"]),
    "hand vs hand": lambda: make_deal("As2h3d", ["6s7h8d"]),
    "partial xx8": lambda: make_deal("A2K", ["xx8"]),
    "3 opponents, dead": lambda: make_deal("A23", ["random", "xx7", "45"], dead="KsQsJs9c"),
    "8 players (community)": lambda: make_deal("A23", ["random"] * 7),
    "7 players, dead (community)": lambda: make_deal("A23", ["random"] * 6, dead="8c8d9h9s"),
    "paired hands": lambda: make_deal("KKQ", ["AA2x", "Q"], dead="Qs"),
    "8 players, complete 6-card hand": lambda: make_deal("A23", ["random"] * 6 + ["2c2d3c3d4c4d"]),
    "hero complete, 3 opponents": lambda: make_deal("As2h3d4c5s6h7d", ["random", "xx8", "9"]),
    "heads-up, 40 dead (community)": lambda: make_deal(
        "As2h3d",
        ["9s"],
        dead="".join(
            r + s
            for r in "A23456789TJQK"
            for s in "cdhs"
            if r + s not in ("As", "2h", "3d", "9s", "4c", "4d", "5h", "6s", "7c", "8d", "9h", "Ts", "Jc")
        ),
    ),
}


# ---------------------------------------------------------------------------------------------
# kernel == reference, trial by trial
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", DEALS)
def test_kernel_equals_reference(name):
    deal = DEALS[name]()
    key = stream_key(SEED, 99, len(name))
    start, stop = 10_000, 12_000
    counts = EquityJob(deal, key, stop).run_chunk(start, stop)
    expect = np.array(reference_equity_counts(int(key), start, stop, deal), np.int64)
    assert counts.shape == (deal.n_players, deal.n_players + 1)
    assert counts.dtype == np.int64
    assert np.array_equal(counts, expect), (counts, expect)
    assert trials(counts) == stop - start
    assert (counts[:, 0] == 0).all()


def test_kernel_equals_reference_single_trials():
    # a trial's outcome depends only on (key, index): one-trial ranges agree too
    deal = DEALS["8 players (community)"]()
    key = stream_key(SEED, 98)
    for g in (0, 1, 2047, 2048, 123_456_789):
        counts = EquityJob(deal, key, g + 1).run_chunk(g, g + 1)
        assert np.array_equal(counts, np.array(reference_equity_counts(int(key), g, g + 1, deal)))


def test_different_keys_differ():
    deal = DEALS["heads-up random"]()
    a = EquityJob(deal, stream_key(SEED, 1), 5000).run_chunk(0, 5000)
    b = EquityJob(deal, stream_key(SEED, 2), 5000).run_chunk(0, 5000)
    c = EquityJob(deal, stream_key(SEED, 1), 5000).run_chunk(0, 5000)
    assert not np.array_equal(a, b)
    assert np.array_equal(a, c)


# ---------------------------------------------------------------------------------------------
# independent of chunking and threads
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["heads-up random", "3 opponents, dead", "8 players (community)"])
def test_chunk_size_invariance(name):
    deal = DEALS[name]()
    n = 20_001
    small = mc(deal, n, 3, chunk_size=1000)
    odd = mc(deal, n, 3, chunk_size=4097)
    big = mc(deal, n, 3, chunk_size=1 << 20)
    assert np.array_equal(small, big) and np.array_equal(odd, big)
    assert trials(big) == n
    # adding up sub-ranges by hand gives the same
    job = EquityJob(deal, stream_key(SEED, 3), n)
    assert np.array_equal(job.run_chunk(0, 12_345) + job.run_chunk(12_345, n), big)


def test_thread_count_invariance():
    deal = DEALS["8 players (community)"]()
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = mc(deal, 50_000, 4)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = mc(deal, 50_000, 4)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one, two)


def test_batch_run_several_jobs():
    deals = [DEALS["hand vs hand"](), DEALS["3 opponents, dead"]()]
    jobs = [EquityJob(d, stream_key(SEED, 5, i), 7000 + i) for i, d in enumerate(deals)]
    together = batch.run(jobs, chunk_size=3000, progress=False)
    for job, got in zip(jobs, together):
        assert np.array_equal(got, job.run_chunk(0, job.n_items))
    with pytest.raises(ValueError):
        batch.run(jobs, chunk_size=0)


# ---------------------------------------------------------------------------------------------
# statistics against exact values
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hero,opponent,path",
    [("A23", "678", 11), ("A2K", "xx8", 12), ("A23", "random", 13), ("A2K", "8QK", 14)],
)
def test_mc_matches_exact(hero, opponent, path):
    deal = make_deal(hero, [opponent])
    wins, ties, deals = heads_up(deal)
    exact = (wins + ties / 2) / deals
    counts = mc(deal, 400_000, path)
    est, se = equity_and_se(counts)
    assert 0 < se < 0.001
    assert abs(est - exact) < 4 * se, (est, exact, se)
    # win and tie rates separately (binomial SEs)
    n = trials(counts)
    p_win, p_tie = wins / deals, ties / deals
    assert abs(counts[0, 1] / n - p_win) < 4 * math.sqrt(p_win * (1 - p_win) / n) + 1e-12
    assert abs(counts[0, 2] / n - p_tie) < 4 * math.sqrt(p_tie * (1 - p_tie) / n) + 1e-12
    # villain's view: shares add up to one per trial
    v_est, _ = equity_and_se(counts, 1)
    assert abs(est + v_est - 1) < 1e-12


# ---------------------------------------------------------------------------------------------
# multiway and the community card rule
# ---------------------------------------------------------------------------------------------


def test_heads_up_community_deal():
    deal = DEALS["heads-up, 40 dead (community)"]()
    assert deal.community and len(deal.deck) == 9 and deal.draws().tolist() == [3, 5]
    # every trial uses all nine cards; the hero wins 481 of the 504 equally likely deals
    # (exact card-level count, tests/test_exact.py::test_community_heads_up_brute_force_setup)
    counts = mc(deal, 100_000, 30)
    est, se = equity_and_se(counts)
    assert counts[0, 2] == 0
    assert abs(est - 481 / 504) < 4 * se


def test_community_rule_eight_players():
    deal = make_deal("A23", ["random"] * 7)
    assert deal.n_players == 8 and deal.community
    assert deal.own_cards() == 6
    assert deal.draws().tolist() == [3] + [6] * 7
    assert len(deal.deck) == 49
    assert deal.draws().sum() + 1 <= len(deal.deck)


def test_no_community_with_seven_players():
    deal = make_deal("A23", ["random"] * 6)
    assert deal.n_players == 7 and not deal.community
    assert deal.own_cards() == 7
    assert deal.draws().tolist() == [4] + [7] * 6
    # dead cards can force the community card with fewer players (46 needed, 45 left)
    deal = make_deal("A23", ["random"] * 6, dead="8c8d9h9s")
    assert deal.community and deal.own_cards() == 6


# pokerkit Monte Carlo from the research notes, n = 10,000 each, SE about 0.5 %
MULTIWAY = {1: 73.33, 2: 61.48, 3: 55.49, 4: 49.48, 5: 46.16, 6: 42.35, 7: 43.85}


@pytest.fixture(scope="module")
def multiway():
    out = {}
    for k in MULTIWAY:
        out[k] = equity_and_se(mc(make_deal("A23", ["random"] * k), 200_000, 20 + k))
    return out


@pytest.mark.parametrize("opponents", MULTIWAY)
def test_multiway_matches_research(multiway, opponents):
    est, se = multiway[opponents]
    published = MULTIWAY[opponents] / 100
    research_se = 0.005
    assert abs(est - published) < 4 * math.hypot(se, research_se), (est, published, se)


def test_community_card_raises_a23_equity(multiway):
    # research: with 7 opponents (community 7th card) A-2-3 does better than with 6
    (e6, s6), (e7, s7) = multiway[6], multiway[7]
    assert e7 - e6 > 4 * math.hypot(s6, s7)
    # and the equity falls with every opponent up to six
    values = [multiway[k][0] for k in range(1, 7)]
    assert all(a > b for a, b in zip(values, values[1:]))


# ---------------------------------------------------------------------------------------------
# make_deal validation
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hero,opponents,dead,message",
    [
        ("A2", ["random"], "", "3 to 7"),
        ("A2345678", ["random"], "", "3 to 7"),
        ("A23", ["random"] * 8, "", "1 to 7 opponents"),
        ("A23", [], "", "1 to 7 opponents"),
        ("As2h3d", ["random"], "As", "duplicate card As"),
        ("As2h3d", ["4c5c6c"], "4c", "duplicate card 4c"),
        ("A23", ["random"] * 7, "KcKdKhKs", "do not fit"),
        ("A234567", ["random"] * 7, "", "already has 7 cards"),
        ("A23", ["xxxxxxxx"], "", "at most 7"),
        ("A23", ["Zs"], "", "Zs"),
    ],
)
def test_make_deal_errors(hero, opponents, dead, message):
    with pytest.raises(CardError, match=message):
        make_deal(hero, opponents, dead)


def test_make_deal_fields():
    deal = make_deal("A 2 3", ["xx8", "random"], dead="Kc")
    assert deal.n_players == 3 and not deal.community
    assert [k.tolist() for k in deal.known] == [[0, 4, 8], [28], []]
    assert deal.dead.tolist() == [48]
    assert deal.deck.tolist() == [c for c in range(52) if c not in (0, 4, 8, 28, 48)]
    assert deal.draws().tolist() == [4, 6, 7]
    assert deal.labels == ("A 2 3", "xx8", "random")
