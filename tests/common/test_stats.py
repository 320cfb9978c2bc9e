"""Rates, standard errors and intervals derived from the kernels' counts."""

import numpy as np
from statsmodels.stats.proportion import proportion_confint

from razzmatazz.analysis.stats import equity_columns, exact_share, from_counts


def test_share_mean_and_se_from_counts() -> None:
    # 10 trials: 5 outright wins, 2 two-way ties, 3 three-way ties, 0 losses
    counts = np.array([[0, 5, 2, 3]])
    shares = np.array([1] * 5 + [0.5] * 2 + [1 / 3] * 3)
    (s,) = from_counts(counts, 10)
    assert np.isclose(s.equity, shares.mean())
    assert np.isclose(s.stderr, shares.std(ddof=1) / np.sqrt(10))
    assert (s.win, s.tie) == (0.5, 0.5)
    lo, hi = proportion_confint(5, 10, method="wilson")
    assert np.allclose(s.win_ci95, (lo, hi))


def test_interval_stays_honest_at_the_edges() -> None:
    # 60 wins out of 60: the share has no sample variance, but the truth may be below 100 %
    cols = equity_columns(np.array([[0, 60, 0]]), np.array([60]))
    assert cols["stderr"][0] == 0
    assert cols["ci_high"][0] == 1 and 0.9 < cols["ci_low"][0] < 0.96


def test_interval_is_about_the_normal_one_away_from_the_edges() -> None:
    n = 1_000_000
    cols = equity_columns(np.array([[0, 400_000, 2_000, 0]]), np.array([n]))
    half = (cols["ci_high"][0] - cols["ci_low"][0]) / 2
    assert abs(half / (1.96 * cols["stderr"][0]) - 1) < 0.01


def test_exact_share_sides_add_up() -> None:
    hero, villain = exact_share(60, 10, 100), exact_share(60, 10, 100, hero=False)
    assert (hero.equity, villain.equity) == (0.65, 0.35)
    assert hero.exact and hero.stderr == 0 and villain.win == 0.3
