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
    Tables,
    Topic,
    against_reference,
    comparisons,
    half_width,
    interval_text,
    say,
    spread,
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


def simulate_razz(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The starting-hand table and a run of the full game between the default mix (after a pilot)."""
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
    settings, mix = Settings(players=RAZZ_PLAYERS), razz_game.lineup([], RAZZ_PLAYERS)
    timer, pilot_n = Timer(), pilot_hands(sizes)
    pilot = razz_game.play(settings, mix, pilot_n, seed, duplicate=True, progress=progress)
    pilot_hw = float(((pilot.policies.ci_high - pilot.policies.ci_low) / 2).max())
    runs.append(Run("Razz pilot run (sets the number of hands)", "-", f"{pilot.hands:,} hands", seed, timer()))
    timer, hands = Timer(), hands_for(sizes, pilot.hands, pilot_hw)
    result = razz_game.play(settings, mix, hands, seed, duplicate=True, progress=progress)
    runs.append(
        Run(
            f"Razz, {RAZZ_PLAYERS}-handed fixed limit, default mix, duplicate deals",
            "razz_policies, razz_pairs, razz_seats",
            f"{result.hands:,} hands",
            seed,
            timer(),
        )
    )
    policies = result.policies.assign(table_players=RAZZ_PLAYERS)
    return {
        "razz_starts": starts,
        "razz_policies": policies,
        "razz_pairs": result.pairs,
        "razz_seats": result.seats.assign(table_players=RAZZ_PLAYERS),
    }, runs


def derive_razz(tables: Tables, sizes: Sizes) -> None:
    """Add the comparison, best-start and precision tables."""
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
    tables["razz_comparisons"] = comparisons(tables["razz_pairs"], "difference_bb_per_100", "ci_low", "ci_high")
    established_count(tables["razz_comparisons"], [], "razz_comparison_counts", tables)
    tables["razz_seats_vs_even"] = against_reference(tables["razz_seats"], "bb_per_100", "ci_low", "ci_high", 0.0)
    tables["razz_seat_spread"] = spread(tables["razz_seats"], "seat", "bb_per_100", "ci_low", "ci_high")
    v = tables["razz_seats_vs_even"]
    tables["razz_seat_counts"] = pd.DataFrame([{"seats": len(v), "established": int(v.established.sum())}])
    mc = starts[~starts.exact]
    pol = tables["razz_policies"]
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
    hi, lo = half_width(pol.ci_low, pol.ci_high)
    prec.append(
        {
            "quantity": "Razz policy results",
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


def razz_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Razz report, from its tables."""
    return [
        _razz_starts_topic(tables),
        _razz_policies_topic(tables),
        _razz_seats_topic(tables),
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


def _razz_policies_topic(tables: Tables) -> Topic:
    cell, pol, out = Cells(tables), "razz_policies", []
    p = tables[pol]
    if len(p):
        best, worst = p.bb_per_100.idxmax(), p.bb_per_100.idxmin()
        for i, verb in ((best, "earns the most"), (worst, "loses the most")):
            c = {
                k: cell(pol, i, k, f)
                for k, f in (
                    ("policy", "s"),
                    ("bb_per_100", "+.1f"),
                    ("ci_low", "+.1f"),
                    ("ci_high", "+.1f"),
                    ("hands", "d"),
                    ("table_players", "d"),
                )
            }
            out.append(
                say(
                    "{policy} " + verb + ": {bb_per_100} big bets per 100 hands (95 % CI {ci_low} to "
                    "{ci_high}) over {hands} hands at {table_players}-handed tables.",
                    **c,
                )
            )
    out += lead(
        tables, pol, "razz_comparisons", p.index, tables["razz_comparisons"].index, "bb_per_100", ".1f", "bb/100"
    )
    out += established_findings(tables, "razz_comparison_counts", "at these tables")
    shown = display(
        p,
        {
            "policy": "policy",
            "hands": "hands",
            "bb/100 (95 % CI)": ("bb_per_100", "ci_low", "ci_high", "+.1f", ""),
            "VPIP (95 % CI)": ("vpip", "vpip_low", "vpip_high", "%", " %"),
            "showdown (95 % CI)": ("showdown", "showdown_low", "showdown_high", "%", " %"),
            "won at showdown (95 % CI)": ("won_at_showdown", "won_at_showdown_low", "won_at_showdown_high", "%", " %"),
        },
    )
    return Topic(
        "The full game: which policy wins",
        "The built-in policies play fixed-limit Razz against each "
        "other (ante, bring-in, five betting rounds), one of each at the table, players rotated one seat "
        "a hand and every deck replayed with the players rotated (duplicate deals, so differences "
        "are paired). Results are big bets won per 100 hands.",
        out,
        displays=[
            Display("Policies", "Big bets per 100 hands and rates, each with its 95 % interval.", shown),
            Display(
                "Differences between policies",
                "Row minus column policy in bb/100, paired "
                "over deals; the simultaneous interval covers all the comparisons at once "
                "(Bonferroni).",
                comparison_display(tables["razz_comparisons"], "+.1f", ""),
            ),
        ],
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
        "Players rotate one seat a hand, so every policy sits in every seat; a seat's result "
        "is what the position itself is worth (seat 1 is on the dealer's left). The game is zero-sum, "
        "so break-even is zero.",
        out,
        displays=[Display("Seats", "Big bets per 100 hands by seat (hands taken as independent).", shown)],
    )


def razz_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Razz figures; returns them by topic title."""
    from razzmatazz.analysis.razz.plots import best_starts_figure, heatmap_figure
    from razzmatazz.analysis.report.figures import interval_figure

    starts, pol, seats = tables["razz_starts"], tables["razz_policies"], tables["razz_seats"]
    trials = int(starts.loc[~starts.exact, "trials"].max()) if (~starts.exact).any() else 0
    sub = f"{trials:,} trials per Monte Carlo cell" if trials else "exact"
    hands = int(pol.hands.iloc[0])
    return {
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
        "The full game: which policy wins": [
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
                "Each policy's result with its 95 % interval.",
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


SECTION = Section("Razz", simulate_razz, derive_razz, razz_topics, razz_figures)
