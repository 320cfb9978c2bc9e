"""What the games' reports share under strong play: the leaders a lead finding states, the pair rows comparing
them, the verdict rows of a lead or a spread, their sentences and the displayed verdict table.

A verdict row (:func:`.findings.verdict_columns`) states a finding's difference as first measured and the same
difference in a run with a strong player seated; :func:`.findings.verdict_table` judges it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from razzmatazz.analysis.report.findings import (
    Cells,
    Finding,
    Tables,
    first_said,
    gate_clause,
    lead_texts,
    say,
    spread,
    strong_measure,
)
from razzmatazz.analysis.report.sections import Columns, display

STRONG = "search"
"""The strong player every report seats: the search policy at its default budget."""
STRONG_COLUMNS = ("strong_difference", "strong_low", "strong_high")
NO_MEASURE = dict.fromkeys(STRONG_COLUMNS, math.nan)
"""A finding the strong run could not measure again (not established)."""
NUMBERS = ("difference", "ci_low", "ci_high", *STRONG_COLUMNS)
"""A verdict row's columns written in its own format (``fmt``)."""


def leaders(part: pd.DataFrame, value: str) -> tuple[str, ...]:
    """The two policies of ``part`` with the highest ``value``, best first (the pair a lead finding states)."""
    return tuple(part.sort_values(value, ascending=False, kind="stable").policy[:2])


def pair(frame: pd.DataFrame, a: str, b: str) -> pd.Series | None:
    """The row of ``frame`` comparing ``a`` and ``b`` (either way round), if there is one."""
    hit = frame[[{x, y} == {a, b} for x, y in zip(frame.policy, frame.versus)]]
    return hit.iloc[0] if len(hit) else None


def lead_verdict(
    finding: str,
    fmt: str,
    lead: Sequence[str],
    comp: pd.DataFrame,
    strong: pd.DataFrame,
    columns: Sequence[str],
    where: str,
) -> dict:
    """The verdict row of a lead: ``lead``'s first policy minus its second as the lead finding states it (their row of
    the comparisons ``comp``), and the same difference in the strong run's pairs ``strong`` (``columns``: its
    difference, low and high); ``where`` ends the error when ``comp`` lacks them."""
    a, b = lead
    c = pair(comp, a, b)
    if c is None:  # the two leaders come from the same run, so their comparison is always there
        raise ValueError(f"no comparison of {a} and {b} {where}")
    s = pair(strong, a, b)
    d, lo, hi = columns
    return {
        "finding": finding,
        "higher": c.policy,
        "lower": c.versus,
        "fmt": fmt,
        "difference": c.difference,
        "ci_low": c.ci_low,
        "ci_high": c.ci_high,
        "first": first_said(c.established),
        **(strong_measure(s[d], s[lo], s[hi], s.policy != c.policy) if s is not None else NO_MEASURE),
    }


def spread_verdict(
    finding: str,
    fmt: str,
    first: pd.DataFrame,
    strong: pd.DataFrame,
    columns: Sequence[str],
    name: Callable[[Any], Any] = lambda x: x,
) -> dict:
    """The verdict row of a spread: the gap between the highest and lowest row of ``first`` (:func:`.spread`;
    ``columns``: label, estimate, low, high), and between the same two rows of ``strong``; ``name`` says a label."""
    label, est, low, high = columns
    o = spread(first, label, est, low, high).iloc[0]
    keep = strong[strong[label].isin([o.highest, o.lowest])]
    s = spread(keep, label, est, low, high).iloc[0] if len(keep) == 2 else None
    return {
        "finding": finding,
        "higher": name(o.highest),
        "lower": name(o.lowest),
        "fmt": fmt,
        "difference": o.gap,
        "ci_low": o.gap_low,
        "ci_high": o.gap_high,
        "first": first_said(o.established),
        **(strong_measure(s.gap, s.gap_low, s.gap_high, s.highest != o.highest) if s is not None else NO_MEASURE),
    }


@dataclass(frozen=True)
class Wording:
    """How a report words its verdicts: ``units`` after a difference by its format; the strong player's smallest
    lead (the gate) in ``lead_fmt``, followed by ``lead_unit`` in a sentence and ``lead_shown`` in the table;
    ``refs``, the order of a sentence's cells."""

    units: Mapping[str, str]
    lead_fmt: str
    lead_unit: str
    lead_shown: str
    refs: tuple[str, ...]


def refs_order(by: str) -> tuple[str, ...]:
    """The usual order of a verdict sentence's cells, ``by`` naming what sets a finding's table apart."""
    return ("finding", by, "higher", "lower", "first", "seated", "verdict", "players", *NUMBERS, "strong_lead_low")


def verdict_finding(tables: Tables, name: str, i: int, words: Wording, where: str, seated: str) -> Finding:
    """The sentence of row ``i`` of the verdict table ``name``: the finding (``where`` it was measured) first and
    with ``seated``, its verdict and, without one, why (:func:`.gate_clause`)."""
    v, cell = tables[name], Cells(tables)
    f = v.at[i, "fmt"]
    formats = {"players": "d", "strong_lead_low": words.lead_fmt, **dict.fromkeys(NUMBERS, f)}
    c = {k: cell(name, i, k, formats.get(k, "s")) for k in words.refs}
    gate = gate_clause(v.at[i, "verdict"], v.at[i, "strong_lead_low"], STRONG, words.lead_unit)
    unit = words.units[f]
    return say(
        "Under strong play, {finding} " + where + ": {higher} minus {lower} was {difference}" + unit + " (95 % CI "
        "{ci_low} to {ci_high}; {first}); with " + seated + " it is {strong_difference}" + unit + " (95 % CI "
        "{strong_low} to {strong_high}): {verdict}" + gate + ".",
        **c,
    )


def verdict_display(
    v: pd.DataFrame, words: Wording, head: dict[str, str], seated: tuple[str, str], measured: str
) -> pd.DataFrame:
    """The displayed verdict table: ``head``'s columns, the finding first and (``measured``) under strong play with
    their intervals, where the strong player sat (``seated``: header, column), its smallest lead and the verdict."""
    v = v.assign(lead_text=lead_texts(v.strong_lead_low, words.lead_fmt, words.lead_shown))

    def shown(part: pd.DataFrame, f: str) -> pd.DataFrame:
        columns: Columns = {
            **head,
            "higher": "higher",
            "lower": "lower",
            "first (95 % CI)": ("difference", "ci_low", "ci_high", f, words.units[f]),
            seated[0]: seated[1],
            measured: (*STRONG_COLUMNS, f, words.units[f]),
            f"{STRONG}'s smallest lead, low end": "lead_text",
            "verdict": "verdict",
        }
        return display(part, columns).set_index(part.index)

    parts = [shown(part, f) for f, part in v.groupby("fmt", sort=False)] or [shown(v, next(iter(words.units)))]
    return pd.concat(parts).sort_index().reset_index(drop=True)
