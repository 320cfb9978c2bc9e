"""Figures of the Razzia police study: win rate against the money at the bar, by player count."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from razzmatazz.analysis.figures import STYLE, save  # noqa: E402
from razzmatazz.core.razzia.engine import BUCKET_NAMES  # noqa: E402

_KINDS = (
    ("police", "police card"),
    ("gambler_police", "gambler beside police"),
    ("gambler_free", "gambler without police"),
)


def win_by_pot_figure(tables: dict[str, pd.DataFrame], mix: str) -> plt.Figure:
    """Against the money at the bar, one line per player count: how often a police card wins, what it wins,
    and how often a gambler without police wins (a gambler beside police never does, B4)."""
    by = tables["by_bucket"]
    by = by[by.mix == mix]
    panels = (
        ("police", "win_rate", "police card: share that wins"),
        ("police", "money_per_play", "police card: money won per card ($1,000s)"),
        ("gambler_free", "win_rate", "gambler without police: share that wins"),
    )
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(1, 3, figsize=(13, 4))
        for ax, (kind, column, title) in zip(axes, panels):
            part = by[by.kind == kind]
            for n, rows in part.groupby("players"):
                x = [BUCKET_NAMES.index(b) for b in rows.bucket]
                if column == "win_rate":
                    ax.errorbar(
                        x,
                        rows.win_rate,
                        yerr=[rows.win_rate - rows.win_low, rows.win_high - rows.win_rate],
                        marker="o",
                        capsize=2,
                        label=f"{n} players",
                    )
                    ax.set_ylim(0, 1.02)
                else:
                    ax.plot(x, rows.money_per_play / 1000, marker="o", label=f"{n} players")
            ax.set_xticks(range(len(BUCKET_NAMES)), BUCKET_NAMES)
            ax.set_xlabel("money at the bar ($5,000s)")
            ax.set_title(title)
        axes[0].set_ylabel("95 % intervals")
        axes[0].legend(fontsize=9)
        fig.suptitle(f"Razzia: when does a police card pay? ({mix})")
        fig.tight_layout()
    return fig


def money_by_value_figure(tables: dict[str, pd.DataFrame], mix: str) -> plt.Figure:
    """Money won per card played, by card value, police against gamblers, one panel per player count."""
    by = tables["by_value"]
    by = by[by.mix == mix]
    counts = sorted(by.players.unique())
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts) + 1, 3.8), sharey=True, squeeze=False)
        for ax, n in zip(axes[0], counts):
            for kind, label in _KINDS:
                rows = by[(by.players == n) & (by.kind == kind)]
                ax.plot(rows.value, rows.money_per_play / 1000, marker="o", label=label)
            ax.set_title(f"{n} players")
            ax.set_xlabel("card value")
            ax.set_xticks(range(1, 7))
        axes[0][0].set_ylabel("money won per card played ($1,000s)")
        axes[0][0].legend(fontsize=8)
        fig.suptitle(f"Razzia: what a card is worth ({mix})")
        fig.tight_layout()
    return fig


def police_figures(tables: dict[str, pd.DataFrame]) -> Callable[[Path], list[str]]:
    """Draw the study's figures into a directory (for ``store.write_result``)."""

    def draw(directory: Path) -> list[str]:
        names = []
        for i, mix in enumerate(sorted(tables["by_bucket"].mix.unique())):
            for stem, make in (("police_by_pot", win_by_pot_figure), ("money_by_value", money_by_value_figure)):
                name = f"{stem}_{i + 1}.png"
                save(make(tables, mix), directory / name)
                names.append(name)
        return names

    return draw
