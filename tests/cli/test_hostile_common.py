"""What a hostile user found in the options every game shares: closed or full streams, numbers out of range,
huge inputs echoed back, empty folder names, seeds printed before a refusal."""

from __future__ import annotations

import json
import shlex
import subprocess

import pytest

from razzmatazz.analysis import games
from tests.cli.test_razz_cli import SCRIPT, assert_one_line_error, invoke

LIMIT = 200
"""No one-line error may be longer than this, whatever the input."""


def _shell(command: str) -> subprocess.CompletedProcess:
    """``razzmatazz`` run by the shell, so that its redirections (``>&-``, ``> /dev/full``) apply."""
    return subprocess.run(
        ["bash", "-c", f"{shlex.quote(str(SCRIPT))} {command}"], capture_output=True, text=True, timeout=300
    )


def _refused(args, fragment):
    result = invoke(args)
    line = assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert len(line) <= LIMIT, line
    return line


@pytest.mark.parametrize("command", ["razz eval A2345", "--help", "--version", "razz eval --help"])
def test_a_closed_stdout_is_one_line_of_error(command):
    proc = _shell(f"{command} >&-")
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "standard output cannot be written: it is closed")


@pytest.mark.parametrize("command", ["--help", "--version", "razz equity --help", "razz eval A2345"])
def test_a_full_stdout_is_one_line_of_error(command):
    proc = _shell(f"{command} > /dev/full")
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "no space left on device")


def test_a_full_stdout_after_the_result_is_written_says_where_it_is(tmp_path):
    out = tmp_path / "res"
    proc = _shell(f"razz equity A23 --vs 456 --trials 20000 --seed 1 --out {out} > /dev/full")
    assert_one_line_error(
        proc.returncode,
        proc.stdout,
        proc.stderr,
        f"the result is written to {out}, but standard output cannot be written",
    )
    assert json.loads((out / "manifest.json").read_text())["tool"] == "razzmatazz"


@pytest.mark.parametrize("quiet", ["", "--quiet"])
def test_a_closed_stderr_changes_nothing_on_stdout(quiet):
    proc = _shell(f"razz equity A23 --vs 456 --trials 20000 --seed 1 --format json {quiet} 2>&-")
    assert proc.returncode == 0 and proc.stderr == ""
    assert json.loads(proc.stdout)["trials"] == 20000


def test_a_closed_stderr_still_fails_with_status_2():
    proc = _shell("razz eval ZZ 2>&-")
    assert proc.returncode == 2 and proc.stdout == ""


def test_no_file_takes_the_number_of_a_closed_stderr(tmp_path):
    out = tmp_path / "res"
    proc = _shell(f"razz equity A23 --vs 456 --trials 20000 --seed 1 --out {out} 2>&-")
    assert proc.returncode == 0
    meta = json.loads((out / "manifest.json").read_text())  # intact: no warning was written into it
    assert meta["tool"] == "razzmatazz"


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("value", ["100000000000000000000", "=-1", "-1", "abc"])
def test_trace_takes_a_game_number_in_range(game, value):
    option = ["--trace" + value] if value.startswith("=") else ["--trace", value]
    _refused([game, "play", *option], "-1 where a number from 0" if "-1" in value else "--trace")


def test_an_empty_out_or_resume_is_named():
    _refused(["razz", "play", "--out", ""], "--out': is empty")
    _refused(["report", "razz", "--out", " "], "--out': is empty")
    _refused(["razz", "table", "--resume", ""], "--resume': is empty")


def test_confirm_games_is_named():
    _refused(
        [
            "sweep",
            "riffifi",
            "--policy",
            "undercut",
            "--param",
            "min_claim=1:3:1",
            "--field",
            "random",
            "--players",
            "3",
            "--confirm-games",
            "0",
        ],
        "--confirm-games",
    )


@pytest.mark.parametrize("command", [["report", "razz"], ["razz", "table"], ["razz", "equity", "A23", "--vs", "456"]])
def test_a_refused_out_prints_no_seed_first(tmp_path, command):
    (tmp_path / "notes.txt").write_text("mine\n")
    result = invoke([*command, "--out", tmp_path])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "does not hold a razzmatazz result")


@pytest.mark.parametrize(
    "policy",
    [
        "tag:" + "x" * 5000 + "=1",
        "t" + "a" * 5000,
        "tag:max_card=" + "9" * 5000,
        "tag:max_card=1,max_card=2" + "," * 5000,
    ],
)
def test_a_huge_policy_text_is_not_echoed_back(policy):
    result = invoke(["razz", "play", "--policy", policy])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and len(line) <= LIMIT, line[:300]


def test_a_huge_grid_is_counted_briefly():
    _refused(
        [
            "sweep",
            "riffifi",
            "--policy",
            "undercut",
            "--param",
            "min_claim=1:8:1e-299",
            "--field",
            "random",
            "--players",
            "3",
        ],
        "about 10^299 values",
    )
    _refused(
        [
            "sweep",
            "riffifi",
            "--policy",
            "undercut",
            "--param",
            "min_claim=1:" + "9" * 300 + ":1",
            "--field",
            "random",
            "--players",
            "3",
        ],
        "outside its range",
    )


def _long_path(base, size):
    """A folder path of ``size`` bytes below ``base``, in names the system accepts (at most 200 bytes each)."""
    path = str(base)
    while len(path) < size:
        path += "/" + "d" * min(200, size - len(path) - 1)
    return path[:size]


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("option", ["--out", "--resume"])
def test_a_run_folder_the_system_cannot_hold_is_refused_before_any_work(name, option, tmp_path):
    """A path too long for the run's own files below it was a traceback midway (``--out``: the first chunk could not
    be written, ``.partial`` left behind) or at once (``--resume``: ``File name too long``), in every study."""
    spec = games.game(name)
    args = [name, "play", "--players", str(spec.default_players), "--seed", "1", "--quiet"]
    _refused([*args, option, _long_path(tmp_path, 4060)], "the path is too long (4,060 bytes, at most")
    _refused([*args, option, tmp_path / ("n" * 300)], "too long (300 bytes, at most 255)")
    assert list(tmp_path.iterdir()) == []
