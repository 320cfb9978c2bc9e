"""The Razzia report's verdicts under strong play, on constructed tables: each of the three verdicts, the
orientation of a re-measurement that comes the other way round, and the seat the strong player takes."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from razzmatazz.analysis.razzia.report import (
    CROUPIER,
    DEFAULT_MIX,
    HAGGLING,
    HAGGLING_MIX,
    POLICE,
    RANKING,
    _razzia_strong_topic,
    leaders,
    strong_seat,
    verdicts,
)
from razzmatazz.analysis.report.findings import (
    HOLDS,
    NO_VERDICT,
    NOT_ESTABLISHED,
    REVERSED,
    VERDICTS,
    gated_verdict,
    strong_lead_low,
    strong_verdict,
)

N = 3


def _rates(police: tuple[float, float, float], free: tuple[float, float, float]) -> pd.DataFrame:
    rows = [(k, *v) for k, v in (("police", police), ("gambler_police", (0.6, 0.5, 0.7)), ("gambler_free", free))]
    return pd.DataFrame(
        [
            {"players": N, "mix": DEFAULT_MIX, "kind": k, "win_rate": r, "win_low": lo, "win_high": hi}
            for k, r, lo, hi in rows
        ]
    )


def _croupier(values: list[tuple[float, float, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"players": N, "mix": DEFAULT_MIX, "distance": d, "money_per_round": m, "ci_low": lo, "ci_high": hi}
            for d, (m, lo, hi) in enumerate(values)
        ]
    )


def _pairs(rows: list[tuple[str, str, str, float, float, float]], names: tuple[str, str, str]) -> pd.DataFrame:
    return pd.DataFrame([dict(zip(("players", "mix", *names), (N, *r))) for r in rows])


@pytest.fixture
def tables() -> dict[str, pd.DataFrame]:
    """One player count: police cards no longer established, the ranking held (the strong run's pair stated
    the other way round), haggling reversed, the croupier effect reversed (the other distance now highest)."""
    pol = pd.DataFrame(
        [
            {"players": N, "mix": mix, "policy": p, "win_rate": w}
            for mix, rows in (
                (DEFAULT_MIX, (("bigpot", 0.25), ("hunter", 0.4), ("greedy", 0.35))),
                (HAGGLING_MIX, (("greedy", 0.4), ("greedy:haggle=1", 0.25), ("greedy:haggle=2", 0.35))),
            )
            for p, w in rows
        ]
    )
    first = ("policy", "versus", "difference", "ci_low", "ci_high", "established")
    comp = _pairs(
        [
            (DEFAULT_MIX, "hunter", "greedy", 0.05, 0.02, 0.08, True),
            (DEFAULT_MIX, "hunter", "bigpot", 0.15, 0.1, 0.2, True),
            (HAGGLING_MIX, "greedy", "greedy:haggle=2", 0.05, 0.01, 0.09, True),
        ],
        first,
    )
    strong = ("policy", "versus", "win_rate_difference", "win_rate_low", "win_rate_high")
    spairs = _pairs(
        [
            (DEFAULT_MIX, "greedy", "hunter", -0.04, -0.06, -0.02),
            (DEFAULT_MIX, "search", "hunter", 0.2, 0.1, 0.3),
            (DEFAULT_MIX, "greedy", "search", -0.15, -0.2, -0.09),
            (HAGGLING_MIX, "greedy", "greedy:haggle=2", -0.05, -0.08, -0.02),
            (HAGGLING_MIX, "search", "greedy", 0.1, 0.03, 0.17),
            (HAGGLING_MIX, "greedy:haggle=2", "search", -0.12, -0.19, -0.05),
        ],
        strong,
    )
    return {
        "razzia_strong_lineups": pd.DataFrame(
            [
                {"players": N, "mix": DEFAULT_MIX, "seat": 1, "replaced": "bigpot"},
                {"players": N, "mix": HAGGLING_MIX, "seat": 2, "replaced": "greedy:haggle=1"},
            ]
        ),
        "razzia_policies": pol,
        "razzia_comparisons": comp,
        "razzia_strong_pairs": spairs,
        "razzia_police_rates": _rates((0.3, 0.28, 0.32), (0.5, 0.48, 0.52)),
        "razzia_strong_police_rates": _rates((0.4, 0.35, 0.45), (0.42, 0.37, 0.47)),
        "razzia_croupier": _croupier([(-1000, -1500, -500), (500, 0, 1000), (800, 300, 1300)]),
        "razzia_strong_croupier": _croupier([(1000, 800, 1200), (0, -200, 200), (-1000, -1200, -800)]),
    }


def test_strong_verdict_from_the_oriented_interval():
    assert strong_verdict(0.01, 0.2) == HOLDS
    assert strong_verdict(-0.01, 0.2) == NOT_ESTABLISHED
    assert strong_verdict(-0.2, -0.01) == REVERSED
    assert strong_verdict(math.nan, math.nan) == NOT_ESTABLISHED
    assert not any("artifact" in v for v in VERDICTS)  # whether the first finding stood is its own column


def test_the_gate_is_the_strong_seats_smallest_lead_over_the_others_at_its_table(tables):
    pairs = tables["razzia_strong_pairs"]
    at = pairs[pairs.mix == DEFAULT_MIX]  # search - hunter in [0.1, 0.3], greedy - search in [-0.2, -0.09]
    assert strong_lead_low(at, "search", "win_rate_low", "win_rate_high") == pytest.approx(0.09)
    assert math.isnan(strong_lead_low(at[at.policy == "greedy"].iloc[:1], "search", "win_rate_low", "win_rate_high"))
    assert gated_verdict(0.001, 0.01, 0.2) == HOLDS and gated_verdict(0.0, 0.01, 0.2) == NO_VERDICT
    assert gated_verdict(math.nan, -0.2, -0.1) == NO_VERDICT


def test_no_verdict_where_search_is_not_established_ahead(tables):
    pairs = tables["razzia_strong_pairs"]
    pairs.loc[(pairs.mix == HAGGLING_MIX) & (pairs.policy == "search"), "win_rate_low"] = -0.01
    v = verdicts(tables).set_index("finding")
    assert v.at[HAGGLING, "verdict"] == NO_VERDICT and v.at[HAGGLING, "strong_lead_low"] == pytest.approx(-0.01)
    assert v.at[RANKING, "verdict"] == HOLDS  # the other mix's table keeps its gate
    tables["razzia_verdicts"] = verdicts(tables)
    texts = [f.text for f in _razzia_strong_topic(tables).findings]
    assert texts[2].endswith(
        f": {NO_VERDICT} (search is not established stronger than every other policy at its table: the lowest "
        "95 % bound of its paired leads there is -1.0 points of win rate)."
    )


def test_each_headline_finding_gets_its_verdict(tables):
    v = verdicts(tables).set_index("finding")
    assert list(v.index) == [POLICE, RANKING, HAGGLING, CROUPIER]
    assert v.strong_lead_low.to_dict() == pytest.approx({POLICE: 0.09, RANKING: 0.09, HAGGLING: 0.03, CROUPIER: 0.09})
    assert v.verdict.to_dict() == {POLICE: NOT_ESTABLISHED, RANKING: HOLDS, HAGGLING: REVERSED, CROUPIER: REVERSED}
    police = v.loc[POLICE]  # first: gambler without police above the police card, gap 0.2, established
    assert (police.higher, police.lower, police.first) == ("gambler, no police", "police card", "established")
    assert police.difference == pytest.approx(0.2) and police.strong_difference == pytest.approx(0.02)
    rank = v.loc[RANKING]  # the strong run states greedy - hunter = -0.04: hunter - greedy = +0.04 (0.02 to 0.06)
    assert (rank.higher, rank.lower, rank.seated) == ("hunter", "greedy", "bigpot")
    assert (rank.strong_difference, rank.strong_low, rank.strong_high) == pytest.approx((0.04, 0.02, 0.06))
    crou = v.loc[CROUPIER]  # distance 2 first won the most, distance 0 the least; now the other way round
    assert (crou.higher, crou.lower) == ("distance 2", "distance 0")  # gap's half-width: 200 + 200
    assert (crou.strong_difference, crou.strong_low, crou.strong_high) == pytest.approx((-2000, -2400, -1600))


def test_a_lost_comparison_is_not_established(tables):
    tables["razzia_strong_pairs"] = tables["razzia_strong_pairs"].iloc[1:]
    v = verdicts(tables).set_index("finding")
    assert v.at[RANKING, "verdict"] == NOT_ESTABLISHED and math.isnan(v.at[RANKING, "strong_difference"])


def test_the_sentences_say_the_verdicts(tables):
    tables["razzia_verdicts"] = verdicts(tables)
    texts = [f.text for f in _razzia_strong_topic(tables).findings]
    assert len(texts) == 4
    assert texts[2].startswith(
        "Under strong play, haggling styles with 3 players (haggling styles): greedy minus "
        "greedy:haggle=2 was +5.0 points (95 % CI +1.0 to +9.0; established); with one search "
        "seat in place of greedy:haggle=1 it is -5.0 points (95 % CI -8.0 to -2.0): "
    )
    assert texts[2].endswith(REVERSED + ".")
    assert texts[1].endswith(HOLDS + ".") and texts[0].endswith(NOT_ESTABLISHED + ".")
    assert "distance 2 minus distance 0 was +$1,800 a round" in texts[3]


def test_the_strong_player_keeps_the_two_leaders_seated(tables):
    assert leaders(tables["razzia_policies"], N, DEFAULT_MIX) == ("hunter", "greedy")
    assert strong_seat(["greedy", "hunter", "bigpot"], ("hunter", "greedy")) == 2
    assert strong_seat(["greedy", "h1", "h2", "greedy", "h1"], ("h2", "greedy")) == 4
    assert strong_seat(["a", "b", "a"], ("a", "b")) == 2  # no other policy: a seat of a repeated one
    assert strong_seat(["a", "b"], ("a", "b")) == 1
