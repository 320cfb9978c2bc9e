"""``razzmatazz riffifi explain``: the rulebook's examples as scripts, and scripts that must be refused.

Each file under ``seeds/riffifi/`` is a worked example of the rulebook (or of a ruling in
seeds/riffifi.md); its expected outcome is written here from the rulebook's text, not from a run.
"""

from __future__ import annotations

import json

import pytest

from razzmatazz.analysis.riffifi import explain
from razzmatazz.core.errors import InputError
from tests.cli.test_razz_cli import ROOT, assert_ok, assert_one_line_error, invoke

SCRIPTS = ROOT / "seeds" / "riffifi"
ZERO = {c: 0 for c in ("yellow", "red", "blue", "green", "orange")}


def run(name: str) -> dict:
    result = invoke(["riffifi", "explain", SCRIPTS / name, "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


def chips(**held: int) -> dict:
    return {**ZERO, **held}


def takes(result: dict) -> list[tuple[int, str, int, str]]:
    return [(s["seat"], s["colour"], s["chips"], s["from"]) for s in result["steps"] if s["event"] == "take"]


def test_every_script_in_seeds_is_tested_here():
    assert {p.name for p in SCRIPTS.glob("*.json")} == {
        "undercut.json",
        "claim_seven_red.json",
        "tie_split.json",
        "green_cap.json",
        "self_undercut.json",
        "officer.json",
    }


def test_d2_blue_two_turns_down_blue_five_before_lilly_plays():
    r = run("undercut.json")
    events = [(s["seat"], s["event"], s.get("card")) for s in r["steps"]]
    assert events == [
        (0, "play", "blue 5"),
        (1, "play", "yellow 7"),
        (2, "play", "blue 2"),
        (2, "turned down", "blue 5"),
    ]
    assert r["face_up"] == {"0": [], "1": ["yellow 7"], "2": ["blue 2"], "3": []}


def test_d5_seven_red_six_from_the_richest_then_one_from_a_tied_opponent():
    r = run("claim_seven_red.json")
    assert takes(r) == [(0, "red", 6, "1"), (0, "red", 1, "2")]
    assert r["chips"]["0"] == chips(red=7) and r["chips"]["1"] == chips()
    assert {r["chips"]["2"]["red"], r["chips"]["3"]["red"]} == {2, 3}
    assert r["chips"]["middle"] == chips(yellow=12, blue=12, green=12, orange=12)


def test_d6_five_from_two_tied_opponents_is_three_and_two():
    r = run("tie_split.json")
    got = {}
    for seat, colour, k, giver in takes(r):
        assert seat == 0 and colour == "blue"
        got[giver] = got.get(giver, 0) + k
    assert got == {"middle": 2, "1": 3, "2": 2}  # the odd chip from seat 1, nearest the collector's left
    assert r["chips"]["0"]["blue"] == 7


def test_d7_a_claim_stops_at_twelve_chips():
    r = run("green_cap.json")
    assert takes(r) == [(0, "green", 2, "middle")]
    assert [s["chips"] for s in r["steps"] if s["event"] == "lapse"] == [3]
    assert r["chips"]["0"]["green"] == 12


def test_d3_a_higher_card_of_a_face_up_colour_is_set_aside_unseen():
    r = run("self_undercut.json")
    assert [s["event"] for s in r["steps"]] == ["play", "set aside"]
    assert "unseen" in r["steps"][1]["text"]
    assert r["face_up"]["1"] == ["red 4"] and r["face_up"]["0"] == []


def test_g5_officer_turns_down_a_claim_which_then_pays_nothing():
    r = run("officer.json")
    officer = [s for s in r["steps"] if s["event"] == "officer"]
    assert officer == [
        {"seat": 2, "event": "officer", "text": officer[0]["text"], "target": "yellow", "card": "yellow 7", "owner": 1}
    ]
    assert not any(s["event"] == "claim" and s["seat"] == 1 for s in r["steps"])
    # seat 0's green 1 was still face up when its turn came round: it paid one green from the middle
    assert (0, "green", 1, "middle") in takes(r)
    assert r["face_up"]["0"] == ["green 8"]


def test_text_output_names_every_movement():
    result = invoke(["riffifi", "explain", SCRIPTS / "claim_seven_red.json"])
    assert_ok(result)
    assert "takes 6 red from seat 1" in result.stdout and "takes 1 red from seat 2" in result.stdout


def test_tie_chooser_takes_the_scripts_choice():
    script = json.loads((SCRIPTS / "claim_seven_red.json").read_text())
    script.update(rules={"tie": "chooser"}, choices=[3])
    assert takes(explain(script))[-1] == (0, "red", 1, "3")


def test_the_collector_chooses_by_default_and_without_a_choice_takes_from_the_leader():
    """Rulebook: "one chip from Blondie or Lilly" — the collector's choice (D6, the default). Without a choice in
    the script the leader gives it, as the built-in policies choose: Lilly (seat 3) also holds 5 blue."""
    script = json.loads((SCRIPTS / "claim_seven_red.json").read_text())
    script["chips"]["3"]["blue"] = 5
    r = explain(script)
    assert r["settings"]["tie"] == "chooser"
    assert takes(r) == [(0, "red", 6, "1"), (0, "red", 1, "3")]
    assert any(s["event"] == "note" and "seat 3, the leader" in s["text"] for s in r["steps"])
    script["rules"] = {"tie": "clockwise"}
    assert takes(explain(script))[-1] == (0, "red", 1, "2"), "clockwise: Blondie, nearest the collector's left"
    script["rules"], script["choices"] = {}, [2]
    assert takes(explain(script))[-1] == (0, "red", 1, "2")


def test_after_claim_stay_keeps_the_paid_card_face_up_one_orbit():
    script = {
        "players": 3,
        "start": 0,
        "rules": {"after_claim": "stay"},
        "face_up": {"0": "red 3"},
        "plays": ["blue 2", "green 2", "yellow 2", "orange 2"],
    }
    r = explain(script)
    events = [(s["seat"], s["event"], s.get("card")) for s in r["steps"] if s["event"] != "take"]
    assert events[:2] == [(0, "claim", "red 3"), (0, "play", "blue 2")]
    assert (0, "retire", "red 3") in events  # at seat 0's next turn, before blue 2 pays
    assert r["chips"]["0"]["red"] == 3 and r["chips"]["0"]["blue"] == 2


BAD = [
    ({"players": 6, "plays": ["red 1"]}, "3, 4 or 5 players"),
    ({"players": 4, "plays": ["red 1", "red 1"]}, "already played"),
    ({"players": 4, "plays": ["purple 3"]}, "unknown card"),
    ({"players": 4, "plays": ["red 9"]}, "unknown card"),
    ({"players": 4, "chips": {"1": {"red": 13}}, "plays": ["red 1"]}, "0 to 12"),
    ({"players": 4, "chips": {"1": {"red": 7}, "2": {"red": 6}}, "plays": ["red 1"]}, "more than the 12 red"),
    ({"players": 4, "plays": [{"card": "officer", "target": "red"}]}, "officer"),
    ({"players": 4, "hands": {"0": ["red 2"]}, "plays": ["red 3"]}, "does not hold red 3"),
    ({"players": 4, "face_up": {"0": "red 2"}, "plays": ["red 2"]}, "face up at seat 0"),
    ({"players": 4, "face_up": {"0": "red 2", "1": "red 5"}, "plays": ["blue 1"]}, "two red cards face up"),
    ({"players": 4, "start": 4, "plays": ["red 1"]}, "seat"),
    ({"players": 4, "plays": []}, "non-empty list"),
    ({"players": 4, "plays": ["red 1"], "colour": "x"}, "unknown script keys"),
    ({"players": 4, "officer": True, "plays": [{"card": "officer", "target": "pink"}]}, "target"),
    ({"players": 4, "rules": {"tie": "random"}, "plays": ["red 1"]}, "tie"),
    # the deck of the player count and variant (C2, C4)
    ({"players": 3, "plays": ["red 1", "blue 1"]}, "with 3 players four of the five 1s are set aside"),
    ({"players": 3, "face_up": {"2": "green 1"}, "hands": {"0": ["red 1"]}, "plays": ["red 1"]}, "the script has 2"),
    ({"players": 3, "officer": True, "plays": ["red 1"]}, "with 3 players and the Officer all five 1s leave"),
    (
        {
            "players": 4,
            "officer": True,
            "face_up": {"1": "red 1"},
            "plays": ["yellow 1", "blue 1", "green 1", "orange 1"],
        },
        "with the Officer one of the five 1s leaves",
    ),
    (
        {"players": 5, "officer": True, "plays": ["yellow 1", "blue 1", "green 1", "orange 1", "red 1"]},
        "the script has 5",
    ),
    # no seat has more cards than a hand (C2)
    (
        {
            "players": 3,
            "face_up": {"0": "red 8"},
            "plays": [
                f"{c} {v}"
                for c in ("yellow", "red", "blue", "green", "orange")
                for v in range(2, 9)
                if (c, v) != ("red", 8)
            ][:34],
        },
        "seat 0 has 12 cards played and 1 face up: more than a hand of 12",
    ),
    (
        {
            "players": 5,
            "face_up": {"0": "red 8"},
            "hands": {"0": [f"yellow {v}" for v in range(1, 5)] + [f"blue {v}" for v in range(1, 5)]},
            "plays": ["yellow 1"],
        },
        "seat 0 has 8 cards in hand and 1 face up: more than a hand of 8",
    ),
    # each seat once, written plainly: " 1" would debit the middle twice
    ({"players": 4, "chips": {"1": {"blue": 6}, " 1": {"blue": 6}}, "plays": ["red 1"]}, 'seat " 1" does not'),
    ({"players": 4, "chips": {"1": {"blue": 6}, "01": {"blue": 6}}, "plays": ["red 1"]}, 'seat "01" does not'),
    ({"players": 4, "face_up": {"2": "red 3", "2 ": "blue 3"}, "plays": ["red 1"]}, "does not exist"),
    # rules: types, names, and where a key belongs
    ({"players": 4, "rules": {"chips_per_colour": 12.0}, "plays": ["red 1"]}, "chips_per_colour must be 12 or 10"),
    ({"players": 4, "rules": {"reveal_own": 5}, "plays": ["red 1"]}, "reveal_own must be false or true, got 5"),
    ({"players": 4, "rules": {"reveal_own": "no"}, "plays": ["red 1"]}, "reveal_own must be false or true"),
    (
        {"players": 4, "rules": {"colour_cap": 3}, "plays": ["red 1"]},
        'unknown rule "colour_cap"; rules may set chips_per_colour, reveal_own, after_claim, tie',
    ),
    ({"players": 4, "rules": {"scoring": "ticks"}, "plays": ["red 1"]}, "never reaches it"),
    ({"players": 4, "rules": {"players": 3}, "plays": ["red 1"]}, '"players" belongs at the top of the script'),
    ({"players": 4, "tie": "clockwise", "plays": ["red 1"]}, '"tie" belongs in the script\'s rules'),
    ({"players": 4, "rules": [], "plays": ["red 1"]}, "rules must be an object"),
    # cards
    ({"players": 4, "plays": ["red \u00b2"]}, 'unknown card "red \u00b2"'),
    ({"players": 4, "plays": ["red 3 " + "x" * 5000]}, "unknown card"),
    # choices: used, or refused
    ({"players": 4, "rules": {"tie": "clockwise"}, "choices": [2], "plays": ["red 1"]}, '"tie": "clockwise"'),
    ({"players": 4, "choices": [2], "plays": ["red 1"]}, "1 of the script's 1 is never used"),
    (
        {
            "players": 4,
            "chips": {"1": {"red": 6}, "2": {"red": 3}, "3": {"red": 3}},
            "face_up": {"0": "red 7"},
            "choices": [1],
            "plays": ["green 1"],
        },
        "seat 1 cannot give seat 0 an odd chip; the tied seats are 2, 3",
    ),
    ({"players": 4, "choices": "2", "plays": ["red 1"]}, "choices must be a list of seats"),
]


@pytest.mark.parametrize("script,fragment", BAD, ids=[f for _, f in BAD])
def test_impossible_scripts_are_refused_in_one_line(tmp_path, script, fragment):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script))
    result = invoke(["riffifi", "explain", path])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert len(result.stderr) < 300, "user input is quoted briefly"


def test_a_seat_given_twice_is_refused_from_the_python_api():
    with pytest.raises(InputError, match="chips: seat 1 is given twice"):
        explain({"players": 4, "chips": {"1": {"blue": 6}, 1: {"blue": 6}}, "plays": ["red 1"]})


def test_the_deck_allows_what_it_holds():
    """One 1 at 3 players, four with the Officer at 4 and 5, a full hand with its face-up card."""
    explain({"players": 3, "face_up": {"1": "red 1"}, "plays": ["blue 2"]})
    explain({"players": 4, "officer": True, "plays": ["yellow 1", "blue 1", "green 1", "orange 1"]})
    hand = [f"yellow {v}" for v in range(1, 5)] + [f"blue {v}" for v in range(1, 4)]
    explain({"players": 5, "face_up": {"0": "red 8"}, "hands": {"0": hand}, "plays": ["yellow 1"]})


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"players": 4, "players": 3, "plays": ["red 1"]}', "appears twice"),
        ('{"players": 4, "plays": ["red 1", "red 2"], "plays": ["blue 1"]}', "appears twice"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"players": 4, "plays": [' + "[" * 5000 + "]" * 5000 + "]}", "nested too deeply"),
    ],
)
def test_malformed_files_are_refused(tmp_path, text, fragment):
    path = tmp_path / "script.json"
    path.write_text(text)
    result = invoke(["riffifi", "explain", path])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    missing = invoke(["riffifi", "explain", tmp_path / "nope.json"])
    assert_one_line_error(missing.exit_code, missing.stdout, missing.stderr, "does not exist")
