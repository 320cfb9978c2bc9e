"""Starting-hand figures: fixed colour scale, readable text, one cell per start, zoomed ranked chart, stable PNGs."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.text import Text

from razzmatazz.analysis.razz import start_label
from razzmatazz.analysis.razz.plots import (
    SHARE_MAX,
    SHARE_MIN,
    best_starts_figure,
    grid_layout,
    heatmap_figure,
    panel_counts,
    table_figures,
)
from razzmatazz.core.razz.exact import multisets

LABELS = [start_label(c) for c in multisets(3)[0]]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def synthetic(opponents: tuple[int, ...] = (1, 7), scale: float = 1.0, seed: int = 0) -> pd.DataFrame:
    """A starting-hand table with distinct made-up equities (heads-up exact, the rest with 95 % intervals)."""
    rng = np.random.default_rng(seed)
    frames = []
    for k in opponents:
        eq = rng.permutation(np.linspace(0.002, 0.46 if k > 1 else 0.73, len(LABELS))) * scale
        half = 0.0 if k == 1 else 0.01
        frames.append(
            pd.DataFrame(
                {
                    "hand": LABELS,
                    "opponents": k,
                    "equity": eq,
                    "stderr": half / 1.96,
                    "ci_low": eq - half,
                    "ci_high": eq + half,
                    "trials": 1000,
                    "exact": k == 1,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return synthetic()


@pytest.fixture(scope="module")
def heat(table):
    fig = heatmap_figure(table, "subtitle")
    fig.canvas.draw()
    yield fig
    plt.close(fig)


@pytest.fixture(scope="module")
def ranked(table):
    fig = best_starts_figure(table, "subtitle", rank_by=7)
    fig.canvas.draw()
    yield fig
    plt.close(fig)


def _panels(fig) -> list:
    return [ax for ax in fig.axes if ax.images]


def test_colour_scale_does_not_depend_on_the_data(heat):
    other = heatmap_figure(synthetic((7,), scale=0.3, seed=1))
    try:
        norms = [ax.images[0].norm for ax in _panels(heat) + _panels(other)]
        assert len(norms) == 3
        for norm in norms:
            assert (norm.vmin, norm.vcenter, norm.vmax) == (SHARE_MIN, 1.0, SHARE_MAX)
        assert SHARE_MAX >= 0.46 * 8  # covers the best start against 7 opponents
    finally:
        plt.close(other)


@pytest.mark.parametrize("name", ["heat", "ranked"])
def test_every_text_is_at_least_9_pt(name, request):
    fig = request.getfixturevalue(name)
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    ticks = [t for ax in fig.axes for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()]
    assert ticks and texts
    assert min(t.get_fontsize() for t in texts + ticks) >= 9


def test_grid_layout_has_one_cell_per_start():
    rows, cols, cells = grid_layout()
    assert sorted(cells) == sorted(LABELS) and len(cells) == 455
    assert len(set(cells.values())) == 455
    assert all(0 <= r < len(rows) and 0 <= c < len(cols) for r, c in cells.values())
    assert cells["A23"] == (rows.index("3-2"), cols.index("A"))
    assert cells["AA5"] == (rows.index("5-A"), cols.index("A"))
    assert cells["777"] == (rows.index("7-7"), cols.index("7"))


def test_each_panel_shows_every_start_once(heat, table):
    _, _, cells = grid_layout()
    panels = _panels(heat)
    assert [ax.get_title() for ax in panels] == ["1 opponent (fair share 50.0 %)", "7 opponents (fair share 12.5 %)"]
    for ax, k in zip(panels, (1, 7)):
        grid = np.ma.filled(ax.images[0].get_array().astype(float), np.nan)
        assert np.count_nonzero(~np.isnan(grid)) == 455
        part = table[table.opponents == k]
        for hand, eq in zip(part.hand, part.equity):
            assert grid[cells[hand]] == pytest.approx(eq * (k + 1))
        assert len(ax.texts) == 455


def test_panel_counts():
    assert panel_counts([7, 1, 2]) == [1, 2, 7]
    assert panel_counts(range(1, 8)) == [1, 7]
    assert panel_counts(range(1, 8), rank_by=3) == [3, 7]


def test_best_starts_is_zoomed_to_the_intervals(ranked, table):
    ax = ranked.axes[0]
    wide = table.pivot(index="hand", columns="opponents", values="equity")
    top = wide.sort_values(7, ascending=False).index[:30]
    assert ax.get_yticklabels()[0].get_text() == f"1. {top[0]}"
    shown = table[table.hand.isin(top)]
    low, high = ax.get_xlim()
    assert 0 < low <= shown.ci_low.min() * 100
    assert high >= shown.ci_high.max() * 100
    assert high - low < (shown.ci_high.max() - shown.ci_low.min()) * 100 * 1.2


def test_best_starts_legend_hides_no_data(ranked):
    ax = ranked.axes[0]
    legends = ranked.legends + ([ax.get_legend()] if ax.get_legend() else [])
    assert len(legends) == 1
    assert [t.get_text() for t in legends[0].get_texts()] == ["1 (exact)", "7"]
    assert not legends[0].get_window_extent().overlaps(ax.get_window_extent())


def test_png_files_are_valid_and_deterministic(tmp_path):
    small = synthetic((7,)).head(60)
    names = []
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        names.append(table_figures(small, "subtitle", rank_by=7)(tmp_path / sub))
    assert names[0] == names[1] == ["heatmap.png", "best_starts.png"]
    for name in names[0]:
        data = (tmp_path / "a" / name).read_bytes()
        assert data[:8] == PNG_MAGIC
        assert data == (tmp_path / "b" / name).read_bytes()
