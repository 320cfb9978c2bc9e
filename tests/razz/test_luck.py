"""Razz's luck terms (:mod:`razzmatazz.core.razz.luck`, issue 38): each term has mean zero.

One chance event, exactly: on 7th street heads-up the equity before the deal is the mean of the outcomes over
every pair of cards the two players may get (enumerated here), within 4 SE of its Monte Carlo estimate; with one
card left out of that expectation the difference is caught. Whole hands: the terms of the players still in sum to
zero at every deal, and over 200 seeds of short runs a player's terms average zero within 4 SE, so the adjusted
and plain means agree.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from razzmatazz.analysis.razz import lineup
from razzmatazz.core import streams
from razzmatazz.core.cards import parse_cards
from razzmatazz.core.razz import luck
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.engine import GameJob
from razzmatazz.core.razz.evaluate import class_of_cards
from razzmatazz.core.razz.ranking import tables
from razzmatazz.core.rng import stream_key

NOPAIR, PAIRED = tables()
SEVENTH = ("2c 3c 4c 5c Kc Qc", "Ad 2d 3d 4d 7d Kd")
"""Seat 0 needs an ace or a six to beat seat 1's seven-low; seat 1 may still improve."""


def _state(texts: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    n = len(texts)
    hands = np.full((n, 7), -1, np.int64)
    counts = np.zeros(n, np.int64)
    dealt = np.zeros(52, np.bool_)
    for s, text in enumerate(texts):
        cards = parse_cards(text)
        hands[s, : len(cards)] = cards
        dealt[cards] = True
        counts[s] = len(cards)
    return hands, counts, np.ones(n, np.bool_), dealt


def _exact_seventh(hands: np.ndarray, dealt: np.ndarray) -> float:
    """Seat 0's equity over every 7th-street deal of two cards (seat 0's card, then seat 1's)."""
    pool = [c for c in range(52) if not dealt[c]]
    total = 0.0
    for a in pool:
        mine = class_of_cards(np.array([*hands[0, :6], a], np.int64), NOPAIR, PAIRED)
        for b in pool:
            if b != a:
                theirs = class_of_cards(np.array([*hands[1, :6], b], np.int64), NOPAIR, PAIRED)
                total += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return total / (len(pool) * (len(pool) - 1))


def _estimate(hands, counts, live, dealt, samples: int = 200_000) -> tuple[float, float]:
    out = np.zeros(2)
    luck.equities(hands, counts, live, 2, dealt, samples, np.uint64(7), NOPAIR, PAIRED, out)
    return out[0], math.sqrt(max(out[0] * (1 - out[0]), 1e-4) / samples)


def test_the_equity_before_a_deal_is_the_mean_of_the_equities_after_it():
    hands, counts, live, dealt = _state(SEVENTH)
    exact = _exact_seventh(hands, dealt)
    estimate, se = _estimate(hands, counts, live, dealt)
    assert 0.1 < exact < 0.5 and abs(estimate - exact) < 4 * se
    after = np.zeros(2)
    luck.equities(hands, counts, live, 2, dealt, 1, np.uint64(1), NOPAIR, PAIRED, after)  # no card to come: exact
    assert after.sum() == pytest.approx(1.0)


def test_an_expectation_that_leaves_out_a_card_is_caught():
    hands, counts, live, dealt = _state(SEVENTH)
    exact = _exact_seventh(hands, dealt)
    short = dealt.copy()
    short[parse_cards("Ah")[0]] = True  # one of seat 0's outs left out of the completions
    estimate, se = _estimate(hands, counts, live, short)
    assert exact - estimate > 4 * se


def _terms(job: GameJob, key: np.uint64, samples: int) -> tuple[np.ndarray, np.ndarray]:
    """Per hand of ``job``: the players' nets and luck terms (players in lineup order)."""
    n = job.settings.players
    nets, rows = np.zeros((job.games, n)), []
    for g in range(nets.shape[0]):
        t = job.trace(g)
        seat_terms = luck.hand_terms(np.asarray(t.log, np.int64), n, key, g, samples, NOPAIR, PAIRED)
        order = [(p + g) % n for p in range(n)]  # player p sits in seat (p + g) mod N
        nets[g] = t.results[order, 0]
        rows.append(seat_terms[order])
    return nets, np.array(rows)


@pytest.mark.parametrize("players", [2, 6])
def test_the_terms_of_a_deal_sum_to_zero_over_the_players_still_in(players):
    job = GameJob(R.Settings(players=players), lineup(["textbook-tuned", "steal-tuned"], players), 5, 30, True)
    _, terms = _terms(job, stream_key(5, *streams.stream("razz", "luck").path()), 16)
    assert np.abs(terms.sum(axis=1)).max() < 1e-9
    assert np.abs(terms).max() > 1  # the terms are not all zero


def test_a_players_terms_average_zero_over_200_seeds():
    """200 seeds of 10 duplicate heads-up deals: the first player's terms a deal, their mean within 4 SE of zero,
    and the adjusted mean difference within the plain one's interval (joint: both SEs)."""
    per_seed_terms, plain, adjusted = [], [], []
    for seed in range(200):
        job = GameJob(R.Settings(players=2), lineup(["textbook-tuned", "steal-tuned"], 2), seed, 10, True)
        nets, terms = _terms(job, stream_key(seed, *streams.stream("razz", "luck").path()), 16)
        per_seed_terms.append(terms[:, 0].sum() / 10)
        plain.append((nets[:, 0] - nets[:, 1]).sum() / 10)
        adjusted.append(((nets + terms)[:, 0] - (nets + terms)[:, 1]).sum() / 10)
    mean, se = np.mean(per_seed_terms), np.std(per_seed_terms, ddof=1) / math.sqrt(200)
    assert abs(mean) < 4 * se
    d_plain, d_adj = np.mean(plain), np.mean(adjusted)
    joint = math.hypot(np.std(plain, ddof=1), np.std(adjusted, ddof=1)) / math.sqrt(200)
    assert abs(d_plain - d_adj) < 4 * joint
    assert np.std(adjusted, ddof=1) < np.std(plain, ddof=1)  # and the adjustment narrows the spread
