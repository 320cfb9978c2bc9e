"""The Razz report's figures."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from razzmatazz.analysis.razz.report.runs import RAZZ_PLAYERS
from razzmatazz.analysis.razz.report.topics import LOOSE_TITLE, POLICIES_TITLE, STREETS_TITLE, _th
from razzmatazz.analysis.report.findings import FigureFile, Tables
from razzmatazz.analysis.report.sections import save_figure


def razz_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Razz figures; returns them by topic title."""
    pol, seats = tables["razz_policies"], tables["razz_seats"]
    hands = int(pol.hands.iloc[0])
    out = {
        "Starting hands": _starts_figures(tables["razz_starts"], directory),
        POLICIES_TITLE: [
            _result_figure(
                (pol, "policy", f"Razz policies, {RAZZ_PLAYERS}-handed, {hands:,} hands"),
                directory,
                "razz-policies.png",
                "Each policy's result in the tough field with its 95 % interval.",
            ),
        ],
        "Seats": [
            _result_figure(
                (seats.assign(seat=[f"seat {s}" for s in seats.seat]), "seat", "Razz results by seat"),
                directory,
                "razz-seats.png",
                "Each seat's result with its 95 % interval.",
            ),
        ],
    }
    if "razz_loose_policies" in tables:
        loose = tables["razz_loose_policies"]
        title = f"Razz policies in the loose field, {RAZZ_PLAYERS}-handed, {int(loose.hands.min()):,} hands"
        out[LOOSE_TITLE] = [
            _result_figure(
                (loose, "policy", title),
                directory,
                "razz-loose-policies.png",
                "Each policy's result in the loose field with its 95 % interval.",
            )
        ]
    if "razz_streets" in tables:
        out[STREETS_TITLE] = [_streets_figure(tables["razz_streets"], directory)]
    return out


def _starts_figures(starts: pd.DataFrame, directory: Path) -> list[FigureFile]:
    """The starting hands' heatmap and their best 20."""
    from razzmatazz.analysis.razz.plots import best_starts_figure, heatmap_figure

    trials = int(starts.loc[~starts.exact, "trials"].max()) if (~starts.exact).any() else 0
    sub = f"{trials:,} trials per Monte Carlo cell" if trials else "exact"
    return [
        save_figure(
            heatmap_figure(starts, sub),
            directory,
            "razz-heatmap.png",
            "Every start's equity (number, %) and equity relative to a fair share (colour), by its cards.",
        ),
        save_figure(
            best_starts_figure(starts, sub, top=20),
            directory,
            "razz-best-starts.png",
            "The 20 best starts: equity with 95 % intervals, one colour per number of opponents.",
        ),
    ]


def _result_figure(what: tuple[pd.DataFrame, str, str], directory: Path, name: str, caption: str) -> FigureFile:
    """Each row's result in bb/100 with its 95 % interval (``what``: the frame, its label column, the title)."""
    from razzmatazz.analysis.report.figures import interval_figure

    frame, label, title = what
    fig = interval_figure(
        frame,
        label,
        "bb_per_100",
        "ci_low",
        "ci_high",
        xlabel="big bets won per 100 hands (95 % interval)",
        reference=0.0,
        reference_label="break-even",
        title=title,
    )
    return save_figure(fig, directory, name, caption)


def _streets_figure(st: pd.DataFrame, directory: Path) -> FigureFile:
    """The capped share of each street's betting rounds, one colour per run."""
    from razzmatazz.analysis.report.figures import interval_figure

    fig = interval_figure(
        st.assign(
            name=[f"{k}{_th(k)} street" for k in st.street],
            run=[f"{f} field, {x}" for f, x in zip(st.field, st.lineup)],
        ),
        "name",
        "capped_share",
        "capped_low",
        "capped_high",
        xlabel="betting rounds that reached the cap, % (95 % interval)",
        title=f"Razz cap wars, {RAZZ_PLAYERS}-handed",
        group="run",
        scale=100,
    )
    return save_figure(
        fig,
        directory,
        "razz-streets.png",
        "The share of each street's betting rounds that reached the cap, one colour per run.",
    )
