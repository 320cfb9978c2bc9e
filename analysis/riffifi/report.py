"""The Riffifi part of the report: its runs, tables, findings and figures (:mod:`razzmatazz.analysis.report`)."""

from __future__ import annotations

from pathlib import Path

from razzmatazz.analysis.report.findings import (
    Cells,
    Display,
    FigureFile,
    Tables,
    Topic,
    comparisons,
    half_width,
    say,
    spread,
)
from razzmatazz.analysis.report.sections import (
    Run,
    Section,
    Sizes,
    Timer,
    best_win,
    comparison_display,
    display,
    established_count,
    established_findings,
    lead,
    precision_table,
    precision_topic,
    spread_finding,
)

PLAYERS = {"quick": (3, 4, 5), "full": (3, 4, 5)}
"""The study's player counts in each mode."""


def simulate_riffifi(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The Riffifi study: each player count with and without the Officer."""
    from razzmatazz.analysis.riffifi import game as riffifi

    timer, games = Timer(), sizes.shares()
    study = riffifi.study(list(PLAYERS[sizes.mode]), games, seed, progress=progress)
    names = ("policies", "pairs", "positions", "cards", "officer")
    runs = [
        Run(
            f"Riffifi study: default mix, {len(PLAYERS[sizes.mode])} player counts, without and with the Officer",
            ", ".join(f"riffifi_{n}" for n in names),
            f"{games:,} games per player count and variant",
            seed,
            timer(),
        )
    ]
    return {f"riffifi_{k}": study[k].reset_index(drop=True) for k in names}, runs


def derive_riffifi(tables: Tables, sizes: Sizes) -> None:
    """Add the comparison, position-spread, Officer and early-card tables."""
    tables["riffifi_comparisons"] = comparisons(
        tables["riffifi_pairs"], "win_rate_difference", "win_rate_low", "win_rate_high", ["players", "officer"]
    )
    comp = tables["riffifi_comparisons"]
    established_count(comp[~comp.officer].reset_index(drop=True), ["players"], "riffifi_comparison_counts", tables)
    pos = tables["riffifi_positions"]
    tables["riffifi_position_spread"] = spread(
        pos[~pos.officer], "position", "chips_per_deal", "ci_low", "ci_high", ["players"]
    )
    off = tables["riffifi_officer"]
    tables["riffifi_officer_effect"] = off.assign(established=(off.ci_low > 0) | (off.ci_high < 0))
    cards = tables["riffifi_cards"]
    tables["riffifi_early_eights"] = cards[(~cards.officer) & (cards.orbit == 1) & (cards.value == 8)].reset_index(
        drop=True
    )
    pol = tables["riffifi_policies"]
    hi, lo = half_width(pol.win_low, pol.win_high)
    tables["riffifi_precision"] = precision_table(
        [
            {
                "quantity": "Riffifi win rates of the policies",
                "n": int(pol.games.min()),
                "n_unit": "games per player count and variant",
                "unit": "points",
                "fmt": "%",
                "target": sizes.share_target,
                "max_half_width": hi,
                "min_half_width": lo,
            }
        ]
    )


def riffifi_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Riffifi report, from its tables."""
    return [
        _riffifi_policies_topic(tables),
        _riffifi_positions_topic(tables),
        _riffifi_officer_topic(tables),
        precision_topic(tables, "riffifi_precision", "games"),
    ]


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
    shown = display(
        pol.assign(variant=pol.officer.map({True: "with Officer", False: "plain"})),
        {
            "players": "players",
            "variant": "variant",
            "policy": "policy",
            "games": "games",
            "win rate (95 % CI)": ("win_rate", "win_low", "win_high", "%", " %"),
            "chips a game (95 % CI)": ("chips", "chips_low", "chips_high", ".1f", ""),
        },
    )
    return Topic(
        "Which policy wins",
        "The default mix of policies plays each player count with the default "
        "rules, and again with the Officer variant. Win rates are over games with 95 % intervals; "
        "differences are paired.",
        out,
        displays=[
            Display("Policies", "Win rate and chips a game with 95 % intervals.", shown),
            Display(
                "Differences between policies (no Officer)",
                "Win-rate difference in "
                "percentage points; the simultaneous interval covers all comparisons of one "
                "player count at once.",
                comparison_display(comp[~comp.officer], "+%", "", {"players": "players"}),
            ),
        ],
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


def _riffifi_officer_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "riffifi_officer_effect", []
    for i, r in tables[name].iterrows():
        c = {
            k: cell(name, i, k, f)
            for k, f in (
                ("players", "d"),
                ("advantage", "+.2f"),
                ("ci_low", "+.2f"),
                ("ci_high", "+.2f"),
                ("deals", "d"),
            )
        }
        verdict = "established." if r.established else "not established (the interval covers zero)."
        out.append(
            say(
                "With {players} players, the Officer's holder wins {advantage} chips a deal against the "
                "mean of the others (95 % CI {ci_low} to {ci_high}, {deals} deals): the effect is " + verdict,
                **c,
            )
        )
    eights = "riffifi_early_eights"
    for i in tables[eights].index:
        c = {
            k: cell(eights, i, k, f)
            for k, f in (
                ("players", "d"),
                ("value", "d"),
                ("paid_rate", "%"),
                ("paid_low", "%"),
                ("paid_high", "%"),
                ("plays", "d"),
            )
        }
        out.append(
            say(
                "With {players} players, a card of value {value} played as a player's first card of a "
                "deal pays {paid_rate} % of the time (95 % CI {paid_low}–{paid_high} %, {plays} plays).",
                **c,
            )
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
            )
        ],
    )


def riffifi_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Riffifi figures (the study's own); returns them by topic title."""
    from razzmatazz.analysis.riffifi.plots import study_figures

    study = {k: tables[f"riffifi_{k}"] for k in ("policies", "positions", "officer", "cards")}
    work = directory / ".riffifi-figures"
    work.mkdir()
    names = study_figures(study)(work)
    for n in names:
        (work / n).rename(directory / f"riffifi-{n.replace('_', '-')}")
    work.rmdir()
    file = {n.split(".")[0]: f"riffifi-{n.replace('_', '-')}" for n in names}
    return {
        "Which policy wins": [
            FigureFile(
                file["study_policies"],
                "Win rate by player count with 95 % intervals (no Officer); the dashed line is a fair share.",
            )
        ],
        "Start position": [
            FigureFile(
                file["study_positions"],
                "Left: chips a deal by start position; right: the Officer holder's advantage; 95 % intervals.",
            )
        ],
        "The Officer and early cards": [
            FigureFile(
                file["study_cards"],
                "How often the first card a player plays in a deal pays, by its value; 95 % Wilson intervals.",
            )
        ],
    }


SECTION = Section("Riffifi", simulate_riffifi, derive_riffifi, riffifi_topics, riffifi_figures)
