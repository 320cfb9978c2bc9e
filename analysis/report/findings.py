"""The parts of a report: findings written from table cells, displayed tables, figures, and the
interval arithmetic behind the comparisons they state.

A :class:`Finding` is a sentence template filled only with :class:`Ref` values: each number or
name in it is one cell of a named table (which the report also writes to disk), formatted one
documented way. So no claim is written by hand: change the table and the sentence changes, and a
test can read each cell back from the written table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd

from razzmatazz.analysis.stats import Z95

Tables = dict[str, pd.DataFrame]

FORMATS: dict[str, Callable[[Any], str]] = {
    "%": lambda v: f"{100 * v:.1f}",
    "+%": lambda v: f"{100 * v:+.1f}",
    ".1f": lambda v: f"{v:.1f}",
    "+.1f": lambda v: f"{v:+.1f}",
    ".2f": lambda v: f"{v:.2f}",
    "+.2f": lambda v: f"{v:+.2f}",
    "$": lambda v: ("-" if v < 0 else "") + f"${abs(v):,.0f}",
    "+$": lambda v: ("-" if v < 0 else "+") + f"${abs(v):,.0f}",
    "d": lambda v: f"{int(v):,}",
    "s": str,
}
"""How a cell is written: ``%`` a rate as a percentage with one decimal (no unit sign), ``+%`` signed
percentage points, ``$`` dollars, ``d`` a count, ``s`` a name; the others are format specs."""


@dataclass(frozen=True)
class Ref:
    """One cell of a named table and how it is written in a sentence."""

    table: str
    row: int
    column: str
    value: Any
    fmt: str

    @property
    def text(self) -> str:
        return FORMATS[self.fmt](self.value)


@dataclass(frozen=True)
class Finding:
    """A plain-words statement: ``template`` filled with the formatted ``refs``."""

    template: str
    refs: dict[str, Ref]

    @property
    def text(self) -> str:
        return self.template.format(**{k: r.text for k, r in self.refs.items()})

    def as_row(self, game: str, topic: str) -> dict:
        refs = [
            {
                "name": k,
                "table": r.table,
                "row": r.row,
                "column": r.column,
                "value": r.value,
                "fmt": r.fmt,
                "text": r.text,
            }
            for k, r in self.refs.items()
        ]
        return {"game": game, "topic": topic, "text": self.text, "template": self.template, "refs": refs}


@dataclass
class Display:
    """A table shown in the report: already formatted strings, intervals included."""

    title: str
    caption: str
    frame: pd.DataFrame


@dataclass
class FigureFile:
    """A figure written as ``name`` (PNG) with its caption."""

    name: str
    caption: str


@dataclass
class Topic:
    """A part of a game's report: a heading, what was measured, findings, figures, tables."""

    title: str
    intro: str
    findings: list[Finding] = field(default_factory=list)
    figures: list[FigureFile] = field(default_factory=list)
    displays: list[Display] = field(default_factory=list)


class Cells:
    """Makes :class:`Ref` s into the report's tables: ``cells("razz_policies", 0, "policy", "s")``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def __call__(self, table: str, row: int, column: str, fmt: str) -> Ref:
        value = self.tables[table][column].iloc[row]
        value = value.item() if isinstance(value, np.generic) else value
        return Ref(table, int(row), column, value, fmt)

    def row(self, table: str, row: int, formats: Sequence[tuple[str, str]]) -> dict[str, Ref]:
        """The cells of one row, each ``(column, format)`` of ``formats`` a :class:`Ref` named by its column."""
        return {k: self(table, row, k, f) for k, f in formats}


def say(template: str, **refs: Ref) -> Finding:
    """A finding; the template's fields are the refs' names."""
    return Finding(template, refs)


# ----------------------------------------------------------------------------- intervals of comparisons


def simultaneous_z(family: int) -> float:
    """Normal quantile of a two-sided Bonferroni interval over ``family`` comparisons at 95 % overall (the level
    of each comparison from statsmodels' ``multipletests``)."""
    from statsmodels.stats.multitest import multipletests

    alpha = multipletests([1.0] * max(family, 1), alpha=0.05, method="bonferroni")[3]
    return NormalDist().inv_cdf(1 - alpha / 2)


def comparisons(pairs: pd.DataFrame, diff: str, low: str, high: str, by: list[str] | None = None) -> pd.DataFrame:
    """Pairwise differences oriented so that each is >= 0, with Bonferroni intervals over each family.

    A family is one group of ``by`` (all pairs of one table); ``established`` means the simultaneous
    interval excludes zero, so that picking the largest of many differences does not overstate it.
    """
    by = by or []
    rows = []
    for _, part in pairs.groupby(by, sort=False) if by else [((), pairs)]:
        z = simultaneous_z(len(part))
        for r in part.to_dict("records"):
            d, lo, hi = r[diff], r[low], r[high]
            swap = d < 0
            a, b = (r["versus"], r["policy"]) if swap else (r["policy"], r["versus"])
            d, lo, hi = (-d, -hi, -lo) if swap else (d, lo, hi)
            se = (hi - lo) / (2 * Z95)
            rows.append(
                {
                    **{k: r[k] for k in by},
                    "policy": a,
                    "versus": b,
                    "difference": d,
                    "ci_low": lo,
                    "ci_high": hi,
                    "family": len(part),
                    "simultaneous_low": d - z * se,
                    "simultaneous_high": d + z * se,
                    "established": bool(d - z * se > 0),
                }
            )
    return pd.DataFrame(rows)


def against_reference(
    frame: pd.DataFrame, est: str, low: str, high: str, reference: pd.Series | float, by: list[str] | None = None
) -> pd.DataFrame:
    """Each row's estimate minus ``reference`` with Bonferroni intervals over each group of ``by``."""
    out = frame.copy()
    out["reference"] = reference
    out["difference"] = out[est] - out["reference"]
    se = (out[high] - out[low]) / (2 * Z95)
    family = out.groupby(by)[est].transform("size") if by else pd.Series(len(out), index=out.index)
    z = family.map(simultaneous_z)
    out["family"] = family
    out["simultaneous_low"] = out["difference"] - z * se
    out["simultaneous_high"] = out["difference"] + z * se
    out["established"] = (out["simultaneous_low"] > 0) | (out["simultaneous_high"] < 0)
    return out


def spread(frame: pd.DataFrame, label: str, est: str, low: str, high: str, by: list[str] | None = None) -> pd.DataFrame:
    """Per group: the highest and lowest estimate and their gap with a conservative 95 % interval.

    The two estimates come from the same games, so their correlation is unknown; the interval
    gap +- 1.96 (se_high + se_low) holds whatever it is (Cauchy-Schwarz), at the price of width.
    """
    rows = []
    for key, part in frame.groupby(by, sort=True) if by else [((), frame)]:
        key = key if isinstance(key, tuple) else (key,)
        top, bottom = part[est].idxmax(), part[est].idxmin()
        v = {
            f"{side}_{k}": part.at[i, c]
            for side, i in (("highest", top), ("lowest", bottom))
            for k, c in (("value", est), ("low", low), ("high", high))
        }
        se = ((v["highest_high"] - v["highest_low"]) + (v["lowest_high"] - v["lowest_low"])) / (2 * Z95)
        gap = v["highest_value"] - v["lowest_value"]
        rows.append(
            {
                **dict(zip(by or [], key)),
                "highest": part.at[top, label],
                "lowest": part.at[bottom, label],
                **v,
                "gap": gap,
                "gap_low": gap - Z95 * se,
                "gap_high": gap + Z95 * se,
                "established": bool(gap - Z95 * se > 0),
            }
        )
    return pd.DataFrame(rows)


HOLDS = "holds under strong play"
NOT_ESTABLISHED = "not established under strong play"
REVERSED = "reversed under strong play"
NO_VERDICT = "no verdict"
VERDICTS = (HOLDS, NOT_ESTABLISHED, REVERSED, NO_VERDICT)
"""What a finding measured again with a strong player seated comes to (:func:`strong_verdict`); :data:`NO_VERDICT`
where the strong player is not established ahead of every other policy at its table (:func:`gated_verdict`).
None calls the first finding an artifact of its field: whether it was established stands beside it (``first``)."""


def strong_verdict(low: float, high: float) -> str:
    """The verdict on a finding measured again under strong play, from the 95 % interval of that measurement,
    oriented so that the finding's own direction is positive: :data:`HOLDS` when the interval lies above zero
    (same sign, established), :data:`REVERSED` when it lies below, else (or without an interval)
    :data:`NOT_ESTABLISHED`."""
    if low > 0:
        return HOLDS
    if high < 0:
        return REVERSED
    return NOT_ESTABLISHED


def gated_verdict(lead_low: float, low: float, high: float) -> str:
    """:func:`strong_verdict` of the interval ``low``, ``high`` if the strong player is established stronger at its
    table (``lead_low``, :func:`strong_lead_low`, above zero), else :data:`NO_VERDICT`: a player not shown to be
    ahead of the others cannot confirm or overturn a finding about them."""
    return strong_verdict(low, high) if lead_low > 0 else NO_VERDICT


def strong_lead_low(pairs: pd.DataFrame, strong: str, low: str, high: str) -> float:
    """The smallest lower 95 % bound of ``strong``'s paired lead over each other policy of one run's ``pairs`` table
    (columns ``policy``, ``versus`` and ``low``, ``high``: the interval of ``policy - versus``); NaN when no pair
    has ``strong`` against another policy."""
    lows = [
        lo if a == strong else -hi
        for a, b, lo, hi in zip(pairs.policy, pairs.versus, pairs[low], pairs[high])
        if strong in (a, b) and a != b
    ]
    return float(min(lows)) if lows else math.nan


def gate_clause(verdict: str, lead_low: float, strong: str, unit: str) -> str:
    """What a finding's sentence adds after its verdict: nothing, or after :data:`NO_VERDICT` why (a template with
    the field ``strong_lead_low``, written in ``unit``, where a lead was measured)."""
    if verdict != NO_VERDICT:
        return ""
    if math.isnan(lead_low):
        return f" (no run measured {strong}'s lead over the others at its table)"
    return (
        f" ({strong} is not established stronger than every other policy at its table: the lowest 95 % bound "
        "of its paired leads there is {strong_lead_low}" + unit + ")"
    )


def verdict_rule(strong: str) -> str:
    """How a report's topic under strong play states the verdicts (:func:`gated_verdict`)."""
    return (
        "it holds under strong play when that interval lies above zero (same sign, established), is not "
        "established when it covers zero, and is reversed when it lies below; but only where "
        f"{strong} is established ahead, paired, of every other policy at its table in that very run (the lowest "
        "95 % bound of its leads above zero; where it sits in every seat, its lead in the run with one "
        f"{strong} seat at the same player count and rules). Elsewhere the finding gets no verdict: a player not "
        "shown to be stronger than the others can neither confirm nor overturn what they found."
    )


def lead_texts(lead_low: pd.Series, fmt: str, unit: str) -> pd.Series:
    """The gate column of a displayed verdict table: each ``strong_lead_low`` written in ``fmt`` and ``unit``."""
    return lead_low.map(lambda v: "not measured" if pd.isna(v) else f"{FORMATS[fmt](v)}{unit}")


def oriented(difference: float, low: float, high: float, flip: bool) -> tuple[float, float, float]:
    """A difference and its interval, negated (``b - a`` from ``a - b``) when ``flip``."""
    return (-difference, -high, -low) if flip else (difference, low, high)


def first_said(established: bool) -> str:
    """How a finding was first stated: ``established`` or ``not established``."""
    return "established" if established else "not established"


def strong_measure(difference: float, low: float, high: float, flip: bool) -> dict[str, float]:
    """A verdict row's strong-play columns: the difference and its interval, :func:`oriented` by ``flip``."""
    d, lo, hi = oriented(difference, low, high, flip)
    return {"strong_difference": d, "strong_low": lo, "strong_high": hi}


def verdict_table(rows: list[dict], columns: list[str], findings: tuple[str, ...]) -> pd.DataFrame:
    """The verdict rows (``columns`` but ``verdict``) ordered by finding (as in ``findings``) and player count,
    each with its :func:`gated_verdict` (the gate: the row's ``strong_lead_low``)."""
    out = pd.DataFrame(rows, columns=columns[:-1])
    order = {f: i for i, f in enumerate(findings)}
    out = out.sort_values(
        ["finding", "players"], key=lambda c: c.map(order) if c.name == "finding" else c, kind="stable"
    ).reset_index(drop=True)
    out["verdict"] = [
        gated_verdict(g, lo, hi) for g, lo, hi in zip(out.strong_lead_low, out.strong_low, out.strong_high)
    ]
    return out


def half_width(low: pd.Series, high: pd.Series) -> tuple[float, float]:
    """Largest and smallest half-width of a column of intervals (NaN ignored)."""
    hw = ((high - low) / 2).dropna()
    return (float(hw.max()), float(hw.min())) if len(hw) else (math.nan, math.nan)


def shares_needed(target: float) -> int:
    """Trials or games that give a 95 % half-width of at most ``target`` for any mean of values in [0, 1].

    Such values have a standard deviation of at most 1/2, so n = (1.96 / (2 target))^2 suffices.
    """
    return math.ceil((Z95 * 0.5 / target) ** 2)


def interval_text(frame: pd.DataFrame, est: str, low: str, high: str, fmt: str, *, unit: str = "") -> pd.Series:
    """``estimate (low–high)`` strings for a displayed table (``unit`` after each number)."""
    f = FORMATS[fmt]
    return pd.Series(
        [
            f"{f(e)}{unit} ({f(lo)} to {f(hi)}{unit})" if pd.notna(lo) else f"{f(e)}{unit}"
            for e, lo, hi in zip(frame[est], frame[low], frame[high])
        ],
        index=frame.index,
    )


def strong_seat(labels: Sequence[str], keep: Sequence[str]) -> int:
    """The seat (index) the strong player takes: the last whose policy is not in ``keep``, else the last
    whose policy another seat also plays, else the last."""
    free = [i for i, x in enumerate(labels) if x not in keep] or [
        i for i, x in enumerate(labels) if list(labels).count(x) > 1
    ]
    return free[-1] if free else len(labels) - 1


def verdict_columns(by: str) -> list[str]:
    """The columns of a report's verdict table (:func:`verdict_table`), ``by`` naming what sets a finding's
    table apart (Razzia's ``mix``, Riffifi's ``variant``, Razz's ``field``). ``strong_lead_low`` is the gate of
    :func:`gated_verdict`: :func:`strong_lead_low` of the run with one strong seat at that table (the same player
    count and rules where the strong player sits in every seat)."""
    return [
        "finding",
        "players",
        by,
        "higher",
        "lower",
        "fmt",
        "difference",
        "ci_low",
        "ci_high",
        "first",
        "seated",
        "strong_difference",
        "strong_low",
        "strong_high",
        "strong_lead_low",
        "verdict",
    ]
