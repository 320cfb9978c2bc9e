"""A fourth game is its own folders and one registry line: the toy game (``seeds/toy.md``, registered by
``tests/conftest.py`` through ``RAZZMATAZZ_GAMES``) plays through ``play``, ``tournament`` and ``sweep`` without any
module of the house naming it; the environment's games are checked, a bad one named in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.studies.sweep import sweep
from razzmatazz.analysis.studies.tournament import tournament
from razzmatazz.core.errors import InputError

BIN = str(Path(sys.executable).with_name("razzmatazz"))


@pytest.fixture
def toy():
    return games.game("toy")


def test_the_toy_game_is_registered_from_the_environment_and_plays(toy):
    assert "toy" in games.names() and toy.api == "razzmatazz.analysis.toy.game"
    assert "toy" not in games.SHIPPED and set(games.SHIPPED) == {"razz", "razzia", "riffifi"}  # not a shipped game
    result = toy.play(toy.settings(3), toy.module.lineup(["stand", "redraw"], 3), 4000, 1, False, None, False)
    assert list(result.policies.columns[: len(games.CORE_COLUMNS)]) == list(games.CORE_COLUMNS)
    assert list(result.pairs.columns[: len(games.PAIR_COLUMNS)]) == list(games.PAIR_COLUMNS)
    redraw = result.policies.set_index("policy").loc["redraw"]
    assert redraw.payoff_low > 0  # drawing again below 6 beats standing


def test_the_toy_game_runs_a_tournament_and_a_sweep(toy):
    t = tournament("toy", ["stand", "redraw", "redraw:below=9"], players=3, games=3000, seed=2)
    assert set(t.policies.policy) == {"stand", "redraw", "redraw:below=9"}
    assert t.policies.policy.iloc[-1] == "stand"
    s = sweep("toy", "redraw", {"below": (2, 10, 4)}, ["stand"], players=2, games=3000, seed=3)
    assert len(s.grid) == 3 and s.game == "toy"


def test_a_game_cannot_take_another_games_stream_code(toy):
    from dataclasses import replace

    with pytest.raises(ValueError, match="stream code 1 is taken"):
        games.register(replace(toy, name="other", code=1))
    with pytest.raises(InputError, match="unknown game"):
        games.game("chess")


def test_the_toy_games_counts_do_not_depend_on_how_the_games_are_split(toy):
    """The template a new game copies keys its randomness by (seed, stream, game index), as the project asks."""
    from razzmatazz.core.toy import engine as E

    for duplicate in (False, True):
        job = E.GameJob(toy.settings(3), toy.module.lineup(["random", "odds"], 3), 12345, 900, duplicate)
        whole = job.run_chunk(0, 900)
        assert np.array_equal(whole, job.run_chunk(0, 250) + job.run_chunk(250, 700) + job.run_chunk(700, 900))


def _cli(env_games: str, *args: str, path: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, games.ENVIRONMENT: env_games}
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.run([BIN, *args], capture_output=True, text=True, env=env, timeout=120)


TAKEN = """from dataclasses import replace

from razzmatazz.analysis.toy import SPEC as TOY

SPEC = replace(TOY, name="{name}", code={code})
"""


@pytest.mark.parametrize(
    "modules, words",
    [
        ("no.such.module", "module no.such.module cannot be used: ModuleNotFoundError"),
        ("razzmatazz.analysis.stats", "its SPEC must be a GameSpec"),
        ("razzmatazz.analysis.toy,taken_code", "game mine's stream code 3 is taken by riffifi"),
        ("taken_name", "game riffifi is already registered by razzmatazz.analysis.riffifi"),
        ("raises", "module raises cannot be used: RuntimeError: no"),
    ],
)
def test_a_game_module_that_cannot_be_used_is_one_line_and_exit_2(modules, words, tmp_path):
    (tmp_path / "taken_code.py").write_text(TAKEN.format(name="mine", code=3))
    (tmp_path / "taken_name.py").write_text(TAKEN.format(name="riffifi", code=42))
    (tmp_path / "raises.py").write_text("raise RuntimeError('no')\n")
    r = _cli(modules, "--help", path=tmp_path)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert games.ENVIRONMENT in lines[0] and words in lines[0], lines[0]


def test_without_the_environment_only_the_shipped_games_are_there():
    r = _cli("", "--help")
    assert r.returncode == 0 and "riffifi" in r.stdout and "toy" not in r.stdout.split("Commands:")[1]
    r = _cli("razzmatazz.analysis.toy", "toy", "play", "--games", "200", "--seed", "1", "--quiet", "--format", "json")
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("room", ["razz", "razzia", "riffifi", "toy"])
def test_a_games_room_imported_first_with_the_variable_set(room):
    """With ``RAZZMATAZZ_GAMES`` set, importing a game's room before anything else works (the registry reads the
    variable on its first question, not while a room is half imported), and the toy game is then registered."""
    import os
    import subprocess
    import sys

    code = (
        f"import razzmatazz.analysis.{room} as r; from razzmatazz.analysis import games; "
        "print(r.SPEC.name, games.names())"
    )
    env = {**os.environ, "RAZZMATAZZ_GAMES": "razzmatazz.analysis.toy"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == room and "'toy'" in done.stdout
