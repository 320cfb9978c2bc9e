"""``razzmatazz razz play`` and ``razz policies``: output, reproducibility, files, bad input.

Oracles: conservation (the players' results add up to zero chips), the seed (same seed, same
bytes; duplicate deals pair the policies), and the statistics: a policy playing against a copy
of itself is even within its interval, a calling station loses to a tight-aggressive player.
"""

from __future__ import annotations

import json

import pandas as pd
import pytest

from tests.cli.test_razz_cli import (
    ROOT,
    assert_ok,
    assert_one_line_error,
    hidden_leftovers,
    invoke,
    run_script,
    snapshot,
)

PLAY = ["razz", "play", "--hands", "3000", "--seed", "5"]


def play_json(*args: str) -> dict:
    result = invoke([*PLAY, *args, "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


def test_games_is_the_same_as_hands_as_in_the_other_games():
    hands = invoke(["razz", "play", "--hands", "600", "--seed", "5", "--format", "json"])
    games = invoke(["razz", "play", "--games", "600", "--seed", "5", "--format", "json"])
    assert_ok(hands)
    assert_ok(games)
    assert json.loads(games.stdout)["players"] == json.loads(hands.stdout)["players"]
    assert json.loads(games.stdout)["hands"] == 600


def test_policies_lists_every_policy_with_its_parameters():
    result = invoke(["razz", "policies"])
    assert_ok(result)
    for name in ("station", "random", "rock", "tag", "steal", "reader", "script"):
        assert f"\n{name}: " in result.stdout
    assert "max_card = 8  (5 to 13)" in result.stdout
    listing = json.loads(invoke(["razz", "policies", "--format", "json"]).stdout)
    assert [d["id"] for d in listing] == sorted(d["id"] for d in listing)


def test_default_mix_is_named_and_results_add_up():
    result = invoke([*PLAY])
    assert_ok(result)
    assert "default mix" in result.stderr
    data = play_json()
    players = pd.DataFrame(data["players"])
    assert len(players) == 6 and (players.hands == 3000).all()
    chips = (players.bb_per_100 * players.hands / 100 * 20).sum()
    assert abs(chips) < 1e-6  # zero-sum: every chip won was lost by someone
    tough = {"textbook-tuned", "reader-tuned", "steal-tuned", "tag", "rock-tuned"}
    assert set(pd.DataFrame(data["policies"]).policy) == tough


def test_field_loose_plays_the_old_mix_and_a_bad_field_is_refused():
    table = invoke(["razz", "play", "--hands", "600", "--seed", "5", "--field", "loose"])
    assert_ok(table)
    assert "the loose field tag, rock, station, steal, reader, random" in " ".join(table.stderr.split())
    result = invoke(["razz", "play", "--hands", "600", "--seed", "5", "--field", "loose", "--format", "json"])
    assert_ok(result)
    loose = {"tag", "rock", "station", "steal", "reader", "random"}
    assert set(pd.DataFrame(json.loads(result.stdout)["policies"]).policy) == loose
    bad = invoke(["razz", "play", "--hands", "600", "--field", "weak"])
    assert bad.exit_code == 2 and "weak" in bad.output and "Traceback" not in bad.output


def test_same_seed_same_bytes_and_seed_matters():
    a = invoke([*PLAY, "--format", "json", "--threads", "1"]).stdout
    b = invoke([*PLAY, "--format", "json", "--threads", "2"]).stdout
    assert a == b
    c = invoke(["razz", "play", "--hands", "3000", "--seed", "6", "--format", "json"]).stdout
    assert json.loads(a)["policies"] != json.loads(c)["policies"]


def test_station_loses_to_tag_clearly():
    data = play_json("--players", "2", "--policy", "tag", "--policy", "station", "--hands", "20000", "--duplicate")
    pair = data["pairs"][0]
    assert (pair["policy"], pair["versus"]) == ("tag", "station")
    assert pair["ci_low"] > 0 and pair["clear"]


def test_a_policy_against_itself_breaks_even():
    data = play_json("--players", "4", "--policy", "tag", "--hands", "20000")
    (row,) = data["policies"]
    assert row["players"] == 4
    assert abs(row["bb_per_100"]) < 1e-9  # four copies of one policy share a zero-sum table


def test_duplicate_rounds_up_to_whole_deals():
    data = play_json(
        "--players", "3", "--policy", "tag", "--policy", "rock", "--policy", "reader", "--hands", "1000", "--duplicate"
    )
    assert data["hands"] == 1002 and data["duplicate"]


def test_csv_and_table_formats():
    result = invoke([*PLAY, "--format", "csv", "--players", "2", "--policy", "tag", "--policy", "rock"])
    assert_ok(result)
    assert result.stdout.splitlines()[0].startswith(
        "policy,games,payoff,payoff_low,payoff_high,win_rate,win_low,win_high,players,hands,bb_per_100"
    )
    text = invoke([*PLAY, "--players", "2", "--policy", "tag", "--policy", "rock"]).stdout
    assert "bb/100" in text and "Differences between policies" in text and "seat 1 sits" in text


def test_trace_shows_one_hand_street_by_street():
    result = invoke(["razz", "play", "--players", "3", "--policy", "station", "--seed", "1", "--trace", "4"])
    assert_ok(result)
    out = result.stdout
    assert out.startswith("Hand 4 (seed 1), 3 players")
    for street in ("3rd street:", "4th street:", "5th street:", "6th street:", "7th street:"):
        assert street in out
    assert "posts the bring-in" in out and "shows" in out and "Result:" in out


def test_out_writes_tables_and_manifest(tmp_path):
    out = tmp_path / "run"
    assert_ok(invoke([*PLAY, "--players", "2", "--policy", "tag", "--policy", "rock", "--out", out]))
    names = {p.name for p in out.iterdir()}
    assert {"policies.parquet", "players.parquet", "seats.parquet", "pairs.parquet", "manifest.json"} <= names
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "razz play" and meta["seed"] == 5 and meta["lineup"][0].startswith("tag:")
    assert pd.read_parquet(out / "policies.parquet").hands.sum() == 6000
    assert hidden_leftovers(out) == []


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--players", "1"], "2 to 8 players"),
        (["--players", "9"], "2 to 8 players"),
        (["--policy", "nosuch"], "unknown razz policy 'nosuch'"),
        (["--policy", "tag:nosuch=1"], "has no parameter 'nosuch'"),
        (["--policy", "tag:max_card=99"], "max_card must be in [5, 13]"),
        (["--policy", "tag:max_card=x"], "max_card must be a number"),
        (["--players", "2", "--policy", "tag", "--policy", "rock", "--policy", "station"], "3 policies given for 2"),
        (["--big-bet", "5"], "big bet (5) cannot be smaller than the small bet"),
        (["--ante", "-1"], "ante cannot be negative"),
        (["--bring-in", "10"], "bring-in must be more than 0 and less than the small bet"),
        (["--stack", "3"], "stack must cover ante and bring-in"),
        (["--uncapped-heads-up"], "needs finite stacks"),
        (["--hands", "0"], "hands must be 1 to"),
        (["--seed", "-1"], "seed"),
        (["--plugin", "/nonexistent/p.py"], "does not exist"),
    ],
)
def test_bad_input_is_one_line_and_leaves_no_result(tmp_path, args, fragment):
    out = tmp_path / "run"
    out.mkdir()
    (out / "manifest.json").write_text("{}")
    before = snapshot(out)
    result = invoke(["razz", "play", "--hands", "100", *args, "--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert snapshot(out) == before and hidden_leftovers(out) == []


def test_bad_input_from_the_console_script():
    proc = run_script(["razz", "play", "--players", "9"])
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "2 to 8 players")


def test_phh_refuses_a_non_empty_directory_and_too_many_hands(tmp_path):
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / "x").write_text("keep")
    result = invoke([*PLAY, "--phh", tmp_path / "h"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "not an empty directory")
    result = invoke(["razz", "play", "--hands", "100001", "--phh", tmp_path / "new"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "at most 100,000 hands")
    assert not (tmp_path / "new").exists()


def test_a_users_policy_from_a_plugin_file():
    plugin = ROOT / "examples" / "razz_policy.py"
    listing = invoke(["razz", "policies", "--plugin", plugin])
    assert_ok(listing)
    assert "wheel-chaser:" in listing.stdout
    data = play_json(
        "--plugin",
        str(plugin),
        "--players",
        "2",
        "--policy",
        "wheel-chaser:max_card=6",
        "--policy",
        "station",
        "--hands",
        "2000",
    )
    chaser = next(r for r in data["policies"] if r["policy"].startswith("wheel-chaser"))
    assert chaser["policy"] == "wheel-chaser:max_card=6" and chaser["hands"] == 2000
    assert 0 < chaser["vpip"] < 1


def test_a_broken_plugin_is_one_line(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("raise RuntimeError('boom')\n")
    result = invoke(["razz", "play", "--plugin", bad])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "cannot be loaded")
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    result = invoke(["razz", "policies", "--plugin", empty])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "must define POLICIES")


def test_phh_files_replay_in_pokerkit_to_their_finishing_stacks(tmp_path):
    from pokerkit import HandHistory

    from tests.razz.test_game_pokerkit import strict_replay

    out = tmp_path / "hands"
    result = invoke(
        [
            "razz",
            "play",
            "--players",
            "4",
            "--bring-in-tie",
            "suit",
            "--stacks",
            "40,80,120,400",
            "--policy",
            "random:fold=0.1,raise=0.5",
            "--policy",
            "tag",
            "--policy",
            "station",
            "--policy",
            "reader",
            "--hands",
            "60",
            "--seed",
            "3",
            "--phh",
            out,
        ]
    )
    assert_ok(result)
    files = sorted(out.iterdir())
    assert [f.name for f in files[:2]] == ["hand-000000.phh", "hand-000001.phh"] and len(files) == 60
    assert hidden_leftovers(out) == []
    for f in files:
        text = f.read_text()
        assert "_pokerkit_replayable = true" in text, f.name
        _, state = strict_replay(text)
        assert list(state.stacks) == list(HandHistory.loads(text).finishing_stacks), f.name


@pytest.mark.parametrize(
    "stacks,fragment",
    [
        ("1,x", "whole numbers separated by commas"),
        ("100,100", "2 stacks given for 6 players"),
        ("100,100,100,100,100,3", "every stack must cover ante and bring-in"),
    ],
)
def test_bad_stacks_are_one_line(stacks, fragment):
    result = invoke(["razz", "play", "--stacks", stacks])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def test_resume_refuses_a_folder_without_an_interrupted_run(tmp_path):
    done = tmp_path / "done"
    assert_ok(invoke([*PLAY, "--players", "2", "--policy", "tag", "--policy", "rock", "--out", done]))
    result = invoke(["razz", "play", "--resume", done])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "holds no interrupted run")
    other = tmp_path / "other" / ".partial"
    other.mkdir(parents=True)
    (other / "run.json").write_text('{"kind": "razz table", "version": "0"}')
    result = invoke(["razz", "play", "--resume", other.parent])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "not of razz play")


def test_resume_refuses_a_run_kept_by_an_earlier_razzmatazz(tmp_path):
    """A run.json without the run's arguments (the format before the shared --resume) gets one line."""
    from importlib.metadata import version

    old = tmp_path / "old" / ".partial"
    old.mkdir(parents=True)
    (old / "run.json").write_text(
        json.dumps({"kind": "razz play", "version": version("razzmatazz"), "players": 2, "hands": 100, "seed": 1})
    )
    result = invoke(["razz", "play", "--resume", old.parent])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "run of an earlier razzmatazz")
