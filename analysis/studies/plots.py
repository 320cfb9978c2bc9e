"""Figures of tournaments and sweeps: ratings and payoff against each swept parameter, with 95 % intervals."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: E402

from razzmatazz.analysis.figures import STYLE, save  # noqa: E402
from razzmatazz.analysis.games import game  # noqa: E402
from razzmatazz.analysis.studies.sweep import field_text  # noqa: E402


def _tick(x: float, _: object = None) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:g}"


def rating_figure(result: Any) -> plt.Figure:
    """Each policy's strength and payoff per game with 95 % intervals, best at the top."""
    g = game(result.game)
    pol = result.policies.iloc[::-1]
    y = np.arange(len(pol))
    with plt.rc_context(STYLE):
        fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, 0.45 * len(pol) + 1.8), sharey=True)
        ax.errorbar(
            pol.strength,
            y,
            xerr=[pol.strength - pol.strength_low, pol.strength_high - pol.strength],
            fmt="o",
            capsize=3,
        )
        ax.axvline(0, color="grey", lw=1, ls="--")
        ax.set_yticks(y, pol.policy)
        ax.set_xlabel(f"strength, {g.short_unit} above the table mean (95 % interval)")
        bx.errorbar(
            pol.payoff,
            y,
            xerr=[pol.payoff - pol.payoff_low, pol.payoff_high - pol.payoff],
            fmt="o",
            capsize=3,
            color="C1",
        )
        bx.set_xlabel(f"payoff, {g.unit} (95 % interval)")
        for axis in (ax.xaxis, bx.xaxis):
            axis.set_major_locator(MaxNLocator(nbins=5))
            axis.set_major_formatter(FuncFormatter(_tick))
        fig.suptitle(
            f"{g.title} tournament, {result.players} seats, {len(result.lineups)} tables of {result.played:,} {g.item}s"
        )
        fig.tight_layout()
    return fig


def tournament_figures(result: Any) -> Callable[[Path], list[str]]:
    """A ``figures(dir)`` callback for :func:`razzmatazz.analysis.store.write_result`."""

    def draw(directory: Path) -> list[str]:
        save(rating_figure(result), directory / "rating.png")
        return ["rating.png"]

    return draw


def sweep_figure(result: Any) -> plt.Figure:
    """Payoff against each swept parameter (the others at the best point), grid and confirmation."""
    g = game(result.game)
    names = list(result.params)
    best = result.grid.iloc[0]
    spec = g.registry.get(result.policy)
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(1, len(names), figsize=(5.5 * len(names), 4), squeeze=False)
        for ax, name in zip(axes[0], names):
            others = [k for k in names if k != name]
            part = result.grid
            for k in others:
                part = part[part[k] == best[k]]
            part = part.sort_values(name)
            ax.errorbar(
                part[name],
                part.payoff,
                yerr=[part.payoff - part.payoff_low, part.payoff_high - part.payoff],
                marker="o",
                capsize=3,
                label=f"grid ({result.games:,} {g.item}s a point)",
            )
            conf = (
                result.confirm[np.all([result.confirm[k] == best[k] for k in others], axis=0)]
                if others
                else result.confirm
            )
            shift = 0.02 * (max(result.grid[name].max() - result.grid[name].min(), 1e-9))
            ax.errorbar(
                conf[name] + shift,
                conf.payoff,
                yerr=[conf.payoff - conf.payoff_low, conf.payoff_high - conf.payoff],
                fmt="s",
                capsize=4,
                color="C3",
                label="confirmed on fresh seeds",
            )
            if spec.params[[p.name for p in spec.params].index(name)].integer:
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_xlabel(f"{name} ({result.policy} parameter)")
            ax.set_ylabel(f"payoff, {g.unit} (95 % interval)")
            fixed = ", ".join(f"{k}={best[k]:g}" for k in others)
            ax.set_title(f"{result.policy}: {name}" + (f" ({fixed})" if fixed else ""))
            ax.legend(fontsize=9)
        fig.suptitle(f"{g.title} sweep against {field_text(result)}, {result.players} seats")
        fig.tight_layout()
    return fig


def sweep_figures(result: Any) -> Callable[[Path], list[str]]:
    """A ``figures(dir)`` callback for :func:`razzmatazz.analysis.store.write_result`."""

    def draw(directory: Path) -> list[str]:
        save(sweep_figure(result), directory / "sweep.png")
        return ["sweep.png"]

    return draw
