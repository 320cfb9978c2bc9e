"""The toy game's part of the report (:mod:`razzmatazz.analysis.report`): the smallest complete section, which a new
game copies.

:func:`simulate_toy` makes the run (the shared tournament of the default mix's policies at the default table) and
returns its raw tables, :func:`derive_toy` adds the comparisons, their count and the precision, :func:`toy_topics`
writes the findings from those tables alone (a test hands it other tables and reads other sentences), and
:func:`toy_figures` draws one figure with the report's shared figure code. Table names are the files the report
writes (``toy_policies.csv``, ...).

Nothing here is said under strong play: the section's tournament seats the heuristics only, and a verdict under
strong play needs the strong seat established ahead of every other policy at its table in the same run
(:func:`razzmatazz.analysis.report.findings.gated_verdict`). The game's search player (``core/toy/search.py``)
gets its skill ladder and the "Your policies" comparison in the report without a line here
(:mod:`razzmatazz.analysis.report.skill`, :mod:`razzmatazz.analysis.report.yours`).
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from razzmatazz.analysis.report.findings import Display, FigureFile, Finding, Tables, Topic, comparisons, half_width
from razzmatazz.analysis.report.sections import (
    Columns,
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
    save_figure,
)
from razzmatazz.analysis.toy import SPEC

PLAYERS = 3
"""The table the tournament seats: the toy game's default."""
POLICIES, PAIRS = "toy_policies", "toy_pairs"
"""The run's tables: the tournament's per-policy means and its paired differences (chips a game, both ways round)."""
COMPARISONS, COUNTS, PRECISION = "toy_comparisons", "toy_comparison_counts", "toy_precision"
"""The derived tables."""
WINS = "Which policy wins"


def simulate_toy(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The tournament of the default mix's policies, every :data:`PLAYERS` of them at a table, ``sizes.shares()``
    games a table: its policies and pairs tables, and the run."""
    from razzmatazz.analysis.studies.tournament import tournament
    from razzmatazz.analysis.toy.game import DEFAULT_MIX

    timer = Timer()
    result = tournament(SPEC.name, DEFAULT_MIX, PLAYERS, sizes.shares(), seed, progress=progress)
    tables = {POLICIES: result.policies.assign(players=PLAYERS), PAIRS: result.pairs.assign(players=PLAYERS)}
    run = Run(
        f"{SPEC.title} tournament: the {len(DEFAULT_MIX)} policies of the default mix, every {PLAYERS} of them at "
        "a table, duplicate deals",
        f"{POLICIES}, {PAIRS}",
        f"{result.played:,} games per table, {len(result.lineups)} tables",
        seed,
        timer(),
    )
    return tables, [run]


def derive_toy(tables: Tables, sizes: Sizes) -> None:
    """Add the comparisons (each pair once, simultaneous over every pair), how many are established, and the
    precision."""
    pairs = tables[PAIRS]
    once = pairs[pairs.policy < pairs.versus]  # the tournament states each pair both ways round
    tables[COMPARISONS] = comparisons(once, "difference", "ci_low", "ci_high", ["players"])
    established_count(tables[COMPARISONS], ["players"], COUNTS, tables)
    pol = tables[POLICIES]
    games = int((pol.games // pol.tables).min())
    tables[PRECISION] = precision_table(
        [
            _precision("win rates of the policies", games, pol.win_low, pol.win_high, "%", sizes.share_target),
            _precision("differences between two policies", games, pairs.ci_low, pairs.ci_high, ".2f", None),
        ]
    )


def _precision(what: str, games: int, low: pd.Series, high: pd.Series, fmt: str, target: float | None) -> dict:
    """A row of the precision table: ``fmt`` ``%`` is in points of win rate, else in chips a game."""
    most, least = half_width(low, high)
    return {
        "quantity": f"{SPEC.title} {what}",
        "n": games,
        "n_unit": "games per table",
        "unit": "points" if fmt == "%" else "chips a game",
        "fmt": fmt,
        "target": math.nan if target is None else target,
        "max_half_width": most,
        "min_half_width": least,
    }


def toy_topics(tables: Tables) -> list[Topic]:
    """The findings and displayed tables, from the tables alone."""
    return [_wins_topic(tables), precision_topic(tables, PRECISION, "games")]


def _wins_topic(tables: Tables) -> Topic:
    """The policies' results: findings, the two displayed tables and (drawn apart) the figure."""
    pol = tables[POLICIES]
    return Topic(
        WINS,
        f"The shared tournament seats every {pol.players.iloc[0]} of the {len(pol)} policies of the default mix at a "
        "table, seats rotating every game on duplicate deals. A policy's win rate and chips a game are the means "
        "over its tables with 95 % intervals; a difference between two policies is paired over the tables they "
        "shared, with a simultaneous interval over every pair (Bonferroni).",
        _wins_findings(tables),
        displays=_wins_displays(tables),
    )


def _wins_findings(tables: Tables) -> list[Finding]:
    """The best win rate, the paired difference in chips a game between the two best win rates, and how many
    differences are established."""
    pol, comp = tables[POLICIES], tables[COMPARISONS]
    best = (
        "{policy} wins {win_rate} % of its {players}-player games (95 % CI {win_low}–{win_high} %, {games} games over "
        "its tables; a shared win counts 1/k)."
    )
    return [
        best_win(tables, POLICIES, pol.index, best),
        *lead(tables, POLICIES, COMPARISONS, pol.index, comp.index, "win_rate", ".2f", "chips a game"),
        *established_findings(tables, COUNTS, "with {n} players"),
    ]


def _wins_displays(tables: Tables) -> list[Display]:
    """Each policy's results, and every difference between two policies, with their intervals."""
    columns: Columns = {
        "policy": "policy",
        "tables": "tables",
        "games": "games",
        "win rate (95 % CI)": ("win_rate", "win_low", "win_high", "%", " %"),
        "chips a game (95 % CI)": ("payoff", "payoff_low", "payoff_high", "+.2f", ""),
    }
    caption = "Chips a game, paired over the tables two policies shared; the simultaneous interval covers every pair."
    return [
        Display(
            "Policies",
            "Win rate and chips a game over each policy's tables, 95 % intervals.",
            display(tables[POLICIES], columns),
        ),
        Display("Differences between policies", caption, comparison_display(tables[COMPARISONS], "+.2f", "")),
    ]


def toy_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """The win rates with their intervals (the shared interval figure), for the topic :data:`WINS`."""
    from razzmatazz.analysis.report.figures import interval_figure

    pol = tables[POLICIES]
    n = int(pol.players.iloc[0])
    fig = interval_figure(
        pol,
        "policy",
        "win_rate",
        "win_low",
        "win_high",
        xlabel="win rate (%)",
        title=f"{SPEC.title}, {n} players: win rate over each policy's tables",
        scale=100,
        reference=1 / n,
        reference_label="a fair share",
    )
    caption = "Win rate of each policy with its 95 % interval; the dashed line is a fair share."
    return {WINS: [save_figure(fig, directory, f"{SPEC.name}-policies.png", caption)]}


SECTION = Section(SPEC.title, simulate_toy, derive_toy, toy_topics, toy_figures)
"""The toy game's section, named by ``SPEC.report``."""
