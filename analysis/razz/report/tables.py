"""The Razz report's derived tables: best starts, comparisons, seats, precision, and the verdicts under strong play."""

from __future__ import annotations

import math

import pandas as pd

from razzmatazz.analysis.razz.report.runs import LOOSE, SEATED, SIZES, TOUGH, leaders
from razzmatazz.analysis.report.findings import (
    Tables,
    against_reference,
    comparisons,
    half_width,
    oriented,
    spread,
    strong_lead_low,
    verdict_columns,
    verdict_table,
)
from razzmatazz.analysis.report.sections import Sizes, established_count, precision_table
from razzmatazz.analysis.report.strong import STRONG, lead_verdict, pair


def derive_razz(tables: Tables, sizes: Sizes) -> None:
    """Add the best-start, comparison (each field), seat, precision tables, and with the strong runs the
    :data:`STRONG` seats' results and the verdicts under strong play."""
    tables["razz_best_starts"] = best_starts(tables["razz_starts"])
    for prefix in ("razz", "razz_loose"):
        if f"{prefix}_pairs" in tables:
            comp = comparisons(tables[f"{prefix}_pairs"], "difference_bb_per_100", "ci_low", "ci_high")
            tables[f"{prefix}_comparisons"] = comp
            established_count(comp, [], f"{prefix}_comparison_counts", tables)
    if "razz_strong_policies" in tables:
        tables["razz_search"] = search_results(tables)
        tables["razz_verdicts"] = verdicts(tables)
    tables["razz_seats_vs_even"] = against_reference(tables["razz_seats"], "bb_per_100", "ci_low", "ci_high", 0.0)
    tables["razz_seat_spread"] = spread(tables["razz_seats"], "seat", "bb_per_100", "ci_low", "ci_high")
    v = tables["razz_seats_vs_even"]
    tables["razz_seat_counts"] = pd.DataFrame([{"seats": len(v), "established": int(v.established.sum())}])
    tables["razz_precision"] = precision_table(_precision(tables, sizes))


def best_starts(starts: pd.DataFrame) -> pd.DataFrame:
    """Per number of opponents, the best start, its lead over the second (95 %) and how many starts take more or
    less than a fair share."""
    return pd.DataFrame(
        [
            _best_start(k, part.sort_values("equity", ascending=False, kind="stable"))
            for k, part in starts.groupby("opponents", sort=True)
        ]
    )


def _best_start(k: int, part: pd.DataFrame) -> dict:
    """The row of :func:`best_starts` against ``k`` opponents (``part``: their starts, best first)."""
    from razzmatazz.analysis.stats import Z95

    a, b = part.iloc[0], part.iloc[1]
    se = math.hypot(a.stderr, b.stderr)
    fair = 1 / (k + 1)
    return {
        "opponents": k,
        "exact": bool(a.exact),
        "trials": int(a.trials),
        "best": a.hand,
        "equity": a.equity,
        "ci_low": a.ci_low,
        "ci_high": a.ci_high,
        "fair_share": fair,
        "times_fair": a.equity / fair,
        "second": b.hand,
        "second_equity": b.equity,
        "gap": a.equity - b.equity,
        "gap_low": a.equity - b.equity - Z95 * se,
        "gap_high": a.equity - b.equity + Z95 * se,
        "established": bool(a.equity - b.equity > Z95 * se),
        "starts": len(part),
        "above_fair": int((part.ci_low > fair).sum()),
        "below_fair": int((part.ci_high < fair).sum()),
        "unclear": int(((part.ci_low <= fair) & (part.ci_high >= fair)).sum()),
    }


def _precision(tables: Tables, sizes: Sizes) -> list[dict]:
    """The rows of the precision table: the Monte Carlo starts' equities, each field's policy results."""
    mc, rows = tables["razz_starts"][~tables["razz_starts"].exact], []
    if len(mc):
        hi, lo = half_width(mc.ci_low, mc.ci_high)
        rows.append(
            {
                "quantity": "Starting-hand equities (Monte Carlo cells)",
                "n": int(mc.trials.iloc[0]),
                "n_unit": "trials per cell",
                "unit": "points",
                "fmt": "%",
                "target": sizes.share_target,
                "max_half_width": hi,
                "min_half_width": lo,
            }
        )
    for name, quantity in (
        ("razz_policies", "Razz policy results"),
        ("razz_loose_policies", "Razz policy results in the loose field"),
    ):
        if name not in tables:
            continue
        pol = tables[name]
        hi, lo = half_width(pol.ci_low, pol.ci_high)
        rows.append(
            {
                "quantity": quantity,
                "n": int(pol.hands.iloc[0]),
                "n_unit": "hands",
                "unit": "bb/100",
                "fmt": ".1f",
                "target": SIZES[sizes.mode].bb_target,
                "max_half_width": hi,
                "min_half_width": lo,
            }
        )
    return rows


RANKING, EXPLOIT = "policy ranking", "who exploits weak players best"
"""The findings measured again with a :data:`STRONG` seat: the lead of the tough field's best policy over its
second, and the same lead in the loose field (who exploits the weak seats best)."""
FINDING = {TOUGH: RANKING, LOOSE: EXPLOIT}
FIELD_TABLES = {TOUGH: ("razz_policies", "razz_comparisons"), LOOSE: ("razz_loose_policies", "razz_loose_comparisons")}
"""Each field's policies and comparisons tables (of the run without a strong seat)."""
FMT, UNIT = "+.1f", " bb/100"
VERDICT_COLUMNS = verdict_columns("field")
"""The Razzia report's verdict columns, ``field`` (:data:`TOUGH` or :data:`LOOSE`) in place of its ``mix``."""
AHEAD, BEHIND, UNCLEAR = f"{STRONG} is ahead, established", f"{STRONG} is behind, established", "not established"
"""How the :data:`STRONG` seat's difference from the best heuristic at its table comes out (95 %, paired)."""


def verdicts(tables: Tables) -> pd.DataFrame:
    """Each field's lead finding with its measurement under strong play and the verdict (:func:`strong_verdict`).

    A row states the lead ``higher - lower`` of the field's two best policies as first measured (``first``:
    established or not, as the lead finding says it), the same difference in the field's run with one
    :data:`STRONG` seat (in place of ``seated``) with its 95 % interval, and the verdict from that interval.
    """
    rows = []
    for r in tables["razz_lineups"].itertuples():
        if r.lineup == SEATED:
            rows.append({"field": r.field, "seated": r.replaced, **_lead_verdict(tables, r.field)})
    return verdict_table(rows, VERDICT_COLUMNS, (RANKING, EXPLOIT))


def _lead_verdict(tables: Tables, field: str) -> dict:
    """The lead of the field's best policy over its second (as the lead finding states it), and with a strong
    seat."""
    pol, comp = FIELD_TABLES[field]
    pairs = tables["razz_strong_pairs"]
    pairs = pairs[pairs.field == field]
    columns = ("difference_bb_per_100", "ci_low", "ci_high")
    row = lead_verdict(FINDING[field], FMT, leaders(tables[pol]), tables[comp], pairs, columns, f"in the {field} field")
    players = int(tables[pol].table_players.iloc[0])
    return {**row, "players": players, "strong_lead_low": strong_lead_low(pairs, STRONG, "ci_low", "ci_high")}


def search_results(tables: Tables) -> pd.DataFrame:
    """Per field, the :data:`STRONG` seat's own result and its difference from the best heuristic at its table
    (``search - best``, paired over deals, 95 %), with the :data:`AHEAD` / :data:`BEHIND` / :data:`UNCLEAR`
    outcome."""
    pol, pairs, lineups, rows = tables["razz_strong_policies"], tables["razz_strong_pairs"], tables["razz_lineups"], []
    for r in lineups[lineups.lineup == SEATED].itertuples():
        part = pol[pol.field == r.field]
        me = part[part.policy == STRONG].iloc[0]
        others = part[part.policy != STRONG]
        best = others.loc[others.bb_per_100.idxmax()]
        s = pair(pairs[pairs.field == r.field], STRONG, best.policy)
        d, lo, hi = (
            oriented(s.difference_bb_per_100, s.ci_low, s.ci_high, s.policy != STRONG)
            if s is not None
            else (math.nan, math.nan, math.nan)
        )
        rows.append(
            {
                "field": r.field,
                "players": int(me.table_players),
                "seat": int(r.seat),
                "replaced": r.replaced,
                "hands": int(me.hands),
                "bb_per_100": me.bb_per_100,
                "ci_low": me.ci_low,
                "ci_high": me.ci_high,
                "best": best.policy,
                "best_bb_per_100": best.bb_per_100,
                "difference": d,
                "difference_low": lo,
                "difference_high": hi,
                "outcome": AHEAD if lo > 0 else BEHIND if hi < 0 else UNCLEAR,
            }
        )
    return pd.DataFrame(rows)
