"""Issue 42 ("Every bad input refused, round three"): exploit, tune and ``razz play`` (``--phh``, ``--plugin``).

Each case is one line naming the problem and exit status 2, before anything is made; or, where the input is
legal after all, a run."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from razzmatazz.analysis.razz import game as G

BIN = str(Path(sys.executable).with_name("razzmatazz"))
ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "examples" / "razz_policy.py"  # its policy: wheel-chaser
SMALL = ["--players", "2", "--hands", "6", "--seed", "1", "--quiet", "--format", "json"]


def _run(args: list, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([BIN, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=600, input="")


def _refused(r: subprocess.CompletedProcess, fragment: str) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert r.stdout == "" and fragment in lines[0], lines[0]
    return lines[0]


# --- exploit, tune ----------------------------------------------------------------------------------


def test_a_resume_whose_run_file_was_edited_to_another_type_is_damaged(tmp_path):
    run = tmp_path / "run"
    args = ["exploit", "razzia", "--field", "greedy,hunter", "--players", "3", "--by", "hunter"]
    proc = subprocess.Popen(
        [BIN, *args, "--games", "2000000", "--seed", "1", "--quiet", "--out", str(run)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    digest = run / ".partial" / "chunks" / "args.sha256"
    deadline = time.monotonic() + 300
    while not digest.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert digest.exists(), "the run ended before it kept its arguments"
    path = run / ".partial" / "run.json"
    kept = json.loads(path.read_text())
    for value in ([3], {"n": 3}, "3", None):
        path.write_text(json.dumps({**kept, "args": {**kept["args"], "players": value}}))
        line = _refused(_run(["exploit", "--resume", run]), "damaged (run.json does not match the chunks")
        assert f"remove {run}/.partial" in line
    assert (run / ".partial" / "chunks").is_dir()  # nothing of the run is removed


def test_razzia_exploit_and_tune_seat_two_players_as_razzia_play_does():
    from razzmatazz.analysis.studies import exploit as X
    from razzmatazz.analysis.studies import tune as T

    p = X.plan("razzia", "greedy,hunter", 2, "hunter", 20)
    assert p.settings.players == 2 and len(p.lineup) == 2 and p.settings.n_bars == 3
    t = T.plan("razzia", "bigpot", "greedy", 2, 4, 20)
    assert t.settings.players == 2 and len(t.field) == 1
    for bad, words in ((9, "Razzia is for 2 to 8 players, got 9"), (1, "Razzia is for 2 to 8 players, got 1")):
        with pytest.raises(Exception, match=words):
            X.plan("razzia", "greedy", bad)
    with pytest.raises(Exception, match="Riffifi"):  # a game that seats no 2 still says so
        X.plan("riffifi", "expect", 2)
    result = X.exploit("razzia", "greedy,hunter", 2, "hunter", 40, 3)
    assert result.players == 2 and len(result.gains) == 2 and (result.gains["games"] == 40).all()


# --- razz play --phh, --trace, --out, --plugin -------------------------------------------------------


def test_phh_where_no_folder_can_be_made_is_one_line(tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    for where, words in (
        ("/proc/phh", "--phh /proc/phh: cannot make the folder"),
        (a_file / "phh", "is not a directory"),
        (a_file, "exists and is not an empty directory"),
    ):
        _refused(_run(["razz", "play", *SMALL, "--phh", where]), words)
    assert a_file.read_text() == "mine"


def test_trace_with_phh_is_refused(tmp_path):
    _refused(_run(["razz", "play", *SMALL, "--trace", "0", "--phh", "never"], tmp_path), "cannot be used with --phh")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "game, count", [("razz", ["--hands", "6"]), ("razzia", ["--games", "6"]), ("riffifi", ["--games", "6"])]
)
def test_trace_with_out_is_refused_and_leaves_the_folder(tmp_path, game, count):
    """A trace is printed, never written: ``--trace N --out D`` is refused (it used to end with exit 0 and D
    empty), a new D is not made, and an earlier result in D is left as it was."""
    args = [game, "play", "--players", "3", *count, "--seed", "1", "--quiet", "--trace", "0"]
    _refused(_run([*args, "--out", "new"], tmp_path), "cannot be used with --out")
    assert list(tmp_path.iterdir()) == []
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "manifest.json").write_text("{}")
    _refused(_run([*args, "--out", kept], tmp_path), "cannot be used with --out")
    assert [p.name for p in kept.iterdir()] == ["manifest.json"] and (kept / "manifest.json").read_text() == "{}"
    assert _run(args, tmp_path).returncode == 0  # the trace alone prints


@pytest.mark.parametrize("phh, out", [("D", "D"), ("D/hands", "D"), ("hands", "hands/res")])
def test_phh_and_out_in_one_folder_are_refused_before_out_is_made(tmp_path, phh, out):
    _refused(_run(["razz", "play", *SMALL, "--phh", phh, "--out", out], cwd=tmp_path), "need two separate folders")
    assert list(tmp_path.iterdir()) == []  # no .partial to be told to --resume
    r = _run(["razz", "play", *SMALL, "--phh", "hands2", "--out", "res2"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert len(list((tmp_path / "hands2").glob("*.phh"))) == 6 and (tmp_path / "res2" / "manifest.json").exists()


def test_search_plays_beside_a_loaded_plugin_seated_or_not(tmp_path):
    r = _run(
        ["razz", "play", *SMALL, "--plugin", PLUGIN, "--policy", "search", "--policy", "tag", "--out", "D"], tmp_path
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert [t.split(":")[0] for t in json.loads(r.stdout)["lineup"]] == ["search", "tag"] and (
        tmp_path / "D" / "manifest.json"
    ).exists()
    r = _run(
        ["razz", "play", *SMALL, "--plugin", PLUGIN, "--policy", "search", "--policy", "wheel-chaser", "--out", "E"],
        tmp_path,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert [t.split(":")[0] for t in json.loads(r.stdout)["lineup"]] == ["search", "wheel-chaser"]
    assert (tmp_path / "E" / "manifest.json").exists()


def _held(folder: Path) -> int:
    """Lock ``folder`` as a live ``--phh`` run does; returns the descriptor (close it to let go)."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def test_a_killed_phh_run_leaves_a_folder_the_next_run_removes(tmp_path):
    proc = subprocess.Popen(
        [BIN, "razz", "play", "--players", "2", "--hands", "100000", "--seed", "1", "--quiet", "--phh", "hands"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 300
    left: list[Path] = []
    while proc.poll() is None and time.monotonic() < deadline:
        left = [p for p in tmp_path.glob(".hands.*") if len(list(p.glob("*.phh"))) >= 20]
        if left:
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert left, "the run wrote no hand history before it was killed"
    assert not (tmp_path / "hands").exists()
    alive = tmp_path / f".other.{G.PHH_TMP}-00000000"  # a live run's folder (this process holds it)
    alive.mkdir()
    fd = _held(alive)
    try:
        r = _run(["razz", "play", *SMALL, "--phh", "more"], cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        hidden = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("."))
        assert hidden == [alive.name]  # the killed run's folder is gone, the live one kept
        assert len(list((tmp_path / "more").glob("*.phh"))) == 6
    finally:
        os.close(fd)
