"""The Razz part of the report: its runs, tables, findings and figures (:mod:`razzmatazz.analysis.report`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from razzmatazz.analysis.report.findings import (
    Cells,
    Display,
    FigureFile,
    Finding,
    Tables,
    Topic,
    against_reference,
    comparisons,
    first_said,
    gate_clause,
    half_width,
    interval_text,
    lead_texts,
    oriented,
    say,
    spread,
    strong_lead_low,
    strong_measure,
    strong_seat,
    verdict_columns,
    verdict_rule,
    verdict_table,
)
from razzmatazz.analysis.report.sections import (
    Run,
    Section,
    Sizes,
    Timer,
    comparison_display,
    display,
    established_count,
    established_findings,
    lead,
    precision_table,
    precision_topic,
    save_figure,
    spread_finding,
)

RAZZ_PLAYERS = 6
TOUGH, LOOSE = "tough", "loose"
"""The two fields (:data:`razzmatazz.analysis.razz.game.FIELDS`): the default mix of tuned heuristics, and the
mix before issue 27, which seats two weak policies (station, random)."""
STRONG = "search"
"""The strong player seated to check the findings: the search policy at its default budget."""
ALONE, SEATED = f"no {STRONG} seat", f"one {STRONG} seat"
"""The ``lineup`` of a run: the field as it is, or with one :data:`STRONG` seat in place of one of its policies."""
STRONG_DIVISOR = {"quick": 1, "full": 4}
"""The runs with one :data:`STRONG` seat play the main run's hands divided by this, at least :data:`STRONG_LEAST`."""
STRONG_LEAST = {"quick": 24_000, "full": 120_000}
"""The fewest hands of a run with one :data:`STRONG` seat (times the sizes' scale): a six-handed table with one
search seat plays about 1,500 (loose field) to 3,000 (tough field) hands a second on two cores."""
STRONG_CHUNK = 128
"""Duplicate deals per chunk of the strong runs, so that a few thousand hands still keep every core busy."""
CAP_STREETS = (5, 7)
"""The streets whose capped share the cap-war finding states (issue 27's figures were of these)."""
ISSUE_CAPPED = "28 % of 5th streets and 27 % of 7th streets"
"""Issue 27's figure for the old "ahead" test in a tough field (quoted in the streets' intro, not a finding)."""


@dataclass(frozen=True)
class RazzSizes:
    """The Razz report's own sizes in one mode: opponents of the starting-hand table, the policies' target."""

    bb_target: float
    """Half-width for a Razz policy's result, big bets per 100 hands."""
    opponents: tuple[int, ...]
    max_hands: int
    exact_heads_up: bool
    """The heads-up column of the starting-hand table exact (the shipped enumeration) instead of sampled."""


SIZES = {
    "quick": RazzSizes(6.0, (1, 3, 6), 600_000, exact_heads_up=True),
    "full": RazzSizes(1.5, (1, 2, 3, 4, 5, 6, 7), 5_000_000, exact_heads_up=True),
}


def pilot_hands(sizes: Sizes) -> int:
    """Hands of the Razz pilot run that measures the spread of a policy's result."""
    return max(RAZZ_PLAYERS * 100, round(12_000 * sizes.scale))


def hands_for(sizes: Sizes, pilot_n: int, pilot_half_width: float) -> int:
    """Razz hands for the mode's ``bb_target``, from the pilot's widest half-width (hw shrinks as 1/sqrt(n))."""
    own = SIZES[sizes.mode]
    need = math.ceil(pilot_n * (pilot_half_width / own.bb_target) ** 2 * sizes.scale)
    return int(min(max(need, pilot_n), own.max_hands))


def strong_hands(sizes: Sizes, hands: int) -> int:
    """Hands of a run with one :data:`STRONG` seat: the main run's ``hands`` divided by the mode's
    :data:`STRONG_DIVISOR`, at least the mode's :data:`STRONG_LEAST` (scaled) and a hundred deals."""
    least = max(RAZZ_PLAYERS * 100, round(STRONG_LEAST[sizes.mode] * sizes.scale))
    return max(least, hands // STRONG_DIVISOR[sizes.mode])


def simulate_razz(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The starting-hand table, and six-handed runs of the full game on the same decks (duplicate deals): the
    tough field (the default mix; a pilot sets the hands), the loose field, and each field with one
    :data:`STRONG` seat."""
    from razzmatazz.analysis.razz import equities as razz
    from razzmatazz.analysis.razz import game as razz_game
    from razzmatazz.core.razz.rules import Settings

    timer, trials, own = Timer(), sizes.shares(), SIZES[sizes.mode]
    starts = razz.starting_table(
        trials=trials, opponents=own.opponents, exact_heads_up=own.exact_heads_up, seed=seed, progress=progress
    )
    how = "; heads-up enumerated exactly" if own.exact_heads_up else ""
    runs = [
        Run(
            "Razz starting hands against random opponents",
            "razz_starts",
            f"{trials:,} trials per Monte Carlo cell{how}",
            seed,
            timer(),
        )
    ]
    settings, mix = Settings(players=RAZZ_PLAYERS), razz_game.lineup([], RAZZ_PLAYERS, field=TOUGH)
    timer, pilot_n = Timer(), pilot_hands(sizes)
    pilot = razz_game.play(settings, mix, pilot_n, seed, duplicate=True, progress=progress)
    pilot_hw = float(((pilot.policies.ci_high - pilot.policies.ci_low) / 2).max())
    runs.append(Run("Razz pilot run (sets the number of hands)", "-", f"{pilot.hands:,} hands", seed, timer()))
    tables: Tables = {"razz_starts": starts}
    lineups: list[dict] = []
    streets: list[pd.DataFrame] = []

    def record(result, field: str, lineup: str, seat: int = 0, replaced: str = "") -> None:
        lineups.append(
            {
                "field": field,
                "lineup": lineup,
                "seat": seat,
                "replaced": replaced,
                "hands": result.hands,
                "policies": ", ".join(p.label for p in result.lineup),
            }
        )
        streets.append(_fielded(result.streets, field, lineup))

    hands = hands_for(sizes, pilot.hands, pilot_hw)
    for field, prefix, what in ((TOUGH, "razz", "the default mix"), (LOOSE, "razz_loose", "the mix before issue 27")):
        timer = Timer()
        mix = razz_game.lineup([], RAZZ_PLAYERS, field=field)
        result = razz_game.play(settings, mix, hands, seed, duplicate=True, progress=progress)
        seats = ", razz_seats" if field == TOUGH else ""
        runs.append(
            Run(
                f"Razz, {RAZZ_PLAYERS}-handed fixed limit, {field} field ({what}), duplicate deals",
                f"{prefix}_policies, {prefix}_pairs{seats}, razz_streets",
                f"{result.hands:,} hands",
                seed,
                timer(),
            )
        )
        tables[f"{prefix}_policies"] = _fielded(result.policies.assign(table_players=RAZZ_PLAYERS), field)
        tables[f"{prefix}_pairs"] = _fielded(result.pairs, field)
        if field == TOUGH:
            tables["razz_seats"] = result.seats.assign(table_players=RAZZ_PLAYERS)
        record(result, field, ALONE)
    strong = strong_hands(sizes, hands)
    parts: dict[str, list[pd.DataFrame]] = {"policies": [], "pairs": []}
    for field in (TOUGH, LOOSE):
        plan = strong_lineup(field, tables["razz_policies" if field == TOUGH else "razz_loose_policies"])
        timer = Timer()
        result = razz_game.play(
            settings,
            razz_game.lineup(plan["texts"], RAZZ_PLAYERS),
            strong,
            seed,
            duplicate=True,
            progress=progress,
            chunk_size=STRONG_CHUNK,
        )
        runs.append(
            Run(
                f"Razz, {RAZZ_PLAYERS}-handed fixed limit, {field} field with one {STRONG} seat (default budget) in "
                f"place of {plan['replaced']}, duplicate deals",
                "razz_strong_policies, razz_strong_pairs, razz_streets",
                f"{result.hands:,} hands",
                seed,
                timer(),
            )
        )
        parts["policies"].append(_fielded(result.policies.assign(table_players=RAZZ_PLAYERS), field))
        parts["pairs"].append(_fielded(result.pairs, field))
        record(result, field, SEATED, plan["seat"], plan["replaced"])
    tables.update({f"razz_strong_{k}": pd.concat(v, ignore_index=True) for k, v in parts.items()})
    tables["razz_lineups"] = pd.DataFrame(lineups)
    tables["razz_streets"] = pd.concat(streets, ignore_index=True)
    return tables, runs


def _fielded(frame: pd.DataFrame, field: str, lineup: str | None = None) -> pd.DataFrame:
    """``frame`` with the ``field`` (and ``lineup``) of its run as its first columns."""
    out = frame.copy()
    if lineup is not None:
        out.insert(0, "lineup", lineup)
    out.insert(0, "field", field)
    return out


WEAK = ("station", "random")
"""The loose field's weak seats, kept when the strong player sits down: the loose field asks who exploits them."""


def leaders(pol: pd.DataFrame) -> tuple[str, ...]:
    """The two policies of a run with the highest results, best first (the pair the lead finding states)."""
    return tuple(pol.sort_values("bb_per_100", ascending=False, kind="stable").policy[:2])


def strong_lineup(field: str, pol: pd.DataFrame) -> dict:
    """The run with one :data:`STRONG` seat for ``field``: its six-handed mix with the strong player in place of
    a policy that neither of the two leaders of ``pol`` (the field's own run) plays, nor a :data:`WEAK` one."""
    from razzmatazz.analysis.razz.game import lineup

    labels = [p.label for p in lineup([], RAZZ_PLAYERS, field=field)]
    seat = strong_seat(labels, (*leaders(pol), *WEAK))
    texts = [STRONG if i == seat else x for i, x in enumerate(labels)]
    return {"field": field, "seat": seat + 1, "replaced": labels[seat], "texts": texts}


def derive_razz(tables: Tables, sizes: Sizes) -> None:
    """Add the best-start, comparison (each field), seat, precision tables, and with the strong runs the
    :data:`STRONG` seats' results and the verdicts under strong play."""
    from razzmatazz.analysis.stats import Z95

    starts = tables["razz_starts"]
    rows = []
    for k, part in starts.groupby("opponents", sort=True):
        part = part.sort_values("equity", ascending=False, kind="stable")
        a, b = part.iloc[0], part.iloc[1]
        se = math.hypot(a.stderr, b.stderr)
        fair = 1 / (k + 1)
        rows.append(
            {
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
        )
    tables["razz_best_starts"] = pd.DataFrame(rows)
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
    mc = starts[~starts.exact]
    prec = []
    if len(mc):
        hi, lo = half_width(mc.ci_low, mc.ci_high)
        prec.append(
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
        prec.append(
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
    tables["razz_precision"] = precision_table(prec)


# ----------------------------------------------------------------------------- the findings under strong play

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


def _pair(frame: pd.DataFrame, a: str, b: str) -> pd.Series | None:
    """The row of ``frame`` comparing ``a`` and ``b`` (either way round), if there is one."""
    hit = frame[[{x, y} == {a, b} for x, y in zip(frame.policy, frame.versus)]]
    return hit.iloc[0] if len(hit) else None


def _lead_verdict(tables: Tables, field: str) -> dict:
    """The lead of the field's best policy over its second (as the lead finding states it), and with a strong
    seat."""
    pol, comp = FIELD_TABLES[field]
    a, b = leaders(tables[pol])
    c = _pair(tables[comp], a, b)
    if c is None:  # the two leaders come from the same run, so their comparison is always there
        raise ValueError(f"no comparison of {a} and {b} in the {field} field")
    pairs = tables["razz_strong_pairs"]
    s = _pair(pairs[pairs.field == field], a, b)
    lead = strong_lead_low(pairs[pairs.field == field], STRONG, "ci_low", "ci_high")
    strong = (
        strong_measure(s.difference_bb_per_100, s.ci_low, s.ci_high, s.policy != c.policy)
        if s is not None
        else strong_measure(math.nan, math.nan, math.nan, False)
    )
    return {
        "finding": FINDING[field],
        "players": int(tables[pol].table_players.iloc[0]),
        "higher": c.policy,
        "lower": c.versus,
        "fmt": FMT,
        "difference": c.difference,
        "ci_low": c.ci_low,
        "ci_high": c.ci_high,
        "first": first_said(c.established),
        **strong,
        "strong_lead_low": lead,
    }


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
        s = _pair(pairs[pairs.field == r.field], STRONG, best.policy)
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


def razz_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Razz report, from its tables."""
    loose = [_razz_loose_topic(tables)] if "razz_loose_comparisons" in tables else []
    streets = [_razz_streets_topic(tables)] if "razz_streets" in tables else []
    strong = [_razz_strong_topic(tables)] if "razz_verdicts" in tables else []
    return [
        _razz_starts_topic(tables),
        _razz_policies_topic(tables),
        *loose,
        _razz_seats_topic(tables),
        *streets,
        *strong,
        precision_topic(tables, "razz_precision", "trials and hands"),
    ]


def _razz_starts_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "razz_best_starts", []
    for i, r in tables[name].iterrows():
        c = {
            k: cell(name, i, k, f)
            for k, f in (
                ("opponents", "d"),
                ("best", "s"),
                ("equity", "%"),
                ("ci_low", "%"),
                ("ci_high", "%"),
                ("times_fair", ".2f"),
                ("fair_share", "%"),
                ("second", "s"),
                ("second_equity", "%"),
                ("gap", "%"),
                ("gap_low", "%"),
                ("gap_high", "%"),
                ("above_fair", "d"),
                ("below_fair", "d"),
                ("unclear", "d"),
                ("starts", "d"),
            )
        }
        vs = "Against {opponents} random opponent" + ("s" if r.opponents > 1 else "")
        if r.exact:
            out.append(
                say(
                    vs + ", the best start is {best}: it takes {equity} % of the pot, exactly (every deal "
                    "enumerated, no sampling error), {times_fair} times a fair share of {fair_share} %; "
                    "the second best, {second}, takes {second_equity} %.",
                    **c,
                )
            )
            out.append(
                say(
                    vs + ", {above_fair} of the {starts} starts take more than a fair share and "
                    "{below_fair} take less (exactly).",
                    **c,
                )
            )
            continue
        else:
            gap = (
                "it is ahead of the second best, {second} ({second_equity} %), by {gap} points (95 % CI "
                "{gap_low} to {gap_high}), "
                + ("so the order is established." if r.established else "so the order of the two is not established.")
            )
            out.append(
                say(
                    vs + ", the best start is {best}: it takes {equity} % of the pot (95 % CI {ci_low}–"
                    "{ci_high} %), {times_fair} times a fair share of {fair_share} %; " + gap,
                    **c,
                )
            )
        out.append(
            say(
                vs + ", {above_fair} of the {starts} starts take more than a fair share (the whole 95 % "
                "interval above it), {below_fair} take less, and for {unclear} the data cannot tell.",
                **c,
            )
        )
    return Topic(
        "Starting hands",
        "All-in equity of each three-card start against random hands: its expected "
        "share of the pot when every player sees seventh street (no betting). Each start is dealt at random "
        "many times against each number of opponents (in the full report, heads-up is enumerated "
        "exactly instead).",
        out,
        displays=[_starts_display(tables["razz_starts"])],
    )


def _starts_display(starts: pd.DataFrame, top: int = 15) -> Display:
    from razzmatazz.analysis.razz.equities import wide_equity

    wide = {v: wide_equity(starts, v).head(top) for v in ("equity", "ci_low", "ci_high", "exact")}
    out = pd.DataFrame({"rank": range(1, len(wide["equity"]) + 1), "start": wide["equity"].index})
    for k in wide["equity"].columns:
        cols = pd.DataFrame({v: wide[v][k].to_numpy() for v in wide})
        text = interval_text(cols, "equity", "ci_low", "ci_high", "%", unit=" %")
        out[f"vs {k}"] = [f"{100 * e:.1f} % (exact)" if x else t for e, x, t in zip(cols.equity, cols.exact, text)]
    by = wide["equity"].columns.min()
    return Display(
        "The best starts",
        f"The {top} best starts by equity against {by} opponent"
        f"{'s' if by > 1 else ''}; each cell is the equity with its 95 % interval (all 455 starts are "
        "in razz_starts.csv).",
        out,
    )


POLICIES_TITLE = "The full game: which policy wins"
LOOSE_TITLE = "The loose field: who exploits weak players best"
STREETS_TITLE = "Cap wars: betting rounds that reach the cap"
STRONG_TITLE = "Under strong play"


def _policy_findings(tables: Tables, pol: str, comp: str, counts: str) -> list[Finding]:
    """The best and the worst policy of a field's run, the lead of the best over the second, and how many
    differences are established."""
    cell, p, out = Cells(tables), tables[pol], []
    if len(p):
        best, worst = p.bb_per_100.idxmax(), p.bb_per_100.idxmin()
        for i, verb in ((best, "earns the most"), (worst, "loses the most")):
            c = {
                k: cell(pol, i, k, f)
                for k, f in (
                    ("policy", "s"),
                    ("field", "s"),
                    ("bb_per_100", "+.1f"),
                    ("ci_low", "+.1f"),
                    ("ci_high", "+.1f"),
                    ("hands", "d"),
                    ("table_players", "d"),
                )
                if k in p.columns
            }
            where = " in the {field} field" if "field" in c else ""
            out.append(
                say(
                    "{policy} " + verb + where + ": {bb_per_100} big bets per 100 hands (95 % CI {ci_low} to "
                    "{ci_high}) over {hands} hands at {table_players}-handed tables.",
                    **c,
                )
            )
    out += lead(tables, pol, comp, p.index, tables[comp].index, "bb_per_100", ".1f", "bb/100")
    field = p.field.iloc[0] if "field" in p.columns and len(p) else ""
    return out + established_findings(tables, counts, f"in the {field} field" if field else "at these tables")


def _policies_display(p: pd.DataFrame, extra: dict[str, str] | None = None) -> pd.DataFrame:
    return display(
        p,
        {
            **(extra or {}),
            "policy": "policy",
            "hands": "hands",
            "bb/100 (95 % CI)": ("bb_per_100", "ci_low", "ci_high", "+.1f", ""),
            "VPIP (95 % CI)": ("vpip", "vpip_low", "vpip_high", "%", " %"),
            "showdown (95 % CI)": ("showdown", "showdown_low", "showdown_high", "%", " %"),
            "won at showdown (95 % CI)": ("won_at_showdown", "won_at_showdown_low", "won_at_showdown_high", "%", " %"),
        },
    )


def _differences_display(comp: pd.DataFrame) -> Display:
    return Display(
        "Differences between policies",
        "Row minus column policy in bb/100, paired "
        "over deals; the simultaneous interval covers all the comparisons at once "
        "(Bonferroni).",
        comparison_display(comp, "+.1f", ""),
    )


def _mix(tables: Tables, field: str) -> str:
    """The policies of a field's run without a strong seat, in seat order (from ``razz_lineups``), or ``""``."""
    if "razz_lineups" not in tables:
        return ""
    v = tables["razz_lineups"]
    hit = v[(v.field == field) & (v.lineup == ALONE)]
    return f" ({hit.policies.iloc[0]})" if len(hit) else ""


def _field_topic(tables: Tables, prefix: str, title: str, text: str, caption: str) -> Topic:
    """A field's policy results: its findings, the policies' table and their differences (tables ``prefix_*``)."""
    pol = f"{prefix}_policies"
    return Topic(
        title,
        text,
        _policy_findings(tables, pol, f"{prefix}_comparisons", f"{prefix}_comparison_counts"),
        displays=[
            Display(
                caption,
                "Big bets per 100 hands and rates, each with its 95 % interval.",
                _policies_display(tables[pol]),
            ),
            _differences_display(tables[f"{prefix}_comparisons"]),
        ],
    )


def _razz_policies_topic(tables: Tables) -> Topic:
    return _field_topic(
        tables,
        "razz",
        POLICIES_TITLE,
        f"The built-in policies play fixed-limit Razz against each other (ante, bring-in, five betting rounds) in "
        f"the tough field, the default mix of tuned heuristics{_mix(tables, TOUGH)}, cycled to the "
        "number of seats; players rotated one seat a hand and every deck replayed with the players rotated "
        "(duplicate deals, so differences are paired). Results are big bets won per 100 hands; a policy that "
        "plays two seats is counted over both.",
        "Policies",
    )


def _razz_loose_topic(tables: Tables) -> Topic:
    return _field_topic(
        tables,
        "razz_loose",
        LOOSE_TITLE,
        f"The loose field{_mix(tables, LOOSE)} was the default mix before issue 27: one policy of each style, two "
        "of them weak (station calls down to the river, random plays at random). Its results say who exploits "
        "weak players best, not who plays best; the tough field above answers that. The same decks as the "
        "tough field's run (same seed, duplicate deals), players rotated one seat a hand.",
        "Policies in the loose field",
    )


def _razz_seats_topic(tables: Tables) -> Topic:
    out = [spread_finding(tables, "razz_seat_spread", 0, "A seat's result", "seat", "+.1f", "bb/100")]
    v, cell = tables["razz_seats_vs_even"], Cells(tables)
    out.append(
        say(
            "{k} of the {n} seats have a result that differs from break-even once the intervals are "
            "widened for all the seats at once.",
            k=cell("razz_seat_counts", 0, "established", "d"),
            n=cell("razz_seat_counts", 0, "seats", "d"),
        )
    )
    shown = display(
        v.assign(verdict=v.established.map({True: "differs from 0", False: "not established"})),
        {
            "seat": "seat",
            "hands": "hands",
            "bb/100 (95 % CI)": ("bb_per_100", "ci_low", "ci_high", "+.1f", ""),
            "simultaneous 95 % CI": ("bb_per_100", "simultaneous_low", "simultaneous_high", "+.1f", ""),
            "": "verdict",
        },
    )
    return Topic(
        "Seats",
        "In the tough field's run, players rotate one seat a hand, so every policy sits in every seat; a seat's result "
        "is what the position itself is worth (seat 1 is on the dealer's left). The game is zero-sum, "
        "so break-even is zero.",
        out,
        displays=[Display("Seats", "Big bets per 100 hands by seat (hands taken as independent).", shown)],
    )


def _th(street: int) -> str:
    return "rd" if street == 3 else "th"


def _seated_where(tables: Tables, field: str, lineup: str) -> tuple[str, dict]:
    """``, with one search seat in place of {replaced},`` and its ref for a run with a strong seat, else nothing."""
    if lineup != SEATED:
        return "", {}
    v = tables["razz_lineups"]
    hit = v.index[(v.field == field) & (v.lineup == SEATED)]
    if not len(hit):
        return f", with {SEATED},", {}
    return f", with {SEATED} in place of {{replaced}},", {
        "replaced": Cells(tables)("razz_lineups", hit[0], "replaced", "s")
    }


def cap_findings(tables: Tables) -> list[Finding]:
    """Per run (field and lineup), the capped share of the :data:`CAP_STREETS` with their Wilson intervals."""
    name, cell, st, out = "razz_streets", Cells(tables), tables["razz_streets"], []
    for (field, lineup), part in st.groupby(["field", "lineup"], sort=False):
        rows = [part.index[part.street == k] for k in CAP_STREETS]
        if any(not len(r) for r in rows):
            continue
        c = {"field": cell(name, rows[0][0], "field", "s")}
        text = []
        for j, (k, r) in enumerate(zip(CAP_STREETS, rows)):
            c.update(
                {
                    f"{x}{j}": cell(name, r[0], col, f)
                    for x, col, f in (
                        ("s", "street", "d"),
                        ("v", "capped_share", "%"),
                        ("lo", "capped_low", "%"),
                        ("hi", "capped_high", "%"),
                        ("n", "rounds", "d"),
                    )
                }
            )
            text.append(
                f"{{v{j}}} % of {{s{j}}}{_th(k)}-street betting rounds (95 % CI {{lo{j}}}–{{hi{j}}} %, {{n{j}}} rounds)"
            )
        where, refs = _seated_where(tables, field, lineup)
        out.append(say("In the {field} field" + where + " " + " and ".join(text) + " reach the cap.", **c, **refs))
    return out


def _streets_display(st: pd.DataFrame) -> pd.DataFrame:
    """One row per street, one column per run: the capped share with its 95 % interval."""
    text = interval_text(st, "capped_share", "capped_low", "capped_high", "%", unit=" %")
    out = pd.DataFrame({"street": sorted(st.street.unique())})
    for (field, lineup), part in st.groupby(["field", "lineup"], sort=False):
        cells = dict(zip(part.street, text[part.index]))
        out[f"{field} field, {lineup}"] = [cells.get(k, "") for k in out.street]
    out["street"] = [f"{k}{_th(k)} street" for k in out.street]
    return out


def _razz_streets_topic(tables: Tables) -> Topic:
    return Topic(
        STREETS_TITLE,
        "A betting round of fixed-limit Razz stops at the cap: the completion or bet and three raises, four bets "
        "in all. When several players each think they are ahead they raise each other to the cap street after "
        "street, a cap war. Issue 27 found " + ISSUE_CAPPED + " reaching the cap in a tough field while the "
        "policies' \"ahead\" test compared a player's own cards, hidden ones included, with the others' up "
        "cards only, so that several players were ahead at once; the test now compares boards with boards, "
        "and the seat's own full hand only with what an opponent can hold. Shares are of the betting rounds "
        "of a street in which a player was asked to act, with 95 % Wilson intervals (rounds taken as "
        "independent).",
        cap_findings(tables),
        displays=[
            Display(
                "Betting rounds capped, by street",
                "The share of each street's betting rounds that reached the cap, with its 95 % interval, in each "
                "six-handed run (razz_streets.csv also has the rounds and capped counts).",
                _streets_display(tables["razz_streets"]),
            )
        ],
    )


def _search_findings(tables: Tables) -> list[Finding]:
    """The :data:`STRONG` seat's own result at each table and its difference from the best heuristic there."""
    name, cell, out = "razz_search", Cells(tables), []
    for i in tables[name].index:
        c = {
            k: cell(name, i, k, f)
            for k, f in (
                ("field", "s"),
                ("players", "d"),
                ("replaced", "s"),
                ("hands", "d"),
                ("bb_per_100", "+.1f"),
                ("ci_low", "+.1f"),
                ("ci_high", "+.1f"),
                ("best", "s"),
                ("best_bb_per_100", "+.1f"),
                ("difference", "+.1f"),
                ("difference_low", "+.1f"),
                ("difference_high", "+.1f"),
                ("outcome", "s"),
            )
        }
        out.append(
            say(
                "With "
                + SEATED
                + " in place of {replaced} in the {field} field ({players}-handed), "
                + STRONG
                + " earns {bb_per_100} bb/100 (95 % CI {ci_low} to {ci_high}, {hands} hands); "
                + STRONG
                + " minus {best}, the best heuristic at that table ({best_bb_per_100} bb/100), is {difference} "
                "bb/100 (95 % CI {difference_low} to {difference_high}, paired over deals): {outcome}.",
                **c,
            )
        )
    return out


def _razz_strong_topic(tables: Tables) -> Topic:
    name, cell, out = "razz_verdicts", Cells(tables), _search_findings(tables)
    v = tables[name]
    for i in v.index:
        f = v.at[i, "fmt"]
        c = {k: cell(name, i, k, "s") for k in ("finding", "field", "higher", "lower", "first", "seated", "verdict")}
        c["players"] = cell(name, i, "players", "d")
        c.update(
            {
                k: cell(name, i, k, f)
                for k in ("difference", "ci_low", "ci_high", "strong_difference", "strong_low", "strong_high")
            }
        )
        c["strong_lead_low"] = cell(name, i, "strong_lead_low", FMT)
        gate = gate_clause(v.at[i, "verdict"], v.at[i, "strong_lead_low"], STRONG, UNIT)
        out.append(
            say(
                "Under strong play, {finding} in the {field} field ({players}-handed): {higher} minus {lower} was "
                "{difference}" + UNIT + " (95 % CI {ci_low} to {ci_high}; {first}); with " + SEATED + " in place "
                "of {seated} it is {strong_difference}" + UNIT + " (95 % CI {strong_low} to {strong_high}): "
                "{verdict}" + gate + ".",
                **c,
            )
        )
    shown = display(
        v.assign(lead_text=lead_texts(v.strong_lead_low, FMT, UNIT)),
        {
            "finding": "finding",
            "field": "field",
            "players": "players",
            "higher": "higher",
            "lower": "lower",
            "first (95 % CI)": ("difference", "ci_low", "ci_high", FMT, UNIT),
            f"{STRONG} seated in place of": "seated",
            f"with {SEATED} (95 % CI)": ("strong_difference", "strong_low", "strong_high", FMT, UNIT),
            f"{STRONG}'s smallest lead, low end": "lead_text",
            "verdict": "verdict",
        },
    )
    return Topic(
        STRONG_TITLE,
        "Each field's policy ranking measured again with a strong player seated: each field is played again "
        f"with one {STRONG} seat at its default budget, in place of a policy that neither of the field's two "
        "leaders plays, on the same decks. At each decision the search player samples the cards its seat has "
        "not seen (each other seat's drawn again until that seat's own policy would have played them as it "
        "did), plays fold, call and raise on to the end of the hand against the field's policies and keeps the "
        "move of the most chips; its default budget (16 samples) keeps 1,000 six-handed hands a "
        "second (search-strong and search-deep think longer and play stronger; BENCHMARKS.md). The lead of the "
        "best policy over the second (higher minus lower as first measured; established or not as the lead "
        "finding judged it, over all the comparisons at once) is measured the same way in that run (paired "
        "over deals), with its 95 % interval: " + verdict_rule(STRONG) + " "
        f"The {STRONG} seat draws from its own random stream, so a duplicate deal is not the same hand played "
        "again at its seat.",
        out,
        displays=[
            Display(
                "Findings under strong play",
                f"Each field's lead first and with {SEATED}, in bb/100 with 95 % intervals.",
                shown,
            ),
            Display(
                f"Policies with {SEATED}",
                "Big bets per 100 hands and rates, each with its 95 % interval.",
                _policies_display(tables["razz_strong_policies"], {"field": "field"}),
            ),
        ],
    )


def razz_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Razz figures; returns them by topic title."""
    from razzmatazz.analysis.razz.plots import best_starts_figure, heatmap_figure
    from razzmatazz.analysis.report.figures import interval_figure

    starts, pol, seats = tables["razz_starts"], tables["razz_policies"], tables["razz_seats"]
    trials = int(starts.loc[~starts.exact, "trials"].max()) if (~starts.exact).any() else 0
    sub = f"{trials:,} trials per Monte Carlo cell" if trials else "exact"
    hands = int(pol.hands.iloc[0])
    out = {
        "Starting hands": [
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
        ],
        POLICIES_TITLE: [
            save_figure(
                interval_figure(
                    pol,
                    "policy",
                    "bb_per_100",
                    "ci_low",
                    "ci_high",
                    xlabel="big bets won per 100 hands (95 % interval)",
                    reference=0.0,
                    reference_label="break-even",
                    title=f"Razz policies, {RAZZ_PLAYERS}-handed, {hands:,} hands",
                ),
                directory,
                "razz-policies.png",
                "Each policy's result in the tough field with its 95 % interval.",
            ),
        ],
        "Seats": [
            save_figure(
                interval_figure(
                    seats.assign(seat=[f"seat {s}" for s in seats.seat]),
                    "seat",
                    "bb_per_100",
                    "ci_low",
                    "ci_high",
                    xlabel="big bets won per 100 hands (95 % interval)",
                    reference=0.0,
                    reference_label="break-even",
                    title="Razz results by seat",
                ),
                directory,
                "razz-seats.png",
                "Each seat's result with its 95 % interval.",
            ),
        ],
    }
    if "razz_loose_policies" in tables:
        loose = tables["razz_loose_policies"]
        out[LOOSE_TITLE] = [
            save_figure(
                interval_figure(
                    loose,
                    "policy",
                    "bb_per_100",
                    "ci_low",
                    "ci_high",
                    xlabel="big bets won per 100 hands (95 % interval)",
                    reference=0.0,
                    reference_label="break-even",
                    title=f"Razz policies in the loose field, {RAZZ_PLAYERS}-handed, {int(loose.hands.min()):,} hands",
                ),
                directory,
                "razz-loose-policies.png",
                "Each policy's result in the loose field with its 95 % interval.",
            )
        ]
    if "razz_streets" in tables:
        st = tables["razz_streets"]
        out[STREETS_TITLE] = [
            save_figure(
                interval_figure(
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
                ),
                directory,
                "razz-streets.png",
                "The share of each street's betting rounds that reached the cap, one colour per run.",
            )
        ]
    return out


SECTION = Section("Razz", simulate_razz, derive_razz, razz_topics, razz_figures)
