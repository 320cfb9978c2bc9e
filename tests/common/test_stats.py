"""Rates, standard errors and intervals derived from the kernels' counts."""

import numpy as np
import pytest
from statsmodels.stats.proportion import proportion_confint

from razzmatazz.analysis.stats import Z95, equity_columns, exact_share, from_counts, mean_columns, rate_interval


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


def sums(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(n, total, total_sq) per row of integer payoffs, as a kernel returns them."""
    return np.full(len(x), x.shape[1]), x.sum(axis=1), (x * x).sum(axis=1)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_mean_columns_match_the_samples(seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.integers(-300, 200, size=(5, int(rng.integers(2, 5000))))
    cols = mean_columns(*sums(x))
    assert np.allclose(cols["mean"], x.mean(axis=1), rtol=1e-13, atol=0)
    assert np.allclose(cols["sd"], x.std(axis=1, ddof=1), rtol=1e-13, atol=0)
    assert np.allclose(cols["stderr"], x.std(axis=1, ddof=1) / np.sqrt(x.shape[1]), rtol=1e-13, atol=0)
    assert (cols["ci_low"] < cols["mean"]).all() and (cols["mean"] < cols["ci_high"]).all()
    half = (cols["ci_high"] - cols["ci_low"]) / 2
    assert np.allclose(half, 1.96 * cols["stderr"], rtol=1e-4)
    assert np.allclose(half, Z95 * cols["stderr"], rtol=1e-13)


def test_scale_multiplies_everything() -> None:
    x = np.array([[3, -1, 4, 1, -5, 9]])
    plain, scaled = mean_columns(*sums(x)), mean_columns(*sums(x), scale=-0.5)
    assert np.isclose(scaled["mean"][0], -0.5 * plain["mean"][0])
    assert np.isclose(scaled["sd"][0], 0.5 * plain["sd"][0])
    assert np.isclose(scaled["ci_high"][0] - scaled["ci_low"][0], 0.5 * (plain["ci_high"][0] - plain["ci_low"][0]))


def test_large_sums_keep_precision() -> None:
    # int64 sums whose naive float variance is 0 and whose n * total_sq overflows int64
    x = np.array([[10**9 + (-1) ** i for i in range(8)]])
    assert mean_columns(*sums(x))["sd"][0] == np.sqrt(8 / 7)
    # 10**6 games of 10**9 +- 1: total 1e15, total_sq 1e24 (Python ints)
    n = 10**6
    cols = mean_columns(n, n * 10**9, n * (10**18 + 1))
    assert cols["mean"] == 1e9 and np.isclose(cols["sd"], np.sqrt(n / (n - 1)), rtol=1e-15)


def test_no_games_and_one_game() -> None:
    cols = mean_columns([0, 1], [0, -7], [0, 49])
    assert np.isnan(cols["mean"][0]) and cols["mean"][1] == -7
    for k in ("sd", "stderr", "ci_low", "ci_high"):
        assert np.isnan(cols[k]).all()


@pytest.mark.parametrize(
    ("n", "total", "total_sq"),
    [(-1, 0, 0), (3, 1, -1), (2, 3, 4), (1, 2, 5), (0, 1, 1), (0, 0, 1), (2, 1.0, 1), (2, 1, 2.5)],
)
def test_bad_sums_raise(n: int, total: int, total_sq: int) -> None:
    with pytest.raises(ValueError):
        mean_columns(np.array([4, n]), np.array([0, total]), np.array([4, total_sq]))


def test_rate_interval_is_wilson_and_stays_in_bounds() -> None:
    n = np.array([1, 7, 50, 50, 50, 1000, 123_457])
    k = np.array([0, 7, 0, 17, 50, 999, 61_000])
    lo, hi = rate_interval(k, n)
    ref_lo, ref_hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    assert np.allclose(lo, ref_lo, rtol=0, atol=1e-15) and np.allclose(hi, ref_hi, rtol=0, atol=1e-15)
    assert (0 <= lo).all() and (lo <= k / n).all() and (k / n <= hi).all() and (hi <= 1).all()
    assert (lo[k == 0] == 0).all() and (hi[k == n] == 1).all()


def test_rate_interval_edges_and_errors() -> None:
    lo, hi = rate_interval([0, 3], [0, 5])
    assert np.isnan(lo[0]) and np.isnan(hi[0]) and 0 < lo[1] < 0.6 < hi[1] < 1
    for k, n in [(-1, 5), (6, 5), (0.5, 5)]:
        with pytest.raises(ValueError):
            rate_interval(k, n)
