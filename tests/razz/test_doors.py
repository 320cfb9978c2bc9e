"""The exact door-card chart (razzmatazz.core.razz.doors): single cells, the random-opponent identity, chart facts."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from razzmatazz.analysis.razz import start_label
from razzmatazz.core.cards import RANKS
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.doors import door_chart
from razzmatazz.core.razz.exact import heads_up, multisets, starting_hands_vs_random


def cell(labels: list[str], start: str, door: str) -> tuple[int, int]:
    """Chart index ``(start, door)`` of a start written in any order (``QQJ``) and a door rank."""
    return labels.index("".join(sorted(start, key=RANKS.index))), RANKS.index(door)


@pytest.fixture(scope="module")
def chart():
    starts, doors, results, deals = door_chart()
    labels = [start_label(row) for row in starts]
    equity = (2 * results[..., 0] + results[..., 1]) / (2 * deals)
    return starts, doors, results, deals, labels, equity


def test_shape(chart):
    starts, doors, results, deals, labels, _ = chart
    assert np.array_equal(starts, multisets(3)[0])
    assert doors.tolist() == list(range(13))
    assert results.shape == (455, 13, 2) and results.dtype == np.int64
    assert deals == comb(48, 4) * comb(44, 6)
    assert len(set(labels)) == 455


@pytest.mark.parametrize(
    "start,door",
    [("A23", "K"), ("A23", "A"), ("KKK", "K"), ("789", "2"), ("AA2", "A"), ("777", "7"), ("A2K", "8"), ("QQJ", "5")],
)
def test_cell_equals_heads_up(chart, start, door):
    _, _, results, deals, labels, _ = chart
    wins, ties = results[cell(labels, start, door)].tolist()
    assert (wins, ties, deals) == heads_up(make_deal(start, ["xx" + door]))


def test_a2k_vs_door_8_matches_exact_anchor(chart):
    # tests/razz/test_exact.py::test_a2k_vs_xx8 pins 45.016 %
    assert round(100 * chart[5][cell(chart[4], "A2K", "8")], 3) == 45.016


@pytest.mark.slow
def test_doors_average_to_the_random_opponent_table(chart):
    """A random opponent's seven cards with one marked as the door: 7 x random = sum over doors.

    Marking one of the opponent's 7 cards counts each random deal 7 times, and is the same
    as picking the door first (4 - start[d] cards of rank d), so for wins and ties alike
    ``sum_d (4 - start[d]) * cell[s, d] = 7 * random[s]``, with 49 * cell deals = 7 * random deals.
    """
    starts, _, results, deals, _, _ = chart
    rand_starts, rand, rand_deals = starting_hands_vs_random()
    assert np.array_equal(starts, rand_starts)
    assert 49 * deals == 7 * rand_deals
    by_door = ((4 - starts.astype(np.int64))[:, :, None] * results).sum(axis=1)
    assert np.array_equal(by_door, 7 * rand)


def test_equities_in_range(chart):
    equity = chart[5]
    assert ((equity > 0) & (equity < 1)).all()


def test_door_king_is_every_starts_best_door(chart):
    equity = chart[5]
    assert (equity.argmax(axis=1) == RANKS.index("K")).all()
    assert (equity[:, -1] - equity[:, 0] > 0.03).all()  # door K beats door A by 3 points or more


def test_higher_unheld_door_is_better(chart):
    """Among door ranks the start does not hold, a higher door always gives more equity."""
    starts, equity = chart[0], chart[5]
    for row, eq in zip(starts, equity):
        assert (np.diff(eq[row == 0]) > 0).all()


def test_best_and_worst_cells(chart):
    labels, equity = chart[4], chart[5]
    assert {labels[i] for i in equity.argmax(axis=0)} == {"A23"}  # the best start against every door
    best = np.unravel_index(equity.argmax(), equity.shape)
    worst = np.unravel_index(equity.argmin(), equity.shape)
    assert (labels[best[0]], RANKS[best[1]], round(100 * equity[best], 3)) == ("A23", "K", 82.644)
    assert (labels[worst[0]], RANKS[worst[1]]) == ("KKK", "A")
