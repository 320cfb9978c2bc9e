"""The Razz report's topics: its findings and displayed tables, written from the tables alone."""

from __future__ import annotations

import pandas as pd

from razzmatazz.analysis.razz.report.runs import ALONE, CAP_STREETS, ISSUE_CAPPED, LOOSE, SEATED, TOUGH
from razzmatazz.analysis.razz.report.tables import FMT, UNIT
from razzmatazz.analysis.report.findings import Cells, Display, Finding, Tables, Topic, interval_text, say, verdict_rule
from razzmatazz.analysis.report.sections import (
    comparison_display,
    display,
    established_findings,
    lead,
    precision_topic,
    row_findings,
    spread_finding,
)
from razzmatazz.analysis.report.strong import STRONG, Wording, refs_order, verdict_display, verdict_finding


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
        c = cell.row(
            name,
            i,
            (
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
            ),
        )
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
    return row_findings(
        tables,
        "razz_search",
        (
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
        ),
        "With " + SEATED + " in place of {replaced} in the {field} field ({players}-handed), " + STRONG + " earns "
        "{bb_per_100} bb/100 (95 % CI {ci_low} to {ci_high}, {hands} hands); " + STRONG + " minus {best}, the best "
        "heuristic at that table ({best_bb_per_100} bb/100), is {difference} bb/100 (95 % CI {difference_low} to "
        "{difference_high}, paired over deals): {outcome}.",
    )


WORDING = Wording({FMT: UNIT}, FMT, UNIT, UNIT, refs_order("field"))
"""How the verdicts are worded: in bb/100, the gate's too."""


def _razz_strong_topic(tables: Tables) -> Topic:
    name, out = "razz_verdicts", _search_findings(tables)
    v, where = tables[name], "in the {field} field ({players}-handed)"
    out += [verdict_finding(tables, name, i, WORDING, where, SEATED + " in place of {seated}") for i in v.index]
    head = {"finding": "finding", "field": "field", "players": "players"}
    shown = verdict_display(v, WORDING, head, (f"{STRONG} seated in place of", "seated"), f"with {SEATED} (95 % CI)")
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
