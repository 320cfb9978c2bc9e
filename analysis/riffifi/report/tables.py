"""The Riffifi report's derived tables: comparisons, positions, the Officer, early cards, exploitability, and
the verdicts under strong play."""

from __future__ import annotations

import pandas as pd

from razzmatazz.analysis.report.findings import (
    Tables,
    comparisons,
    first_said,
    half_width,
    oriented,
    spread,
    strong_lead_low,
    strong_measure,
    verdict_columns,
    verdict_table,
)
from razzmatazz.analysis.report.sections import Sizes, established_count, precision_table
from razzmatazz.analysis.report.strong import NO_MEASURE, STRONG, lead_verdict, spread_verdict
from razzmatazz.analysis.riffifi.report.runs import EVERY, EXPLOITED, leaders


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


def _lead_low(tables: Tables, n: int, officer: bool) -> dict[str, float]:
    """The gate of the verdicts at ``n`` players and these rules: :func:`strong_lead_low` of the run with one
    :data:`STRONG` seat (win rate)."""
    pairs = _at(tables["riffifi_strong_pairs"], n, officer)
    return {"strong_lead_low": strong_lead_low(pairs, STRONG, "win_rate_low", "win_rate_high")}


def _at(frame: pd.DataFrame, n: int, officer: bool = False) -> pd.DataFrame:
    return frame[(frame.players == n) & (frame.officer == officer)]


def _lead_verdict(tables: Tables, n: int) -> dict:
    """The lead of the best policy over the second (as the lead finding states it), and with a strong seat."""
    comp, pairs = (_at(tables[k], n) for k in ("riffifi_comparisons", "riffifi_strong_pairs"))
    columns = ("win_rate_difference", "win_rate_low", "win_rate_high")
    return lead_verdict(RANKING, "+%", leaders(tables["riffifi_policies"], n), comp, pairs, columns, f"at {n} players")


def _positions_verdict(tables: Tables, n: int) -> dict:
    """The start positions that win the most and the fewest chips a deal, and with strong players in every seat."""
    first, strong = (_at(tables[k], n) for k in ("riffifi_positions", "riffifi_strong_positions"))
    columns = ("position", "chips_per_deal", "ci_low", "ci_high")
    return spread_verdict(POSITIONS, "+.2f", first, strong, columns, lambda p: f"position {p}")


def _eights_verdict(tables: Tables, n: int) -> dict:
    """How much more often an early card below 8 pays than an early 8, and with strong players in every seat."""
    first, strong = (_at(tables[k], n) for k in ("riffifi_first_cards", "riffifi_strong_first_cards"))
    return spread_verdict(EIGHTS, "+%", first, strong, ("card", "paid_rate", "paid_low", "paid_high"))


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
