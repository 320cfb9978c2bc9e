"""What every game's report section is made of: sample sizes, runs, and the helpers that turn tables into findings.

Each game's room has a ``report`` module with its :class:`Section` (``SECTION``): ``simulate`` makes the
runs (through the game's own Python API) and returns raw tables; ``derive`` adds the comparison tables;
``topics`` writes findings and displayed tables from the tables alone, so that a test can hand it other
tables and see other sentences; ``figures`` draws. Table names are the file names the report writes
(``GAME_policies.csv``, ...).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

if TYPE_CHECKING:
    from matplotlib.figure import Figure

from razzmatazz.analysis.report.findings import (
    Cells,
    Display,
    FigureFile,
    Finding,
    Tables,
    Topic,
    interval_text,
    say,
    shares_needed,
)


@dataclass(frozen=True)
class Sizes:
    """Sample sizes, derived from target 95 % half-widths; ``scale`` shrinks them (tests only).

    ``mode`` is ``quick`` or ``full``; each game's section keeps its own sizes by mode (its player
    counts, its payoff's target) beside these shared ones.
    """

    mode: str
    share_target: float
    """Half-width for equities and win rates (fractions: 0.01 is one percentage point)."""
    scale: float = 1.0

    def shares(self) -> int:
        """Trials per cell, games per table: enough for ``share_target`` at any rate."""
        return max(200, round(shares_needed(self.share_target) * self.scale))


QUICK = Sizes("quick", 0.01)
FULL = Sizes("full", 0.0025)


@dataclass(frozen=True)
class Section:
    """How one game's report is made: its runs, derived tables, topics (findings, displays) and figures."""

    title: str
    simulate: Callable[[Sizes, int, bool | None], tuple[Tables, list[Run]]]
    derive: Callable[[Tables, Sizes], None]
    topics: Callable[[Tables], list[Topic]]
    figures: Callable[[Tables, Path], dict[str, list[FigureFile]]]


@dataclass
class Run:
    """One simulation behind the report, for its provenance."""

    what: str
    tables: str
    size: str
    seed: int
    seconds: float


class Timer:
    """Seconds since it was made."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def __call__(self) -> float:
        return round(time.perf_counter() - self.start, 2)


Draw = Callable[[Path], list[FigureFile]]


def save_figure(fig: Figure, directory: Path, name: str, caption: str) -> FigureFile:
    """Write ``fig`` as ``directory/name`` and say what it shows."""
    from razzmatazz.analysis.figures import save

    save(fig, directory / name)
    return FigureFile(name, caption)


def precision_table(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame(
        rows, columns=["quantity", "n", "n_unit", "unit", "fmt", "target", "max_half_width", "min_half_width"]
    )


def precision_findings(tables: Tables, name: str) -> list[Finding]:
    """One sentence per row of a precision table: sample size, target and achieved half-width."""
    cell, out = Cells(tables), []
    for i, r in tables[name].iterrows():
        c = {k: cell(name, i, k, "s") for k in ("quantity", "n_unit", "unit")}
        c["n"] = cell(name, i, "n", "d")
        c["max"], c["min"] = (cell(name, i, k, r.fmt) for k in ("max_half_width", "min_half_width"))
        if pd.notna(r.target):
            c["target"] = cell(name, i, "target", r.fmt)
            out.append(
                say(
                    "{quantity}: {n} {n_unit}, chosen for a 95 % half-width of at most {target} {unit}; "
                    "the half-widths reached run from {min} to {max} {unit}.",
                    **c,
                )
            )
        else:
            out.append(
                say(
                    "{quantity}: {n} {n_unit} (no target: as many as the games gave); the 95 % "
                    "half-widths run from {min} to {max} {unit}.",
                    **c,
                )
            )
    return out


BEST_WIN = (("policy", "s"), ("win_rate", "%"), ("win_low", "%"), ("win_high", "%"), ("players", "d"), ("games", "d"))
"""The cells of :func:`best_win`'s sentence."""


def best_win(tables: Tables, name: str, rows: pd.Index, template: str) -> Finding:
    """The policy with the highest win rate among ``rows`` of table ``name``, said with ``template``."""
    best = tables[name].loc[rows].win_rate.idxmax()
    formats = (
        ("policy", "s"),
        ("win_rate", "%"),
        ("win_low", "%"),
        ("win_high", "%"),
        ("players", "d"),
        ("games", "d"),
    )
    return say(template, **Cells(tables).row(name, best, formats))


def row_findings(
    tables: Tables, name: str, formats: Sequence[tuple[str, str]], template: str, rows: Sequence[int] | None = None
) -> list[Finding]:
    """One finding a row of table ``name`` (all, or ``rows``): ``template`` filled with the row's cells
    (:meth:`.Cells.row`)."""
    cell = Cells(tables)
    return [say(template, **cell.row(name, i, formats)) for i in (tables[name].index if rows is None else rows)]


Columns = dict[str, str | tuple[str, str, str, str, str]]
"""A displayed table's columns: ``name -> column`` copies a column, ``name -> (est, low, high, fmt, unit)`` an
interval (:func:`display`)."""


Paid = tuple[str, tuple[str, str, str, str, str]]
"""What a game pays a player, as a win-rate game's policies table shows it: its name (``money a game``) and its
columns (estimate, low, high), format and unit."""


def policy_displays(
    pol: pd.DataFrame, paid: Paid, comp: pd.DataFrame, differences: tuple[str, str], by: Sequence[dict[str, str]]
) -> list[Display]:
    """A win-rate game's two policy tables, after ``by``'s columns each: the win rates (a shared win counting 1/k)
    and ``paid`` with their 95 % intervals; the differences between policies ``comp`` in points with their
    simultaneous intervals (``differences``: title and caption)."""
    name, what = paid
    win = ("win_rate", "win_low", "win_high", "%", " %")
    columns: Columns = {
        **by[0],
        "policy": "policy",
        "games": "games",
        "win rate (95 % CI)": win,
        f"{name} (95 % CI)": what,
    }
    return [
        Display("Policies", f"Win rate and {name} with 95 % intervals.", display(pol, columns)),
        Display(*differences, comparison_display(comp, "+%", "", by[1])),
    ]


def precision_topic(tables: Tables, name: str, what: str) -> Topic:
    return Topic(
        "Sample sizes and precision",
        f"How many {what} each table rests on, and how precise that makes it.",
        precision_findings(tables, name),
    )


def lead(
    tables: Tables, pol: str, comp: str, rows: pd.Index, comp_rows: pd.Index, value: str, fmt: str, unit: str
) -> list[Finding]:
    """The best policy of a group and its lead over the second (from the comparisons table); ``fmt`` unsigned."""
    cell = Cells(tables)
    part = tables[pol].loc[rows].sort_values(value, ascending=False, kind="stable")
    if len(part) < 2:
        return []
    best, second = part.index[0], part.index[1]
    names = {tables[pol].at[best, "policy"], tables[pol].at[second, "policy"]}
    cmp = tables[comp].loc[comp_rows]
    j = cmp[[{a, b} == names for a, b in zip(cmp.policy, cmp.versus)]].index[0]
    c = {
        "a": cell(comp, j, "policy", "s"),
        "b": cell(comp, j, "versus", "s"),
        "d": cell(comp, j, "difference", fmt),
        "lo": cell(comp, j, "ci_low", fmt),
        "hi": cell(comp, j, "ci_high", fmt),
        "m": cell(comp, j, "family", "d"),
        "slo": cell(comp, j, "simultaneous_low", fmt),
        "shi": cell(comp, j, "simultaneous_high", fmt),
    }
    head = (
        "{a} is ahead of {b} by {d} "
        + unit
        + " (95 % CI {lo} to {hi}; simultaneous over {m} comparisons {slo} to {shi})"
    )
    if tables[comp].at[j, "established"]:
        return [say(head + ": the lead is established.", **c)]
    return [say(head + ": the lead is not established, the simultaneous interval covers zero.", **c)]


def established_count(comp: pd.DataFrame, by: list[str], summary: str, tables: Tables) -> None:
    """Adds ``tables[summary]``: per group of ``comp``, how many comparisons are established."""
    g = comp.groupby(by, sort=True) if by else [((), comp)]
    rows = [
        {
            **dict(zip(by, k if isinstance(k, tuple) else (k,))),
            "comparisons": len(p),
            "established": int(p.established.sum()),
        }
        for k, p in g
    ]
    tables[summary] = pd.DataFrame(rows)


def established_findings(tables: Tables, summary: str, where: str) -> list[Finding]:
    cell, out = Cells(tables), []
    for i, r in tables[summary].iterrows():
        c = {"k": cell(summary, i, "established", "d"), "m": cell(summary, i, "comparisons", "d")}
        if "players" in r:
            c["n"] = cell(summary, i, "players", "d")
        if "mix" in r:
            c["mix"] = cell(summary, i, "mix", "s")
        out.append(
            say(
                "{k} of the {m} differences between two policies " + where + " are established "
                "(their simultaneous 95 % intervals exclude zero).",
                **c,
            )
        )
    return out


def spread_finding(tables: Tables, name: str, i: int, what: str, label: str, fmt: str, unit: str) -> Finding:
    """Highest and lowest of a group with the gap's conservative interval."""
    cell = Cells(tables)
    c = {
        k: cell(name, i, k, "s" if k in ("highest", "lowest") else ("d" if k == "players" else fmt))
        for k in (
            "highest",
            "highest_value",
            "highest_low",
            "highest_high",
            "lowest",
            "lowest_value",
            "lowest_low",
            "lowest_high",
            "gap",
            "gap_low",
            "gap_high",
            "players",
        )
        if k in tables[name].columns
    }
    text = (
        what + " is highest at " + label + " {highest}: {highest_value} " + unit + " (95 % CI {highest_low} to "
        "{highest_high}), and lowest at " + label + " {lowest}: {lowest_value} (95 % CI {lowest_low} to "
        "{lowest_high}); the gap of {gap} has a conservative 95 % CI of {gap_low} to {gap_high}"
    )
    verdict = ", so it is established." if tables[name].at[i, "established"] else ", so it is not established."
    return say(text + verdict, **c)


def display(frame: pd.DataFrame, columns: Columns) -> pd.DataFrame:
    """A displayed table: ``name -> column`` copies a column, ``name -> (est, low, high, fmt, unit)`` an interval."""
    out = pd.DataFrame(index=frame.index)
    for name, spec in columns.items():
        if isinstance(spec, tuple):
            out[name] = interval_text(frame, *spec[:4], unit=spec[4])
        else:
            out[name] = frame[spec].map(lambda v: f"{v:,}" if isinstance(v, int) else str(v))
    return out.reset_index(drop=True)


def comparison_display(frame: pd.DataFrame, fmt: str, unit: str, extra: dict[str, str] | None = None) -> pd.DataFrame:
    shown = frame.assign(verdict=frame.established.map({True: "established", False: "not established"}))
    return display(
        shown,
        {
            **(extra or {}),
            "policy": "policy",
            "versus": "versus",
            "difference (95 % CI)": ("difference", "ci_low", "ci_high", fmt, unit),
            "simultaneous 95 % CI": ("difference", "simultaneous_low", "simultaneous_high", fmt, unit),
            "": "verdict",
        },
    )
