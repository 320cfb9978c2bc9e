"""Figures for the Razz starting-hand table (matplotlib, Agg backend, deterministic PNG)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.colors import TwoSlopeNorm  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from razzmatazz.analysis.figures import STYLE, save  # noqa: E402
from razzmatazz.analysis.razz.equities import start_label, wide_equity  # noqa: E402
from razzmatazz.core.cards import RANKS  # noqa: E402
from razzmatazz.core.razz.exact import multisets  # noqa: E402

SHARE_MIN, SHARE_MAX = 0.0, 4.0
"""Fixed colour scale of equity / fair share; the best start against 7 opponents is about 3.7."""
CMAP = "RdBu"
MAX_PANELS = 4
"""More numbers of opponents than this: the heatmap shows the ranking column and the largest."""
SERIES_COLORS = plt.cm.plasma(np.linspace(0, 0.85, 7))
"""One colour per number of opponents (1 to 7), the same in every run."""
CELL = (0.27, 0.19)
"""Heatmap cell width and height in inches."""


def share_norm() -> TwoSlopeNorm:
    """The heatmap's colour scale: 0 to 4 times a fair share, white at 1 (breaks even), clipped above."""
    return TwoSlopeNorm(vmin=SHARE_MIN, vcenter=1.0, vmax=SHARE_MAX)


def grid_layout() -> tuple[list[str], list[str], dict[str, tuple[int, int]]]:
    """Heatmap grid: rows, columns and each start's (row, column).

    Rows are the two highest cards (``8-7``: highest 8, second 7), grouped by highest card, low
    first; columns are the lowest card. Each of the 455 starts has one cell: ``A78`` is row
    ``8-7``, column ``A``; ``AA5`` is row ``5-A``, column ``A``.
    """
    rows = [f"{RANKS[hi]}-{RANKS[mid]}" for hi in range(13) for mid in range(hi + 1)]
    cells = {}
    for counts in multisets(3)[0]:
        label = start_label(counts)
        lo, mid, hi = (RANKS.index(c) for c in label)
        cells[label] = (hi * (hi + 1) // 2 + mid, lo)
    return rows, list(RANKS), cells


def panel_counts(opponents: Sequence[int], rank_by: int | None = None) -> list[int]:
    """Numbers of opponents drawn as heatmap panels: all, or the ranking column and the largest."""
    counts = sorted(set(opponents))
    if len(counts) <= MAX_PANELS:
        return counts
    return sorted({counts[0] if rank_by is None else rank_by, counts[-1]})


def share_grid(table: pd.DataFrame, opponents: int) -> np.ndarray:
    """Equity / fair share of each start against ``opponents``, on the :func:`grid_layout` grid (NaN elsewhere)."""
    rows, cols, cells = grid_layout()
    part = table[table["opponents"] == opponents]
    grid = np.full((len(rows), len(cols)), np.nan)
    for hand, eq in zip(part["hand"], part["equity"]):
        grid[cells[hand]] = eq * (opponents + 1)
    return grid


def _heat_panel(ax: Axes, table: pd.DataFrame, opponents: int) -> None:
    rows, cols, cells = grid_layout()
    norm = share_norm()
    im = ax.imshow(share_grid(table, opponents), aspect="auto", cmap=CMAP, norm=norm, interpolation="nearest")
    cmap = im.get_cmap()
    part = table[table["opponents"] == opponents]
    for hand, eq in zip(part["hand"], part["equity"]):
        r, c = cells[hand]
        dark = sum(cmap(norm(eq * (opponents + 1)))[:3]) < 1.5
        ax.text(c, r, f"{100 * eq:.0f}", ha="center", va="center", color="white" if dark else "black")
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xticks(range(len(cols)), cols)
    ax.tick_params(length=0, labeltop=True)
    ax.set_xlabel("lowest card")
    for hi in range(1, 13):
        ax.axhline(hi * (hi + 1) / 2 - 0.5, color="0.4", lw=0.8)
    ax.spines[:].set_visible(False)
    ax.set_title(f"{opponents} opponent{'s' if opponents > 1 else ''} (fair share {100 / (opponents + 1):.1f} %)")


def heatmap_figure(table: pd.DataFrame, subtitle: str = "", rank_by: int | None = None) -> Figure:
    """Every start in a grid by its cards, one panel per number of opponents (see :func:`panel_counts`).

    Cells show the equity in %; colour is equity relative to a fair share, ``equity * (opponents + 1)``,
    on the fixed scale :func:`share_norm`.
    """
    present = sorted(table["opponents"].unique())
    counts = panel_counts(present, rank_by)
    title = [
        "Razz starting hands all-in against random hands",
        "row = two highest cards, column = lowest card, number = equity %",
        "colour = equity / fair share: blue wins more than 1/(opponents + 1) of the pot, red less",
        subtitle,
    ]
    if counts != present:
        title.append(
            f"panels: {' and '.join(map(str, counts))} of the table's {', '.join(map(str, present))} "
            "opponents (all are in the table and in best_starts.png)"
        )
    rows, cols, _ = grid_layout()
    width, height = CELL[0] * len(cols) + 0.7, CELL[1] * len(rows) + 1.0
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(
            1,
            len(counts),
            figsize=(max(width * len(counts) + 1.4, 10), height + 1.6),
            squeeze=False,
            layout="constrained",
        )
        for ax, k in zip(axes[0], counts):
            _heat_panel(ax, table, k)
        fig.colorbar(
            axes[0, 0].images[0],
            ax=axes[0],
            extend="max",
            shrink=0.5,
            aspect=40,
            ticks=[SHARE_MIN, 0.5, *range(1, int(SHARE_MAX) + 1)],
            label="equity / fair share (1 = breaks even; 2 = twice its share of the pot)",
        )
        fig.suptitle("\n".join(title))
    return fig


def best_starts_figure(table: pd.DataFrame, subtitle: str = "", rank_by: int | None = None, top: int = 30) -> Figure:
    """Equity with 95 % intervals of the ``top`` best starts, one series per number of opponents."""
    wide, lo, hi = (wide_equity(table, v, rank_by).head(top) * 100 for v in ("equity", "ci_low", "ci_high"))
    opps = list(wide.columns)
    exact = table.groupby("opponents")["exact"].all()
    y = np.arange(len(wide))
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(10, 0.3 * len(wide) + 2.2), layout="constrained")
        for j, k in enumerate(opps):
            err = np.vstack([wide[k] - lo[k], hi[k] - wide[k]])
            shift = (j - (len(opps) - 1) / 2) * 0.6 / len(opps)
            ax.errorbar(
                wide[k],
                y + shift,
                xerr=err,
                fmt="o",
                ms=4,
                capsize=2,
                elinewidth=1,
                color=SERIES_COLORS[k - 1],
                label=f"{k}{' (exact)' if exact[k] else ''}",
            )
        ax.set_yticks(y, [f"{i + 1}. {h}" for i, h in enumerate(wide.index)])
        ax.set_ylim(len(wide) - 0.5, -0.5)
        ax.set_xlim(*_zoom(lo.min().min(), hi.max().max()))
        for i in y[1::2]:
            ax.axhspan(i - 0.5, i + 0.5, color="0.94", zorder=0)
        ax.grid(axis="x", alpha=0.4)
        ax.tick_params(labeltop=True)
        ax.set_xlabel("all-in equity % against random hands (95 % interval)")
        fig.legend(title="opponents", loc="outside right upper")
        by = opps[0] if rank_by is None else rank_by
        fig.suptitle(
            f"The {len(wide)} best Razz starts, ranked by equity against {by} opponent"
            f"{'s' if by > 1 else ''}\n{subtitle}"
        )
    return fig


DOOR_PANELS = 5
"""The door chart's 455 starts are drawn in this many columns of 91 rows."""


def doors_figure(chart: pd.DataFrame, subtitle: str = "") -> Figure:
    """The door-card chart: rows = starts (best first), columns = the opponent's door card, cells = equity %.

    Colour is the equity on a fixed scale (white at 50 %, blue better, red worse).
    """
    wide = chart.pivot(index="start", columns="door", values="equity")
    wide = wide.loc[chart["start"].unique(), list(RANKS)]
    per = -(-len(wide) // DOOR_PANELS)
    norm = TwoSlopeNorm(vmin=0.0, vcenter=0.5, vmax=1.0)
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(
            1,
            DOOR_PANELS,
            figsize=(DOOR_PANELS * (CELL[0] * 13 + 0.8) + 1.2, CELL[1] * per + 2.2),
            squeeze=False,
            layout="constrained",
        )
        for p, ax in enumerate(axes[0]):
            part = wide.iloc[p * per : (p + 1) * per]
            im = ax.imshow(part.to_numpy(), aspect="auto", cmap=CMAP, norm=norm, interpolation="nearest")
            for (r, c), eq in np.ndenumerate(part.to_numpy()):
                dark = abs(eq - 0.5) > 0.3
                ax.text(
                    c, r, f"{100 * eq:.0f}", ha="center", va="center", fontsize=8, color="white" if dark else "black"
                )
            ax.set_yticks(range(len(part)), [f"{p * per + i + 1}. {s}" for i, s in enumerate(part.index)])
            ax.set_xticks(range(13), list(RANKS))
            ax.tick_params(length=0, labeltop=True)
            ax.set_xlabel("opponent's door card")
            ax.spines[:].set_visible(False)
        fig.colorbar(
            im,
            ax=axes[0],
            shrink=0.4,
            aspect=40,
            format=lambda x, _: f"{100 * x:.0f} %",
            label="all-in equity against one opponent showing that door card",
        )
        fig.suptitle(
            "Razz door-card chart: each start against one opponent showing a door card "
            "(two down cards unknown), exact\nstarts ranked by equity against a random hand; "
            f"number = equity %\n{subtitle}"
        )
    return fig


def door_figures(chart: pd.DataFrame, subtitle: str) -> Callable[[Path], list[str]]:
    """A ``figures(dir)`` callback drawing ``doors.png``."""

    def draw(directory: Path) -> list[str]:
        save(doors_figure(chart, subtitle), directory / "doors.png")
        return ["doors.png"]

    return draw


def _zoom(low: float, high: float) -> tuple[float, float]:
    """Axis limits around ``low .. high`` with a 3 % margin (at least 0.5)."""
    pad = max(0.03 * (high - low), 0.5)
    return low - pad, high + pad


def table_figures(table: pd.DataFrame, subtitle: str, rank_by: int | None = None) -> Callable[[Path], list[str]]:
    """A ``figures(dir)`` callback for :func:`analysis.store.write_result`."""

    def draw(directory: Path) -> list[str]:
        save(heatmap_figure(table, subtitle, rank_by), directory / "heatmap.png")
        save(best_starts_figure(table, subtitle, rank_by), directory / "best_starts.png")
        return ["heatmap.png", "best_starts.png"]

    return draw
