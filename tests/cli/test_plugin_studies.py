"""``--plugin`` in the studies (tournament, sweep, exploit, tune): a plugin's policy plays wherever a built-in
does, and ``--resume`` plays on only with the very policy file the run began with."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.test_razz_cli import ROOT, assert_ok, assert_one_line_error, invoke
from tests.cli.test_resume_studies import FIXED, _kill_after_chunks, _without_times

EXAMPLE = ROOT / "examples" / "razz_policy.py"  # wheel-chaser; its engine is compiled once for the whole suite
SMALL = ["--players", "2", "--seed", "4", "--format", "json", "--quiet"]


def _json(args: list[str]) -> dict:
    result = invoke(args)
    assert_ok(result)
    return json.loads(result.stdout)


def test_a_tournament_and_a_sweep_seat_the_plugins_policy() -> None:
    t = _json(["tournament", "razz", "--plugin", EXAMPLE, "--policy", "wheel-chaser", "--policy", "tag", *SMALL])
    assert {r["policy"] for r in t["policies"]} == {"wheel-chaser", "tag"}
    s = _json(
        ["sweep", "razz", "--plugin", EXAMPLE, "--policy", "wheel-chaser", "--param", "max_card=5:7:2"]
        + ["--field", "tag", "--games", "1000", *SMALL]
    )
    assert sorted(p["max_card"] for p in s["grid"]) == [5, 7]


def test_exploit_and_tune_take_the_plugins_policy_in_the_field_and_as_the_tuned_one() -> None:
    x = _json(["exploit", "razz", "--plugin", EXAMPLE, "--field", "wheel-chaser,tag", "--by", "reader"] + SMALL)
    assert {r["policy"] for r in x["gains"]} == {"wheel-chaser", "tag"}
    tuned = _json(
        ["tune", "razz", "wheel-chaser", "--plugin", EXAMPLE, "--field", "tag", "--budget", "4"]
        + ["--games-per-eval", "500", *SMALL]
    )
    assert tuned["best"].startswith("wheel-chaser")


def test_without_the_plugin_its_policy_is_unknown() -> None:
    result = invoke(["tournament", "razz", "--policy", "wheel-chaser", "--policy", "tag", *SMALL])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "unknown razz policy")


@pytest.mark.slow
def test_a_resume_plays_on_only_with_the_policy_file_the_run_began_with(tmp_path: Path) -> None:
    plugin = tmp_path / "mine.py"
    shutil.copy(EXAMPLE, plugin)
    args = ["tournament", "razz", "--plugin", str(plugin), "--policy", "wheel-chaser", "--policy", "tag"]
    args += ["--players", "2", "--games", "400000", "--seed", "9"]
    run = tmp_path / "run"
    stored = _kill_after_chunks(args, run)
    assert stored and not (run / "manifest.json").exists(), "the run ended before it could be killed"
    original = plugin.read_text()

    plugin.write_text(original.replace('Param("bluff", 0.1', 'Param("bluff", 0.2'))
    changed = invoke(["tournament", "--resume", run, *FIXED[:4]])
    assert_one_line_error(changed.exit_code, changed.stdout, changed.stderr, "has changed since the run began")
    plugin.unlink()
    gone = invoke(["tournament", "--resume", run, *FIXED[:4]])
    assert_one_line_error(gone.exit_code, gone.stdout, gone.stderr, "cannot be read")
    assert sorted(p.name for p in run.iterdir()) == [".partial"]  # nothing written by the refusals

    plugin.write_text(original)
    resumed = invoke(["tournament", "--resume", run, *FIXED[:4]])
    assert_ok(resumed)
    whole = invoke([*args, *FIXED])
    assert_ok(whole)
    assert _without_times(json.loads(resumed.stdout)) == _without_times(json.loads(whole.stdout))
