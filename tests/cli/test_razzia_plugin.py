"""A user's own Razzia policy (examples/razzia_policy.py) plays through the CLI without editing the engine."""

from __future__ import annotations

import json

from tests.cli.test_razz_cli import ROOT, assert_ok, assert_one_line_error, invoke

PLUGIN = ROOT / "examples" / "razzia_policy.py"


def test_plugin_policy_plays_and_is_listed():
    result = invoke(
        [
            "razzia",
            "play",
            "--plugin",
            PLUGIN,
            "--policy",
            "raider:pot=4",
            "--policy",
            "greedy",
            "--players",
            "4",
            "--games",
            "300",
            "--seed",
            "3",
            "--format",
            "json",
        ]
    )
    assert_ok(result)
    data = json.loads(result.stdout)
    assert {r["policy"] for r in data["policies"]} == {"raider:pot=4", "greedy"}
    assert sum(r["win_rate"] * r["players"] for r in data["policies"]) == __import__("pytest").approx(1.0)
    listing = invoke(["razzia", "policies", "--plugin", PLUGIN])
    assert_ok(listing)
    assert "\nraider: " in listing.stdout


def test_a_plugin_without_decide_is_one_line(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("POLICIES = []\n")
    result = invoke(["razzia", "play", "--plugin", bad, "--games", "10"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "must define POLICIES")
