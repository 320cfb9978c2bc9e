"""Figures of a ``riffifi play`` run: win rates, start positions, when a card pays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from razzmatazz.analysis.figures import STYLE, save  # noqa: E402


def policies_figure(result: Any) -> plt.Figure:
    """Win rate per policy with its 95 % interval, the fair share marked."""
    pol = result.policies.iloc[::-1]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 0.5 * len(pol) + 1.5))
        y = np.arange(len(pol))
        ax.errorbar(pol.win_rate, y, xerr=[pol.win_rate - pol.win_low, pol.win_high - pol.win_rate], fmt="o", capsize=3)
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
        for label, part in (
            ("first card of the deal", cards[cards.orbit == 1]),
            ("later cards", cards[cards.orbit > 1]),
        ):
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
        ax.errorbar(
            pos.position,
            pos.chips_per_deal,
            yerr=[pos.chips_per_deal - pos.ci_low, pos.ci_high - pos.chips_per_deal],
            fmt="o",
            capsize=3,
        )
        ax.axhline(60 / result.settings.players * result.settings.chips_per_colour / 12, color="grey", lw=1, ls="--")
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
        for name, make in (
            ("policies.png", policies_figure),
            ("cards.png", cards_figure),
            ("positions.png", positions_figure),
        ):
            fig = make(result)
            save(fig, directory / name)
            names.append(name)
        return names

    return draw


def study_figures(tables: dict) -> Callable[[Path], list[str]]:
    """Draw the study's figures (win rates, positions, the Officer, when cards pay) into a directory."""

    def draw(directory: Path) -> list[str]:
        out = []
        for name, make in (
            ("study_policies.png", _study_policies),
            ("study_positions.png", _study_positions),
            ("study_cards.png", _study_cards),
        ):
            fig = make(tables)
            save(fig, directory / name)
            out.append(name)
        return out

    return draw


def _study_policies(tables: dict) -> plt.Figure:
    pol = tables["policies"]
    pol = pol[~pol.officer]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 4))
        for name, part in pol.groupby("policy"):
            part = part.sort_values("players")
            ax.errorbar(
                part.players,
                part.win_rate,
                yerr=[part.win_rate - part.win_low, part.win_high - part.win_rate],
                marker="o",
                capsize=3,
                label=name,
            )
        xs = sorted(pol.players.unique())
        ax.plot(xs, [1 / x for x in xs], color="grey", ls="--", lw=1, label="fair share")
        ax.set_xticks(xs)
        ax.set_xlabel("players")
        ax.set_ylabel("win rate (95 % interval)")
        ax.set_title("Which policy wins?")
        ax.legend(fontsize=9)
        fig.tight_layout()
    return fig


def _study_positions(tables: dict) -> plt.Figure:
    pos = tables["positions"]
    off = tables["officer"]
    with plt.rc_context(STYLE):
        fig, (ax, bx) = plt.subplots(1, 2, figsize=(9, 3.8))
        for n, part in pos[~pos.officer].groupby("players"):
            ax.errorbar(
                part.position,
                part.chips_per_deal,
                yerr=[part.chips_per_deal - part.ci_low, part.ci_high - part.chips_per_deal],
                marker="o",
                capsize=3,
                label=f"{n} players",
            )
        ax.set_xlabel("position (1 starts the deal)")
        ax.set_ylabel("chips per deal")
        ax.set_title("Start-position effect")
        ax.legend(fontsize=9)
        if len(off):
            bx.errorbar(
                off.players,
                off.advantage,
                yerr=[off.advantage - off.ci_low, off.ci_high - off.advantage],
                fmt="o",
                capsize=3,
            )
            bx.axhline(0, color="grey", lw=1)
            bx.set_xticks(off.players)
        bx.set_xlabel("players")
        bx.set_ylabel("holder minus others, chips per deal")
        bx.set_title("What the Officer is worth")
        fig.tight_layout()
    return fig


def _study_cards(tables: dict) -> plt.Figure:
    cards = tables["cards"]
    early = cards[(~cards.officer) & (cards.orbit == 1)]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 4))
        for n, part in early.groupby("players"):
            ax.errorbar(
                part.value,
                part.paid_rate,
                yerr=[part.paid_rate - part.paid_low, part.paid_high - part.paid_rate],
                marker="o",
                capsize=3,
                label=f"{n} players",
            )
        ax.set_xlabel("value of the first card played in a deal")
        ax.set_ylabel("share that pays")
        ax.set_ylim(0, 1.02)
        ax.set_xticks(range(1, 9))
        ax.set_title("How often does an early card pay?")
        ax.legend(fontsize=9)
        fig.tight_layout()
    return fig
