"""Razz for players (issue 11) from the command line: ranges, draw odds, streets, hand names.

Oracles: exact enumeration (hand vs hand, Caro's draw table as tested in tests/razz), hand
checks of who is locked up, and the one-line error contract for bad input.
"""

from __future__ import annotations

import json

import pytest

from razzmatazz.core.cards import cards_str
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, invoke


def _json(args: list[str]) -> dict:
    result = invoke(args + ["--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


# ----------------------------------------------------------------------------- ranges


def test_equity_against_a_range_exactly_states_its_combinations():
    d = _json(["razz", "equity", "A23", "--vs", "[A-8][A-8][A-8]!pair", "--exact"])
    assert d["exact"] is True and d["opponents"][0]["combos"] == 7_941
    assert d["equity"] + d["opponents"][0]["equity"] == pytest.approx(1)
    text = invoke(["razz", "equity", "A23", "--vs", "[A-8][A-8][A-8]!pair", "--exact"]).stdout
    assert "7,941" in text and "live combinations" in text


def test_range_against_range_monte_carlo():
    d = _json(["razz", "equity", "A23,A24@50", "--vs", "xx8,xx7", "--vs", "random", "--trials", "20000", "--seed", "4"])
    assert d["hero_combos"] == 2 * 64 and d["opponents"][1]["combos"] is None
    assert d["opponents"][0]["combos"] == 2 * 4 * 1275  # door 8 or 7, any two of the other 51 down
    assert d["equity"] + sum(o["equity"] for o in d["opponents"]) == pytest.approx(1)


@pytest.mark.parametrize(
    "vs, words",
    [
        ("[A-5", "unbalanced bracket"),
        ("A23@0", "positive number"),
        ("A2Z,A23", "unknown card"),
        ("AsAh2c,AsAh3c", "no combination left"),  # As is the hero's: every combination is blocked
    ],
)
def test_bad_ranges_are_one_line(vs, words, tmp_path):
    result = invoke(["razz", "equity", "As2h3d", "--vs", vs, "--seed", "1", "--out", tmp_path / "r"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, words)
    assert not (tmp_path / "r").exists()


# ----------------------------------------------------------------------------- draw odds


def test_draw_json_has_the_documented_keys_and_caros_number():
    d = _json(["razz", "draw", "A23"])
    assert set(d) >= {"hand", "lows", "eight_or_better"}
    assert list(d["lows"]) == ["5", "6", "7", "8", "9", "T", "J", "Q", "K", "paired"]
    assert sum(d["lows"].values()) == pytest.approx(1)
    assert d["eight_or_better"] == pytest.approx(0.4827, abs=5e-5)  # Caro: A-2-3 makes an 8 or better 48.27 %


def test_draw_table_and_dead_cards():
    text = invoke(["razz", "draw", "A23"]).stdout
    assert "wheel (5)" in text and "8 or better: 48.274%" in text
    worse = _json(["razz", "draw", "A23", "--dead", "4c4d5c5d6c6d7c7d8c8d"])["eight_or_better"]
    assert worse < 0.4827
    assert _json(["razz", "draw", "A2345"])["lows"]["5"] == 1.0


@pytest.mark.parametrize(
    "args, words",
    [
        (["razz", "draw", "A2345678"], "1 to 7 cards"),
        (["razz", "draw", "A2Z"], "unknown card"),
        (
            ["razz", "draw", "As2s3s", "--dead", cards_str([c for c in range(52) if c not in (3, 7, 11, 48, 49, 50)])],
            "too many dead",
        ),
    ],
)
def test_draw_bad_input(args, words):
    result = invoke(args)
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, words)


# ----------------------------------------------------------------------------- streets


def test_street_heads_up_is_exact_and_locks_up():
    d = _json(["razz", "street", "As2h3d4c5s6h7d", "6s7h8d9cTsJhQd"])
    rows = {r["street"]: r for r in d["streets"]}
    assert [r["method"] for r in d["streets"]] == ["exact"] * 5
    assert rows[3]["equity"][0] == pytest.approx(0.59558, abs=5e-6)  # A-2-3 vs 6-7-8, the published number
    assert rows[5]["equity"] == [1.0, 0.0]  # the wheel is made on 5th street
    assert d["seed"] is None
    assert d["best"] == ["wheel", "T-9-8-7-6 low"]


def test_street_folded_players_cards_are_dead():
    d = _json(["razz", "street", "As2h3dQc7s8h2d", "6s7h8d9cTsJh4d", "KcKdK", "--seed", "3", "--trials", "20000"])
    third, fourth = d["streets"][0], d["streets"][1]
    assert third["method"] == "Monte Carlo" and third["active"] == [True, True, True]
    assert fourth["method"] == "exact" and fourth["active"] == [True, True, False] and fourth["equity"][2] is None
    assert sum(third["equity"]) == pytest.approx(1)
    # the kings are dead from 4th street on: the same heads-up with those cards dead
    same = _json(["razz", "equity", "As2h3dQc", "--vs", "6s7h8d9c", "--dead", "KcKdKh", "--exact"])
    assert fourth["equity"][0] == pytest.approx(same["equity"], abs=1e-12)


def test_street_text_output():
    text = invoke(
        ["razz", "street", "As2h3dQc7s8h2d", "6s7h8d9cTsJh4d", "KcKdK", "--seed", "3", "--trials", "20000"]
    ).stdout
    assert "3rd" in text and "7th" in text and "folded" in text and "±" in text
    assert "8-7 low" in text and "9-8-7-6-4 low" in text  # each player's best low, as players say it


@pytest.mark.parametrize(
    "hands, words",
    [
        (["As2h", "6s7h8d"], "3 (3rd street) to 7"),
        (["As2h3d"], "2 to 8 players"),
        (["As2h3d4c5s6h7d8c", "6s7h8d"], "3 (3rd street) to 7"),
        (["As2h3d", "As7h8d"], "duplicate card"),
        (["As2h3d4c", "6s7h8d"], "only one player reaches 4th street"),
        (["As2h3d4c5s", "xx8d9c"], "only one player reaches 5th street"),
    ],
)
def test_street_bad_input(hands, words, tmp_path):
    result = invoke(["razz", "street", *hands, "--seed", "1", "--out", tmp_path / "s"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, words)
    assert not (tmp_path / "s").exists()


# ----------------------------------------------------------------------------- names


def test_eval_prints_names_as_players_say_them():
    rows = _json(["razz", "eval", "As2h3d4c5s6h7d", "8c6d4h2cAs", "KhKd7c4s2h", "7c5d3h2sAc"])
    assert [r["name"] for r in rows] == ["wheel", "8-6-4 low", "pair of kings", "7-5 low"]


# ----------------------------------------------------------------------------- door cards


@pytest.mark.slow
def test_doors_writes_the_chart_and_json_rows(tmp_path):
    out = tmp_path / "doors"
    result = invoke(["razz", "doors", "--format", "json", "--out", out, "--quiet"])
    assert_ok(result)
    rows = json.loads(result.stdout)
    assert len(rows) == 455 * 13
    assert {"start", "door", "equity"} <= set(rows[0])
    cell = {(r["start"], r["door"]): r["equity"] for r in rows}
    assert cell[("A23", "K")] == pytest.approx(0.82644, abs=5e-6)
    assert {r["door"] for r in rows} == set("A23456789TJQK")
    assert rows[0]["start"] == "A23"  # best first
    assert {p.name for p in out.iterdir()} == {"doors.parquet", "doors.csv", "doors.png", "manifest.json"}
    assert (out / "doors.png").read_bytes()[:4] == b"\x89PNG"
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "razz doors" and meta["exact"] is True and meta["cells"] == 455 * 13


@pytest.mark.slow
def test_doors_text_shows_the_top_starts(tmp_path):
    result = invoke(["razz", "doors", "--top", "3", "--out", tmp_path / "d"])
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert lines[1].split()[:3] == ["rank", "start", "A"] and lines[2].split()[:2] == ["1", "A23"]
    assert lines[2].split()[-1] == "82.6"
