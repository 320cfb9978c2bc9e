"""The Riffifi report's verdicts under strong play, on constructed tables: each of the three verdicts, the
orientation of a re-measurement that comes the other way round (and of an Officer effect that is a loss), the
early cards' rates, the strong runs' lineups and the seat the strong player takes."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from razzmatazz.analysis.report.findings import HOLDS, NO_VERDICT, NOT_ESTABLISHED, REVERSED
from razzmatazz.analysis.riffifi.game import officer_worth
from razzmatazz.analysis.riffifi.report import (
    EARLY_EIGHT,
    EARLY_LOW,
    EIGHTS,
    EVERY,
    EXPLOITED,
    OFFICER,
    PLAIN,
    POSITIONS,
    RANKING,
    STRONG,
    WITH_OFFICER,
    WORTH,
    _exploit_topic,
    _strong_topic,
    first_cards,
    leaders,
    least_exploitable,
    strong_lineups,
    strong_seat,
    verdicts,
)

N = 3
WIN = ("policy", "games", "win_rate", "win_low", "win_high")


def _frame(columns: tuple[str, ...], rows: list[tuple], officer: bool = False) -> pd.DataFrame:
    return pd.DataFrame([dict(zip(("players", "officer", *columns), (N, officer, *r))) for r in rows])


def _positions(values: list[tuple[float, float, float]]) -> pd.DataFrame:
    return _frame(("position", "chips_per_deal", "ci_low", "ci_high"), [(i + 1, *v) for i, v in enumerate(values)])


def _cards(rows: list[tuple[int, int, int, int]]) -> pd.DataFrame:
    """Card-table rows (orbit, value, plays, paid) without the Officer, as the study writes them."""
    f = _frame(("orbit", "value", "plays", "paid_rate"), [(o, v, n, k / n) for o, v, n, k in rows])
    return f.assign(paid_low=0.0, paid_high=1.0, chips_per_play=0.0)


def _effect(advantage: float, low: float, high: float) -> pd.DataFrame:
    f = _frame(("deals", "advantage", "ci_low", "ci_high"), [(900, advantage, low, high)], officer=True)
    return f.assign(established=(f.ci_low > 0) | (f.ci_high < 0))


def _one(advantage: float, low: float, high: float) -> pd.DataFrame:
    """The Officer table of the runs with a 1 in the Officer's place (its ``officer`` column false)."""
    return _effect(advantage, low, high).assign(officer=False).drop(columns="established")


@pytest.fixture
def tables() -> dict[str, pd.DataFrame]:
    """One player count: the ranking held (the strong run's pair stated the other way round), the start-position
    effect reversed (the other position now highest), the Officer's loss to its holder not established, its worth
    over the 1 it replaces established first and not under strong play, early eights held."""
    pol = _frame(
        ("policy", "win_rate"),
        [("expect", 0.4), ("lowest", 0.33), ("undercut", 0.27)] + [("expect", 0.3)],
    )
    pol.loc[3, "officer"] = True
    pol.loc[3, "win_rate"] = 0.9  # the Officer variant's table never picks the leaders
    first = ("policy", "versus", "difference", "ci_low", "ci_high", "established")
    comp = _frame(first, [("expect", "lowest", 0.07, 0.05, 0.09, True), ("expect", "undercut", 0.12, 0.1, 0.14, True)])
    strong = ("policy", "versus", "win_rate_difference", "win_rate_low", "win_rate_high")
    spairs = pd.concat(
        [
            _frame(
                strong,
                [
                    ("search", "expect", 0.9, 0.8, 1.0),
                    ("lowest", "expect", -0.02, -0.03, -0.01),
                    ("lowest", "search", -0.92, -0.97, -0.87),
                ],
            ),
            _frame(strong, [("search", "expect", 0.8, 0.7, 0.9), ("search", "lowest", 0.85, 0.75, 0.95)], True),
        ],
        ignore_index=True,
    )  # the gate: search's smallest lead's low end, +0.8 (plain rules) and +0.7 (with the Officer)
    t = {
        "riffifi_strong_lineups": pd.DataFrame(
            [
                {"players": N, "officer": False, "seat": 2, "replaced": "undercut"},
                {"players": N, "officer": True, "seat": 2, "replaced": "undercut"},
                {"players": N, "officer": False, "seat": 0, "replaced": EVERY},
                {"players": N, "officer": True, "seat": 0, "replaced": EVERY},
            ]
        ),
        "riffifi_policies": pol,
        "riffifi_comparisons": comp,
        "riffifi_strong_pairs": spairs,
        "riffifi_strong_policies": pd.concat(
            [
                _frame(WIN, [("search", 900, 0.95, 0.94, 0.96), ("expect", 900, 0.03, 0.02, 0.04)]),
                _frame(
                    ("policy", "games", "win_rate", "win_low", "win_high"), [("search", 900, 0.9, 0.88, 0.92)], True
                ),
            ],
            ignore_index=True,
        ),
        "riffifi_positions": _positions([(16.0, 15.9, 16.1), (20.0, 19.9, 20.1), (22.0, 21.9, 22.1)]),
        "riffifi_strong_positions": _positions([(19.0, 18.5, 19.5), (18.0, 17.5, 18.5), (17.0, 16.5, 17.5)]),
        "riffifi_officer_effect": _effect(-0.3, -0.4, -0.2),
        "riffifi_strong_officer": _effect(-0.1, -0.5, 0.3).drop(columns="established"),
        "riffifi_officer_worth": officer_worth(_effect(-0.3, -0.4, -0.2), _one(-0.7, -0.8, -0.6)),
        "riffifi_strong_officer_worth": officer_worth(_effect(-0.1, -0.5, 0.3), _one(-0.3, -0.5, -0.1)),
        "riffifi_first_cards": first_cards(_cards([(1, 8, 100, 2), (1, 1, 100, 100), (1, 2, 100, 60), (2, 8, 50, 40)])),
        "riffifi_strong_first_cards": first_cards(_cards([(1, 8, 200, 80), (1, 3, 300, 210)])),
    }
    return t


def test_first_cards_pool_the_first_orbit_below_8_against_the_8():
    rates = first_cards(_cards([(1, 8, 100, 2), (1, 1, 100, 100), (1, 2, 100, 60), (2, 8, 50, 40)]))
    r = rates.set_index("card")
    assert list(r.index) == sorted([EARLY_EIGHT, EARLY_LOW]) and not rates.officer.any()
    assert (r.at[EARLY_EIGHT, "plays"], r.at[EARLY_EIGHT, "paid"]) == (100, 2)  # the later 8s are not early
    assert (r.at[EARLY_LOW, "plays"], r.at[EARLY_LOW, "paid"]) == (200, 160)
    assert r.at[EARLY_LOW, "paid_rate"] == pytest.approx(0.8)
    assert r.at[EARLY_LOW, "paid_low"] < 0.8 < r.at[EARLY_LOW, "paid_high"]


def test_each_finding_gets_its_verdict(tables):
    v = verdicts(tables).set_index("finding")
    assert list(v.index) == [RANKING, POSITIONS, OFFICER, WORTH, EIGHTS]
    assert v.verdict.to_dict() == {
        RANKING: HOLDS,
        POSITIONS: REVERSED,
        OFFICER: NOT_ESTABLISHED,
        WORTH: NOT_ESTABLISHED,
        EIGHTS: HOLDS,
    }
    assert v.variant.to_dict() == {
        RANKING: PLAIN,
        POSITIONS: PLAIN,
        OFFICER: WITH_OFFICER,
        WORTH: WITH_OFFICER,
        EIGHTS: PLAIN,
    }
    assert v.seated.to_dict() == {RANKING: "undercut", POSITIONS: EVERY, OFFICER: EVERY, WORTH: EVERY, EIGHTS: EVERY}
    # every row's gate is the one-seat run at its rules: the Officer's findings the run with the Officer
    assert v.strong_lead_low.to_dict() == pytest.approx(
        {RANKING: 0.8, POSITIONS: 0.8, OFFICER: 0.7, WORTH: 0.7, EIGHTS: 0.8}
    )
    rank = v.loc[RANKING]  # the strong run states lowest - expect = -0.02: expect - lowest = +0.02 (0.01 to 0.03)
    assert (rank.higher, rank.lower, rank.first) == ("expect", "lowest", "established")
    assert (rank.strong_difference, rank.strong_low, rank.strong_high) == pytest.approx((0.02, 0.01, 0.03))
    pos = v.loc[POSITIONS]  # position 3 first won the most, position 1 the least; now the other way round
    assert (pos.higher, pos.lower, pos.difference) == ("position 3", "position 1", pytest.approx(6.0))
    assert (pos.strong_difference, pos.strong_low, pos.strong_high) == pytest.approx(
        (-2.0, -3.0, -1.0)
    )  # half-widths 0.5 + 0.5
    eights = v.loc[EIGHTS]
    assert (eights.higher, eights.lower) == (EARLY_LOW, EARLY_EIGHT)
    assert (eights.difference, eights.strong_difference) == pytest.approx((0.78, 0.3))


def test_an_officer_that_costs_its_holder_is_stated_as_a_loss(tables):
    off = verdicts(tables).set_index("finding").loc[OFFICER]
    assert (off.higher, off.lower, off.first) == ("the others' mean", "the holder", "established")
    assert (off.difference, off.ci_low, off.ci_high) == pytest.approx((0.3, 0.2, 0.4))
    assert (off.strong_difference, off.strong_low, off.strong_high) == pytest.approx((0.1, -0.3, 0.5))


def test_the_officers_worth_is_its_holders_edge_minus_the_ones_with_both_variances():
    w = officer_worth(_effect(-0.3, -0.4, -0.2), _one(-0.7, -0.8, -0.6)).iloc[0]
    half = math.hypot(0.1, 0.1)  # each half-width is 0.1: the half-widths add in quadrature
    assert (w.players, w.worth, w.officer, w.one) == (N, pytest.approx(0.4), -0.3, -0.7)
    assert (w.ci_low, w.ci_high) == pytest.approx((0.4 - half, 0.4 + half)) and w.established
    wide = officer_worth(_effect(0.0, -0.3, 0.3), _one(-0.2, -0.5, 0.1)).iloc[0]
    assert wide.worth == pytest.approx(0.2) and not wide.established and np.isclose(wide.ci_high - 0.2, 0.3 * 2**0.5)


def test_a_worth_below_the_one_is_stated_the_other_way_round(tables):
    tables["riffifi_officer_worth"] = officer_worth(_effect(-0.9, -1.0, -0.8), _one(-0.3, -0.4, -0.2))
    w = verdicts(tables).set_index("finding").loc[WORTH]
    assert (w.higher, w.lower, w.first) == ("the 1 it replaces", "the Officer", "established")
    assert (w.difference, w.strong_difference) == pytest.approx((0.6, -0.2))


def test_an_officer_worth_chips_reversed_by_strong_holders(tables):
    tables["riffifi_officer_effect"] = _effect(0.05, -0.05, 0.15)
    tables["riffifi_strong_officer"] = _effect(-0.5, -0.7, -0.3)
    off = verdicts(tables).set_index("finding").loc[OFFICER]
    assert (off.higher, off.lower, off.first, off.verdict) == (
        "the holder",
        "the others' mean",
        "not established",
        REVERSED,
    )
    assert off.strong_difference == pytest.approx(-0.5)


def test_no_verdict_at_rules_where_search_is_not_established_ahead(tables):
    pairs = tables["riffifi_strong_pairs"]
    pairs.loc[pairs.officer & (pairs.versus == "lowest"), "win_rate_low"] = -0.02
    v = verdicts(tables).set_index("finding")
    assert v.verdict.to_dict() == {
        RANKING: HOLDS,
        POSITIONS: REVERSED,
        OFFICER: NO_VERDICT,
        WORTH: NO_VERDICT,
        EIGHTS: HOLDS,
    }
    tables["riffifi_verdicts"] = verdicts(tables)
    texts = [f.text for f in _strong_topic(tables).findings]
    assert texts[4].endswith(
        f"{NO_VERDICT} (search is not established stronger than every other policy at its table: the lowest 95 % "
        "bound of its paired leads there is -2.0 points of win rate)."
    )
    tables["riffifi_strong_pairs"] = pairs[~pairs.officer]  # no run with one search seat and the Officer
    v = verdicts(tables).set_index("finding")
    assert v.at[OFFICER, "verdict"] == NO_VERDICT and math.isnan(v.at[OFFICER, "strong_lead_low"])


def test_a_finding_the_strong_run_lost_is_not_established(tables):
    pairs = tables["riffifi_strong_pairs"]
    tables["riffifi_strong_pairs"] = pairs[(pairs.policy == "search") | (pairs.versus == "search")]
    tables["riffifi_strong_officer"] = tables["riffifi_strong_officer"].iloc[:0]
    tables["riffifi_strong_positions"] = tables["riffifi_strong_positions"].iloc[:1]
    tables["riffifi_strong_officer_worth"] = tables["riffifi_strong_officer_worth"].iloc[:0]
    v = verdicts(tables).set_index("finding")
    for f in (RANKING, OFFICER, POSITIONS, WORTH):
        assert v.at[f, "verdict"] == NOT_ESTABLISHED and math.isnan(v.at[f, "strong_difference"])


def test_the_sentences_say_the_verdicts(tables):
    tables["riffifi_verdicts"] = verdicts(tables)
    topic = _strong_topic(tables)
    texts = [f.text for f in topic.findings]
    assert len(texts) == 7 and texts[0] == (
        "With one search seat in place of undercut (3 players, plain rules), search wins 95.0 % of games "
        "(95 % CI 94.0–96.0 %, 900 games)."
    )
    assert texts.pop(1).startswith("With one search seat in place of undercut (3 players, with the Officer)")
    assert texts[1] == (
        "Under strong play, policy ranking with 3 players (plain rules): expect minus lowest was +7.0 points "
        "(95 % CI +5.0 to +9.0; established); with one search seat in place of undercut it is +2.0 points "
        f"(95 % CI +1.0 to +3.0): {HOLDS}."
    )
    assert texts[2].startswith(
        "Under strong play, start-position effect with 3 players (plain rules): position 3 minus position 1 was "
        "+6.00 chips a deal (95 % CI "
    )
    assert "; established); with search in every seat it is -2.00 chips a deal" in texts[2]
    assert texts[2].endswith(f": {REVERSED}.") and texts[3].endswith(f": {NOT_ESTABLISHED}.")
    assert "(with the Officer): the others' mean minus the holder was +0.30 chips a deal" in texts[3]
    assert "Officer's worth over a 1 with 3 players (with the Officer): the Officer minus the 1 it replaces" in texts[4]
    assert texts[4].endswith(f": {NOT_ESTABLISHED}.")
    assert "an early card below 8 minus an early 8 was +78.0 points" in texts[5]
    shown = topic.displays[0].frame
    assert len(shown) == 5 and list(shown.verdict) == list(tables["riffifi_verdicts"].verdict)
    assert list(shown["search seated"]) == ["in place of undercut"] + ["in every seat"] * 4
    assert shown.at[1, "under strong play (95 % CI)"].startswith("-2.00 chips a deal (")
    assert list(shown["search's smallest lead, low end"]) == ["+80.0 points"] * 2 + ["+70.0 points"] * 2 + [
        "+80.0 points"
    ]


def test_the_strong_player_keeps_the_two_leaders_seated(tables):
    assert leaders(tables["riffifi_policies"], N) == ("expect", "lowest")
    assert strong_seat(["expect", "undercut", "lowest"], ("expect", "lowest")) == 1
    assert strong_seat(["expect", "undercut", "lowest", "thief-tuned"], ("thief-tuned", "lowest")) == 1
    assert strong_seat(["a", "b", "c", "d", "e"], ("d", "e")) == 2
    assert strong_seat(["a", "b"], ("a", "b")) == 1


def test_the_strong_runs_are_one_seat_and_every_seat(tables):
    pol = pd.concat([tables["riffifi_policies"], tables["riffifi_policies"].assign(players=4)], ignore_index=True)
    pol.loc[(pol.players == 4) & (pol.policy == "undercut"), "win_rate"] = 0.5  # leaders at 4: undercut, expect
    plans = strong_lineups(pol, [3, 4])
    assert [(p["players"], p["officer"], p["as_one"], p["seat"], p["replaced"]) for p in plans] == [
        (3, False, False, 3, "planner"),
        (3, True, False, 3, "planner"),
        (3, False, False, 0, EVERY),
        (3, True, False, 0, EVERY),
        (3, False, True, 0, EVERY),
        (4, False, False, 4, "thief-tuned"),
        (4, True, False, 4, "thief-tuned"),
        (4, False, False, 0, EVERY),
        (4, True, False, 0, EVERY),
        (4, False, True, 0, EVERY),
    ]
    assert plans[0]["texts"] == plans[1]["texts"] == ["expect", "undercut", STRONG]  # the last seat no leader plays
    assert plans[5]["texts"] == ["expect", "undercut", "planner", STRONG] and plans[7]["texts"] == [STRONG]


def _gains(rows: list[tuple[int, str, float, float, float]]) -> pd.DataFrame:
    """Exploit gains (players, policy, gain, low, high) as :func:`exploit_study` writes them."""
    return pd.DataFrame(
        [
            {
                "players": n,
                "policy": p,
                "games": 1000,
                "win_rate_difference": d,
                "win_rate_low": lo,
                "win_rate_high": hi,
                "payoff_difference": 10 * d,
                "payoff_low": 10 * lo,
                "payoff_high": 10 * hi,
                "win_rate": 0.3,
                "by_win_rate": 0.3 + d,
            }
            for n, p, d, lo, hi in rows
        ]
    )


def test_the_least_exploitable_policy_is_named_and_told_apart_only_without_overlap():
    gains = _gains(
        [
            (3, "expect", 0.5, 0.45, 0.55),
            (3, "lowest", 0.3, 0.28, 0.32),
            (3, "undercut", 0.4, 0.35, 0.45),
            (4, "expect", 0.2, 0.1, 0.3),
            (4, "lowest", 0.25, 0.2, 0.3),
        ]
    )
    least = least_exploitable(gains).set_index("players")
    assert (least.at[3, "policy"], least.at[3, "next"], bool(least.at[3, "separated"])) == ("lowest", "undercut", True)
    assert (least.at[4, "policy"], least.at[4, "next"], bool(least.at[4, "separated"])) == ("expect", "lowest", False)
    tables = {EXPLOITED: gains, "riffifi_least_exploitable": least_exploitable(gains)}
    texts = [f.text for f in _exploit_topic(tables).findings]
    assert texts[0].startswith("With 3 players, search in lowest's seat gains the fewest points of win rate: +30.0")
    assert texts[0].endswith("so lowest is the least exploitable.")
    assert texts[1].endswith("their intervals overlap, so the two are not told apart.")
    assert len(_exploit_topic(tables).displays[0].frame) == 5
