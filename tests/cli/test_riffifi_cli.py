"""``razzmatazz riffifi play`` and ``riffifi policies``: output, reproducibility, files, plugins, bad input.

Oracles: conservation (every deal's 60 chips are someone's points; win shares add to one game),
the seed (same seed, same bytes for any thread count), and the rulebook's structure: identical
deterministic players with hands passed and the start rotating replay one deal, so they tie.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from tests.cli.test_razz_cli import ROOT, assert_ok, assert_one_line_error, hidden_leftovers, invoke, snapshot

PLAY = ["riffifi", "play", "--games", "400", "--seed", "5"]


def play_json(*args: str) -> dict:
    result = invoke([*PLAY, *args, "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


def test_policies_lists_every_policy():
    result = invoke(["riffifi", "policies"])
    assert_ok(result)
    for name in ("random", "lowest", "undercut", "holdlow", "thief", "expect"):
        assert f"\n{name}: " in result.stdout
    listing = json.loads(invoke(["riffifi", "policies", "--format", "json"]).stdout)
    assert [d["id"] for d in listing] == sorted(d["id"] for d in listing)


def test_policies_lists_the_tuned_presets_and_the_default_mix_plays_them():
    """Issue 26: the tuned rows are presets listed under their policies; the default mix seats them at 4 and
    5 players and no longer seats holdlow; issue 37: it seats the planner, which remembers the passed hands."""
    from razzmatazz.analysis.riffifi import DEFAULT_MIX
    from razzmatazz.core.riffifi.policies import REGISTRY

    text = invoke(["riffifi", "policies"]).stdout
    presets = REGISTRY.presets()
    assert {x.name for x in presets} == {"thief-tuned", "expect-tuned", "planner", "search-strong"}
    for x in presets:
        assert f"  preset {x.name} = {x.text}: " in text
        assert REGISTRY.parse(x.name) == REGISTRY.parse(x.text) != REGISTRY.parse(x.policy)
    assert DEFAULT_MIX == ("expect", "undercut", "planner", "thief-tuned", "expect-tuned")
    result = invoke([*PLAY, "--players", "5", "--games", "50"])
    assert "thief-tuned" in result.stdout and "planner" in result.stdout and "holdlow" not in result.stdout


@pytest.mark.parametrize("players", [3, 4, 5])
def test_default_mix_is_named_and_chips_add_up(players):
    result = invoke([*PLAY, "--players", str(players)])
    assert_ok(result)
    assert "default mix" in result.stderr
    data = play_json("--players", str(players))
    frame = pd.DataFrame(data["players"])
    assert len(frame) == players and (frame.games == 400).all()
    held = frame.chips.sum() * 400 + data["chips_left_in_the_middle"]
    assert held == pytest.approx(60 * players * 400)  # every deal's 60 chips: someone's points or the middle's
    assert frame.win_rate.sum() == pytest.approx(1.0)
    colours = frame[["yellow", "red", "blue", "green", "orange"]].sum()
    assert colours.sum() == pytest.approx(frame.chips.sum()) and (colours <= 12 * players).all()
    assert data["deals"] == 400 * players


def test_same_seed_same_bytes_and_seed_matters():
    a = invoke([*PLAY, "--format", "json", "--threads", "1"]).stdout
    b = invoke([*PLAY, "--format", "json", "--threads", "2"]).stdout
    assert a == b
    c = invoke(["riffifi", "play", "--games", "400", "--seed", "6", "--format", "json"]).stdout
    assert c != a


def test_identical_deterministic_players_replay_one_deal_and_tie():
    """With odd chips given clockwise; the collector's choice (the default) looks at the earlier deals' points."""
    data = play_json("--policy", "lowest", "--tie", "clockwise")
    assert all(r["win_rate"] == pytest.approx(0.25) for r in data["players"])
    chips = {r["chips"] for r in data["players"]}
    assert len(chips) == 1


def test_the_defaults_are_the_collectors_choice_and_a_running_tally():
    data = play_json()
    assert data["settings"]["tie"] == "chooser" and data["settings"]["tally"] == "running"
    running = play_json("--scoring", "ticks")
    per_deal = play_json("--scoring", "ticks", "--tally", "deal", "--tie", "clockwise")
    assert per_deal["settings"]["tally"] == "deal" and per_deal["settings"]["tie"] == "clockwise"
    assert running["deals"] < per_deal["deals"], "7 of every colour within one deal takes longer than over several"


def test_variants_run_and_report():
    data = play_json(
        "--players",
        "3",
        "--officer",
        "--scoring",
        "ticks",
        "--max-deals",
        "9",
        "--tie",
        "chooser",
        "--after-claim",
        "stay",
        "--end",
        "lapse",
        "--passing",
        "reshuffle",
        "--start",
        "fixed",
        "--reveal-own",
        "--no-redeal",
        "--chips-per-colour",
        "10",
    )
    assert data["settings"]["officer"] and data["settings"]["max_deals"] == 9
    assert len(data["officer"]) == 1 and data["officer"][0]["deals"] > 0
    assert data["deals"] <= 400 * 9


def test_trace_prints_a_whole_game():
    result = invoke(["riffifi", "play", "--seed", "3", "--trace", "2", "--policy", "expect", "--policy", "random"])
    assert_ok(result)
    out = result.stdout
    assert out.count("deal ") >= 4 and "end of deal 4" in out and "Result:" in out
    assert "claims" in out and "takes" in out


def test_out_writes_tables_figures_and_manifest(tmp_path):
    out = tmp_path / "run"
    result = invoke([*PLAY, "--out", out, "--quiet"])
    assert_ok(result)
    files = {p.name for p in out.iterdir()}
    assert {
        "policies.parquet",
        "positions.csv",
        "cards.parquet",
        "pairs.csv",
        "manifest.json",
        "policies.png",
        "cards.png",
        "positions.png",
    } <= files
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "riffifi play" and meta["games"] == 400


def test_the_example_plugin_answers_legally_and_is_listed():
    """The shipped example (examples/riffifi_policy.py): its ``decide`` answers a card from the hand at every
    seat of 40 part-played deals (the views of tests/riffifi/test_hidden.py), and ``policies --plugin`` lists it.
    Playing a plugin through the engine (``play --plugin``, a compile of a minute or two) is
    tests/cli/test_riffifi_plugin.py's, with its own policy file."""
    from razzmatazz.analysis.riffifi import load_plugin
    from razzmatazz.core.riffifi import rules as R
    from tests.riffifi.test_hidden import states, view_of

    user = load_plugin(ROOT / "examples" / "riffifi_policy.py")
    row = user.specs[0].defaults()
    asked = high = 0
    for settings, st in states("default"):
        for s in range(settings.players):
            view = view_of(st, s)
            if view[R.ST_HAND + s] == 0:
                continue
            card, _ = user.decide(1000, row, view, np.uint64(1))
            assert view[R.ST_HAND + s] >> card & 1, "a card from its hand"
            asked += 1
            high += card != R.OFFICER and card % R.N_VALUES + 1 >= row[0]
    assert asked > 100 and 0 < high < asked
    listing = invoke(["riffifi", "policies", "--plugin", ROOT / "examples" / "riffifi_policy.py"])
    assert_ok(listing)
    assert "big-spender" in listing.stdout


BAD = [
    (["--players", "6"], "3, 4 or 5 players"),
    (["--players", "2"], "3, 4 or 5 players"),
    (["--policy", "nosuch"], "unknown riffifi policy"),
    (["--policy", "thief:greed=2"], "no parameter 'greed'"),
    (["--policy", "undercut:min_claim=9"], "min_claim must be in"),
    (["--policy", "a", "--policy", "b", "--policy", "c", "--policy", "d", "--policy", "e"], "at most one per player"),
    (["--games", "0"], "games must be"),
    (["--max-deals", "9"], "only to --scoring ticks"),
    (["--scoring", "ticks", "--tick-at", "13"], "tick-at"),
    (["--plugin", "nope.py"], "does not exist"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[f for _, f in BAD])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, fragment):
    out = tmp_path / "run"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    before = snapshot(tmp_path)
    result = invoke(["riffifi", "play", "--games", "10", *args, "--out", tmp_path / "new"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert snapshot(tmp_path) == before and not (tmp_path / "new").exists()
    assert hidden_leftovers(tmp_path / "new") == []
