"""What each game's report measures and says: the runs, the tables, the findings and the figures.

For each game, ``simulate_GAME`` makes the runs (through the games' own Python API) and returns
raw tables; ``GAME_topics`` derives the comparison tables and writes findings, displayed tables
and figures from the tables alone, so that a test can hand it other tables and see other
sentences. Table names are the file names the report writes (``razz_policies.csv``, ...).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from razzmatazz.analysis.report_findings import (
    Cells,
    Display,
    FigureFile,
    Finding,
    Tables,
    Topic,
    against_reference,
    comparisons,
    half_width,
    interval_text,
    say,
    shares_needed,
    spread,
)

RAZZ_PLAYERS = 6
RAZZIA_SEATS_PLAYERS = 5
DEFAULT_MIX = "default mix"
HAGGLING_MIX = "haggling styles"


@dataclass(frozen=True)
class Sizes:
    """Sample sizes, derived from target 95 % half-widths; ``scale`` shrinks them (tests only)."""

    mode: str
    share_target: float
    """Half-width for equities and win rates (fractions: 0.01 is one percentage point)."""
    bb_target: float
    """Half-width for a Razz policy's result, big bets per 100 hands."""
    razz_opponents: tuple[int, ...]
    razzia_players: tuple[int, ...]
    riffifi_players: tuple[int, ...]
    max_hands: int
    exact_heads_up: bool
    """Enumerate the heads-up column of the starting-hand table (about half a minute) instead of sampling it."""
    scale: float = 1.0

    def shares(self) -> int:
        """Trials per starting-hand cell, games per table: enough for ``share_target`` at any rate."""
        return max(200, round(shares_needed(self.share_target) * self.scale))

    def pilot_hands(self) -> int:
        """Hands of the Razz pilot run that measures the spread of a policy's result."""
        return max(RAZZ_PLAYERS * 100, round(12_000 * self.scale))

    def hands(self, pilot_hands: int, pilot_half_width: float) -> int:
        """Razz hands for ``bb_target``, from the pilot's widest half-width (hw shrinks as 1/sqrt(n))."""
        need = math.ceil(pilot_hands * (pilot_half_width / self.bb_target) ** 2 * self.scale)
        return int(min(max(need, pilot_hands), self.max_hands))


QUICK = Sizes("quick", 0.01, 6.0, (1, 3, 6), (3, 5, 7), (3, 4, 5), 600_000, exact_heads_up=False)
FULL = Sizes("full", 0.0025, 1.5, (1, 2, 3, 4, 5, 6, 7), (3, 4, 5, 6, 7, 8), (3, 4, 5), 5_000_000,
             exact_heads_up=True)


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


def _save(fig: object, directory: Path, name: str, caption: str) -> FigureFile:
    from razzmatazz.analysis.plots import _save as save

    save(fig, directory / name)
    return FigureFile(name, caption)


def _precision(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["quantity", "n", "n_unit", "unit", "fmt", "target", "max_half_width",
                                       "min_half_width"])


def precision_findings(tables: Tables, name: str) -> list[Finding]:
    """One sentence per row of a precision table: sample size, target and achieved half-width."""
    cell, out = Cells(tables), []
    for i, r in tables[name].iterrows():
        c = {k: cell(name, i, k, "s") for k in ("quantity", "n_unit", "unit")}
        c["n"] = cell(name, i, "n", "d")
        c["max"], c["min"] = (cell(name, i, k, r.fmt) for k in ("max_half_width", "min_half_width"))
        if pd.notna(r.target):
            c["target"] = cell(name, i, "target", r.fmt)
            out.append(say("{quantity}: {n} {n_unit}, chosen for a 95 % half-width of at most {target} {unit}; "
                           "the half-widths reached run from {min} to {max} {unit}.", **c))
        else:
            out.append(say("{quantity}: {n} {n_unit} (no target: as many as the games gave); the 95 % "
                           "half-widths run from {min} to {max} {unit}.", **c))
    return out


def _best_win(tables: Tables, name: str, rows: pd.Index, template: str) -> Finding:
    """The policy with the highest win rate among ``rows`` of table ``name``, said with ``template``."""
    best, cell = tables[name].loc[rows].win_rate.idxmax(), Cells(tables)
    return say(template, **{k: cell(name, best, k, f) for k, f in (("policy", "s"), ("win_rate", "%"),
                                                                   ("win_low", "%"), ("win_high", "%"),
                                                                   ("players", "d"), ("games", "d"))})


def _precision_topic(tables: Tables, name: str, what: str) -> Topic:
    return Topic("Sample sizes and precision", f"How many {what} each table rests on, and how precise that makes "
                 "it.", precision_findings(tables, name))


def _lead(tables: Tables, pol: str, comp: str, rows: pd.Index, comp_rows: pd.Index, value: str,
          fmt: str, unit: str) -> list[Finding]:
    """The best policy of a group and its lead over the second (from the comparisons table); ``fmt`` unsigned."""
    cell = Cells(tables)
    part = tables[pol].loc[rows].sort_values(value, ascending=False, kind="stable")
    if len(part) < 2:
        return []
    best, second = part.index[0], part.index[1]
    names = {tables[pol].at[best, "policy"], tables[pol].at[second, "policy"]}
    cmp = tables[comp].loc[comp_rows]
    j = cmp[[{a, b} == names for a, b in zip(cmp.policy, cmp.versus)]].index[0]
    c = {"a": cell(comp, j, "policy", "s"), "b": cell(comp, j, "versus", "s"), "d": cell(comp, j, "difference", fmt),
         "lo": cell(comp, j, "ci_low", fmt), "hi": cell(comp, j, "ci_high", fmt), "m": cell(comp, j, "family", "d"),
         "slo": cell(comp, j, "simultaneous_low", fmt), "shi": cell(comp, j, "simultaneous_high", fmt)}
    head = ("{a} is ahead of {b} by {d} " + unit
            + " (95 % CI {lo} to {hi}; simultaneous over {m} comparisons {slo} to {shi})")
    if tables[comp].at[j, "established"]:
        return [say(head + ": the lead is established.", **c)]
    return [say(head + ": the lead is not established, the simultaneous interval covers zero.", **c)]


def _established_count(comp: pd.DataFrame, by: list[str], summary: str, tables: Tables) -> None:
    """Adds ``tables[summary]``: per group of ``comp``, how many comparisons are established."""
    g = comp.groupby(by, sort=True) if by else [((), comp)]
    rows = [{**dict(zip(by, k if isinstance(k, tuple) else (k,))), "comparisons": len(p),
             "established": int(p.established.sum())} for k, p in g]
    tables[summary] = pd.DataFrame(rows)


def _established_findings(tables: Tables, summary: str, where: str) -> list[Finding]:
    cell, out = Cells(tables), []
    for i, r in tables[summary].iterrows():
        c = {"k": cell(summary, i, "established", "d"), "m": cell(summary, i, "comparisons", "d")}
        if "players" in r:
            c["n"] = cell(summary, i, "players", "d")
        if "mix" in r:
            c["mix"] = cell(summary, i, "mix", "s")
        out.append(say("{k} of the {m} differences between two policies " + where + " are established "
                       "(their simultaneous 95 % intervals exclude zero).", **c))
    return out


def _spread_finding(tables: Tables, name: str, i: int, what: str, label: str, fmt: str, unit: str) -> Finding:
    """Highest and lowest of a group with the gap's conservative interval."""
    cell = Cells(tables)
    c = {k: cell(name, i, k, "s" if k in ("highest", "lowest") else ("d" if k == "players" else fmt))
         for k in ("highest", "highest_value", "highest_low", "highest_high", "lowest", "lowest_value",
                   "lowest_low", "lowest_high", "gap", "gap_low", "gap_high", "players")
         if k in tables[name].columns}
    text = (what + " is highest at " + label + " {highest}: {highest_value} " + unit + " (95 % CI {highest_low} to "
            "{highest_high}), and lowest at " + label + " {lowest}: {lowest_value} (95 % CI {lowest_low} to "
            "{lowest_high}); the gap of {gap} has a conservative 95 % CI of {gap_low} to {gap_high}")
    verdict = ", so it is established." if tables[name].at[i, "established"] else ", so it is not established."
    return say(text + verdict, **c)


def _display(frame: pd.DataFrame, columns: dict[str, str | tuple[str, str, str, str, str]]) -> pd.DataFrame:
    """A displayed table: ``name -> column`` copies a column, ``name -> (est, low, high, fmt, unit)`` an interval."""
    out = pd.DataFrame(index=frame.index)
    for name, spec in columns.items():
        if isinstance(spec, tuple):
            out[name] = interval_text(frame, *spec[:4], unit=spec[4])
        else:
            out[name] = frame[spec].map(lambda v: f"{v:,}" if isinstance(v, int) else str(v))
    return out.reset_index(drop=True)


def _comparison_display(frame: pd.DataFrame, fmt: str, unit: str, extra: dict[str, str] | None = None) -> pd.DataFrame:
    shown = frame.assign(verdict=frame.established.map({True: "established", False: "not established"}))
    return _display(shown, {**(extra or {}), "policy": "policy", "versus": "versus",
                            "difference (95 % CI)": ("difference", "ci_low", "ci_high", fmt, unit),
                            "simultaneous 95 % CI": ("difference", "simultaneous_low", "simultaneous_high", fmt, unit),
                            "": "verdict"})


# ============================================================================= Razz

def simulate_razz(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The starting-hand table and a run of the full game between the default mix (after a pilot)."""
    from razzmatazz.analysis import razz, razz_game
    from razzmatazz.core.razz.rules import Settings

    timer, trials = Timer(), sizes.shares()
    starts = razz.starting_table(trials=trials, opponents=sizes.razz_opponents, exact_heads_up=sizes.exact_heads_up,
                                 seed=seed, progress=progress)
    how = "; heads-up enumerated exactly" if sizes.exact_heads_up else ""
    runs = [Run("Razz starting hands against random opponents", "razz_starts",
                f"{trials:,} trials per Monte Carlo cell{how}", seed, timer())]
    settings, mix = Settings(players=RAZZ_PLAYERS), razz_game.lineup([], RAZZ_PLAYERS)
    timer, pilot_n = Timer(), sizes.pilot_hands()
    pilot = razz_game.play(settings, mix, pilot_n, seed, duplicate=True, progress=progress)
    pilot_hw = float(((pilot.policies.ci_high - pilot.policies.ci_low) / 2).max())
    runs.append(Run("Razz pilot run (sets the number of hands)", "-", f"{pilot.hands:,} hands", seed, timer()))
    timer, hands = Timer(), sizes.hands(pilot.hands, pilot_hw)
    result = razz_game.play(settings, mix, hands, seed, duplicate=True, progress=progress)
    runs.append(Run(f"Razz, {RAZZ_PLAYERS}-handed fixed limit, default mix, duplicate deals",
                    "razz_policies, razz_pairs, razz_seats", f"{result.hands:,} hands", seed, timer()))
    policies = result.policies.assign(table_players=RAZZ_PLAYERS)
    return {"razz_starts": starts, "razz_policies": policies, "razz_pairs": result.pairs,
            "razz_seats": result.seats.assign(table_players=RAZZ_PLAYERS)}, runs


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
        rows.append({"opponents": k, "exact": bool(a.exact), "trials": int(a.trials), "best": a.hand,
                     "equity": a.equity, "ci_low": a.ci_low, "ci_high": a.ci_high, "fair_share": fair,
                     "times_fair": a.equity / fair, "second": b.hand, "second_equity": b.equity,
                     "gap": a.equity - b.equity, "gap_low": a.equity - b.equity - Z95 * se,
                     "gap_high": a.equity - b.equity + Z95 * se, "established": bool(a.equity - b.equity > Z95 * se),
                     "starts": len(part), "above_fair": int((part.ci_low > fair).sum()),
                     "below_fair": int((part.ci_high < fair).sum()),
                     "unclear": int(((part.ci_low <= fair) & (part.ci_high >= fair)).sum())})
    tables["razz_best_starts"] = pd.DataFrame(rows)
    tables["razz_comparisons"] = comparisons(tables["razz_pairs"], "difference_bb_per_100", "ci_low", "ci_high")
    _established_count(tables["razz_comparisons"], [], "razz_comparison_counts", tables)
    tables["razz_seats_vs_even"] = against_reference(tables["razz_seats"], "bb_per_100", "ci_low", "ci_high", 0.0)
    tables["razz_seat_spread"] = spread(tables["razz_seats"], "seat", "bb_per_100", "ci_low", "ci_high")
    v = tables["razz_seats_vs_even"]
    tables["razz_seat_counts"] = pd.DataFrame([{"seats": len(v), "established": int(v.established.sum())}])
    mc = starts[~starts.exact]
    pol = tables["razz_policies"]
    prec = []
    if len(mc):
        hi, lo = half_width(mc.ci_low, mc.ci_high)
        prec.append({"quantity": "Starting-hand equities (Monte Carlo cells)", "n": int(mc.trials.iloc[0]),
                     "n_unit": "trials per cell", "unit": "points", "fmt": "%", "target": sizes.share_target,
                     "max_half_width": hi, "min_half_width": lo})
    hi, lo = half_width(pol.ci_low, pol.ci_high)
    prec.append({"quantity": "Razz policy results", "n": int(pol.hands.iloc[0]), "n_unit": "hands",
                 "unit": "bb/100", "fmt": ".1f", "target": sizes.bb_target, "max_half_width": hi,
                 "min_half_width": lo})
    tables["razz_precision"] = _precision(prec)


def razz_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Razz report, from its tables."""
    return [_razz_starts_topic(tables), _razz_policies_topic(tables), _razz_seats_topic(tables),
            _precision_topic(tables, "razz_precision", "trials and hands")]


def _razz_starts_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "razz_best_starts", []
    for i, r in tables[name].iterrows():
        c = {k: cell(name, i, k, f) for k, f in (("opponents", "d"), ("best", "s"), ("equity", "%"),
                                                 ("ci_low", "%"), ("ci_high", "%"), ("times_fair", ".2f"),
                                                 ("fair_share", "%"), ("second", "s"), ("second_equity", "%"),
                                                 ("gap", "%"), ("gap_low", "%"), ("gap_high", "%"),
                                                 ("above_fair", "d"), ("below_fair", "d"), ("unclear", "d"),
                                                 ("starts", "d"))}
        vs = "Against {opponents} random opponent" + ("s" if r.opponents > 1 else "")
        if r.exact:
            out.append(say(vs + ", the best start is {best}: it takes {equity} % of the pot, exactly (every deal "
                           "enumerated, no sampling error), {times_fair} times a fair share of {fair_share} %; "
                           "the second best, {second}, takes {second_equity} %.", **c))
            out.append(say(vs + ", {above_fair} of the {starts} starts take more than a fair share and "
                           "{below_fair} take less (exactly).", **c))
            continue
        else:
            gap = ("it is ahead of the second best, {second} ({second_equity} %), by {gap} points (95 % CI "
                   "{gap_low} to {gap_high}), " + ("so the order is established." if r.established
                                                   else "so the order of the two is not established."))
            out.append(say(vs + ", the best start is {best}: it takes {equity} % of the pot (95 % CI {ci_low}–"
                           "{ci_high} %), {times_fair} times a fair share of {fair_share} %; " + gap, **c))
        out.append(say(vs + ", {above_fair} of the {starts} starts take more than a fair share (the whole 95 % "
                       "interval above it), {below_fair} take less, and for {unclear} the data cannot tell.", **c))
    return Topic("Starting hands", "All-in equity of each three-card start against random hands: its expected "
                 "share of the pot when every player sees seventh street (no betting). Each start is dealt at random "
                 "many times against each number of opponents (in the full report, heads-up is enumerated "
                 "exactly instead).", out,
                 displays=[_starts_display(tables["razz_starts"])])


def _starts_display(starts: pd.DataFrame, top: int = 15) -> Display:
    from razzmatazz.analysis.razz import wide_equity

    wide = {v: wide_equity(starts, v).head(top) for v in ("equity", "ci_low", "ci_high", "exact")}
    out = pd.DataFrame({"rank": range(1, len(wide["equity"]) + 1), "start": wide["equity"].index})
    for k in wide["equity"].columns:
        cols = pd.DataFrame({v: wide[v][k].to_numpy() for v in wide})
        text = interval_text(cols, "equity", "ci_low", "ci_high", "%", unit=" %")
        out[f"vs {k}"] = [f"{100 * e:.1f} % (exact)" if x else t for e, x, t in zip(cols.equity, cols.exact, text)]
    by = wide["equity"].columns.min()
    return Display("The best starts", f"The {top} best starts by equity against {by} opponent"
                   f"{'s' if by > 1 else ''}; each cell is the equity with its 95 % interval (all 455 starts are "
                   "in razz_starts.csv).", out)


def _razz_policies_topic(tables: Tables) -> Topic:
    cell, pol, out = Cells(tables), "razz_policies", []
    p = tables[pol]
    if len(p):
        best, worst = p.bb_per_100.idxmax(), p.bb_per_100.idxmin()
        for i, verb in ((best, "earns the most"), (worst, "loses the most")):
            c = {k: cell(pol, i, k, f) for k, f in (("policy", "s"), ("bb_per_100", "+.1f"), ("ci_low", "+.1f"),
                                                    ("ci_high", "+.1f"), ("hands", "d"), ("table_players", "d"))}
            out.append(say("{policy} " + verb + ": {bb_per_100} big bets per 100 hands (95 % CI {ci_low} to "
                           "{ci_high}) over {hands} hands at {table_players}-handed tables.", **c))
    out += _lead(tables, pol, "razz_comparisons", p.index, tables["razz_comparisons"].index, "bb_per_100",
                 ".1f", "bb/100")
    out += _established_findings(tables, "razz_comparison_counts", "at these tables")
    shown = _display(p, {"policy": "policy", "hands": "hands",
                         "bb/100 (95 % CI)": ("bb_per_100", "ci_low", "ci_high", "+.1f", ""),
                         "VPIP (95 % CI)": ("vpip", "vpip_low", "vpip_high", "%", " %"),
                         "showdown (95 % CI)": ("showdown", "showdown_low", "showdown_high", "%", " %"),
                         "won at showdown (95 % CI)": ("won_at_showdown", "won_at_showdown_low",
                                                       "won_at_showdown_high", "%", " %")})
    return Topic("The full game: which policy wins", "The built-in policies play fixed-limit Razz against each "
                 "other (ante, bring-in, five betting rounds), one of each at the table, players rotated one seat "
                 "a hand and every deck replayed with the players rotated (duplicate deals, so differences "
                 "are paired). Results are big bets won per 100 hands.", out,
                 displays=[Display("Policies", "Big bets per 100 hands and rates, each with its 95 % interval.",
                                   shown),
                           Display("Differences between policies", "Row minus column policy in bb/100, paired "
                                   "over deals; the simultaneous interval covers all the comparisons at once "
                                   "(Bonferroni).", _comparison_display(tables["razz_comparisons"], "+.1f", ""))])


def _razz_seats_topic(tables: Tables) -> Topic:
    out = [_spread_finding(tables, "razz_seat_spread", 0, "A seat's result", "seat", "+.1f", "bb/100")]
    v, cell = tables["razz_seats_vs_even"], Cells(tables)
    out.append(say("{k} of the {n} seats have a result that differs from break-even once the intervals are "
                   "widened for all the seats at once.", k=cell("razz_seat_counts", 0, "established", "d"),
                   n=cell("razz_seat_counts", 0, "seats", "d")))
    shown = _display(v.assign(verdict=v.established.map({True: "differs from 0", False: "not established"})),
                     {"seat": "seat", "hands": "hands", "bb/100 (95 % CI)": ("bb_per_100", "ci_low", "ci_high",
                                                                              "+.1f", ""),
                      "simultaneous 95 % CI": ("bb_per_100", "simultaneous_low", "simultaneous_high", "+.1f", ""),
                      "": "verdict"})
    return Topic("Seats", "Players rotate one seat a hand, so every policy sits in every seat; a seat's result "
                 "is what the position itself is worth (seat 1 is on the dealer's left). The game is zero-sum, "
                 "so break-even is zero.", out,
                 displays=[Display("Seats", "Big bets per 100 hands by seat (hands taken as independent).",
                                   shown)])


def razz_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Razz figures; returns them by topic title."""
    from razzmatazz.analysis.plots import best_starts_figure, heatmap_figure
    from razzmatazz.analysis.report_plots import interval_figure

    starts, pol, seats = tables["razz_starts"], tables["razz_policies"], tables["razz_seats"]
    trials = int(starts.loc[~starts.exact, "trials"].max()) if (~starts.exact).any() else 0
    sub = f"{trials:,} trials per Monte Carlo cell" if trials else "exact"
    hands = int(pol.hands.iloc[0])
    return {
        "Starting hands": [
            _save(heatmap_figure(starts, sub), directory, "razz-heatmap.png",
                  "Every start's equity (number, %) and equity relative to a fair share (colour), by its cards."),
            _save(best_starts_figure(starts, sub, top=20), directory, "razz-best-starts.png",
                  "The 20 best starts: equity with 95 % intervals, one colour per number of opponents."),
        ],
        "The full game: which policy wins": [
            _save(interval_figure(pol, "policy", "bb_per_100", "ci_low", "ci_high",
                                  xlabel="big bets won per 100 hands (95 % interval)", reference=0.0,
                                  reference_label="break-even",
                                  title=f"Razz policies, {RAZZ_PLAYERS}-handed, {hands:,} hands"),
                  directory, "razz-policies.png", "Each policy's result with its 95 % interval."),
        ],
        "Seats": [
            _save(interval_figure(seats.assign(seat=[f"seat {s}" for s in seats.seat]), "seat", "bb_per_100",
                                  "ci_low", "ci_high", xlabel="big bets won per 100 hands (95 % interval)",
                                  reference=0.0, reference_label="break-even", title="Razz results by seat"),
                  directory, "razz-seats.png", "Each seat's result with its 95 % interval."),
        ],
    }


# ============================================================================= Razzia

def simulate_razzia(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The police study (three mixes per player count) and one run for the seats."""
    from razzmatazz.analysis import razzia
    from razzmatazz.core.razzia.rules import Settings

    timer, games = Timer(), sizes.shares()
    study = razzia.police_study(list(sizes.razzia_players), games, seed, progress=progress)
    names = ("cards", "by_value", "by_bucket", "by_others", "policies", "pairs", "croupier", "haggling")
    runs = [Run(f"Razzia police study: {len(razzia.DEFAULT_STUDY_MIXES)} policy mixes x "
                f"{len(sizes.razzia_players)} player counts", ", ".join(f"razzia_{n}" for n in names),
                f"{games:,} games per mix and player count", seed, timer())]
    timer, n = Timer(), RAZZIA_SEATS_PLAYERS
    result = razzia.play(Settings(players=n), razzia.lineup([], n), games, seed, progress=progress)
    runs.append(Run(f"Razzia, {n} players, default mix (for the seats)", "razzia_seats", f"{result.games:,} games",
                    seed, timer()))
    tables = {f"razzia_{k}": study[k].reset_index(drop=True) for k in names}
    tables["razzia_seats"] = result.seats.assign(players=n)
    return tables, runs


def derive_razzia(tables: Tables, sizes: Sizes) -> None:
    """Add the police rates, comparisons, croupier spread, seat and haggling tables."""
    from razzmatazz.analysis.stats import rate_interval

    v = tables["razzia_by_value"]
    rates = v.groupby(["players", "mix", "kind"], as_index=False, sort=True)[["plays", "won"]].sum()
    lo, hi = rate_interval(rates.won.to_numpy("int64"), rates.plays.to_numpy("int64"))
    tables["razzia_police_rates"] = rates.assign(win_rate=rates.won / rates.plays, win_low=lo, win_high=hi)
    b = tables["razzia_by_bucket"]
    police = b[(b.kind == "police") & (b.mix == DEFAULT_MIX)]
    tables["razzia_best_bucket"] = police.loc[police.groupby("players").win_rate.idxmax()].reset_index(drop=True)
    tables["razzia_comparisons"] = comparisons(tables["razzia_pairs"], "win_rate_difference", "win_rate_low",
                                               "win_rate_high", ["players", "mix"])
    comp = tables["razzia_comparisons"]
    _established_count(comp[comp.mix == DEFAULT_MIX], ["players", "mix"], "razzia_comparison_counts", tables)
    crou = tables["razzia_croupier"]
    tables["razzia_croupier_spread"] = spread(crou[crou.mix == DEFAULT_MIX], "distance", "money_per_round",
                                              "ci_low", "ci_high", ["players"])
    seats = tables["razzia_seats"]
    v = tables["razzia_seats_vs_fair"] = against_reference(seats, "win_rate", "win_low", "win_high",
                                                           1 / seats.players)
    tables["razzia_seat_counts"] = pd.DataFrame([{"players": int(v.players.iloc[0]), "seats": len(v),
                                                 "established": int(v.established.sum()),
                                                 "fair_share": float(v.reference.iloc[0])}])
    tables["razzia_haggling_rates"] = _haggling_rates(tables["razzia_haggling"])
    pol = tables["razzia_policies"]
    hi_, lo_ = half_width(pol.win_low, pol.win_high)
    rates_hi, rates_lo = half_width(tables["razzia_police_rates"].win_low, tables["razzia_police_rates"].win_high)
    tables["razzia_precision"] = _precision([
        {"quantity": "Razzia win rates of the policies", "n": int(pol.games.min()), "n_unit": "games per mix and "
         "player count", "unit": "points", "fmt": "%", "target": sizes.share_target, "max_half_width": hi_,
         "min_half_width": lo_},
        {"quantity": "How often a card played wins money", "n": int(tables["razzia_police_rates"].plays.min()),
         "n_unit": "plays at the least", "unit": "points", "fmt": "%", "target": math.nan,
         "max_half_width": rates_hi, "min_half_width": rates_lo}])


def _haggling_rates(hag: pd.DataFrame) -> pd.DataFrame:
    """How often an offer is accepted and how often the caller wins a duel, with Wilson intervals."""
    from razzmatazz.analysis.stats import rate_interval

    rows = []
    for (n, mix), part in hag.groupby(["players", "mix"], sort=True):
        t = dict(zip(part.counter, part.total))
        for what, k, m in (("answers that accept an offer", t["answers_accepted"],
                            t["answers_accepted"] + t["answers_declined"]),
                           ("duels won by the player who called", t["duels_won_by_the_caller"],
                            t["duels_with_a_caller"])):
            lo, hi = rate_interval(int(k), int(m))
            rows.append({"players": n, "mix": mix, "rate": what, "count": int(k), "of": int(m),
                         "value": k / m if m else math.nan, "low": float(lo), "high": float(hi)})
    return pd.DataFrame(rows)


def razzia_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Razzia report, from its tables."""
    return [_razzia_police_topic(tables), _razzia_policies_topic(tables), _razzia_seats_topic(tables),
            _precision_topic(tables, "razzia_precision", "games")]


def _razzia_police_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "razzia_police_rates", []
    r = tables[name]
    for n in sorted(r.players.unique()):
        i = r[(r.players == n) & (r.mix == DEFAULT_MIX) & (r.kind == "police")].index
        j = r[(r.players == n) & (r.mix == DEFAULT_MIX) & (r.kind == "gambler_free")].index
        if not len(i) or not len(j):
            continue
        c = {k: cell(name, i[0], k, f) for k, f in (("players", "d"), ("mix", "s"), ("win_rate", "%"),
                                                    ("win_low", "%"), ("win_high", "%"), ("plays", "d"))}
        c.update({f"g_{k}": cell(name, j[0], k, f) for k, f in (("win_rate", "%"), ("win_low", "%"),
                                                                ("win_high", "%"), ("plays", "d"))})
        out.append(say("With {players} players ({mix}), a police card played wins money {win_rate} % of the time "
                       "(95 % CI {win_low}–{win_high} %, {plays} plays); a gambling card at a bar without police "
                       "wins {g_win_rate} % (95 % CI {g_win_low}–{g_win_high} %, {g_plays} plays).", **c))
    bb = "razzia_best_bucket"
    for i in tables[bb].index:
        c = {k: cell(bb, i, k, f) for k, f in (("players", "d"), ("bucket", "s"), ("win_rate", "%"),
                                               ("win_low", "%"), ("win_high", "%"), ("plays", "d"))}
        out.append(say("With {players} players, a police card wins most often when the bar holds {bucket} money "
                       "cards' worth ($5,000 units): {win_rate} % (95 % CI {win_low}–{win_high} %, {plays} plays).",
                       **c))
    shown = _display(r.assign(kind=r.kind.map(_kind_label)), {
        "players": "players", "mix": "mix", "card": "kind", "plays": "plays",
        "wins money (95 % CI)": ("win_rate", "win_low", "win_high", "%", " %")})
    return Topic("Police cards", "How often a card played at a bar wins money, by player count and policy mix: "
                 "police cards, gambling cards beside police, gambling cards at a bar without police. Rates have "
                 "Wilson intervals over plays (the plays of one game are taken as independent).", out,
                 displays=[Display("Cards that win money", "Share of plays that win money, 95 % Wilson interval.",
                                   shown)])


def _kind_label(kind: str) -> str:
    from razzmatazz.analysis.razzia import KIND_LABEL

    return KIND_LABEL.get(kind, kind)


def _razzia_policies_topic(tables: Tables) -> Topic:
    pol, comp, out = tables["razzia_policies"], tables["razzia_comparisons"], []
    cell = Cells(tables)
    for n in sorted(pol.players.unique()):
        rows = pol[(pol.players == n) & (pol.mix == DEFAULT_MIX)].index
        if not len(rows):
            continue
        out.append(_best_win(tables, "razzia_policies", rows, "With {players} players (default mix), {policy} "
                             "wins {win_rate} % of games (95 % CI {win_low}–{win_high} %, {games} games)."))
        out += _lead(tables, "razzia_policies", "razzia_comparisons", rows,
                     comp[(comp.players == n) & (comp.mix == DEFAULT_MIX)].index, "win_rate", "%", "points")
    hag = comp[comp.mix == HAGGLING_MIX]
    for n in sorted(hag.players.unique()):
        rows = pol[(pol.players == n) & (pol.mix == HAGGLING_MIX)].index
        lead = _lead(tables, "razzia_policies", "razzia_comparisons", rows, hag[hag.players == n].index,
                     "win_rate", "%", "points of win rate")
        out += [say("Haggling, same play policy, {n} players: " + f.template, n=cell("razzia_policies", rows[0],
                    "players", "d"), **f.refs) for f in lead]
    out += _established_findings(tables, "razzia_comparison_counts", "with {n} players ({mix})")
    hr = tables["razzia_haggling_rates"]
    for i in hr[hr.mix == DEFAULT_MIX].index:
        c = {k: cell("razzia_haggling_rates", i, k, f) for k, f in (("players", "d"), ("rate", "s"),
                                                                     ("value", "%"), ("low", "%"), ("high", "%"),
                                                                     ("of", "d"))}
        out.append(say("With {players} players (default mix), {rate}: {value} % (95 % CI {low}–{high} %, of {of}).",
                       **c))
    shown = _display(pol, {"players": "players", "mix": "mix", "policy": "policy", "games": "games",
                           "win rate (95 % CI)": ("win_rate", "win_low", "win_high", "%", " %"),
                           "money a game (95 % CI)": ("money", "money_low", "money_high", "$", "")})
    return Topic("Policies and haggling", "Win rates (a shared win counts 1/k) of the default mix of policies, and "
                 "of one play policy with three haggling styles (exact, always accept, always duel), each "
                 "with 95 % intervals over games; differences are paired.", out,
                 displays=[Display("Policies", "Win rate and money a game with 95 % intervals.", shown),
                           Display("Differences between policies", "Win-rate difference in percentage points, "
                                   "paired; the simultaneous interval covers all comparisons of one table at once.",
                                   _comparison_display(comp, "+%", "", {"players": "players", "mix": "mix"}))])


def _razzia_seats_topic(tables: Tables) -> Topic:
    name, out = "razzia_croupier_spread", []
    for i in tables[name].index:
        out.append(_spread_finding(tables, name, i, "With {players} players (default mix), money won in a round",
                                   "distance", "$", "a round"))
    cell = Cells(tables)
    out.append(say("With {players} players, {k} of the {n} seats win a share of games that differs from a fair "
                   "{fair} %, once the intervals are widened for all the seats.",
                   players=cell("razzia_seat_counts", 0, "players", "d"),
                   k=cell("razzia_seat_counts", 0, "established", "d"), n=cell("razzia_seat_counts", 0, "seats", "d"),
                   fair=cell("razzia_seat_counts", 0, "fair_share", "%")))
    crou = tables["razzia_croupier"]
    shown = _display(crou[crou.mix == DEFAULT_MIX], {
        "players": "players", "distance": "distance", "rounds": "rounds",
        "money a round (95 % CI)": ("money_per_round", "ci_low", "ci_high", "$", "")})
    return Topic("The croupier and the seats", "Money a player wins in a round by its distance (clockwise) from "
                 "that round's croupier, and win rates by seat (the first seat holds the first "
                 "croupier), each with 95 % intervals.", out,
                 displays=[Display("Money by distance from the croupier", "Default mix; dollars a round.", shown)])


def razzia_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Razzia figures; returns them by topic title."""
    from razzmatazz.analysis.report_plots import interval_figure, rate_by_bucket_figure
    from razzmatazz.core.razzia.engine import BUCKET_NAMES

    b = tables["razzia_by_bucket"]
    pol, comp, crou = tables["razzia_policies"], tables["razzia_comparisons"], tables["razzia_croupier"]
    hag = comp[comp.mix == HAGGLING_MIX].assign(pair=lambda f: f.policy.map(_short) + " - " + f.versus.map(_short))
    crou = crou[crou.mix == DEFAULT_MIX].assign(where=lambda f: "distance " + f.distance.astype(str))
    return {
        "Police cards": [_save(rate_by_bucket_figure(
            b[(b.kind == "police") & (b.mix == DEFAULT_MIX)], series="players", bucket="bucket",
            order=list(BUCKET_NAMES), xlabel="money at the bar when it is settled ($5,000 units)",
            ylabel="police cards that win money, % (95 % interval)", title="Razzia: when does a police card pay? "
            "(default mix)"), directory, "razzia-police-by-pot.png",
            "Share of police cards played that win money, by the money at the bar, one line per player count.")],
        "Policies and haggling": [
            _save(interval_figure(pol[pol.mix == DEFAULT_MIX], "policy", "win_rate", "win_low", "win_high",
                                  group="players", group_name="players", scale=100,
                                  xlabel="games won, % (95 % interval)", title="Razzia policies (default mix)"),
                  directory, "razzia-policies.png", "Win rate of each policy of the default mix by player count."),
            _save(interval_figure(hag, "pair", "difference", "ci_low", "ci_high", group="players",
                                  group_name="players", scale=100, reference=0.0,
                                  xlabel="difference in games won, percentage points (95 % interval)",
                                  title="Razzia: how much does haggling matter?"),
                  directory, "razzia-haggling.png", "Win-rate differences between haggling styles of one play "
                  "policy (exact: greedy, always accept: haggle=1, always duel: haggle=2).")],
        "The croupier and the seats": [
            _save(interval_figure(crou, "where", "money_per_round", "ci_low", "ci_high", group="players",
                                  group_name="players", xlabel="money won in a round, $ (95 % interval)",
                                  title="Razzia: distance from the croupier (default mix)"),
                  directory, "razzia-croupier.png", "Money won in a round by distance from the croupier "
                  "(0 = the croupier).")],
    }


def _short(policy: str) -> str:
    return policy.replace("greedy:", "")


# ============================================================================= Riffifi

def simulate_riffifi(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The Riffifi study: each player count with and without the Officer."""
    from razzmatazz.analysis import riffifi

    timer, games = Timer(), sizes.shares()
    study = riffifi.study(list(sizes.riffifi_players), games, seed, progress=progress)
    names = ("policies", "pairs", "positions", "cards", "officer")
    runs = [Run(f"Riffifi study: default mix, {len(sizes.riffifi_players)} player counts, without and with the "
                "Officer", ", ".join(f"riffifi_{n}" for n in names), f"{games:,} games per player count and "
                "variant", seed, timer())]
    return {f"riffifi_{k}": study[k].reset_index(drop=True) for k in names}, runs


def derive_riffifi(tables: Tables, sizes: Sizes) -> None:
    """Add the comparison, position-spread, Officer and early-card tables."""
    tables["riffifi_comparisons"] = comparisons(tables["riffifi_pairs"], "win_rate_difference", "win_rate_low",
                                                "win_rate_high", ["players", "officer"])
    comp = tables["riffifi_comparisons"]
    _established_count(comp[~comp.officer].reset_index(drop=True), ["players"], "riffifi_comparison_counts", tables)
    pos = tables["riffifi_positions"]
    tables["riffifi_position_spread"] = spread(pos[~pos.officer], "position", "chips_per_deal", "ci_low", "ci_high",
                                               ["players"])
    off = tables["riffifi_officer"]
    tables["riffifi_officer_effect"] = off.assign(established=(off.ci_low > 0) | (off.ci_high < 0))
    cards = tables["riffifi_cards"]
    tables["riffifi_early_eights"] = cards[(~cards.officer) & (cards.orbit == 1) & (cards.value == 8)].reset_index(
        drop=True)
    pol = tables["riffifi_policies"]
    hi, lo = half_width(pol.win_low, pol.win_high)
    tables["riffifi_precision"] = _precision([
        {"quantity": "Riffifi win rates of the policies", "n": int(pol.games.min()), "n_unit": "games per player "
         "count and variant", "unit": "points", "fmt": "%", "target": sizes.share_target, "max_half_width": hi,
         "min_half_width": lo}])


def riffifi_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Riffifi report, from its tables."""
    return [_riffifi_policies_topic(tables), _riffifi_positions_topic(tables), _riffifi_officer_topic(tables),
            _precision_topic(tables, "riffifi_precision", "games")]


def _riffifi_policies_topic(tables: Tables) -> Topic:
    pol, comp, out = tables["riffifi_policies"], tables["riffifi_comparisons"], []
    for n in sorted(pol.players.unique()):
        rows = pol[(pol.players == n) & ~pol.officer].index
        out.append(_best_win(tables, "riffifi_policies", rows, "{policy} wins {win_rate} % of {players}-player "
                             "games (95 % CI {win_low}–{win_high} %, {games} games; a shared win counts 1/k)."))
        out += _lead(tables, "riffifi_policies", "riffifi_comparisons", rows,
                     comp[(comp.players == n) & ~comp.officer].index, "win_rate", "%", "points")
    out += _established_findings(tables, "riffifi_comparison_counts", "with {n} players (no Officer)")
    shown = _display(pol.assign(variant=pol.officer.map({True: "with Officer", False: "plain"})), {
        "players": "players", "variant": "variant", "policy": "policy", "games": "games",
        "win rate (95 % CI)": ("win_rate", "win_low", "win_high", "%", " %"),
        "chips a game (95 % CI)": ("chips", "chips_low", "chips_high", ".1f", "")})
    return Topic("Which policy wins", "The default mix of policies plays each player count with the default "
                 "rules, and again with the Officer variant. Win rates are over games with 95 % intervals; "
                 "differences are paired.", out,
                 displays=[Display("Policies", "Win rate and chips a game with 95 % intervals.", shown),
                           Display("Differences between policies (no Officer)", "Win-rate difference in "
                                   "percentage points; the simultaneous interval covers all comparisons of one "
                                   "player count at once.",
                                   _comparison_display(comp[~comp.officer], "+%", "", {"players": "players"}))])


def _riffifi_positions_topic(tables: Tables) -> Topic:
    name = "riffifi_position_spread"
    out = [_spread_finding(tables, name, i, "With {players} players, chips per deal", "position", ".2f", "chips")
           for i in tables[name].index]
    pos = tables["riffifi_positions"]
    shown = _display(pos[~pos.officer], {"players": "players", "position": "position", "deals": "deals",
                                         "chips a deal (95 % CI)": ("chips_per_deal", "ci_low", "ci_high", ".2f",
                                                                    "")})
    return Topic("Start position", "Chips won in a deal by place relative to the player who starts it (position "
                 "1 starts), without the Officer. Hands pass left and the start rotates, so each dealt hand is "
                 "played from one position while the policies rotate through them.", out,
                 displays=[Display("Chips by start position", "Chips a deal with 95 % intervals over games.", shown)])


def _riffifi_officer_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "riffifi_officer_effect", []
    for i, r in tables[name].iterrows():
        c = {k: cell(name, i, k, f) for k, f in (("players", "d"), ("advantage", "+.2f"), ("ci_low", "+.2f"),
                                                 ("ci_high", "+.2f"), ("deals", "d"))}
        verdict = "established." if r.established else "not established (the interval covers zero)."
        out.append(say("With {players} players, the Officer's holder wins {advantage} chips a deal against the "
                       "mean of the others (95 % CI {ci_low} to {ci_high}, {deals} deals): the effect is "
                       + verdict, **c))
    eights = "riffifi_early_eights"
    for i in tables[eights].index:
        c = {k: cell(eights, i, k, f) for k, f in (("players", "d"), ("value", "d"), ("paid_rate", "%"),
                                                   ("paid_low", "%"), ("paid_high", "%"), ("plays", "d"))}
        out.append(say("With {players} players, a card of value {value} played as a player's first card of a "
                       "deal pays {paid_rate} % of the time (95 % CI {paid_low}–{paid_high} %, {plays} plays).", **c))
    shown = _display(tables[name], {"players": "players", "deals": "deals",
                                    "holder minus others, chips a deal (95 % CI)": ("advantage", "ci_low", "ci_high",
                                                                                    "+.2f", "")})
    return Topic("The Officer and early cards", "What holding the Officer is worth in chips a deal, and how often "
                 "an early card pays (the rulebook warns against an early 8).", out,
                 displays=[Display("The Officer", "The holder's chips a deal minus the mean of the others, with "
                                   "95 % intervals over games.", shown)])


def riffifi_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Riffifi figures (the study's own); returns them by topic title."""
    from razzmatazz.analysis.riffifi_plots import study_figures

    study = {k: tables[f"riffifi_{k}"] for k in ("policies", "positions", "officer", "cards")}
    work = directory / ".riffifi-figures"
    work.mkdir()
    names = study_figures(study)(work)
    for n in names:
        (work / n).rename(directory / f"riffifi-{n.replace('_', '-')}")
    work.rmdir()
    file = {n.split(".")[0]: f"riffifi-{n.replace('_', '-')}" for n in names}
    return {
        "Which policy wins": [FigureFile(file["study_policies"], "Win rate by player count with 95 % intervals "
                                         "(no Officer); the dashed line is a fair share.")],
        "Start position": [FigureFile(file["study_positions"], "Left: chips a deal by start position; right: the "
                                      "Officer holder's advantage; 95 % intervals.")],
        "The Officer and early cards": [FigureFile(file["study_cards"], "How often the first card a player "
                                                   "plays in a deal pays, by its value; 95 % Wilson intervals.")],
    }


# ============================================================================= the three games

@dataclass(frozen=True)
class Game:
    """How one game's report is made."""

    name: str
    title: str
    simulate: Callable[[Sizes, int, bool | None], tuple[Tables, list[Run]]]
    derive: Callable[[Tables, Sizes], None]
    topics: Callable[[Tables], list[Topic]]
    figures: Callable[[Tables, Path], dict[str, list[FigureFile]]]


GAMES = {
    "razz": Game("razz", "Razz", simulate_razz, derive_razz, razz_topics, razz_figures),
    "razzia": Game("razzia", "Razzia", simulate_razzia, derive_razzia, razzia_topics, razzia_figures),
    "riffifi": Game("riffifi", "Riffifi", simulate_riffifi, derive_riffifi, riffifi_topics, riffifi_figures),
}
