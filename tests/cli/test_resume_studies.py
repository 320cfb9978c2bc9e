"""``--resume`` on the commands that make many batch runs (studies, tables, tournaments, sweeps).

Each run is killed with SIGKILL once a few chunks are stored, resumed, and compared with the
same run played without interruption: the results must be identical.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time

import numpy as np
import pytest

from tests.cli.test_razz_cli import SCRIPT, assert_ok, assert_one_line_error, invoke

RUNS = {
    "razzia police": ["razzia", "police", "--players", "4", "--games", "12000", "--seed", "5"],
    "riffifi study": ["riffifi", "study", "--players", "4", "--games", "20000", "--seed", "6"],
    "razz table": ["razz", "table", "--opponents", "2", "--trials", "40000", "--no-exact", "--seed", "7"],
    "razz equity": ["razz", "equity", "A23", "--opponents", "3", "--trials", "4000000", "--seed", "8"],
    "razz street": [
        "razz",
        "street",
        "As2h3d4c5s6h7d",
        "6s7h8d9cTsJhQd",
        "KcKdKh2c",
        "--trials",
        "3000000",
        "--seed",
        "11",
    ],
    "tournament": [
        "tournament",
        "riffifi",
        "--policy",
        "undercut",
        "--policy",
        "random",
        "--players",
        "3",
        "--games",
        "20000",
        "--seed",
        "9",
    ],
    "sweep": [
        "sweep",
        "riffifi",
        "--policy",
        "undercut",
        "--param",
        "min_claim=2:4:1",
        "--field",
        "random",
        "--players",
        "3",
        "--games",
        "12000",
        "--seed",
        "10",
    ],
    "ladder": ["ladder", "riffifi", "--players", "3", "--games", "2000", "--top", "2", "--seed", "12"],
}
"""Each sized to take a few seconds on one thread, in several chunks."""
FIXED = ["--threads", "1", "--format", "json", "--quiet"]


def _without_times(x: object) -> object:
    if isinstance(x, dict):
        return {k: _without_times(v) for k, v in x.items() if "wall" not in k and k != "seconds"}
    if isinstance(x, list):
        return [_without_times(v) for v in x]
    return x


def _kill_after_chunks(args: list[str], run, count: int = 2) -> list:
    proc = subprocess.Popen(
        [str(SCRIPT), *args, *FIXED, "--out", str(run)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    chunks = run / ".partial" / "chunks"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and len(list(chunks.rglob("*.npy"))) < count and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return list(chunks.rglob("*.npy"))


@pytest.mark.parametrize("kind", list(RUNS))
def test_a_killed_run_resumes_to_the_uninterrupted_result(kind, tmp_path):
    args = RUNS[kind]
    run = tmp_path / "run"
    stored = _kill_after_chunks(args, run)
    assert stored and not (run / "manifest.json").exists(), "the run ended before it could be killed"
    for f in stored:
        assert np.load(f).dtype == np.int64
    resumed = invoke([*args[: 1 if kind in ("tournament", "sweep", "ladder") else 2], "--resume", run, *FIXED[:4]])
    assert_ok(resumed)
    whole = invoke([*args, *FIXED])
    assert_ok(whole)
    assert _without_times(json.loads(resumed.stdout)) == _without_times(json.loads(whole.stdout))
    assert not (run / ".partial").exists() and (run / "manifest.json").exists()


def test_resume_refuses_other_commands_runs_and_changed_options(tmp_path):
    run = tmp_path / "run"
    _kill_after_chunks(RUNS["riffifi study"], run, 1)
    changed = invoke(["riffifi", "study", "--resume", run, "--games", "5"])
    assert_one_line_error(changed.exit_code, changed.stdout, changed.stderr, "leave out --games")
    other = invoke(["razzia", "police", "--resume", run])
    assert_one_line_error(other.exit_code, other.stdout, other.stderr, "not of razzia police")
    fresh = invoke(["riffifi", "study", "--games", "100", "--out", run])
    assert_one_line_error(fresh.exit_code, fresh.stdout, fresh.stderr, "interrupted run")
    nothing = invoke(["tournament", "--resume", tmp_path / "nothing"])
    assert_one_line_error(nothing.exit_code, nothing.stdout, nothing.stderr, "no interrupted run")


def test_an_interrupted_report_resumes_to_the_uninterrupted_one(tmp_path, monkeypatch):
    import pandas as pd

    from razzmatazz.analysis.report import build as report

    args = {"game": "riffifi", "quick": True, "seed": 3}
    out = tmp_path / "report"

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as m:  # stopped after every run, while the pages are written
        m.setattr(report, "render", interrupted)
        with pytest.raises(KeyboardInterrupt):
            report.build_report("riffifi", out, quick=True, seed=3, scale=0.03, run=args)
    stored = sorted(p.name for p in (out / ".partial" / "chunks" / "riffifi").rglob("job*.npy"))
    assert stored and not (out / "manifest.json").exists()
    scaled = invoke(["report", "riffifi", "--quick", "--seed", "3", "--resume", out])  # made at a test's scale
    assert_one_line_error(scaled.exit_code, scaled.stdout, scaled.stderr, "damaged")
    from razzmatazz.core import batch

    played = []
    monkeypatch.setattr(report.store, "save_run", lambda *a: played.append("run.json written again"))
    monkeypatch.setattr(batch.Checkpoint, "save", lambda *a: played.append("a chunk played again"))
    resumed = report.build_report("riffifi", out, quick=True, seed=3, scale=0.03, run=args, resuming=True)
    assert played == []  # every chunk came from .partial
    whole = report.build_report("riffifi", tmp_path / "whole", quick=True, seed=3, scale=0.03)
    for name in ("riffifi/riffifi_policies", "riffifi/riffifi_positions", "findings"):
        assert pd.read_parquet(resumed.directory / f"{name}.parquet").equals(
            pd.read_parquet(whole.directory / f"{name}.parquet")
        )
    assert not (out / ".partial").exists()
