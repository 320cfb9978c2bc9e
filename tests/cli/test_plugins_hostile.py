"""Users' policy files that are wrong in every way a hostile user found: one line, exit status 2, or a run that
Ctrl-C and SIGTERM end even while the user's ``decide`` never returns."""

from __future__ import annotations

import itertools
import signal
import subprocess
import time
from pathlib import Path

import pytest

from razzmatazz.analysis import games
from tests.cli.test_razz_cli import SCRIPT, assert_one_line_error, invoke

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "razz_policy.py").read_text()
PLAY = ["razz", "play", "--policy", "wheel-chaser", "--policy", "tag", "--players", "2", "--hands", "200", "--quiet"]


def _plugin(tmp_path: Path, text: str, name: str = "mine.py") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _edit(old: str, new: str) -> str:
    assert old in EXAMPLE
    return EXAMPLE.replace(old, new)


CASES = {
    "policies is a number": ("POLICIES = 5\ndecide = None\n", "must define POLICIES (a list of PolicySpec)"),
    "exits at import": ("import sys\nsys.exit(0)\n", "exits when loaded (sys.exit(0))"),
    "raises at import": ("raise RuntimeError('no')\n", "cannot be loaded: RuntimeError: no"),
    "decide is a number": (EXAMPLE + "\ndecide = 42\n", "decide must be a function compiled with numba's @njit"),
    "decide is plain python": (EXAMPLE + "\ndecide = decide.py_func\n", "compiled with numba's @njit"),
    "clashes with a built-in name": (
        _edit('"wheel-chaser",\n        1000', '"tag",\n        1000'),
        "the name tag of a built-in",
    ),
    "clashes with itself": (
        _edit("POLICIES = [", "POLICIES = [PolicySpec('wheel-chaser', 1001, (), 'twin'),"),
        "of another of its policies",
    ),
    "same id twice": (
        _edit("POLICIES = [", "POLICIES = [PolicySpec('other', 1000, (), 'twin'),"),
        "the id 1000 of another of its policies",
    ),
    "returns a float": (_edit("return R.FOLD, state", "return 1.5, state"), "it returns Tuple(float64, uint64)"),
    "does not compile": (_edit("return R.FOLD, state", "return undefined_name, state"), "does not compile"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_policy_file_is_one_line(tmp_path, case):
    text, fragment = CASES[case]
    result = invoke([*PLAY, "--plugin", _plugin(tmp_path, text)])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def test_a_policy_file_without_the_py_suffix_is_one_line(tmp_path):
    result = invoke([*PLAY, "--plugin", _plugin(tmp_path, EXAMPLE, "mine.txt")])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "is not a Python file")


def _example(game: str, tmp_path: Path) -> Path:
    """The game's example policy file (``examples/GAME_policy.py``), or for a game that ships none (the toy game)
    the file its ``new-policy`` writes."""
    shipped = ROOT / "examples" / f"{game}_policy.py"
    if shipped.exists():
        return shipped
    path = tmp_path / f"{game}_policy.py"
    if not path.exists():
        result = invoke([game, "new-policy", "mine", "--out", path])
        assert result.exit_code == 0, result.stderr
    return path


@pytest.mark.parametrize("game", [g for g in games.names() if g != "razz"])  # razz: the cases above
def test_the_other_games_check_their_policy_files_too(tmp_path, game):
    text = _example(game, tmp_path).read_text()
    name = text.split("PolicySpec(", 1)[1].split(",", 1)[0].strip().strip("\"'")
    builtin = "random"
    path = _plugin(tmp_path, text.replace(f'"{name}"', f'"{builtin}"', 1))
    result = invoke([game, "policies", "--plugin", path])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, f"the name {builtin} of a built-in")


@pytest.mark.parametrize(("game", "other"), list(itertools.permutations(games.names(), 2)))
def test_another_games_policy_file_is_refused_before_anything_compiles(game, other, tmp_path):
    """A file written for another game (it uses that game's core package) would compile and play nonsense on
    this game's views: refused by name, in every command that loads it (here ``policies``, and ``report`` where the
    game has a report)."""
    path = _example(other, tmp_path)
    report = [["report", game, "--quick", "--plugin", path, "--quiet"]] if games.game(game).report else []
    for args in ([game, "policies", "--plugin", path], *report):
        result = invoke(args)
        assert_one_line_error(
            result.exit_code, result.stdout, result.stderr, f"is written for {other} (it uses razzmatazz.core.{other})"
        )


def test_a_folder_given_as_the_policy_file_is_named_a_folder(tmp_path):
    result = invoke([*PLAY, "--plugin", tmp_path])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "is a folder, not a file")


def test_a_decide_that_raises_during_the_run_is_named(tmp_path):
    path = _plugin(tmp_path, _edit("return R.FOLD, state", 'raise ValueError("boom")'))
    result = invoke([*PLAY, "--plugin", path])
    assert_one_line_error(
        result.exit_code, result.stdout, result.stderr, f"the run stopped in the policy file {path}: ValueError: boom"
    )


@pytest.mark.parametrize(
    ("sig", "status", "word"), [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")]
)
@pytest.mark.parametrize("threads", ["1", "2"])
def test_a_decide_that_never_returns_is_ended_by_signals(tmp_path, sig, status, word, threads):
    path = _plugin(
        tmp_path,
        _edit(
            "    m1, m2, m3, m4, k = P.own_layers(view)",
            "    x = 0\n    while pid > 0:\n        x += 1\n    m1, m2, m3, m4, k = P.own_layers(view)",
        ),
    )
    out = tmp_path / "out"
    args = [
        str(SCRIPT),
        *PLAY[:-3],
        "--hands",
        "100000",
        "--threads",
        threads,
        "--plugin",
        str(path),
        "--quiet",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 240
    while not (out / ".partial" / "run.json").exists():  # loaded, compiled, and playing
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    time.sleep(1.0)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=240)  # the signal may come while the plugin still compiles
    assert proc.returncode == status, stderr
    assert stderr.strip().splitlines() == [f"razzmatazz: {word}"]
    assert not (out / "manifest.json").exists()


@pytest.mark.parametrize(
    "command",
    [
        PLAY,
        ["razzia", "play", "--games", "10"],
        ["riffifi", "play", "--games", "10"],
        ["razzia", "policies"],
        ["exploit", "razz"],
        ["report", "riffifi", "--quick"],
    ],
)
def test_two_policy_files_are_refused_not_one_dropped(tmp_path, command):
    """Click keeps the last of a repeated option: a second ``--plugin`` silently dropped the first file."""
    one, two = _plugin(tmp_path, EXAMPLE, "one.py"), _plugin(tmp_path, EXAMPLE, "two.py")
    result = invoke([*command, "--plugin", one, "--plugin", two])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "--plugin is given 2 times")
