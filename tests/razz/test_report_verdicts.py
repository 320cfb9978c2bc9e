"""The Razz report's verdicts under strong play, on constructed tables: each of the three verdicts (a strong run's
pair stated the other way round included), the search seat's own result, the cap-war sentences and table, the
seat the strong player takes and the strong runs' sizes; and the Razz section end to end at a tiny size."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from razzmatazz.analysis.razz.report import (
    AHEAD,
    ALONE,
    BEHIND,
    EXPLOIT,
    LOOSE,
    RANKING,
    SEATED,
    STRONG,
    TOUGH,
    UNCLEAR,
    _razz_strong_topic,
    _streets_display,
    cap_findings,
    leaders,
    search_results,
    strong_hands,
    strong_lineup,
    strong_seat,
    verdicts,
)
from razzmatazz.analysis.report.findings import HOLDS, NO_VERDICT, NOT_ESTABLISHED, REVERSED
from razzmatazz.analysis.report.sections import Sizes

N = 6
COMP = ("policy", "versus", "difference", "ci_low", "ci_high", "established")
PAIRS = ("policy", "versus", "difference_bb_per_100", "ci_low", "ci_high")


def _policies(field: str, rows: list[tuple[str, float, float, float]], hands: int = 12_000) -> pd.DataFrame:
    """A field's policies table (policy, bb/100 and its interval; made-up rates), best first as the runs write it."""
    f = pd.DataFrame(rows, columns=["policy", "bb_per_100", "ci_low", "ci_high"])
    f.insert(0, "field", field)
    rates = {
        f"{k}{x}": v
        for k in ("vpip", "showdown", "won_at_showdown")
        for x, v in (("", 0.3), ("_low", 0.29), ("_high", 0.31))
    }
    f = f.assign(hands=hands, table_players=N, **rates)
    return f.sort_values("bb_per_100", ascending=False, ignore_index=True)


def _frame(columns: tuple[str, ...], rows: list[tuple], field: str | None = None) -> pd.DataFrame:
    f = pd.DataFrame(rows, columns=list(columns))
    if field is not None:
        f.insert(0, "field", field)
    return f


def _streets(field: str, lineup: str, shares: dict[int, tuple[int, int]]) -> pd.DataFrame:
    """A run's streets rows: street -> (rounds, capped), with made-up intervals around the share."""
    rows = [(k, n, c, c / n, c / n - 0.01, c / n + 0.01) for k, (n, c) in shares.items()]
    f = pd.DataFrame(rows, columns=["street", "rounds", "capped", "capped_share", "capped_low", "capped_high"])
    f.insert(0, "lineup", lineup)
    f.insert(0, "field", field)
    return f


@pytest.fixture
def tables() -> dict[str, pd.DataFrame]:
    """Both fields: the tough field's lead (steal-tuned over textbook-tuned, not established) reversed with a
    search seat, the strong run stating the pair the other way round; the loose field's lead (reader over steal,
    established) held; the search seat level with the tough field's best heuristic, behind the loose field's."""
    lineups = pd.DataFrame(
        [
            {"field": TOUGH, "lineup": ALONE, "seat": 0, "replaced": "", "hands": 12_000},
            {"field": LOOSE, "lineup": ALONE, "seat": 0, "replaced": "", "hands": 12_000},
            {"field": TOUGH, "lineup": SEATED, "seat": 5, "replaced": "rock-tuned", "hands": 24_000},
            {"field": LOOSE, "lineup": SEATED, "seat": 6, "replaced": "random", "hands": 24_000},
        ]
    )
    return {
        "razz_lineups": lineups,
        "razz_policies": _policies(
            TOUGH,
            [("textbook-tuned", 1.6, 0.1, 3.0), ("steal-tuned", 3.5, 1.2, 5.9), ("rock-tuned", -7.2, -9.1, -5.4)],
        ),
        "razz_comparisons": _frame(
            COMP,
            [
                ("steal-tuned", "textbook-tuned", 2.0, -1.1, 5.0, False),
                ("steal-tuned", "rock-tuned", 10.8, 7.4, 14.1, True),
                ("textbook-tuned", "rock-tuned", 8.8, 6.1, 11.5, True),
            ],
        ),
        "razz_loose_policies": _policies(
            LOOSE, [("reader", 57.1, 51.3, 63.0), ("steal", 49.9, 44.2, 55.5), ("random", -62.7, -67.5, -57.9)]
        ),
        "razz_loose_comparisons": _frame(
            COMP,
            [
                ("reader", "steal", 7.3, 3.0, 11.6, True),
                ("reader", "random", 119.8, 111.3, 128.4, True),
                ("steal", "random", 112.6, 103.9, 121.3, True),
            ],
        ),
        "razz_strong_policies": pd.concat(
            [
                _policies(
                    TOUGH,
                    [("search", 3.4, 1.1, 5.7), ("textbook-tuned", 1.6, 0.5, 2.8), ("steal-tuned", -4.8, -6.8, -2.8)],
                    24_000,
                ),
                _policies(
                    LOOSE,
                    [("reader", 31.1, 27.9, 34.3), ("steal", 28.5, 25.4, 31.6), ("search", 24.4, 21.3, 27.6)],
                    24_000,
                ),
            ],
            ignore_index=True,
        ),
        "razz_strong_pairs": pd.concat(
            [
                _frame(
                    PAIRS,
                    [
                        ("textbook-tuned", "steal-tuned", 6.4, 3.9, 9.0),
                        ("textbook-tuned", "search", -1.8, -4.6, 1.1),
                        ("steal-tuned", "search", -8.2, -11.0, -5.4),
                    ],
                    TOUGH,
                ),
                _frame(
                    PAIRS,
                    [("reader", "steal", 2.6, 0.5, 4.7), ("search", "reader", -6.7, -11.7, -1.7)],
                    LOOSE,
                ),
            ],
            ignore_index=True,
        ),
        "razz_streets": pd.concat(
            [
                _streets(TOUGH, ALONE, {3: (12_000, 563), 5: (5_565, 0), 7: (4_124, 28)}),
                _streets(LOOSE, ALONE, {3: (12_000, 781), 5: (11_957, 95), 7: (11_957, 67)}),
                _streets(TOUGH, SEATED, {3: (24_000, 1_750), 5: (11_004, 132)}),
            ],
            ignore_index=True,
        ),
    }


def _search_ahead(tables: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The tables with the search seat established ahead of every other policy at both tables (the gate open):
    its smallest lead's low end +1.9 bb/100 in the tough field, +0.6 in the loose one."""
    pairs = tables["razz_strong_pairs"]
    keep = pairs[(pairs.policy != STRONG) & (pairs.versus != STRONG)]
    tough = [(STRONG, "textbook-tuned", 4.8, 1.9, 7.7), ("steal-tuned", STRONG, -11.2, -14.0, -8.4)]
    loose = [(STRONG, "reader", 3.9, 0.6, 7.2), (STRONG, "steal", 6.5, 3.4, 9.6)]
    tables["razz_strong_pairs"] = pd.concat(
        [keep, _frame(PAIRS, tough, TOUGH), _frame(PAIRS, loose, LOOSE)], ignore_index=True
    )
    return tables


def test_no_verdict_where_search_is_not_established_ahead_of_every_other_policy(tables):
    """The fixture's search seat is level with textbook-tuned (tough) and behind reader (loose): although the
    strong runs' intervals would reverse one lead and hold the other, neither gets a verdict."""
    v = verdicts(tables).set_index("finding")
    assert v.verdict.to_dict() == {RANKING: NO_VERDICT, EXPLOIT: NO_VERDICT}
    # tough: textbook-tuned - search in [-4.6, +1.1] gives search's lead a low end of -1.1 (steal-tuned's is +5.4)
    assert v.strong_lead_low.to_dict() == pytest.approx({RANKING: -1.1, EXPLOIT: -11.7})
    ahead = _search_ahead(tables)
    pairs = ahead["razz_strong_pairs"]
    pairs.loc[(pairs.field == LOOSE) & (pairs.versus == "steal"), ["ci_low", "ci_high"]] = [-0.4, 13.4]
    v = verdicts(ahead).set_index("finding")  # ahead of reader, not established ahead of steal: still none
    assert v.at[EXPLOIT, "verdict"] == NO_VERDICT and v.at[EXPLOIT, "strong_lead_low"] == pytest.approx(-0.4)
    assert v.at[RANKING, "verdict"] == REVERSED


def test_each_fields_lead_gets_its_verdict(tables):
    v = verdicts(_search_ahead(tables)).set_index("finding")
    assert list(v.index) == [RANKING, EXPLOIT]
    assert v.verdict.to_dict() == {RANKING: REVERSED, EXPLOIT: HOLDS}
    assert v.field.to_dict() == {RANKING: TOUGH, EXPLOIT: LOOSE}
    assert v.seated.to_dict() == {RANKING: "rock-tuned", EXPLOIT: "random"}
    assert set(v.players) == {N} and set(v.fmt) == {"+.1f"}
    rank = v.loc[RANKING]  # the strong run states textbook - steal = +6.4: steal - textbook = -6.4 (-9.0 to -3.9)
    assert (rank.higher, rank.lower, rank.first) == ("steal-tuned", "textbook-tuned", "not established")
    assert (rank.difference, rank.ci_low, rank.ci_high) == pytest.approx((2.0, -1.1, 5.0))
    assert (rank.strong_difference, rank.strong_low, rank.strong_high) == pytest.approx((-6.4, -9.0, -3.9))
    loose = v.loc[EXPLOIT]
    assert (loose.higher, loose.lower, loose.first) == ("reader", "steal", "established")
    assert (loose.strong_difference, loose.strong_low, loose.strong_high) == pytest.approx((2.6, 0.5, 4.7))
    assert v.strong_lead_low.to_dict() == pytest.approx({RANKING: 1.9, EXPLOIT: 0.6})


def test_a_lead_whose_strong_interval_covers_zero_is_not_established(tables):
    pairs = _search_ahead(tables)["razz_strong_pairs"]
    pairs.loc[(pairs.field == LOOSE) & (pairs.policy == "reader"), ["ci_low", "ci_high"]] = [-2.2, 7.5]
    v = verdicts(tables).set_index("finding")
    assert v.at[EXPLOIT, "verdict"] == NOT_ESTABLISHED and v.at[RANKING, "verdict"] == REVERSED


def test_a_lead_the_strong_run_lost_is_not_established(tables):
    """A pair missing from the strong run (say one leader's seat went to the strong player): no measure."""
    pairs = _search_ahead(tables)["razz_strong_pairs"]
    tables["razz_strong_pairs"] = pairs[~((pairs.field == TOUGH) & (pairs.policy == "textbook-tuned"))]
    v = verdicts(tables).set_index("finding")
    assert v.at[RANKING, "verdict"] == NOT_ESTABLISHED and math.isnan(v.at[RANKING, "strong_difference"])
    assert v.at[EXPLOIT, "verdict"] == HOLDS  # the other field's pair is not taken for it


def test_the_search_seat_is_measured_against_the_best_heuristic_at_its_table(tables):
    s = search_results(tables).set_index("field")
    assert list(s.index) == [TOUGH, LOOSE]
    assert s.best.to_dict() == {TOUGH: "textbook-tuned", LOOSE: "reader"}
    assert s.outcome.to_dict() == {TOUGH: UNCLEAR, LOOSE: BEHIND}
    tough = s.loc[TOUGH]  # stated textbook-tuned - search = -1.8: search - textbook-tuned = +1.8 (-1.1 to +4.6)
    assert (tough.difference, tough.difference_low, tough.difference_high) == pytest.approx((1.8, -1.1, 4.6))
    assert (tough.bb_per_100, tough.hands, tough.replaced, tough.seat) == (pytest.approx(3.4), 24_000, "rock-tuned", 5)
    pairs = tables["razz_strong_pairs"]
    pairs.loc[(pairs.field == TOUGH) & (pairs.versus == STRONG), ["ci_low", "ci_high"]] = [-4.6, -0.1]
    assert search_results(tables).set_index("field").at[TOUGH, "outcome"] == AHEAD


def test_the_sentences_say_the_verdicts_and_the_search_seats_result(tables):
    tables["razz_search"] = search_results(tables)
    tables["razz_verdicts"] = verdicts(tables)
    topic = _razz_strong_topic(tables)
    texts = [f.text for f in topic.findings]
    assert len(texts) == 4
    assert texts[0] == (
        "With one search seat in place of rock-tuned in the tough field (6-handed), search earns +3.4 bb/100 "
        "(95 % CI +1.1 to +5.7, 24,000 hands); search minus textbook-tuned, the best heuristic at that table "
        f"(+1.6 bb/100), is +1.8 bb/100 (95 % CI -1.1 to +4.6, paired over deals): {UNCLEAR}."
    )
    assert texts[1].endswith(f"is -6.7 bb/100 (95 % CI -11.7 to -1.7, paired over deals): {BEHIND}.")
    assert texts[2] == (
        "Under strong play, policy ranking in the tough field (6-handed): steal-tuned minus textbook-tuned was "
        "+2.0 bb/100 (95 % CI -1.1 to +5.0; not established); with one search seat in place of rock-tuned it is "
        f"-6.4 bb/100 (95 % CI -9.0 to -3.9): {NO_VERDICT} (search is not established stronger than every other "
        "policy at its table: the lowest 95 % bound of its paired leads there is -1.1 bb/100)."
    )
    assert texts[3].endswith("the lowest 95 % bound of its paired leads there is -11.7 bb/100).")
    assert "artifact" not in " ".join(texts) and "artifact" not in topic.intro
    shown = topic.displays[0].frame
    assert list(shown.verdict) == [NO_VERDICT, NO_VERDICT]
    assert list(shown["search's smallest lead, low end"]) == ["-1.1 bb/100", "-11.7 bb/100"]
    assert list(topic.displays[1].frame.field) == [TOUGH] * 3 + [LOOSE] * 3


def test_the_sentences_give_a_verdict_where_search_leads_its_table(tables):
    tables = _search_ahead(tables)
    tables["razz_search"] = search_results(tables)
    tables["razz_verdicts"] = verdicts(tables)
    topic = _razz_strong_topic(tables)
    texts = [f.text for f in topic.findings]
    assert texts[0].endswith(f"is +4.8 bb/100 (95 % CI +1.9 to +7.7, paired over deals): {AHEAD}.")
    assert texts[2].endswith(f"it is -6.4 bb/100 (95 % CI -9.0 to -3.9): {REVERSED}.")
    assert texts[3].startswith("Under strong play, who exploits weak players best in the loose field (6-handed): ")
    assert texts[3].endswith(f"in place of random it is +2.6 bb/100 (95 % CI +0.5 to +4.7): {HOLDS}.")
    shown = topic.displays[0].frame
    assert list(shown.verdict) == [REVERSED, HOLDS] and list(shown["search seated in place of"]) == [
        "rock-tuned",
        "random",
    ]
    assert shown.at[0, "with one search seat (95 % CI)"] == "-6.4 bb/100 (-9.0 to -3.9 bb/100)"
    assert list(shown["search's smallest lead, low end"]) == ["+1.9 bb/100", "+0.6 bb/100"]


def test_the_cap_war_sentences_state_5th_and_7th_street_of_each_run(tables):
    texts = [f.text for f in cap_findings(tables)]
    assert texts == [
        "In the tough field 0.0 % of 5th-street betting rounds (95 % CI -1.0–1.0 %, 5,565 rounds) and 0.7 % of "
        "7th-street betting rounds (95 % CI -0.3–1.7 %, 4,124 rounds) reach the cap.",
        "In the loose field 0.8 % of 5th-street betting rounds (95 % CI -0.2–1.8 %, 11,957 rounds) and 0.6 % of "
        "7th-street betting rounds (95 % CI -0.4–1.6 %, 11,957 rounds) reach the cap.",
    ]  # the seated run has no 7th street here, so it says nothing rather than half
    tables["razz_streets"] = pd.concat(
        [tables["razz_streets"], _streets(TOUGH, SEATED, {7: (6_407, 160)})], ignore_index=True
    )
    seated = [f for f in cap_findings(tables) if "search" in f.text]
    assert [f.text for f in seated] == [
        "In the tough field, with one search seat in place of rock-tuned, 1.2 % of 5th-street betting rounds "
        "(95 % CI 0.2–2.2 %, 11,004 rounds) and 2.5 % of 7th-street betting rounds (95 % CI 1.5–3.5 %, 6,407 "
        "rounds) reach the cap."
    ]
    refs = seated[0].refs
    assert (refs["replaced"].table, refs["v1"].table, refs["v1"].column) == (
        "razz_lineups",
        "razz_streets",
        "capped_share",
    )


def test_the_streets_table_has_a_column_per_run(tables):
    shown = _streets_display(tables["razz_streets"])
    assert list(shown.columns) == [
        "street",
        f"{TOUGH} field, {ALONE}",
        f"{LOOSE} field, {ALONE}",
        f"{TOUGH} field, {SEATED}",
    ]
    assert list(shown.street) == ["3rd street", "5th street", "7th street"]
    assert shown.iat[0, 1] == "4.7 % (3.7 to 5.7 %)" and shown.iat[2, 3] == ""


def test_the_strong_player_keeps_the_two_leaders_seated(tables):
    assert leaders(tables["razz_policies"]) == ("steal-tuned", "textbook-tuned")
    assert strong_seat(["a", "b", "c", "d", "e", "a"], ("a", "c")) == 4
    assert strong_seat(["a", "b"], ("a", "b")) == 1
    tough = strong_lineup(TOUGH, tables["razz_policies"])
    assert (tough["seat"], tough["replaced"]) == (5, "rock-tuned")
    assert tough["texts"] == ["textbook-tuned", "reader-tuned", "steal-tuned", "tag", STRONG, "textbook-tuned"]
    loose = strong_lineup(LOOSE, tables["razz_loose_policies"])
    # the loose field's weak seats stay: the search takes rock's seat, the last neither a leader nor weak
    assert (loose["seat"], loose["replaced"], loose["texts"][1]) == (2, "rock", STRONG)
    assert loose["texts"][2] == "station" and loose["texts"][-1] == "random"
    pol = tables["razz_loose_policies"].copy()
    pol.loc[pol.policy == "reader", "policy"] = "random"  # a leader in the last seat: the seat before it
    assert strong_lineup(LOOSE, pol)["replaced"] == "reader"


def test_the_strong_runs_are_the_main_runs_hands_over_a_divisor_with_a_floor():
    assert strong_hands(Sizes("quick", 0.01), 12_000) == 24_000
    assert strong_hands(Sizes("quick", 0.01), 60_000) == 60_000
    assert strong_hands(Sizes("full", 0.0025), 1_000_000) == 250_000
    assert strong_hands(Sizes("full", 0.0025), 28_000) == 120_000
    assert strong_hands(Sizes("quick", 0.01, scale=0.001), 600) == 600  # a hundred deals at the least


@pytest.mark.slow
def test_the_razz_section_runs_end_to_end_at_a_tiny_size(tmp_path):
    """simulate, derive, topics and figures at the smallest size: the runs, tables and topics are all there."""
    from razzmatazz.analysis.razz.report import SECTION, STREETS_TITLE, STRONG_TITLE

    sizes = Sizes("quick", 0.01, scale=0.001)
    tables, runs = SECTION.simulate(sizes, 3, False)
    SECTION.derive(tables, sizes)
    assert len(runs) == 6 and sum(STRONG in r.what for r in runs) == 2
    lineups = tables["razz_lineups"]
    assert list(zip(lineups.field, lineups.lineup)) == [
        (TOUGH, ALONE),
        (LOOSE, ALONE),
        (TOUGH, SEATED),
        (LOOSE, SEATED),
    ]
    assert all(x.split(", ").count(STRONG) == (y == SEATED) for x, y in zip(lineups.policies, lineups.lineup))
    assert set(tables["razz_policies"].field) == {TOUGH} and set(tables["razz_loose_policies"].field) == {LOOSE}
    st = tables["razz_streets"]
    assert len(st) == 4 * 5 and (st.capped <= st.rounds).all()
    assert len(tables["razz_verdicts"]) == 2 and len(tables["razz_search"]) == 2
    topics = {t.title: t for t in SECTION.topics(tables)}
    assert len(topics[STRONG_TITLE].findings) == 4 and len(topics[STREETS_TITLE].findings) == 4
    figures = SECTION.figures(tables, tmp_path)
    assert {f.name for fs in figures.values() for f in fs} >= {"razz-loose-policies.png", "razz-streets.png"}
    assert all((tmp_path / f.name).stat().st_size > 1000 for fs in figures.values() for f in fs)
