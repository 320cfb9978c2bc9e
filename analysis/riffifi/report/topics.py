"""The Riffifi report's topics: its findings and displayed tables, written from the tables alone."""

from __future__ import annotations

import pandas as pd

from razzmatazz.analysis.report.findings import Cells, Display, Finding, Tables, Topic, say, verdict_rule
from razzmatazz.analysis.report.sections import (
    best_win,
    display,
    established_findings,
    lead,
    policy_displays,
    precision_topic,
    row_findings,
    spread_finding,
)
from razzmatazz.analysis.report.strong import STRONG, Wording, refs_order, verdict_display, verdict_finding
from razzmatazz.analysis.riffifi.report.runs import EVERY, EXPLOITED
from razzmatazz.analysis.riffifi.report.tables import PLAIN, WITH_OFFICER

STRONG_UNIT = {"+%": " points", "+.2f": " chips a deal"}
WIN_CELLS = (("policy", "s"), ("players", "d"), ("win_rate", "%"), ("win_low", "%"), ("win_high", "%"), ("games", "d"))


def _strong_wins(tables: Tables) -> list[Finding]:
    """How often the one :data:`STRONG` seat wins, per player count (why the heuristics' leads shrink there)."""
    cell, pol, lineups = Cells(tables), tables["riffifi_strong_policies"], tables["riffifi_strong_lineups"]
    out = []
    for i in pol[pol.policy == STRONG].index:
        officer = bool(pol.at[i, "officer"])
        at = (lineups.players == pol.at[i, "players"]) & (lineups.replaced != EVERY) & (lineups.officer == officer)
        j = lineups[at].index[0]
        c = {k: cell("riffifi_strong_policies", i, k, f) for k, f in WIN_CELLS}
        rules = WITH_OFFICER if officer else PLAIN
        out.append(
            say(
                "With one {policy} seat in place of {seated} ({players} players, " + rules + "), {policy} wins "
                "{win_rate} % of games (95 % CI {win_low}–{win_high} %, {games} games).",
                seated=cell("riffifi_strong_lineups", j, "replaced", "s"),
                **c,
            )
        )
    return out


WORDING = Wording(STRONG_UNIT, "+%", " points of win rate", " points", refs_order("variant"))
"""How the verdicts are worded: units, and the gate's in points of win rate."""


def _strong_topic(tables: Tables) -> Topic:
    name, out = "riffifi_verdicts", _strong_wins(tables)
    v = tables[name]
    for i in v.index:
        seated = (
            f"one {STRONG} seat in place of {{seated}}" if v.at[i, "seated"] != EVERY else f"{STRONG} in {{seated}}"
        )
        out.append(verdict_finding(tables, name, i, WORDING, "with {players} players ({variant})", seated))
    return Topic(
        "Under strong play",
        "Each finding measured again with strong players: the search player at its default budget, which "
        "samples the cards its seat has not seen, plays each card on against the lineup's own policies and "
        "remembers the hands it passed, which no heuristic does. The policy ranking is played again with one "
        f"{STRONG} seat in place of a policy that neither of the two leaders plays (no Officer); the start "
        f"positions, the Officer and early eights with {STRONG} in every seat, so that every player, every "
        "position and every holder of the Officer plays well (the holder is whoever is dealt it, a different "
        "seat each deal, and the Officer's worth is, as first measured, the holder's chips a deal against the "
        f"mean of the others in the same deal). Each seat's {STRONG} draws from its own stream, so with hands "
        "passed left and the start rotating the deals of a game are not one deal played again, as they are "
        "between identical deterministic players. The finding's difference (higher minus lower as first "
        "measured; established or not as the finding itself judged it) is measured the same way in that run "
        "(for a gap, its conservative interval), with its 95 % interval: " + verdict_rule(STRONG),
        out,
        displays=[
            Display(
                "Findings under strong play",
                "Each finding first and under strong play, with 95 % "
                "intervals (win-rate or paid-rate points, or chips a deal).",
                _verdict_display(v),
            )
        ],
    )


def _verdict_display(v: pd.DataFrame) -> pd.DataFrame:
    v = v.assign(where=[f"in {x}" if x == EVERY else f"in place of {x}" for x in v.seated])
    head = {"finding": "finding", "players": "players", "rules": "variant"}
    return verdict_display(v, WORDING, head, (f"{STRONG} seated", "where"), "under strong play (95 % CI)")


def riffifi_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Riffifi report, from its tables."""
    strong = [_strong_topic(tables)] if "riffifi_verdicts" in tables else []
    strong += [_exploit_topic(tables)] if EXPLOITED in tables else []
    return [
        _riffifi_policies_topic(tables),
        _riffifi_positions_topic(tables),
        _riffifi_officer_topic(tables),
        *strong,
        precision_topic(tables, "riffifi_precision", "games"),
    ]


def _exploit_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "riffifi_least_exploitable", []
    for i, r in tables[name].iterrows():
        c = {k: cell(name, i, k, "+%") for k in ("gain", "gain_low", "gain_high", "next_gain", "next_low", "next_high")}
        c.update({k: cell(name, i, k, "s") for k in ("policy", "next")})
        c.update({k: cell(name, i, k, "d") for k in ("players", "games")})
        told = (
            "their intervals do not overlap, so {policy} is the least exploitable."
            if r.separated
            else "their intervals overlap, so the two are not told apart."
        )
        out.append(
            say(
                "With {players} players, " + STRONG + " in {policy}'s seat gains the fewest points of win rate: "
                "{gain} (95 % CI {gain_low} to {gain_high}, {games} games); next fewest in {next}'s seat, {next_gain} "
                "({next_low} to {next_high}): " + told,
                **c,
            )
        )
    gains = tables[EXPLOITED]
    shown = display(
        gains.assign(its=gains.win_rate.map(lambda x: f"{x:.1%}"), there=gains.by_win_rate.map(lambda x: f"{x:.1%}")),
        {
            "players": "players",
            "policy": "policy",
            "its win rate": "its",
            f"{STRONG}'s win rate there": "there",
            "gain, win-rate points (95 % CI)": ("win_rate_difference", "win_rate_low", "win_rate_high", "+%", ""),
            "gain, chips a game (95 % CI)": ("payoff_difference", "payoff_low", "payoff_high", "+.1f", ""),
        },
    )
    return Topic(
        "Which heuristic is least exploitable",
        f"How much each policy of the default mix leaves on the table: {STRONG} (default budget) takes the seat of "
        "that policy's first player, the rest of the mix unchanged, and both lineups play the same deals in 20 "
        "batches (duplicate deals, no Officer). The gain is paired over the batches. The least exploitable "
        "heuristic is the one whose seat the strong player improves least. Where the strong player wins nearly "
        "every game from any seat, as it does while no heuristic remembers the hands it passed, the gain is about a "
        "hundred points less the policy's own win rate, so this ranking is close to the ranking by win rate.",
        out,
        displays=[Display("Exploitability", "The strong player's paired gain in each policy's seat.", shown)],
    )


def _riffifi_policies_topic(tables: Tables) -> Topic:
    pol, comp, out = tables["riffifi_policies"], tables["riffifi_comparisons"], []
    for n in sorted(pol.players.unique()):
        rows = pol[(pol.players == n) & ~pol.officer].index
        out.append(
            best_win(
                tables,
                "riffifi_policies",
                rows,
                "{policy} wins {win_rate} % of {players}-player "
                "games (95 % CI {win_low}–{win_high} %, {games} games; a shared win counts 1/k).",
            )
        )
        out += lead(
            tables,
            "riffifi_policies",
            "riffifi_comparisons",
            rows,
            comp[(comp.players == n) & ~comp.officer].index,
            "win_rate",
            "%",
            "points",
        )
    out += established_findings(tables, "riffifi_comparison_counts", "with {n} players (no Officer)")
    variants = pol.assign(variant=pol.officer.map({True: "with Officer", False: "plain"}))
    by = ({"players": "players", "variant": "variant"}, {"players": "players"})
    chips = ("chips a game", ("chips", "chips_low", "chips_high", ".1f", ""))
    differences = (
        "Differences between policies (no Officer)",
        "Win-rate difference in percentage points; the simultaneous interval covers all comparisons of one "
        "player count at once.",
    )
    return Topic(
        "Which policy wins",
        "The default mix of policies plays each player count with the default "
        "rules, and again with the Officer variant. Win rates are over games with 95 % intervals; "
        "differences are paired.",
        out,
        displays=policy_displays(variants, chips, comp[~comp.officer], differences, by),
    )


def _riffifi_positions_topic(tables: Tables) -> Topic:
    name = "riffifi_position_spread"
    out = [
        spread_finding(tables, name, i, "With {players} players, chips per deal", "position", ".2f", "chips")
        for i in tables[name].index
    ]
    pos = tables["riffifi_positions"]
    shown = display(
        pos[~pos.officer],
        {
            "players": "players",
            "position": "position",
            "deals": "deals",
            "chips a deal (95 % CI)": ("chips_per_deal", "ci_low", "ci_high", ".2f", ""),
        },
    )
    return Topic(
        "Start position",
        "Chips won in a deal by place relative to the player who starts it (position "
        "1 starts), without the Officer. Hands pass left and the start rotates, so each dealt hand is "
        "played from one position while the policies rotate through them.",
        out,
        displays=[Display("Chips by start position", "Chips a deal with 95 % intervals over games.", shown)],
    )


def _worth_findings(tables: Tables) -> list[Finding]:
    """Per player count, the Officer's worth over the 1 it replaces (:func:`.game.officer_worth`)."""
    cell, name, out = Cells(tables), "riffifi_officer_worth", []
    for i, r in tables[name].iterrows():
        c = {k: cell(name, i, k, "+.2f") for k in ("worth", "ci_low", "ci_high", "officer", "one")}
        c["players"] = cell(name, i, "players", "d")
        verdict = "established." if r.established else "not established (the interval covers zero)."
        out.append(
            say(
                "With {players} players, the Officer is worth {worth} chips a deal to its holder over the card it "
                "replaces, a one (95 % CI {ci_low} to {ci_high}): its holder's edge over the others' mean is "
                "{officer}, the same deals' holder of that one has {one}; the difference is " + verdict,
                **c,
            )
        )
    return out


def _riffifi_officer_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "riffifi_officer_effect", []
    for i, r in tables[name].iterrows():
        formats = (("players", "d"), ("advantage", "+.2f"), ("ci_low", "+.2f"), ("ci_high", "+.2f"), ("deals", "d"))
        c = cell.row(name, i, formats)
        verdict = "established." if r.established else "not established (the interval covers zero)."
        out.append(
            say(
                "With {players} players, the Officer's holder wins {advantage} chips a deal against the "
                "mean of the others (95 % CI {ci_low} to {ci_high}, {deals} deals): the effect is " + verdict,
                **c,
            )
        )
    out += _worth_findings(tables)
    out += row_findings(
        tables,
        "riffifi_early_eights",
        (("players", "d"), ("value", "d"), ("paid_rate", "%"), ("paid_low", "%"), ("paid_high", "%"), ("plays", "d")),
        "With {players} players, a card of value {value} played as a player's first card of a "
        "deal pays {paid_rate} % of the time (95 % CI {paid_low}–{paid_high} %, {plays} plays).",
    )
    shown = display(
        tables[name],
        {
            "players": "players",
            "deals": "deals",
            "holder minus others, chips a deal (95 % CI)": ("advantage", "ci_low", "ci_high", "+.2f", ""),
        },
    )
    return Topic(
        "The Officer and early cards",
        "What holding the Officer is worth in chips a deal, and how often "
        "an early card pays (the rulebook warns against an early 8).",
        out,
        displays=[
            Display(
                "The Officer",
                "The holder's chips a deal minus the mean of the others, with 95 % intervals over games.",
                shown,
            ),
            Display(
                "The Officer against the 1 it replaces",
                "The same deals played twice, once with the Officer and once with the 1 it replaced in its "
                "place: each holder's chips a deal over the others' mean, and the difference (its interval adds "
                "the two runs' variances).",
                display(
                    tables["riffifi_officer_worth"],
                    {
                        "players": "players",
                        "the Officer's holder (95 % CI)": ("officer", "officer_low", "officer_high", "+.2f", ""),
                        "the 1's holder (95 % CI)": ("one", "one_low", "one_high", "+.2f", ""),
                        "worth over a 1 (95 % CI)": ("worth", "ci_low", "ci_high", "+.2f", ""),
                    },
                ),
            ),
        ],
    )
