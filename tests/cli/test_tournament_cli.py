"""``razzmatazz tournament`` and ``razzmatazz sweep``: output in every format, files, bad input.

Oracles: the JSON agrees with the text and with the files written; the same seed gives the same
bytes; every bad input is one line on stderr, exit status 2, and nothing written.
"""

from __future__ import annotations

import json

import pandas as pd
import pytest

from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, hidden_leftovers, invoke, run_script, snapshot

TOURNAMENT = {
    "riffifi": [
        "tournament",
        "riffifi",
        "--policy",
        "undercut",
        "--policy",
        "random",
        "--policy",
        "lowest",
        "--players",
        "3",
        "--games",
        "300",
        "--seed",
        "3",
    ],
    "razzia": [
        "tournament",
        "razzia",
        "--policy",
        "greedy",
        "--policy",
        "random",
        "--players",
        "3",
        "--games",
        "300",
        "--seed",
        "3",
    ],
    "razz": [
        "tournament",
        "razz",
        "--policy",
        "tag",
        "--policy",
        "station",
        "--policy",
        "rock",
        "--players",
        "2",
        "--games",
        "400",
        "--seed",
        "3",
    ],
}
SWEEP = {
    "riffifi": [
        "sweep",
        "riffifi",
        "--policy",
        "undercut",
        "--param",
        "min_claim=2:6:2",
        "--field",
        "random",
        "--players",
        "3",
        "--games",
        "300",
        "--confirm-games",
        "200",
        "--seed",
        "4",
    ],
    "razzia": [
        "sweep",
        "razzia",
        "--policy",
        "bigpot",
        "--param",
        "threshold=4:12:8",
        "--field",
        "greedy",
        "--players",
        "3",
        "--games",
        "300",
        "--seed",
        "4",
    ],
    "razz": [
        "sweep",
        "razz",
        "--policy",
        "steal",
        "--param",
        "door=5:7:2",
        "--param",
        "behind=1:2:1",
        "--field",
        "tag",
        "--players",
        "3",
        "--games",
        "300",
        "--seed",
        "4",
    ],
}


def run_json(args: list[str]) -> dict:
    result = invoke([*args, "--format", "json", "--quiet"])
    assert_ok(result)
    assert result.stderr == ""
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", list(TOURNAMENT))
def test_tournament_every_game(game):
    data = run_json(TOURNAMENT[game])
    k = len(data["policies"])
    assert data["game"] == game and data["correction"] == "Bonferroni" and data["comparisons"] == k * (k - 1) // 2
    assert len(data["pairs"]) == k * (k - 1)
    assert sorted(r["rank"] for r in data["policies"]) == list(range(1, k + 1))
    text = invoke(TOURNAMENT[game])
    assert_ok(text)
    assert "rank" in text.stdout and "Bonferroni" in text.stdout and data["policies"][0]["policy"] in text.stdout
    assert "table 1/" in text.stderr  # progress notes on stderr


def test_tournament_csv_and_reproducible():
    args = TOURNAMENT["riffifi"]
    a = invoke([*args, "--format", "json", "--threads", "1", "--quiet"]).stdout
    b = invoke([*args, "--format", "json", "--threads", "2", "--quiet"]).stdout
    assert a == b
    csv = invoke([*args, "--format", "csv", "--quiet"])
    assert_ok(csv)
    assert csv.stdout.splitlines()[0].startswith("rank,policy,text,strength")


@pytest.mark.parametrize("game", list(SWEEP))
def test_sweep_every_game(game):
    data = run_json(SWEEP[game])
    assert data["game"] == game and [r["role"] for r in data["confirm"]] == ["best", "runner-up"]
    assert data["grid_seed"] != data["confirm_seed"]
    assert data["best"] == {k: data["grid"][0][k] for k in data["params"]}
    text = invoke(SWEEP[game])
    assert_ok(text)
    assert "Confirmed on fresh seeds" in text.stdout


def test_tournament_out_writes_tables_figure_and_manifest(tmp_path):
    out = tmp_path / "t"
    result = invoke([*TOURNAMENT["riffifi"], "--out", out, "--quiet"])
    assert_ok(result)
    files = {p.name for p in out.iterdir()}
    assert {"policies.parquet", "pairs.parquet", "tables.parquet", "rating.png", "manifest.json"} <= files
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "tournament" and meta["game"] == "riffifi" and meta["seed"] == 3
    assert meta["correction"] == "Bonferroni" and meta["tables"] == 1
    assert set(meta["files"]) == files - {"manifest.json"}
    pol = pd.read_parquet(out / "policies.parquet")
    assert len(pol) == 3 and pol["rank"].tolist() == [1, 2, 3]
    assert hidden_leftovers(out) == []


def test_sweep_out_writes_grid_confirm_plot_and_manifest(tmp_path):
    out = tmp_path / "s"
    result = invoke([*SWEEP["riffifi"], "--out", out, "--format", "json"])
    assert_ok(result)
    assert f"written: {out}" in result.stderr
    files = {p.name for p in out.iterdir()}
    assert {"grid.parquet", "confirm.parquet", "sweep.png", "manifest.json"} <= files
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "sweep" and meta["params"] == {"min_claim": [2.0, 6.0, 2.0]}
    assert meta["grid_seed"] != meta["confirm_seed"] and meta["confirm_games"] == 200
    assert len(pd.read_parquet(out / "grid.parquet")) == 3


BAD = [
    (["tournament", "poker", "--policy", "a", "--policy", "b"], "unknown game 'poker'"),
    (["tournament", "riffifi", "--policy", "undercut", "--policy", "bogus"], "unknown riffifi policy 'bogus'"),
    (["tournament", "riffifi", "--policy", "undercut"], "at least 2 policies"),
    (["tournament", "razz", "--policy", "tag", "--policy", "rock", "--players", "9"], "2 to 8 players"),
    (["tournament", "razzia", "--policy", "greedy", "--policy", "random", "--games", "0"], "games must be"),
    (["sweep", "chess", "--policy", "x", "--param", "a=1:2:1", "--field", "y"], "unknown game 'chess'"),
    (["sweep", "riffifi", "--policy", "nope", "--param", "a=1:2:1", "--field", "random"], "unknown riffifi policy"),
    (
        ["sweep", "riffifi", "--policy", "undercut", "--param", "speed=1:2:1", "--field", "random"],
        "has no parameter 'speed'",
    ),
    (["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=6:2:1", "--field", "random"], "empty range"),
    (
        ["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=2:6:0", "--field", "random"],
        "step must be positive",
    ),
    (
        ["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=0:6:1", "--field", "random"],
        "outside its range",
    ),
    (
        ["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=1:8:0.5", "--field", "random"],
        "must be an integer",
    ),
    (
        [
            "sweep",
            "riffifi",
            "--policy",
            "thief",
            "--param",
            "lead=0:5:0.1",
            "--param",
            "steal=0:3:0.1",
            "--field",
            "random",
        ],
        "more than 200",
    ),
    (["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=1-8", "--field", "random"], "NAME=LO:HI:STEP"),
    (["sweep", "riffifi", "--policy", "undercut", "--field", "random"], "no parameter to sweep"),
    (["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=1:8:1"], "field is empty"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[f[1] for f in BAD])
def test_bad_input_is_one_line_and_writes_nothing(args, fragment, tmp_path):
    out = tmp_path / "out"
    result = invoke([*args, "--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["tournament", "sweep"])
def test_unwritable_out_is_refused_before_any_work(command, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("mine")
    args = TOURNAMENT["riffifi"] if command == "tournament" else SWEEP["riffifi"]
    result = invoke([*args, "--out", blocker / "out"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "not a directory")
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "notes.txt").write_text("mine")
    before = snapshot(tmp_path)
    result = invoke([*args, "--out", keep])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "does not hold a razzmatazz result")
    assert snapshot(tmp_path) == before


def test_console_script_bad_input_exit_status():
    proc = run_script(["sweep", "riffifi", "--policy", "undercut", "--param", "min_claim=9:12:1", "--field", "random"])
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "outside its range")
