"""``razzmatazz ladder GAME`` under hostile input: every bad input is one line on stderr naming it and exit status
2, never a traceback, refused before anything is compiled or played, and a refused run leaves ``--out`` (or the
``--resume`` folder) exactly as it was; input that is legal after all (the edges) runs.

Defects this round found: ``--top`` that is not a power of two was taken (the climb stopped below it and said it
had "reached --top"); Razzia's 2 players, which ``razzia play``, ``exploit`` and ``tune`` seat, were refused; an
``--out`` or ``--resume`` path too long for the system (or unreadable) was a traceback, and one a little shorter
started the run, which stopped halfway with a traceback and left its ``.partial`` folder behind.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.store import chunk_folder
from razzmatazz.analysis.studies import ladder as L
from razzmatazz.core.errors import InputError
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, hidden_leftovers, invoke, snapshot

SMALL = ["--games", "40", "--top", "2", "--players", "3", "--seed", "1", "--quiet"]
"""A tiny ladder of Riffifi (an option given again after it wins: click keeps the last)."""
SEED_WORDS = "the seed must be a whole number from 0 to 9,223,372,036,854,775,807"
TOP_WORDS = "--top must be a power of two from 1 to 4,096 samples"
RUN_ARGS = {"games": 2_000_000, "top": 4, "players": 3, "seed": 1, "game_name": "riffifi", "duplicate": None}
"""The arguments of an interrupted ``ladder riffifi --games 2000000 --top 4 --players 3 --seed 1 --out DIR``."""


def _earlier_result(tmp_path: Path) -> Path:
    """A folder holding an earlier razzmatazz result (a run may replace it; a refused one must not touch it)."""
    out = tmp_path / "earlier"
    out.mkdir()
    (out / "rungs.csv").write_text("rung,samples\n1,1\n")
    (out / "manifest.json").write_text(json.dumps({"tool": "razzmatazz", "kind": "ladder", "files": ["rungs.csv"]}))
    return out


def _refused(args: list, fragment: str) -> str:
    result = invoke(["ladder", *args])
    return assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def _interrupted(tmp_path: Path, kind: str = "ladder", args: dict | None = None) -> Path:
    """A folder as a killed ``--out`` run leaves it: ``.partial`` with the run's arguments and their digest."""
    run = tmp_path / "run"
    chunk_folder(run, kind, dict(RUN_ARGS if args is None else args), resuming=False)
    return run


# --- every option's bad values: one line, and --out untouched ------------------------------------------------

CASES = [
    (["poker", *SMALL], "unknown game 'poker'"),
    (SMALL, "missing GAME"),
    (["riffifi", *SMALL, "--players", "2"], "Riffifi is for 3, 4 or 5 players, got 2"),
    (["riffifi", *SMALL, "--players", "0"], "Riffifi is for 3, 4 or 5 players, got 0"),
    (["riffifi", *SMALL, "--players", "-1"], "Riffifi is for 3, 4 or 5 players, got -1"),
    (["riffifi", *SMALL, "--players", str(10**20)], "Riffifi is for 3, 4 or 5 players"),
    (["riffifi", *SMALL, "--players", "abc"], "Invalid value for '--players'"),
    (["razz", *SMALL, "--players", "9"], "Razz is played by 2 to 8 players, got 9"),
    (["razzia", *SMALL, "--players", "1"], "Razzia is for 2 to 8 players, got 1"),
    (["razzia", *SMALL, "--players", "9"], "Razzia is for 2 to 8 players, got 9"),
    (["riffifi", *SMALL, "--games", "0"], "games must be 1 to 10,000,000,000, got 0"),
    (["riffifi", *SMALL, "--games", "-5"], "games must be 1 to 10,000,000,000, got -5"),
    (["riffifi", *SMALL, "--games", str(10**13)], "games must be 1 to 10,000,000,000"),
    (["riffifi", *SMALL, "--games", "1.5"], "Invalid value for '--games'"),
    (["razz", *SMALL, "--games", "0"], "hands must be 1 to 10,000,000,000, got 0"),
    (["riffifi", *SMALL, "--top", "0"], TOP_WORDS),
    (["riffifi", *SMALL, "--top", "-4"], TOP_WORDS),
    (["riffifi", *SMALL, "--top", "8192"], TOP_WORDS),
    (["riffifi", *SMALL, "--top", str(10**30)], TOP_WORDS),
    (["riffifi", *SMALL, "--top", "abc"], "Invalid value for '--top'"),
    (["riffifi", *SMALL, "--format", "xml"], "Invalid value for '--format'"),
    (["riffifi", *SMALL, "--seed", "-1"], SEED_WORDS),
    (["riffifi", *SMALL, "--seed", str(2**63)], SEED_WORDS),
    (["riffifi", *SMALL, "--seed", str(10**30)], SEED_WORDS),
    (["riffifi", *SMALL, "--seed", "x"], "Invalid value for '--seed'"),
    (["riffifi", *SMALL, "--threads", "0"], "threads must be between 1 and"),
    (["riffifi", *SMALL, "--threads", "-2"], "threads must be between 1 and"),
    (["riffifi", *SMALL, "--threads", str(10**6)], "threads must be between 1 and"),
    (["riffifi", *SMALL, "--cluster", "foo"], "a cluster is written local:N"),
    (["riffifi", *SMALL, "--cluster", "local:0"], "a cluster is written local:N"),
    (["riffifi", *SMALL, "--cluster", "local:-1"], "a cluster is written local:N"),
    (["riffifi", *SMALL, "--cluster", ""], "a cluster is written local:N"),
    (["riffifi", *SMALL, "--scheduler", "foo"], "a scheduler address looks like tcp://HOST:PORT"),
    (["riffifi", *SMALL, "--cluster", "local:2", "--scheduler", "tcp://h:1"], "not both"),
    (["riffifi", *SMALL, "--out", ""], "Invalid value for '--out': is empty"),
]


@pytest.mark.parametrize(("args", "fragment"), CASES, ids=[" ".join(a[-2:]) or "none" for a, _ in CASES])
def test_a_bad_option_is_one_line_and_leaves_an_earlier_result(tmp_path, args, fragment):
    earlier = _earlier_result(tmp_path)
    before = snapshot(earlier)
    out = [] if "--out" in args else ["--out", earlier]  # the case's own --out comes last: click keeps it
    _refused([*out, *args], fragment)
    assert snapshot(earlier) == before and hidden_leftovers(earlier) == []
    assert [p.name for p in tmp_path.iterdir()] == ["earlier"]


@pytest.mark.parametrize("top", [3, 5, 6, 12, 100, 4095])
def test_a_top_that_is_not_a_power_of_two_is_refused(tmp_path, top):
    """The rungs double from 1: --top 3 climbed to 2 and ended "reached --top 3"; now it is refused in words."""
    out = tmp_path / "new"
    _refused(
        ["riffifi", *SMALL, "--top", top, "--out", out], f"{TOP_WORDS} (the rungs double: 1, 2, 4, 8, ...), got {top}"
    )
    assert not out.exists()


@pytest.mark.parametrize("top", [3, 2.0, 2.5, True, "4", None])
def test_the_api_refuses_a_top_that_is_not_a_whole_power_of_two(top):
    with pytest.raises(InputError, match="--top must be a power of two"):
        L.check("riffifi", 3, 40, top)
    assert [L.check("riffifi", 3, 40, t)[2] for t in (1, 2, 64, 4096)] == [40] * 4


def test_razzia_seats_two_players_as_razzia_play_exploit_and_tune_do():
    """``ladder razzia --players 2`` was refused ("Razzia tables here have 3 to 8 players"), though the game and
    the other strong-play studies seat 2 (on three bars); 1 and 9 are still refused in the game's words."""
    g, settings, games_ = L.check("razzia", 2, 40, 2)
    assert g.name == "razzia" and settings.players == 2 and settings.n_bars == 3 and games_ == 40
    for bad in (1, 9):
        with pytest.raises(InputError, match=f"^Razzia is for 2 to 8 players, got {bad}$"):
            L.check("razzia", bad, 40, 2)


def test_the_toy_game_climbs_a_small_ladder(tmp_path):
    """The toy game (tests/conftest.py registers it), the template, has a search player: its ladder runs."""
    assert "toy" in games.names()
    out = tmp_path / "new"
    args = ["toy", "--games", "40", "--top", "2", "--seed", "1", "--quiet", "--format", "json", "--out", out]
    result = invoke(["ladder", *args])
    assert_ok(result)
    data = json.loads(result.stdout)
    assert data["game"] == "toy" and [r["samples"] for r in data["rungs"]][:1] == [1]
    assert json.loads((out / "manifest.json").read_text())["kind"] == "ladder"


def test_a_game_without_a_search_player_has_no_ladder(tmp_path, toy_without_search):
    """A game whose registry has no ``search`` (the toy game's, without it) is refused in words."""
    out = tmp_path / "new"
    for players in ([], ["--players", "99"]):  # the missing search player is named first
        _refused(["toy", "--games", "40", "--seed", "1", *players, "--out", out], "toy has no search policy")
    assert not out.exists()


# --- --out -------------------------------------------------------------------------------------------------


def test_out_naming_a_file_a_foreign_folder_or_an_unwritable_place_is_refused(tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine too")
    earlier = _earlier_result(tmp_path)
    (earlier / "extra.txt").write_text("not the result's")
    before = {p: snapshot(p) for p in (foreign, earlier)}
    for out, words in (
        (a_file, "exists and is not a directory"),
        (a_file / "sub", "is not a directory"),
        (foreign, "does not hold a razzmatazz result"),
        (earlier, "holds 'extra.txt', which its manifest does not list"),
        ("/proc/razzmatazz-ladder", "output directory /proc/razzmatazz-ladder"),
    ):
        _refused(["riffifi", *SMALL, "--out", out], words)
    assert a_file.read_text() == "mine" and {p: snapshot(p) for p in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["earlier", "file", "foreign"]


def test_out_holding_an_interrupted_run_is_refused_without_resume(tmp_path):
    run = _interrupted(tmp_path)
    before = snapshot(run)
    _refused(["riffifi", *SMALL, "--out", run], f"holds an interrupted run: continue it with --resume {run}")
    assert snapshot(run) == before


def _long_path(tmp_path: Path, size: int) -> Path:
    """A path of ``size`` bytes under ``tmp_path`` whose every name is short enough (200 bytes)."""
    rest = size - len(os.fsencode(str(tmp_path))) - 1
    parts = ["d" * 199] * (rest // 200)
    parts.append("e" * (rest - 200 * len(parts)))
    path = tmp_path.joinpath(*parts)
    assert len(os.fsencode(str(path))) == size
    return path


@pytest.mark.parametrize("size", [5000, 4060])
def test_out_too_long_for_the_system_is_one_line_before_any_work(tmp_path, size):
    """5,000 bytes (past PATH_MAX) was a traceback; 4,060 bytes started the run, which stopped at its first chunk
    with a traceback (the chunk's path too long) and left ``.partial`` behind."""
    out = _long_path(tmp_path, size)
    _refused(["riffifi", *SMALL, "--out", out], f"the path is too long ({size:,} bytes, at most")
    assert list(tmp_path.iterdir()) == []


def test_out_with_a_name_too_long_is_one_line(tmp_path):
    _refused(["riffifi", *SMALL, "--out", tmp_path / ("n" * 300)], "too long (300 bytes, at most 255)")
    assert list(tmp_path.iterdir()) == []


# --- --resume ------------------------------------------------------------------------------------------------


def test_resume_of_a_missing_empty_foreign_or_finished_folder_is_refused(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine too")
    earlier = _earlier_result(tmp_path)
    before = {p: snapshot(p) for p in (empty, foreign, earlier)}
    for where, words in (
        (tmp_path / "missing", "holds no interrupted run of ladder to resume"),
        (empty, "holds no interrupted run of ladder to resume"),
        (foreign, "holds no interrupted run of ladder to resume"),
        (earlier, "holds no interrupted run of ladder to resume"),
        (a_file, "is not a directory"),
    ):
        _refused(["--resume", where], words)
    assert a_file.read_text() == "mine" and {p: snapshot(p) for p in before} == before
    assert not (tmp_path / "missing").exists()


def test_resume_of_another_commands_run_is_refused(tmp_path):
    run = _interrupted(tmp_path, "tournament", {"game_name": "riffifi", "policy_texts": ["expect", "thief"]})
    before = snapshot(run)
    _refused(["--resume", run], "holds a run of 'tournament', not of ladder")
    assert snapshot(run) == before


def _spoil_run_file(run: Path) -> None:
    (run / ".partial" / "run.json").write_text("{garbage")


def _drop_run_file(run: Path) -> None:
    (run / ".partial" / "run.json").unlink()


def _drop_digest(run: Path) -> None:
    (run / ".partial" / "chunks" / "args.sha256").unlink()


def _edit_args(run: Path) -> None:
    path = run / ".partial" / "run.json"
    kept = json.loads(path.read_text())
    path.write_text(json.dumps({**kept, "args": {**kept["args"], "top": 8}}))


@pytest.mark.parametrize(
    ("spoil", "why"),
    [
        (_spoil_run_file, "run.json cannot be read"),
        (_drop_run_file, "run.json is missing"),
        (_drop_digest, "args.sha256 is missing or unreadable"),
        (_edit_args, "run.json does not match the chunks kept beside it"),
    ],
)
def test_resume_of_a_damaged_run_is_one_line_and_removes_nothing(tmp_path, spoil, why):
    run = _interrupted(tmp_path)
    spoil(run)
    before = snapshot(run)
    line = _refused(["--resume", run], f"the interrupted run in {run} is damaged ({why}")
    assert line.endswith(f"remove {run}/.partial and start the run again")
    assert snapshot(run) == before and (run / ".partial" / "chunks").is_dir()


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--top", "8"], "with --top 4: leave out --top 8"),
        (["--games", "40"], "with --games 2000000: leave out --games 40"),
        (["--players", "4"], "with --players 3: leave out --players 4"),
        (["--seed", "2"], "with --seed 1: leave out --seed 2"),
        (["--seed", "-1"], "with --seed 1: leave out --seed -1"),
        (["--no-duplicate"], "with --duplicate (not given): leave out --duplicate false"),
        (["razz"], "with GAME riffifi: leave out GAME razz"),
        (["--out", "elsewhere"], "continues the run in that folder: leave out --out elsewhere"),
        (["--threads", "0"], "threads must be between 1 and"),
        (["--cluster", "local:0"], "a cluster is written local:N"),
        (["--format", "xml"], "Invalid value for '--format'"),
    ],
)
def test_resume_with_other_options_is_refused(tmp_path, extra, words):
    run = _interrupted(tmp_path)
    before = snapshot(run)
    _refused(["--resume", run, *extra], words)
    assert snapshot(run) == before and sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_resume_of_a_run_started_with_a_top_that_is_not_a_power_of_two_is_refused(tmp_path):
    """A run begun before --top was checked for a power of two is refused when resumed, not climbed wrongly."""
    run = _interrupted(tmp_path, args={**RUN_ARGS, "top": 3, "games": 40})
    before = snapshot(run)
    _refused(["--resume", run], f"{TOP_WORDS} (the rungs double: 1, 2, 4, 8, ...), got 3")
    assert snapshot(run) == before


@pytest.mark.parametrize(
    ("where", "words"),
    [
        (lambda tmp: tmp / ("r" * 5000), "a name in it is too long (5,000 bytes, at most 255)"),
        (lambda tmp: _long_path(tmp, 5000), "the path is too long (5,000 bytes, at most"),
    ],
    ids=["a name too long", "a path too long"],
)
def test_resume_of_a_path_too_long_is_one_line(tmp_path, where, words):
    """Both were tracebacks (``OSError: [Errno 36] File name too long`` from looking for ``.partial``)."""
    _refused(["--resume", where(tmp_path)], words)
    assert list(tmp_path.iterdir()) == []


# --- legal after all: the edges run -------------------------------------------------------------------------


def test_the_edges_of_every_option_run(tmp_path):
    """The one real ladder of this file: the most seats, one game, one rung (--top 1, a power of two), the largest
    seed, one thread, into a new folder --out: it runs, one rung of 1 sample, and writes its result."""
    out = tmp_path / "new"
    seed = 2**63 - 1
    result = invoke(
        ["ladder", "riffifi", "--players", "5", "--games", "1", "--top", "1", "--seed", seed, "--threads", "1"]
        + ["--quiet", "--format", "json", "--out", out]
    )
    assert_ok(result)
    data = json.loads(result.stdout)
    assert data["players"] == 5 and data["seed"] == seed and data["stopped"] == "reached --top 1"
    assert [r["samples"] for r in data["rungs"]] == [1]
    assert json.loads((out / "manifest.json").read_text())["kind"] == "ladder"
    assert not (out / ".partial").exists() and hidden_leftovers(out) == []
