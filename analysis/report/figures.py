"""Figures of the generated reports: estimates with 95 % intervals (matplotlib, Agg backend)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from razzmatazz.analysis.figures import STYLE  # noqa: E402

WIDTH = 9.0
"""Figure width in inches (900 px at the saved dpi): fits a report column without scaling much."""


def interval_figure(
    frame: pd.DataFrame,
    label: str,
    est: str,
    low: str,
    high: str,
    *,
    xlabel: str,
    title: str,
    group: str | None = None,
    group_name: str = "",
    scale: float = 1.0,
    reference: float | None = None,
    reference_label: str = "",
) -> Figure:
    """Estimates with their 95 % intervals as horizontal error bars, one row per ``label``.

    With ``group``, one series per group value, side by side; values are multiplied by ``scale``
    (100 for percentages); ``reference`` draws a dashed vertical line (a fair share, zero).
    """
    labels = list(dict.fromkeys(frame[label].astype(str)))
    groups = [None] if group is None else list(dict.fromkeys(frame[group]))
    y = {name: i for i, name in enumerate(labels)}
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(
            figsize=(WIDTH, 0.45 * len(labels) * max(1, len(groups) / 2) + 1.6), layout="constrained"
        )
        for j, g in enumerate(groups):
            part = frame if g is None else frame[frame[group] == g]
            shift = (j - (len(groups) - 1) / 2) * 0.7 / len(groups)
            ys = np.array([y[str(v)] for v in part[label]]) + shift
            e, lo, hi = (part[c].to_numpy(float) * scale for c in (est, low, high))
            ax.errorbar(
                e,
                ys,
                xerr=np.vstack([e - lo, hi - e]),
                fmt="o",
                ms=5,
                capsize=3,
                label=None if g is None else f"{g} {group_name}".strip(),
            )
        if reference is not None:
            ax.axvline(reference * scale, color="0.4", lw=1, ls="--", label=reference_label or None)
        ax.set_yticks(range(len(labels)), labels)
        ax.set_ylim(len(labels) - 0.5, -0.5)
        ax.grid(axis="x", alpha=0.4)
        ax.set_xlabel(xlabel)
        ax.set_title(title)
        if group is not None or reference_label:
            ax.legend(loc="best", fontsize=9)
    return fig


def rate_by_bucket_figure(
    frame: pd.DataFrame, *, series: str, bucket: str, order: list[str], xlabel: str, ylabel: str, title: str
) -> Figure:
    """A rate (``win_rate`` with ``win_low``/``win_high``) against ordered buckets, one line per ``series``."""
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(WIDTH, 4.2), layout="constrained")
        for name, part in frame.groupby(series, sort=True):
            part = part.set_index(bucket).reindex([b for b in order if b in set(part[bucket])])
            x = [order.index(b) for b in part.index]
            r = part.win_rate.to_numpy(float) * 100
            ax.errorbar(
                x,
                r,
                yerr=[r - part.win_low * 100, part.win_high * 100 - r],
                marker="o",
                capsize=3,
                label=f"{name} {series}",
            )
        ax.set_xticks(range(len(order)), order)
        ax.set_ylim(0, 102)
        ax.grid(axis="y", alpha=0.4)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(fontsize=9)
    return fig
