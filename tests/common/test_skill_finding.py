"""The reports' shared finding "how much skill pays" (analysis/report/skill.py): its sentences follow the ladder's
table, the stop where a doubling gains no established amount, and the climb that reached the top."""

from __future__ import annotations

import pandas as pd

from razzmatazz.analysis.report import skill


def _ladder(gains: list[tuple[float, float, float]], stopped_early: bool, unit: str = "bb/100") -> pd.DataFrame:
    rows = []
    for k, (gain, low, high) in enumerate(gains, 1):
        rows.append(
            {
                "rung": k,
                "policy": f"search:samples={2 ** (k - 1)}",
                "samples": 2 ** (k - 1),
                "games": 6000,
                "gain": gain,
                "gain_low": low,
                "gain_high": high,
                "established": low > 0,
                "over_heuristic": 10.0 * k,
                "over_heuristic_low": 10.0 * k - 3,
                "over_heuristic_high": 10.0 * k + 3,
            }
        )
    frame = pd.DataFrame(rows).assign(
        heuristic="steal-tuned", players=6, unit=unit, top=16, last=False, stopped_early=stopped_early
    )
    frame.loc[frame.index[-1], "last"] = True
    return frame


def _texts(frame: pd.DataFrame) -> list[str]:
    return [f.text for f in skill.skill_topic({"razz_ladder": frame}, "razz").findings]


def test_the_stop_is_where_a_doubling_gains_no_established_amount():
    texts = _texts(_ladder([(12.0, 9.0, 15.0), (4.0, 1.0, 7.0), (0.5, -2.0, 3.0)], stopped_early=True))
    assert texts[0].startswith("At 6 players, the search player at one sample a decision (search:samples=1)")
    assert "gains +10.0 bb/100 over steal-tuned (95 % CI +7.0 to +13.0)" in texts[0]
    assert "Its last rung (search:samples=4) gains +30.0 bb/100" in texts[1]
    assert "stops paying, at this sample size, at rung 3 (search:samples=4)" in texts[2]
    assert "+0.5 bb/100 over the rung below (95 % CI -2.0 to +3.0, 6,000 hands a rung)" in texts[2]


def test_a_climb_to_the_top_says_skill_still_pays_and_win_rates_read_as_points():
    frame = _ladder([(0.30, 0.25, 0.35), (0.05, 0.02, 0.08)], stopped_early=False, unit="win-rate points")
    texts = [f.text for f in skill.skill_topic({"riffifi_ladder": frame}, "riffifi").findings]
    assert texts[0].endswith("over steal-tuned (95 % CI +700.0 to +1300.0).")  # fractions, read as points
    assert texts[2] == (
        "Skill still pays at the top budget (16 samples, rung 2): its doubling gains +5.0 win-rate points over the "
        "rung below (95 % CI +2.0 to +8.0), established."
    )
