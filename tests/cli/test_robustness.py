"""What the first users hit: misread input, tracebacks, lost or leftover files, silent runs.

Each test here failed on the code before issue 5. Subprocess tests run the installed console
script, as a user would; in-process tests use click's CliRunner.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from razzmatazz.analysis.store import reserve
from tests.cli.test_razz_cli import SCRIPT, assert_ok, hidden_leftovers, invoke, run_script, snapshot

EQ = ["razz", "equity"]


def one_line_error(result, fragment: str) -> str:
    from tests.cli.test_razz_cli import assert_one_line_error

    if isinstance(result, subprocess.CompletedProcess):
        return assert_one_line_error(result.returncode, result.stdout, result.stderr, fragment)
    return assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


# ----------------------------------------------------------------------------- silent misreading


@pytest.mark.parametrize(
    "args, fragment",
    [
        (EQ + ["A23", "--vs", "xx8 xx9"], "several hands"),
        (EQ + ["A23 456", "--vs", "789"], "several hands"),
        (EQ + ["A23", "--dead", "9s,9h"], "comma"),
        (["razz", "eval", "As2h3d4c5s 6h7d8c9dTc"], "several hands"),
    ],
)
def test_several_hands_in_one_argument_are_refused(args, fragment):
    result = invoke(args + ["--seed", "1"] if args[:2] == EQ else args)
    assert "one hand per argument" in one_line_error(result, fragment) or fragment == "comma"


def test_commas_between_hands_make_a_range_not_one_hand():
    args = EQ + ["A23", "--vs", "A24,A25", "--trials", "1000", "--seed", "1", "--format", "json"]
    d = json.loads(invoke(args).stdout)
    assert d["opponents"][0]["hand"] == "A24,A25"
    assert d["opponents"][0]["combos"] == 2 * 3 * 3 * 4  # A, 2 (one of each is the hero's), 4 or 5


def test_spaces_between_single_cards_still_make_one_hand():
    rows = json.loads(invoke(["razz", "eval", "--format", "json", "Kh Ks 7c 7d 4h 4s 2c", "As2h3d 4c 5s"]).stdout)
    assert [r["category"] for r in rows] == ["one pair", "no pair"]


# ----------------------------------------------------------------------------- tracebacks instead of one line


@pytest.mark.parametrize("text, name", [("\u212a23", "KELVIN SIGN"), ("A2\u017f", "LONG S")])
def test_unicode_look_alikes_are_unknown_cards(text, name):
    line = one_line_error(invoke(EQ + [text, "--vs", "678", "--seed", "1"]), "unknown card")
    assert name in line
    one_line_error(invoke(["razz", "eval", "A234" + text]), "unknown card")


def test_out_name_longer_than_255_bytes(tmp_path):
    result = invoke(["razz", "eval", "A2345", "--out", tmp_path / ("r" * 300)])
    one_line_error(result, "too long")
    assert list(tmp_path.iterdir()) == []


def test_out_name_of_255_bytes_works(tmp_path):
    out = tmp_path / ("r" * 255)
    assert_ok(invoke(["razz", "eval", "A2345", "--out", out]))
    assert (out / "manifest.json").exists() and hidden_leftovers(out) == []


def test_out_symlink_loop(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    for out in (tmp_path / "a", tmp_path / "a" / "sub"):
        one_line_error(invoke(["razz", "eval", "A2345", "--out", out]), "output directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


@pytest.mark.parametrize("value", ["0", "-3", "many"])
def test_bad_numba_num_threads_in_the_environment(value, tmp_path):
    env = {**os.environ, "NUMBA_NUM_THREADS": value}
    proc = subprocess.run(
        [str(SCRIPT), *EQ, "A23", "--trials", "100", "--seed", "1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    one_line_error(proc, "NUMBA_NUM_THREADS")


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_stdout_that_cannot_be_written(fmt):
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [str(SCRIPT), *EQ, "A23", "--vs", "678", "--exact", "--format", fmt],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    one_line_error(subprocess.CompletedProcess(proc.args, proc.returncode, "", proc.stderr), "standard output")


# ----------------------------------------------------------------------------- memory blow-up


def _limit_memory() -> None:
    limit = 6 * 2**30
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("text", ["1-100000000000", "1,2,99999999999", "3-1", "0-7", "1-", "x"])
def test_huge_or_bad_opponent_ranges_are_refused_before_building_anything(text, tmp_path):
    proc = subprocess.run(
        [str(SCRIPT), "razz", "table", "--opponents", text, "--seed", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        preexec_fn=_limit_memory,
    )
    one_line_error(proc, "opponents")
    assert list(tmp_path.iterdir()) == []


# ----------------------------------------------------------------------------- leftovers and lost files


def test_sigterm_during_the_write_leaves_nothing_behind(tmp_path):
    """SIGTERM while figures are being drawn: no hidden .NAME.tmp-* folder, no result; only what --resume needs."""
    out = tmp_path / "res"
    code = (
        "import time, sys\n"
        "import razzmatazz.analysis.razz.plots as plots\n"
        "def slow(table, subtitle, rank_by=None):\n"
        "    def draw(d):\n"
        "        (d / 'started').write_text('x')\n"
        "        time.sleep(60)\n"
        "        return []\n"
        "    return draw\n"
        "plots.table_figures = slow\n"
        "from razzmatazz.analysis.cli import main\n"
        f"sys.argv = ['razzmatazz', 'razz', 'table', '--no-exact', '--opponents', '2', '--trials', '20',"
        f" '--seed', '1', '--quiet', '--out', {str(out)!r}]\n"
        "main()\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".res.tmp-*/started")):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert err.strip().splitlines() == ["razzmatazz: terminated"]
    assert [p.name for p in tmp_path.iterdir()] == ["res"]  # kept only for --resume: no result, no hidden folder
    assert [p.name for p in out.iterdir()] == [".partial"]


def test_a_second_writer_is_refused_at_once_and_changes_nothing(tmp_path):
    out = tmp_path / "res"
    assert_ok(invoke(["razz", "eval", "A2345", "--out", out]))
    before = snapshot(out)
    with reserve(out):  # another run holds it
        result = invoke(EQ + ["A23", "--trials", "10000000", "--seed", "1", "--out", out, "--quiet"])
        one_line_error(result, "a run is in progress in")
    assert snapshot(out) == before
    assert hidden_leftovers(out) == []


def test_a_refused_replace_restores_the_previous_result(tmp_path, monkeypatch):
    out = tmp_path / "res"
    assert_ok(invoke(["razz", "eval", "A2345", "--out", out]))
    before = snapshot(out)
    real_rename = os.rename

    def refuse_tmp(src, dst):
        if ".tmp-" in str(src):
            raise PermissionError(13, "Permission denied")
        return real_rename(src, dst)

    monkeypatch.setattr(os, "rename", refuse_tmp)
    one_line_error(invoke(["razz", "eval", "23456", "--out", out]), "permission denied")
    assert snapshot(out) == before
    assert hidden_leftovers(out) == []


@pytest.mark.parametrize("extra", ["notes.txt", "sub/file.txt"])
def test_replacing_a_result_that_holds_user_files_is_refused(tmp_path, extra):
    out = tmp_path / "res"
    assert_ok(invoke(["razz", "eval", "A2345", "--out", out]))
    (out / extra).parent.mkdir(exist_ok=True)
    (out / extra).write_text("mine\n")
    before = snapshot(out)
    line = one_line_error(invoke(["razz", "eval", "23456", "--out", out]), "does not list")
    assert extra.split("/")[0] in line
    assert snapshot(out) == before


# ----------------------------------------------------------------------------- results are kept


def _default_table(cwd: Path) -> subprocess.CompletedProcess:
    return run_script(["razz", "table", "--no-exact", "--opponents", "2", "--trials", "30", "--seed", "4"], cwd=cwd)


@pytest.mark.slow
def test_table_without_out_keeps_every_run_and_says_where(tmp_path):
    first = _default_table(tmp_path)
    assert first.returncode == 0, first.stderr
    time.sleep(1.1)
    second = _default_table(tmp_path)
    assert second.returncode == 0, second.stderr
    runs = tmp_path / "results" / "razz-table"
    kept = sorted(p for p in runs.iterdir() if p.name != "latest")
    assert len(kept) == 2 and all((p / "manifest.json").exists() for p in kept)
    assert (runs / "latest").resolve() == kept[1].resolve()
    for proc, run in ((first, kept[0]), (second, kept[1])):
        assert f"written: {run.relative_to(tmp_path)}/" in proc.stdout
        assert "results/razz-table/latest points to it" in proc.stdout


def test_a_users_latest_is_left_alone(tmp_path):
    runs = tmp_path / "results" / "razz-table"
    runs.mkdir(parents=True)
    (runs / "latest").write_text("my notes\n")
    proc = _default_table(tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (runs / "latest").read_text() == "my notes\n"
    assert "is not a link razzmatazz made, so it was left alone" in proc.stdout


def test_runs_starting_in_the_same_second_get_their_own_folders(tmp_path):
    with reserve(tmp_path / "runs", new_run=True) as first, reserve(tmp_path / "runs", new_run=True) as second:
        assert first != second and first.parent == second.parent == tmp_path / "runs"
    assert list(tmp_path.iterdir()) == []  # nothing written: the folders it made are removed again


def test_json_output_says_where_the_result_went_on_stderr(tmp_path):
    proc = run_script(
        ["razz", "table", "--no-exact", "--opponents", "2", "--trials", "30", "--seed", "4", "--format", "json"],
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    json.loads(proc.stdout)
    assert "written: results/razz-table/" in proc.stderr


# ----------------------------------------------------------------------------- the default table's ranking


@pytest.fixture(scope="module")
def default_ranking(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("rank") / "t"
    result = invoke(
        [
            "razz",
            "table",
            "--opponents",
            "1,2",
            "--trials",
            "2000",
            "--seed",
            "1",
            "--quiet",
            "--out",
            out,
            "--top",
            "40",
        ]
    )
    assert_ok(result)
    return result.stdout


def test_default_table_ranks_by_the_exact_heads_up_column(default_ranking):
    rows = [line.split() for line in default_ranking.splitlines() if line[:1].isdigit() or line[:2].strip().isdigit()]
    assert [r[1] for r in rows[:2]] == ["A23", "A24"]  # exact: 73.468 % and 73.386 %
    assert rows[0][2] == "73.47%"
    assert "Ranked by the 1-opponent column" in default_ranking


def test_table_marks_starts_the_data_cannot_order(default_ranking, tmp_path):
    # the exact heads-up ranking needs no mark; 2,000 trials per cell cannot order 2-opponent neighbours
    assert "~ :" not in default_ranking
    result = invoke(
        [
            "razz",
            "table",
            "--opponents",
            "1,2",
            "--trials",
            "2000",
            "--seed",
            "1",
            "--quiet",
            "--out",
            tmp_path / "t",
            "--rank-by",
            "2",
        ]
    )
    assert_ok(result)
    assert "~ : the data cannot tell this start's order against the next one apart" in result.stdout
    assert "±" in result.stdout


# ----------------------------------------------------------------------------- outputs people misread


def test_a_single_deal_reads_naturally():
    result = invoke(EQ + ["As2h3d4c5s6h7d", "--vs", "8c9cTcJcQcKc9d", "--exact"])
    assert_ok(result)
    assert "exact: every card is known, a single deal" in result.stdout
    assert "all 1 deals" not in result.stdout


def test_no_convention_line_when_no_community_card():
    result = invoke(EQ + ["A23", "--vs", "678", "--trials", "1000", "--seed", "1"])
    assert_ok(result)
    assert "convention" not in result.stdout.lower() and "not needed" not in result.stdout
