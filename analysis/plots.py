"""Figures for the Razz starting-hand table (matplotlib, Agg backend, deterministic PNG)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.colors import TwoSlopeNorm  # noqa: E402

from razzmatazz.analysis.razz import wide_equity  # noqa: E402

PNG = {"dpi": 130, "metadata": {"Software": None}}


def heatmap(table: pd.DataFrame, path: Path, panels: int = 5, subtitle: str = "") -> None:
    """Every start (rows, best first) against each number of opponents (columns).

    Colour is equity relative to a fair share, ``equity * (opponents + 1)``: above 1 (red)
    the start wins more than its share of an all-in pot against that many random hands.
    """
    wide = wide_equity(table)
    ratio = wide * (wide.columns.values + 1)
    n = len(wide)
    per = -(-n // panels)
    fig, axes = plt.subplots(1, panels, figsize=(3.4 * panels, 0.13 * per + 1.8), squeeze=False)
    norm = TwoSlopeNorm(vcenter=1.0, vmin=min(0.0, float(np.nanmin(ratio.values))),
                        vmax=max(2.0, float(np.nanmax(ratio.values))))
    im = None
    for p, ax in enumerate(axes[0]):
        part = ratio.iloc[p * per : (p + 1) * per]
        im = ax.imshow(part.values, aspect="auto", cmap="RdBu_r", norm=norm)
        ax.set_yticks(range(len(part)), [f"{p * per + i + 1}. {h}" for i, h in enumerate(part.index)],
                      fontsize=6)
        ax.set_xticks(range(len(part.columns)), [str(c) for c in part.columns], fontsize=7)
        ax.set_xlabel("opponents", fontsize=8)
        ax.tick_params(length=0)
    fig.subplots_adjust(left=0.04, right=0.9, wspace=0.5, top=1 - 0.9 / (0.13 * per + 1.8), bottom=0.05)
    cax = fig.add_axes((0.92, 0.25, 0.012, 0.5))
    fig.colorbar(im, cax=cax, label="equity / fair share (1 = breaks even in the pot)")
    fig.suptitle(f"Razz starting hands all-in against random opponents, ranked by the "
                 f"{wide.columns.min()}-opponent column\n{subtitle}", fontsize=10)
    fig.savefig(path, **PNG)
    plt.close(fig)


def best_starts(table: pd.DataFrame, path: Path, top: int = 30, subtitle: str = "") -> None:
    """Bar chart of the best starts, one bar per opponent count, with 95% intervals."""
    wide = wide_equity(table).head(top)
    lo = wide_equity(table, "ci_low").loc[wide.index]
    hi = wide_equity(table, "ci_high").loc[wide.index]
    opps = list(wide.columns)
    fig, ax = plt.subplots(figsize=(9, 0.32 * top + 1.8))
    height = 0.8 / len(opps)
    colors = plt.cm.viridis(np.linspace(0, 0.9, len(opps)))
    y = np.arange(len(wide))
    for j, k in enumerate(opps):
        vals = wide[k].values * 100
        err = np.vstack([vals - lo[k].values * 100, hi[k].values * 100 - vals])
        ax.barh(y + j * height, vals, height, xerr=err, color=colors[j], label=f"{k} opp.",
                error_kw={"elinewidth": 0.6})
    ax.set_yticks(y + 0.4 - height / 2, wide.index)
    ax.invert_yaxis()
    ax.set_xlabel("all-in equity %")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(f"The {top} best Razz starts (ranked by the {opps[0]}-opponent column)\n{subtitle}",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path, **PNG)
    plt.close(fig)


def table_figures(table: pd.DataFrame, subtitle: str, rank_by: int | None = None) -> callable:
    """A ``figures(dir)`` callback for :func:`analysis.store.write_result`."""

    def draw(directory: Path) -> list[str]:
        heatmap(table, directory / "heatmap.png", subtitle=subtitle)
        best_starts(table, directory / "best_starts.png", subtitle=subtitle)
        return ["heatmap.png", "best_starts.png"]

    return draw
