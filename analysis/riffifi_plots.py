"""Figures of a ``riffifi play`` run: win rates, start positions, when a card pays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from razzmatazz.analysis.plots import STYLE, _save  # noqa: E402


def policies_figure(result: Any) -> plt.Figure:
    """Win rate per policy with its 95 % interval, the fair share marked."""
    pol = result.policies.iloc[::-1]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 0.5 * len(pol) + 1.5))
        y = np.arange(len(pol))
        ax.errorbar(pol.win_rate, y, xerr=[pol.win_rate - pol.win_low, pol.win_high - pol.win_rate], fmt="o",
                    capsize=3)
        ax.axvline(1 / result.settings.players, color="grey", lw=1, ls="--", label="fair share")
        ax.set_yticks(y, pol.policy)
        ax.set_xlabel("win rate (95 % interval)")
        ax.set_title(f"Riffifi, {result.settings.players} players, {result.games:,} games")
        ax.legend(loc="lower right")
        fig.tight_layout()
    return fig


def cards_figure(result: Any) -> plt.Figure:
    """How often a card pays, by value: first card of a deal against the later ones."""
    cards = result.cards
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 4))
        for label, part in (("first card of the deal", cards[cards.orbit == 1]),
                            ("later cards", cards[cards.orbit > 1])):
            if not len(part):
                continue
            by = part.assign(paid=part.paid_rate * part.plays).groupby("value")[["plays", "paid"]].sum()
            rate = by.paid / by.plays
            ax.plot(by.index, rate, marker="o", label=label)
        ax.set_xlabel("card value")
        ax.set_ylabel("share of plays that pay")
        ax.set_ylim(0, 1)
        ax.set_xticks(range(1, 9))
        ax.set_title("When does a card pay?")
        ax.legend()
        fig.tight_layout()
    return fig


def positions_figure(result: Any) -> plt.Figure:
    """Chips per deal by place relative to the start player, with 95 % intervals."""
    pos = result.positions
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(5, 3.5))
        ax.errorbar(pos.position, pos.chips_per_deal,
                    yerr=[pos.chips_per_deal - pos.ci_low, pos.ci_high - pos.chips_per_deal], fmt="o", capsize=3)
        ax.axhline(60 / result.settings.players * result.settings.chips_per_colour / 12, color="grey", lw=1,
                   ls="--")
        ax.set_xticks(pos.position)
        ax.set_xlabel("position (1 starts the deal)")
        ax.set_ylabel("chips per deal")
        ax.set_title("Start-position effect")
        fig.tight_layout()
    return fig


def riffifi_figures(result: Any) -> Callable[[Path], list[str]]:
    """Draw the run's figures into a directory (for ``store.write_result``)."""
    def draw(directory: Path) -> list[str]:
        names = []
        for name, make in (("policies.png", policies_figure), ("cards.png", cards_figure),
                           ("positions.png", positions_figure)):
            fig = make(result)
            _save(fig, directory / name)
            names.append(name)
        return names

    return draw

