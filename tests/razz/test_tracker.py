"""Tracker statistics (``analysis/razz/tracker.py``, ``razz stats``), counted by hand on the site test files
(tests/razz/test_sites.py describes the hands): every count below was worked out from the hands' text."""

from __future__ import annotations

import json
from pathlib import Path

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.analysis.razz import tracker
from tests.cli.test_razz_cli import assert_ok, invoke

DATA = Path(__file__).parent / "data" / "sites"
STARS, TILT = DATA / "pokerstars.txt", DATA / "fulltilt.txt"


def counts(*paths: Path) -> dict[str, dict]:
    results, errors = RP.replayed(list(paths))
    assert not errors
    return {name: t.row(name) for name, t in tracker.tally(results).items()}


def test_third_street_counts_follow_the_hands():
    c = counts(STARS)
    # 1001: Villain Two calls the bring-in (a 6 door behind Hero's 4: no steal chance), Hero completes
    assert (c["Villain Two"]["vpip"], c["Villain Two"]["steal_chances"], c["Hero"]["steal_chances"]) == (1, 0, 0)
    assert (c["Hero"]["vpip"], c["Hero"]["completed"], c["Mr. [Bracket]: 7"]["vpip"]) == (1, 1, 0)
    # 2002, 3003, 4004: the lowest door completes an unopened pot against the bring-in alone: a steal
    for stealer, bring_in, folded in (("A:B", "C (d)", 0), ("x", "y", 1), ("Pia", "Quentin 2", 0)):
        assert (c[stealer]["steal_chances"], c[stealer]["steals"]) == (1, 1), stealer
        assert (c[bring_in]["bring_in_faced_steal"], c[bring_in]["bring_in_folded_to_steal"]) == (1, folded)
        assert c[stealer]["others_faced_steal"] == 0
    assert (c["z"]["vpip"], c["z"]["steal_chances"]) == (0, 0)  # folded first, its 5 door behind x's 3
    assert c["C (d)"]["vpip"] == 1 and c["y"]["vpip"] == 0  # re-raised; posted the bring-in and folded


def test_showdown_and_aggression_counts_follow_the_hands():
    c = counts(STARS)
    assert [c[p]["saw_4th"] for p in ("Hero", "Villain Two", "x", "Pia")] == [1, 1, 0, 1]
    assert [(c[p]["showdowns"], c[p]["won_at_showdown"]) for p in ("Hero", "Villain Two", "Pia", "Quentin 2")] == [
        (1, 1),
        (1, 0),
        (1, 0),  # mucked at the showdown: there, not won
        (1, 1),
    ]
    assert (c["x"]["showdowns"], c["x"]["aggressive"]) == (0, 1)
    assert [(c[p]["aggressive"], c[p]["calls"]) for p in ("Hero", "Villain Two", "Pia", "Quentin 2")] == [
        (3, 2),
        (2, 3),
        (3, 3),
        (4, 1),
    ]
    assert c["Hero"]["aggression_factor"] == 1.5 and c["x"]["aggression_factor"] is None  # no call: no factor


def test_a_player_is_counted_over_every_file_and_razz_stats_prints_it():
    both = counts(STARS, TILT)  # Full Tilt's hand 5005 is hand 1001 again, same names
    assert both["Hero"]["hands"] == 2 and both["Hero"]["completed"] == 2 and both["A B"]["steals"] == 1
    result = invoke(["razz", "stats", STARS, TILT, "--format", "json"])
    assert_ok(result)
    data = json.loads(result.stdout)
    assert data["hands"] == 6 and {r["player"]: r["hands"] for r in data["players"]}["Hero"] == 2
    assert set(data["definitions"]) == {name for name, _ in tracker.COLUMNS}
    table = invoke(["razz", "stats", STARS])
    assert_ok(table)
    assert "4 hands" in table.stdout and "100% (1/1)" in table.stdout
    assert invoke(["razz", "stats", STARS, "--format", "csv"]).stdout.startswith("player,hands,vpip,")


RESTEAL = """PokerStars Hand #8001: Tournament #9, $10+$1 USD Razz Limit - Level IV (100/200) - 2026/12/01 20:05:00 ET
Table '9 1' 8-max
Seat 1: North (1000 in chips)
Seat 2: East (1000 in chips)
Seat 3: South (1000 in chips)
Seat 4: West (1000 in chips)
North: posts the ante 20
East: posts the ante 20
South: posts the ante 20
West: posts the ante 20
*** 3rd STREET ***
Dealt to North [Ah 2h 9c]
Dealt to East [Ks]
Dealt to South [3d]
Dealt to West [8s]
East: brings in for 50
South: completes it to 100
West: raises 100 to 200
North: folds
East: folds
South: folds
Uncalled bet (100) returned to West
West collected 330 from pot
*** SUMMARY ***
Total pot 330 | Rake 0
"""


def test_a_fold_after_the_steal_is_re_raised_is_no_fold_to_the_steal(tmp_path):
    path = tmp_path / "resteal.txt"
    path.write_text(RESTEAL)
    c = counts(path)
    assert (c["South"]["steal_chances"], c["South"]["steals"]) == (1, 1)  # a 3 door against 8, 9 and K
    assert (c["West"]["others_faced_steal"], c["West"]["others_folded_to_steal"]) == (1, 0)  # re-raised it
    for p in ("North", "East"):  # they folded to West's re-raise, not to the steal
        assert c[p]["others_faced_steal"] + c[p]["bring_in_faced_steal"] == 0, p
