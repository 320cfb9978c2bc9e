"""Rates, standard errors and intervals from the integer counts the kernels return.

Equity is the mean of a per-trial pot share (1 for an outright win, 1/k for a k-way tie,
0 otherwise); it is not a binomial proportion. Its SE comes from the sample variance of the
share (computed exactly from the counts). Its 95 % interval is the hull of the normal
interval mean +- z * SE and the Wilson interval of a proportion with the same mean: a share
in [0, 1] has at most the variance of such a proportion, so the Wilson part keeps the
interval honest near 0 and 1 (where SE can be 0 after few trials), and away from the edges
the two nearly coincide. Win rates are proportions and get Wilson intervals (statsmodels).

Mean payoffs come from integer sums (games n, total, total of squares): the variance is
computed in exact integer arithmetic and rounded once, so sums of any size keep full precision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
from numpy.typing import ArrayLike
from statsmodels.stats.proportion import proportion_confint

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Share:
    """Equity summary of one player."""

    equity: float
    win: float
    tie: float
    stderr: float
    ci95: tuple[float, float]
    win_ci95: tuple[float, float]
    trials: int
    exact: bool

    def as_dict(self) -> dict:
        d = asdict(self)
        d["ci95"] = list(self.ci95)
        d["win_ci95"] = list(self.win_ci95)
        return d


def from_counts(counts: np.ndarray, trials: int) -> list[Share]:
    """One :class:`Share` per player from ``counts[p, k]`` (see :mod:`core.razz.equity`)."""
    cols = equity_columns(counts, np.full(len(counts), trials))
    wins = np.asarray(counts, np.int64)[:, 1]
    lo, hi = proportion_confint(wins, trials, alpha=0.05, method="wilson")
    return [
        Share(
            equity=float(cols["equity"][p]),
            win=float(cols["win"][p]),
            tie=float(cols["tie"][p]),
            stderr=float(cols["stderr"][p]),
            ci95=(float(cols["ci_low"][p]), float(cols["ci_high"][p])),
            win_ci95=(float(lo[p]), float(hi[p])),
            trials=trials,
            exact=False,
        )
        for p in range(len(wins))
    ]


def exact_share(wins: int, ties: int, deals: int, *, hero: bool = True) -> Share:
    """Exact heads-up summary (no sampling error); ``hero=False`` gives the opponent's side.

    Heads-up, every tie is a two-way split, so equity = (wins + ties / 2) / deals.
    """
    if not hero:
        wins = deals - wins - ties
    eq = (wins + ties / 2) / deals
    return Share(eq, wins / deals, ties / deals, 0.0, (eq, eq), (wins / deals, wins / deals), deals, True)


def equity_columns(counts: np.ndarray, trials: np.ndarray) -> dict[str, np.ndarray]:
    """Vectorised equity columns: ``counts[i, k]`` = trials of row i won in a k-way split."""
    counts = np.asarray(counts, np.float64)
    n = np.asarray(trials, np.float64)
    k = np.arange(counts.shape[1], dtype=np.float64)
    k[0] = np.inf
    eq = (counts / k).sum(axis=1) / n
    mean_sq = (counts / k**2).sum(axis=1) / n
    var = np.maximum(mean_sq - eq**2, 0.0) * n / np.maximum(n - 1, 1)
    se = np.sqrt(var / n)
    w_lo, w_hi = proportion_confint(eq * n, n, alpha=0.05, method="wilson")
    return {
        "equity": eq,
        "win": counts[:, 1] / n,
        "tie": counts[:, 2:].sum(axis=1) / n,
        "stderr": se,
        "ci_low": np.clip(np.minimum(eq - Z95 * se, w_lo), 0, 1),
        "ci_high": np.clip(np.maximum(eq + Z95 * se, w_hi), 0, 1),
    }


def _moments(n: int, total: int, total_sq: int) -> tuple[float, float]:
    """Mean and sample variance of one row of integer sums, exact until the final rounding."""
    if not all(type(v) is int for v in (n, total, total_sq)):
        raise ValueError(f"sums must be integers, got n={n!r}, total={total!r}, total_sq={total_sq!r}")
    spread = n * total_sq - total * total  # n * sum((x - mean)**2): >= 0, and 0 when n <= 1
    if n < 0 or total_sq < 0 or spread < 0 or (n <= 1 and spread) or (n == 0 and total_sq):
        raise ValueError(f"inconsistent sums: n={n}, total={total}, total_sq={total_sq}")
    mean = total / n if n else math.nan
    var = spread / (n * (n - 1)) if n > 1 else math.nan
    return mean, var


_MOMENTS = np.frompyfunc(_moments, 3, 2)


def mean_columns(n: ArrayLike, total: ArrayLike, total_sq: ArrayLike, *, scale: float = 1.0) -> dict[str, np.ndarray]:
    """Vectorised mean, SD, SE and 95 % normal interval of payoffs from their integer sums.

    ``n`` games, ``total`` = sum of payoffs, ``total_sq`` = sum of squared payoffs (int64 arrays or
    Python ints of any size; they broadcast). Results are multiplied by ``scale`` (integer units to
    the unit of report) and shaped like the broadcast inputs. n = 0 gives NaN everywhere; n = 1
    gives the mean and NaN for SD, SE and interval. Negative or inconsistent sums raise ValueError.
    """
    mean, var = (np.asarray(a, np.float64) for a in _MOMENTS(n, total, total_sq))
    mean, sd = mean * scale, np.sqrt(var) * abs(scale)
    se = sd / np.sqrt(np.asarray(n, np.float64))
    return {"mean": mean, "sd": sd, "stderr": se, "ci_low": mean - Z95 * se, "ci_high": mean + Z95 * se}


def block_sq(cross: np.ndarray, g: Sequence[int], h: Sequence[int] | None = None) -> int:
    """The sum over blocks of (the group ``g``'s total) x (the group ``h``'s, default ``g``) from a kernel's cross
    sums ``cross[p, q]`` (per block, player p's total times player q's), exact as a Python int."""
    h = g if h is None else h
    return sum(int(cross[p, q]) for p in g for q in h)


def rate_interval(k: ArrayLike, n: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised 95 % Wilson interval of the rate k / n from integer counts, 0 <= k <= n.

    The bound is exactly 0 at k = 0 and exactly 1 at k = n (where statsmodels can be off by an
    ulp); n = 0 gives NaN.
    """
    k, n = np.broadcast_arrays(np.asarray(k), np.asarray(n))
    if not (np.issubdtype(k.dtype, np.integer) and np.issubdtype(n.dtype, np.integer)):
        raise ValueError("a rate needs integer counts")
    if (k < 0).any() or (k > n).any():
        raise ValueError("a rate needs counts 0 <= k <= n")
    lo, hi = proportion_confint(k, np.maximum(n, 1), alpha=0.05, method="wilson")
    lo, hi = np.where(k == 0, 0.0, lo), np.where(k == n, 1.0, hi)
    return np.where(n > 0, lo, np.nan), np.where(n > 0, hi, np.nan)


def group_contrast(
    totals: np.ndarray, cross: np.ndarray, blocks: int, a: Sequence[int], b: Sequence[int], *, scale: float = 1.0
) -> dict[str, float]:
    """The difference between two groups of players' mean results, with its interval paired over blocks.

    ``totals[p]`` is player p's sum over the run and ``cross[p, q]`` the sum over blocks of
    ``X_p X_q`` (X: a player's sum in one block). The observation of a block is
    ``|b| X_a - |a| X_b`` (X_a: the group's sum), so the two groups' shared luck cancels; ``scale``
    turns one integer unit of it into the report's unit (divide by the items per block and by
    ``|a| |b|`` for a per-player, per-item difference).
    """
    na, nb = len(a), len(b)
    ta, tb = sum(int(totals[p]) for p in a), sum(int(totals[p]) for p in b)
    total = nb * ta - na * tb
    total_sq = nb * nb * block_sq(cross, a) - 2 * na * nb * block_sq(cross, a, b) + na * na * block_sq(cross, b)
    m = mean_columns(blocks, total, total_sq, scale=scale)
    return {k: float(v) for k, v in m.items()}
