"""``--resume`` against damaged, edited, busy or finished run folders, and the same command line again.

One run of ``razz table`` is killed once a few chunks are kept; each case works on a copy of its folder.
"""

from __future__ import annotations

import errno
import json
import shutil
import subprocess

import numpy as np
import pytest

from razzmatazz.analysis import store
from razzmatazz.core import batch
from tests.cli.test_razz_cli import SCRIPT, assert_ok, assert_one_line_error, invoke
from tests.cli.test_resume_studies import FIXED, RUNS, _kill_after_chunks, _without_times

ARGS = RUNS["razz table"]


@pytest.fixture(scope="module")
def killed(tmp_path_factory):
    """A folder holding a killed run of ``razz table`` (kept chunks, no result)."""
    run = tmp_path_factory.mktemp("killed") / "run"
    stored = _kill_after_chunks(ARGS, run, 3)
    assert stored and not (run / "manifest.json").exists(), "the run ended before it could be killed"
    return run


@pytest.fixture
def run(killed, tmp_path):
    copy = tmp_path / "run"
    shutil.copytree(killed, copy)
    return copy


def _chunk(run):
    return sorted((run / ".partial" / "chunks").rglob("job*.npy"))[0]


def _refused(args, fragment):
    result = invoke(args)
    return assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def test_the_same_command_line_with_resume_ends_with_the_uninterrupted_counts(run):
    resumed = invoke([*ARGS, *FIXED, "--out", run, "--resume", run])
    assert_ok(resumed)
    whole = invoke([*ARGS, *FIXED])
    assert _without_times(json.loads(resumed.stdout)) == _without_times(json.loads(whole.stdout))


def test_a_changed_option_is_refused_by_name_and_another_out_too(run):
    _refused([*ARGS[:-2], "--seed", "8", "--resume", run], "with --seed 7: leave out --seed 8")
    _refused(["razz", "table", "--resume", run, "--out", run.parent / "other"], "leave out --out")
    assert (run / ".partial" / "run.json").is_file()


def test_an_edited_run_file_is_refused(run):
    path = run / ".partial" / "run.json"
    kept = json.loads(path.read_text())
    kept["args"]["seed"] = 8
    path.write_text(json.dumps(kept))
    _refused(["razz", "table", "--resume", run], "damaged (run.json does not match the chunks")


@pytest.mark.parametrize("damage", ["truncated", "zeroed", "empty", "shape", "dtype", "folder", "plain"])
def test_a_damaged_chunk_says_so_and_how_to_start_over(run, damage):
    chunk = _chunk(run)
    data = chunk.read_bytes()
    if damage == "truncated":
        chunk.write_bytes(data[: len(data) // 2])
    elif damage == "zeroed":
        chunk.write_bytes(bytes(len(data)))
    elif damage == "empty":
        chunk.write_bytes(b"")
    elif damage in ("shape", "dtype", "plain"):
        counts = np.load(chunk)
        with open(chunk, "wb") as f:  # a well-formed .npy of other counts: not one this run kept
            np.save(f, {"shape": counts[:3], "dtype": counts.astype(np.int32), "plain": counts[:-1]}[damage])
    else:
        chunk.unlink()
        chunk.mkdir()
    line = _refused(["razz", "table", "--resume", run, "--quiet"], "is damaged")
    assert f"remove {run}/.partial" in line
    assert (run / ".partial").is_dir()  # nothing of the user's is removed


@pytest.mark.parametrize("field", ["args", "kind", "trials"])
def test_a_run_file_missing_a_field_is_damaged_or_foreign(run, field):
    path = run / ".partial" / "run.json"
    kept = json.loads(path.read_text())
    if field == "trials":
        del kept["args"]["trials"]
    else:
        del kept[field]
    path.write_text(json.dumps(kept))
    _refused(["razz", "table", "--resume", run], "not of razz table" if field == "kind" else "damaged")


def test_a_missing_run_file_or_digest_is_damaged(run, tmp_path):
    other = tmp_path / "other"
    shutil.copytree(run, other)
    (run / ".partial" / "run.json").unlink()
    _refused(["razz", "table", "--resume", run], "damaged (run.json is missing)")
    (other / ".partial" / "chunks" / store.DIGEST_FILE).unlink()
    _refused(["razz", "table", "--resume", other], "damaged (args.sha256 is missing")


def test_a_run_in_progress_is_named_as_such_to_new_runs_and_resumes(run):
    with store.reserve(run, partial_ok=True):  # the run is alive (this process holds it)
        for args in ([*ARGS, "--out", run], ["razz", "table", "--resume", run]):
            proc = subprocess.run([str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=120)
            assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, f"a run is in progress in {run}")


def test_the_lock_outlives_the_result_replacing_the_folder(tmp_path):
    out = tmp_path / "res"
    with store.reserve(out) as target:
        store.write_result(target, {}, store.manifest(kind="test"))
        proc = subprocess.run(
            [str(SCRIPT), "razz", "eval", "A2345", "--out", str(out)], capture_output=True, text=True, timeout=120
        )
        assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "a run is in progress")
    assert_ok(invoke(["razz", "eval", "A2345", "--out", out]))


def test_a_resume_of_a_run_that_has_just_finished_is_refused(run, monkeypatch):
    real = store.load_run

    def finished_meanwhile(directory, kind):
        kept = real(directory, kind)
        shutil.rmtree(run / ".partial")  # the run finished between reading run.json and taking the folder
        (run / "manifest.json").write_text(json.dumps({"tool": "razzmatazz", "files": []}))
        return kept

    monkeypatch.setattr(store, "load_run", finished_meanwhile)
    _refused(["razz", "table", "--resume", run, "--quiet"], "holds no interrupted run any more")


def test_a_full_disk_while_keeping_chunks_says_resume_continues(tmp_path, monkeypatch):
    def full(self, *args):
        raise batch.CheckpointError("No space left on device", writing=True)

    monkeypatch.setattr(batch.Checkpoint, "save", full)
    out = tmp_path / "res"
    _refused([*ARGS, *FIXED, "--out", out], f"make room, then continue with --resume {out}")


def test_a_full_disk_while_writing_the_result_says_resume_continues(tmp_path, monkeypatch):
    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "_write", full)
    out = tmp_path / "res"
    _refused(
        [*ARGS, *FIXED, "--out", out],
        f"no space left on device; the finished chunks are kept: make room, then continue with --resume {out}",
    )
    assert (out / ".partial" / "run.json").is_file()
