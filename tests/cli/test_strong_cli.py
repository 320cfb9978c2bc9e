"""``razzmatazz exploit`` and ``razzmatazz tune``: every game, every format, files, bad input.

Oracles: the JSON agrees with the text and the files written; the printed best row is a policy the
parser reads back; the same seed gives the same bytes; every bad input is one line on stderr, exit
status 2, and nothing written.
"""

from __future__ import annotations

import json

import pandas as pd
import pytest

from razzmatazz.analysis import games
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, hidden_leftovers, invoke, snapshot

EXPLOIT = {
    "razzia": [
        "exploit",
        "razzia",
        "--field",
        "random,greedy",
        "--players",
        "3",
        "--by",
        "greedy:haggle=1",
        "--games",
        "200",
        "--seed",
        "3",
    ],
    "riffifi": [
        "exploit",
        "riffifi",
        "--field",
        "random",
        "--field",
        "lowest",
        "--players",
        "3",
        "--by",
        "expect",
        "--games",
        "200",
        "--seed",
        "3",
    ],
    "razz": [
        "exploit",
        "razz",
        "--field",
        "station,random",
        "--players",
        "2",
        "--by",
        "tag",
        "--games",
        "400",
        "--seed",
        "3",
    ],
}
TUNE = {
    "razzia": [
        "tune",
        "razzia",
        "bigpot:threshold=0",
        "--field",
        "greedy",
        "--players",
        "3",
        "--budget",
        "6",
        "--games-per-eval",
        "150",
        "--seed",
        "4",
    ],
    "riffifi": [
        "tune",
        "riffifi",
        "undercut",
        "--field",
        "lowest",
        "--players",
        "3",
        "--budget",
        "5",
        "--games-per-eval",
        "100",
        "--seed",
        "4",
    ],
    "razz": [
        "tune",
        "razz",
        "steal",
        "--field",
        "tag",
        "--players",
        "2",
        "--budget",
        "5",
        "--games-per-eval",
        "200",
        "--objective",
        "payoff",
        "--fix",
        "max_card",
        "--seed",
        "4",
    ],
}


def run_json(args: list[str]) -> dict:
    result = invoke([*args, "--format", "json", "--quiet"])
    assert_ok(result)
    assert result.stderr == ""
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", list(EXPLOIT))
def test_exploit_every_game(game):
    data = run_json(EXPLOIT[game])
    assert data["game"] == game and data["batches"] == 20
    gains = data["gains"]
    expected = {"razzia": ["random", "greedy"], "riffifi": ["random", "lowest"], "razz": ["station", "random"]}
    assert [r["policy"] for r in gains] == expected[game]
    for r in gains:
        assert r["payoff_low"] <= r["payoff_difference"] <= r["payoff_high"]
        assert r["win_rate_low"] <= r["win_rate_difference"] <= r["win_rate_high"]
    text = invoke(EXPLOIT[game])
    assert_ok(text)
    assert "Gain of" in text.stdout and f"{gains[0]['win_rate_difference']:+.1%}" in text.stdout
    assert "in the seat of" in text.stderr


@pytest.mark.parametrize("game", list(TUNE))
def test_tune_every_game_prints_a_row_the_parser_reads_back(game):
    data = run_json(TUNE[game])
    assert data["game"] == game and len(data["history"]) == data["budget"]
    g = games.game(game)
    assert g.parse(data["best"], data["players"]).text == data["best"]
    text = invoke(TUNE[game])
    assert_ok(text)
    assert f"best: {data['best']}" in text.stdout and "Confirmed on fresh seeds" in text.stdout
    assert "generation 1:" in text.stderr


def test_same_seed_same_bytes_any_threads_and_csv():
    args = TUNE["razzia"]
    a = invoke([*args, "--format", "json", "--threads", "1", "--quiet"]).stdout
    b = invoke([*args, "--format", "json", "--threads", "2", "--quiet"]).stdout
    assert a == b
    csv = invoke([*EXPLOIT["razzia"], "--format", "csv", "--quiet"])
    assert_ok(csv)
    assert csv.stdout.splitlines()[0].startswith("policy,by,player,games,payoff_difference")


@pytest.mark.parametrize("command", ["exploit", "tune"])
def test_out_writes_tables_and_manifest(command, tmp_path):
    out = tmp_path / command
    args = EXPLOIT["razzia"] if command == "exploit" else TUNE["razzia"]
    result = invoke([*args, "--out", out, "--format", "json"])
    assert_ok(result)
    assert f"written: {out}" in result.stderr
    meta = json.loads((out / "manifest.json").read_text())
    data = json.loads(result.stdout)
    assert meta["kind"] == command and meta["game"] == "razzia" and meta["seed"] == 4 - (command == "exploit")
    tables = ("gains", "batches") if command == "exploit" else ("history", "confirm")
    assert {f"{t}.parquet" for t in tables} <= set(meta["files"])
    first = pd.read_parquet(out / f"{tables[0]}.parquet")
    assert len(first) == len(data[tables[0] if command == "exploit" else "history"])
    if command == "tune":
        assert meta["best"] == data["best"]
    assert hidden_leftovers(out) == []


BAD = [
    (["exploit", "poker", "--field", "a"], "unknown game 'poker'"),
    (["exploit", "razzia", "--field", "greedy,bogus", "--by", "greedy"], "unknown razzia policy 'bogus'"),
    (["exploit", "razzia", "--field", "greedy", "--by", "bogus"], "unknown razzia policy 'bogus'"),
    (["exploit", "razzia", "--field", "greedy:speed=1", "--by", "greedy"], "no parameter 'speed'"),
    (["exploit", "razzia", "--by", "greedy"], "the field is empty"),
    (
        ["exploit", "razzia", "--field", "greedy,hunter,bigpot,crowd", "--players", "3", "--by", "greedy"],
        "4 field policies for 3 players",
    ),
    (["exploit", "razzia", "--field", "greedy", "--by", "greedy", "--games", "0"], "games must be"),
    (["exploit", "razz", "--field", "tag", "--by", "tag", "--players", "9"], "2 to 8 players"),
    (["tune", "poker", "x", "--field", "a"], "unknown game 'poker'"),
    (["tune", "razzia", "sharp", "--field", "greedy"], "unknown razzia policy 'sharp'"),
    (["tune", "razzia", "hunter:speed=2", "--field", "greedy"], "no parameter 'speed'"),
    (["tune", "razzia", "hunter", "--field", "greedy", "--fix", "speed"], "no parameter 'speed' to fix"),
    (["tune", "razz", "station", "--field", "tag"], "policy station has no tunable parameter"),
    (["tune", "razzia", "hunter", "--field", "greedy", "--budget", "0"], "budget"),
    (["tune", "razzia", "hunter", "--field", "greedy", "--budget", str(10**30)], "more than 100,000"),
    (["tune", "razzia", "hunter", "--field", "greedy,"], "empty policy in the field"),
    (["tune", "razzia", "hunter"], "the field is empty"),
    (
        ["tune", "razzia", "hunter", "--field", "greedy,crowd,random", "--players", "3"],
        "3 field policies for 2 other seats",
    ),
    (["tune", "razzia", "hunter", "--field", "greedy", "--games-per-eval", "0"], "games must be"),
    (["tune", "razzia", "hunter", "--field", "greedy", "--confirm-games", "0"], "confirmation"),
    (["tune", "razzia", "--field", "greedy"], "missing POLICY"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[f[1] for f in BAD])
def test_bad_input_is_one_line_and_writes_nothing(args, fragment, tmp_path):
    out = tmp_path / "out"
    result = invoke([*args, "--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["exploit", "tune"])
def test_unwritable_out_is_refused_before_any_work(command, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("mine")
    args = EXPLOIT["razzia"] if command == "exploit" else TUNE["razzia"]
    result = invoke([*args, "--out", blocker / "out"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "not a directory")
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "notes.txt").write_text("mine")
    before = snapshot(tmp_path)
    result = invoke([*args, "--out", keep])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "does not hold a razzmatazz result")
    assert snapshot(tmp_path) == before
