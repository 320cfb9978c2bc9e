"""The Riffifi part of the report: its runs, tables, findings and figures (:mod:`razzmatazz.analysis.report`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from razzmatazz.analysis.report.findings import (
    Cells,
    Display,
    FigureFile,
    Finding,
    Tables,
    Topic,
    comparisons,
    first_said,
    gate_clause,
    half_width,
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
STRONG = "search"
"""The strong player seated to check the findings: the search policy at its default budget."""
EVERY = "every seat"
STRONG_DIVISOR = {"quick": 3, "full": 4}
"""The runs with one :data:`STRONG` seat play the study's games per player count divided by this."""
EVERY_DIVISOR = {"quick": 16, "full": 32}
"""The runs with :data:`STRONG` in every seat (about five times slower a game) play the study's games per player
count and variant divided by this."""
STRONG_CHUNK = 128
"""Games per chunk of the strong runs, so that a few hundred games still keep every core busy."""
SEATED_TABLES = ("policies", "pairs")
"""What the runs with one strong seat are for: the ranking."""
EVERY_TABLES = ("positions", "cards", "officer")
"""What the runs with strong players in every seat are for: positions, early cards, the Officer."""
ONE = "officer_one"
"""The table of the runs of the Officer's deals with the 1 it replaced in its place (``officer_as_one``)."""
STRONG_TABLES = ("lineups", *SEATED_TABLES, *EVERY_TABLES, ONE)


def simulate_riffifi(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The Riffifi study (each player count with and without the Officer) and the runs under strong play."""
    from razzmatazz.analysis.riffifi import game as riffifi

    timer, games = Timer(), sizes.shares()
    study = riffifi.study(list(PLAYERS[sizes.mode]), games, seed, progress=progress)
    study["officer_one"] = riffifi.officer_as_one(list(PLAYERS[sizes.mode]), games, seed, progress=progress)
    names = ("policies", "pairs", "positions", "cards", "officer", "officer_one")
    runs = [
        Run(
            f"Riffifi study: default mix, {len(PLAYERS[sizes.mode])} player counts, without and with the Officer, "
            "and the Officer's deals with the 1 it replaced in its place",
            ", ".join(f"riffifi_{n}" for n in names),
            f"{games:,} games per player count and variant",
            seed,
            timer(),
        )
    ]
    tables = {f"riffifi_{k}": study[k].reset_index(drop=True) for k in names}
    timer, n = Timer(), len(PLAYERS[sizes.mode])
    one, every = (max(least, games // d[sizes.mode]) for least, d in ((200, STRONG_DIVISOR), (60, EVERY_DIVISOR)))
    tables.update(strong_study(tables["riffifi_policies"], list(PLAYERS[sizes.mode]), one, every, seed, progress))
    runs.append(
        Run(
            f"Riffifi under strong play: one {STRONG} seat in the default mix ({n} player counts, no Officer), "
            f"and {STRONG} in {EVERY} ({n} player counts, without and with the Officer, and with a 1 in its place)",
            ", ".join(f"riffifi_strong_{k}" for k in STRONG_TABLES),
            f"{one:,} games per player count with one {STRONG} seat, {every:,} per player count and variant "
            f"with {STRONG} in {EVERY}",
            seed,
            timer(),
        )
    )
    timer = Timer()
    tables.update(exploit_study(list(PLAYERS[sizes.mode]), one, seed, progress))
    runs.append(
        Run(
            f"Riffifi exploitability: {STRONG} in the seat of each policy of the default mix in turn, the same deals "
            f"played by the mix itself ({n} player counts, no Officer)",
            EXPLOITED,
            f"{one:,} games per lineup and player count",
            seed,
            timer(),
        )
    )
    return tables, runs


EXPLOITED = "riffifi_exploit"
"""The exploit runs' gains (:func:`razzmatazz.analysis.studies.exploit.exploit`), one row per player count and
policy."""


def exploit_study(players: Sequence[int], games: int, seed: int, progress: bool | None) -> Tables:
    """Per player count, :data:`STRONG`'s paired gain in the seat of each policy of the default mix."""
    from razzmatazz.analysis.riffifi.game import DEFAULT_MIX, leading
    from razzmatazz.analysis.studies.exploit import exploit

    parts = [
        exploit("riffifi", list(DEFAULT_MIX[:n]), n, STRONG, games, seed, progress=progress).gains.assign(players=n)
        for n in players
    ]
    return {EXPLOITED: leading(pd.concat(parts, ignore_index=True), ("players",))}


def least_exploitable(gains: pd.DataFrame) -> pd.DataFrame:
    """Per player count, the policy in whose seat :data:`STRONG` gains the fewest win-rate points, and the next
    fewest; ``separated`` when the two 95 % intervals do not overlap (a conservative test: both gains come from
    one run of the mix)."""
    rows = []
    for n, part in gains.groupby("players", sort=True):
        a, b = part.sort_values("win_rate_difference", kind="stable").iloc[:2].itertuples()
        rows.append(
            {
                "players": int(n),
                "policy": a.policy,
                "gain": a.win_rate_difference,
                "gain_low": a.win_rate_low,
                "gain_high": a.win_rate_high,
                "next": b.policy,
                "next_gain": b.win_rate_difference,
                "next_low": b.win_rate_low,
                "next_high": b.win_rate_high,
                "separated": bool(a.win_rate_high < b.win_rate_low),
                "games": int(a.games),
            }
        )
    return pd.DataFrame(rows)


def leaders(pol: pd.DataFrame, n: int) -> tuple[str, ...]:
    """The two policies with the highest win rates at ``n`` players without the Officer, best first."""
    part = pol[(pol.players == n) & ~pol.officer].sort_values("win_rate", ascending=False, kind="stable")
    return tuple(part.policy[:2])


def strong_lineups(pol: pd.DataFrame, players: Sequence[int]) -> list[dict]:
    """The strong runs: per player count, the default mix without the Officer with one :data:`STRONG` seat in
    place of a policy that neither leader plays, then :data:`STRONG` in every seat without and with the Officer,
    and with the 1 it replaced in its place."""
    from razzmatazz.analysis.riffifi.game import DEFAULT_MIX

    plans = []
    for n in players:
        labels = list(DEFAULT_MIX[:n])
        seat = strong_seat(labels, leaders(pol, n))
        texts = [STRONG if i == seat else x for i, x in enumerate(labels)]
        for officer in (False, True):  # the gate of every verdict at these rules (findings.gated_verdict)
            one_seat = {"players": n, "officer": officer, "as_one": False, "seat": seat + 1, "replaced": labels[seat]}
            plans.append({**one_seat, "texts": texts})
        plans += [
            {"players": n, "officer": o, "as_one": a, "seat": 0, "replaced": EVERY, "texts": [STRONG]}
            for o, a in ((False, False), (True, False), (False, True))
        ]
    return plans


def strong_study(
    pol: pd.DataFrame, players: Sequence[int], one: int, every: int, seed: int, progress: bool | None
) -> Tables:
    """The runs of :func:`strong_lineups` (``one`` games with one strong seat, ``every`` with strong players in
    every seat): the lineups, the policies and pairs of the first kind, the positions, cards and Officer of the
    second, as ``riffifi_strong_*`` tables."""
    from razzmatazz.analysis.riffifi import game as riffifi
    from razzmatazz.core.riffifi.rules import Settings

    parts: dict[str, list[pd.DataFrame]] = {k: [] for k in STRONG_TABLES}
    for p in strong_lineups(pol, players):
        n, officer, full = p["players"], p["officer"], p["replaced"] == EVERY
        result = riffifi.play(
            Settings(players=n, officer=officer, officer_as_one=p["as_one"]),
            riffifi.lineup(p["texts"], n),
            every if full else one,
            seed,
            progress=progress,
            chunk_size=STRONG_CHUNK,
        )
        row = {k: p[k] for k in ("players", "officer", "as_one", "seat", "replaced")}
        row["games"] = result.games
        parts["lineups"].append(pd.DataFrame([{**row, "lineup": ", ".join(x.label for x in result.lineup)}]))
        keys = (ONE,) if p["as_one"] else EVERY_TABLES if full else SEATED_TABLES
        for k in keys:
            part = getattr(result, "officer" if k == ONE else k)
            if len(part):
                parts[k].append(part.assign(players=n, officer=officer))
    from razzmatazz.analysis.riffifi.game import leading

    return {f"riffifi_strong_{k}": leading(pd.concat(f, ignore_index=True)) for k, f in parts.items()}


def derive_riffifi(tables: Tables, sizes: Sizes) -> None:
    """Add the comparison, position-spread, Officer and early-card tables, and the verdicts under strong play."""
    from razzmatazz.analysis.riffifi.game import officer_worth

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
    tables["riffifi_officer_worth"] = officer_worth(off, tables["riffifi_officer_one"])
    if EXPLOITED in tables:
        tables["riffifi_least_exploitable"] = least_exploitable(tables[EXPLOITED])
    if "riffifi_strong_lineups" in tables:
        tables["riffifi_strong_officer_worth"] = officer_worth(
            tables["riffifi_strong_officer"], tables["riffifi_strong_officer_one"]
        )
        tables["riffifi_first_cards"] = first_cards(cards)
        tables["riffifi_strong_first_cards"] = first_cards(tables["riffifi_strong_cards"])
        tables["riffifi_verdicts"] = verdicts(tables)
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


# ----------------------------------------------------------------------------- the findings under strong play

RANKING, POSITIONS, OFFICER, EIGHTS = "policy ranking", "start-position effect", "Officer effect", "early eights"
WORTH = "Officer's worth over a 1"
PLAIN, WITH_OFFICER = "plain rules", "with the Officer"
EARLY_EIGHT, EARLY_LOW = "an early 8", "an early card below 8"
VERDICT_COLUMNS = verdict_columns("variant")
"""The Razzia report's verdict columns, ``variant`` (the rules: :data:`PLAIN` or :data:`WITH_OFFICER`) in place
of its ``mix``."""


def first_cards(cards: pd.DataFrame) -> pd.DataFrame:
    """Per player count without the Officer: how often an 8 played as a player's first card of a deal pays, and
    how often a first card below 8 does, with Wilson intervals."""
    from razzmatazz.analysis.stats import rate_interval

    first = cards[~cards.officer & (cards.orbit == 1)]
    first = first.assign(
        card=first.value.map(lambda v: EARLY_EIGHT if v == 8 else EARLY_LOW),
        paid=(first.paid_rate * first.plays).round().astype("int64"),
    )
    rates = first.groupby(["players", "card"], as_index=False, sort=True)[["plays", "paid"]].sum()
    lo, hi = rate_interval(rates.paid.to_numpy("int64"), rates.plays.to_numpy("int64"))
    rates.insert(1, "officer", False)
    return rates.assign(paid_rate=rates.paid / rates.plays, paid_low=lo, paid_high=hi)


def verdicts(tables: Tables) -> pd.DataFrame:
    """Every finding with its measurement under strong play and the verdict (:func:`strong_verdict`).

    A row states the finding's difference ``higher - lower`` as first measured (``first``: established or not,
    as the finding says it), the same difference in the strong run (``seated``: the policy the one
    :data:`STRONG` seat replaced, or :data:`EVERY`) with its 95 % interval, and the verdict from that interval.
    """
    lineups, rows = tables["riffifi_strong_lineups"], []
    for n in sorted(lineups.players.unique()):
        one = lineups[(lineups.players == n) & (lineups.replaced != EVERY) & ~lineups.officer]
        plain, officer = (_lead_low(tables, n, o) for o in (False, True))
        rows += [
            {"players": int(n), "variant": PLAIN, "seated": one.replaced.iloc[0], **_lead_verdict(tables, n), **plain},
            {"players": int(n), "variant": PLAIN, "seated": EVERY, **_positions_verdict(tables, n), **plain},
            {"players": int(n), "variant": WITH_OFFICER, "seated": EVERY, **_officer_verdict(tables, n), **officer},
            {"players": int(n), "variant": WITH_OFFICER, "seated": EVERY, **_worth_verdict(tables, n), **officer},
            {"players": int(n), "variant": PLAIN, "seated": EVERY, **_eights_verdict(tables, n), **plain},
        ]
    return verdict_table(rows, VERDICT_COLUMNS, (RANKING, POSITIONS, OFFICER, WORTH, EIGHTS))


NO_MEASURE = {"strong_difference": math.nan, "strong_low": math.nan, "strong_high": math.nan}
"""A finding the strong run could not measure again (not established)."""


def _lead_low(tables: Tables, n: int, officer: bool) -> dict[str, float]:
    """The gate of the verdicts at ``n`` players and these rules: :func:`strong_lead_low` of the run with one
    :data:`STRONG` seat (win rate)."""
    pairs = _at(tables["riffifi_strong_pairs"], n, officer)
    return {"strong_lead_low": strong_lead_low(pairs, STRONG, "win_rate_low", "win_rate_high")}


def _at(frame: pd.DataFrame, n: int, officer: bool = False) -> pd.DataFrame:
    return frame[(frame.players == n) & (frame.officer == officer)]


def _pair(frame: pd.DataFrame, n: int, a: str, b: str) -> pd.Series | None:
    """The row of ``frame`` comparing ``a`` and ``b`` (either way round) at ``n`` players without the Officer."""
    part = _at(frame, n)
    hit = part[[{x, y} == {a, b} for x, y in zip(part.policy, part.versus)]]
    return hit.iloc[0] if len(hit) else None


def _lead_verdict(tables: Tables, n: int) -> dict:
    """The lead of the best policy over the second (as the lead finding states it), and with a strong seat."""
    a, b = leaders(tables["riffifi_policies"], n)
    c = _pair(tables["riffifi_comparisons"], n, a, b)
    if c is None:  # the two leaders come from the same run, so their comparison is always there
        raise ValueError(f"no comparison of {a} and {b} at {n} players")
    s = _pair(tables["riffifi_strong_pairs"], n, a, b)
    strong = (
        strong_measure(s.win_rate_difference, s.win_rate_low, s.win_rate_high, s.policy != c.policy)
        if s is not None
        else NO_MEASURE
    )
    return {
        "finding": RANKING,
        "higher": c.policy,
        "lower": c.versus,
        "fmt": "+%",
        "difference": c.difference,
        "ci_low": c.ci_low,
        "ci_high": c.ci_high,
        "first": first_said(c.established),
        **strong,
    }


def _spread_verdict(first: pd.DataFrame, strong: pd.DataFrame, label: str, est: str, low: str, high: str) -> dict:
    """The gap between the highest and lowest row of ``first`` (:func:`spread`), and between the same two rows of
    ``strong`` (``higher``, ``lower``: their ``label``)."""
    o = spread(first, label, est, low, high).iloc[0]
    keep = strong[strong[label].isin([o.highest, o.lowest])]
    s = spread(keep, label, est, low, high).iloc[0] if len(keep) == 2 else None
    return {
        "higher": o.highest,
        "lower": o.lowest,
        "difference": o.gap,
        "ci_low": o.gap_low,
        "ci_high": o.gap_high,
        "first": first_said(o.established),
        **(strong_measure(s.gap, s.gap_low, s.gap_high, s.highest != o.highest) if s is not None else NO_MEASURE),
    }


def _positions_verdict(tables: Tables, n: int) -> dict:
    """The start positions that win the most and the fewest chips a deal, and with strong players in every seat."""
    v = _spread_verdict(
        _at(tables["riffifi_positions"], n),
        _at(tables["riffifi_strong_positions"], n),
        "position",
        "chips_per_deal",
        "ci_low",
        "ci_high",
    )
    return {
        **v,
        "finding": POSITIONS,
        "fmt": "+.2f",
        "higher": f"position {v['higher']}",
        "lower": f"position {v['lower']}",
    }


def _eights_verdict(tables: Tables, n: int) -> dict:
    """How much more often an early card below 8 pays than an early 8, and with strong players in every seat."""
    v = _spread_verdict(
        _at(tables["riffifi_first_cards"], n),
        _at(tables["riffifi_strong_first_cards"], n),
        "card",
        "paid_rate",
        "paid_low",
        "paid_high",
    )
    return {**v, "finding": EIGHTS, "fmt": "+%"}


def _signed_verdict(finding: str, pair: tuple[str, str], first: pd.Series, strong: pd.Series | None, est: str) -> dict:
    """A chips-a-deal finding stated the way round it first came out: ``pair`` is (higher, lower) when the first
    measurement ``first`` (columns ``est``, ``ci_low``, ``ci_high``, ``established``) is positive; ``strong`` is
    the same row of the strong run, or None."""
    flip = bool(first[est] < 0)
    higher, lower = pair[::-1] if flip else pair
    d, lo, hi = oriented(first[est], first.ci_low, first.ci_high, flip)
    return {
        "finding": finding,
        "higher": higher,
        "lower": lower,
        "fmt": "+.2f",
        "difference": d,
        "ci_low": lo,
        "ci_high": hi,
        "first": first_said(bool(first.established)),
        **(strong_measure(strong[est], strong.ci_low, strong.ci_high, flip) if strong is not None else NO_MEASURE),
    }


def _officer_verdict(tables: Tables, n: int) -> dict:
    """The Officer holder's chips a deal against the mean of the others (stated the way round the first
    measurement came out), and with strong players in every seat."""
    s = _at(tables["riffifi_strong_officer"], n, True)
    first = _at(tables["riffifi_officer_effect"], n, True).iloc[0]
    pair = ("the holder", "the others' mean")
    return _signed_verdict(OFFICER, pair, first, s.iloc[0] if len(s) else None, "advantage")


def _worth_verdict(tables: Tables, n: int) -> dict:
    """The Officer's worth to its holder over the 1 it replaces (stated the way round it first came out), and with
    strong players in every seat."""
    s = tables["riffifi_strong_officer_worth"].set_index("players")
    first = tables["riffifi_officer_worth"].set_index("players").loc[n]
    pair = ("the Officer", "the 1 it replaces")
    return _signed_verdict(WORTH, pair, first, s.loc[n] if n in s.index else None, "worth")


STRONG_UNIT = {"+%": " points", "+.2f": " chips a deal"}
STRONG_COLUMNS = ("strong_difference", "strong_low", "strong_high")
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


def _strong_topic(tables: Tables) -> Topic:
    name, cell, out = "riffifi_verdicts", Cells(tables), _strong_wins(tables)
    v = tables[name]
    for i in v.index:
        f, unit = v.at[i, "fmt"], STRONG_UNIT[v.at[i, "fmt"]]
        c = {k: cell(name, i, k, "s") for k in ("finding", "variant", "higher", "lower", "first", "seated", "verdict")}
        c["players"] = cell(name, i, "players", "d")
        c.update({k: cell(name, i, k, f) for k in ("difference", "ci_low", "ci_high", *STRONG_COLUMNS)})
        c["strong_lead_low"] = cell(name, i, "strong_lead_low", "+%")
        gate = gate_clause(v.at[i, "verdict"], v.at[i, "strong_lead_low"], STRONG, " points of win rate")
        strong = (
            f"one {STRONG} seat in place of {{seated}}" if v.at[i, "seated"] != EVERY else f"{STRONG} in {{seated}}"
        )
        out.append(
            say(
                "Under strong play, {finding} with {players} players ({variant}): {higher} minus {lower} was "
                "{difference}" + unit + " (95 % CI {ci_low} to {ci_high}; {first}); with " + strong + " it is "
                "{strong_difference}" + unit + " (95 % CI {strong_low} to {strong_high}): {verdict}" + gate + ".",
                **c,
            )
        )
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
    v = v.assign(
        where=[f"in {x}" if x == EVERY else f"in place of {x}" for x in v.seated],
        lead_text=lead_texts(v.strong_lead_low, "+%", " points"),
    )
    shown = [
        display(
            part,
            {
                "finding": "finding",
                "players": "players",
                "rules": "variant",
                "higher": "higher",
                "lower": "lower",
                "first (95 % CI)": ("difference", "ci_low", "ci_high", f, STRONG_UNIT[f]),
                f"{STRONG} seated": "where",
                "under strong play (95 % CI)": (*STRONG_COLUMNS, f, STRONG_UNIT[f]),
                f"{STRONG}'s smallest lead, low end": "lead_text",
                "verdict": "verdict",
            },
        ).set_index(part.index)
        for f, part in v.groupby("fmt", sort=False)
    ]
    return pd.concat(shown).sort_index().reset_index(drop=True)


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
    out += _worth_findings(tables)
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
