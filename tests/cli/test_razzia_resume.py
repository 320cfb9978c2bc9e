"""``razzia play --resume``: a run killed with SIGKILL resumes to the uninterrupted result."""

from __future__ import annotations

import json
import signal
import subprocess
import time

import numpy as np

from tests.cli.test_razz_cli import SCRIPT, assert_ok, assert_one_line_error, invoke


def test_a_run_killed_mid_way_resumes_to_the_same_result(tmp_path):
    args = [
        "razzia",
        "play",
        "--players",
        "4",
        "--policy",
        "greedy",
        "--policy",
        "random",
        "--games",
        "150000",
        "--seed",
        "8",
        "--threads",
        "1",
        "--format",
        "json",
    ]
    run = tmp_path / "run"
    proc = subprocess.Popen(
        [str(SCRIPT), *args, "--out", str(run)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path
    )
    chunks = run / ".partial" / "chunks"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and (not chunks.is_dir() or len(list(chunks.rglob("*.npy"))) < 3):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    stored = list(chunks.rglob("*.npy"))
    assert len(stored) >= 3 and not (run / "manifest.json").exists(), "the run ended before it could be killed"
    for f in stored:
        assert np.load(f).dtype == np.int64
    refused = invoke(["razzia", "play", "--games", "100", "--out", run])
    assert_one_line_error(refused.exit_code, refused.stdout, refused.stderr, "holds an interrupted run")
    changed = invoke(["razzia", "play", "--resume", run, "--duel-tie", "reroll"])
    assert_one_line_error(changed.exit_code, changed.stdout, changed.stderr, "leave out --duel-tie")
    other = invoke(["riffifi", "play", "--resume", run])
    assert_one_line_error(other.exit_code, other.stdout, other.stderr, "not of riffifi play")
    resumed = invoke(["razzia", "play", "--resume", run, "--format", "json"])
    assert_ok(resumed)
    assert "chunks already played" in resumed.stderr
    whole = invoke(args)
    assert_ok(whole)
    assert json.loads(resumed.stdout)["policies"] == json.loads(whole.stdout)["policies"]
    assert not (run / ".partial").exists() and json.loads((run / "manifest.json").read_text())["resumed"]
