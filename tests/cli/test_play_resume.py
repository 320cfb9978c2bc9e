"""``GAME play --resume`` for every registered game: a run killed with SIGKILL resumes to the uninterrupted result.

Each game's conformance module (``tests/<game>/conformance.py``) gives ``RESUME``: the ``play`` options of a run
long enough to be killed after a few chunks, and one option that changes the run (refused on resume)."""

from __future__ import annotations

import json
import signal
import subprocess
import time

import numpy as np
import pytest

from razzmatazz.analysis import games
from tests.cli.test_razz_cli import SCRIPT, assert_ok, assert_one_line_error, invoke
from tests.conformance.cases import gather

CASES = gather("RESUME")


def _killed_mid_way(args: list[str], run, cwd) -> None:
    """Start ``args`` with ``--out run`` and SIGKILL it once three chunks are stored."""
    proc = subprocess.Popen(
        [str(SCRIPT), *args, "--out", str(run)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd
    )
    chunks = run / ".partial" / "chunks"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and (not chunks.is_dir() or len(list(chunks.rglob("*.npy"))) < 3):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    stored = list(chunks.rglob("*.npy"))
    assert len(stored) >= 3 and not (run / "manifest.json").exists(), "the run ended before it could be killed"
    for f in stored:  # every stored chunk is complete
        assert np.load(f).dtype == np.int64


@pytest.mark.parametrize(("game", "case"), CASES, ids=[g for g, _ in CASES])
def test_a_run_killed_mid_way_resumes_to_the_same_result(tmp_path, game, case):
    options, change = case
    args = [game, "play", *options, "--seed", "8", "--threads", "1", "--format", "json"]
    run = tmp_path / "run"
    _killed_mid_way(args, run, tmp_path)
    count = "--hands" if "--hands" in options else "--games"
    refused = invoke([game, "play", count, "100", "--out", run])
    assert_one_line_error(refused.exit_code, refused.stdout, refused.stderr, "holds an interrupted run")
    changed = invoke([game, "play", "--resume", run, *change])
    assert_one_line_error(changed.exit_code, changed.stdout, changed.stderr, f"leave out {change[0]}")
    other = next((g for g in games.names() if g != game and games.game(g).form), None)
    if other is not None:
        wrong = invoke([other, "play", "--resume", run])
        assert_one_line_error(wrong.exit_code, wrong.stdout, wrong.stderr, f"not of {other} play")
    resumed = invoke([game, "play", "--resume", run, "--format", "json"])
    assert_ok(resumed)
    assert "chunks already played" in resumed.stderr
    whole = invoke(args)
    assert_ok(whole)
    assert json.loads(resumed.stdout)["policies"] == json.loads(whole.stdout)["policies"]
    assert not (run / ".partial").exists() and json.loads((run / "manifest.json").read_text())["resumed"]
