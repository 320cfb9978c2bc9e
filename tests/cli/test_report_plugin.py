"""``report GAME --plugin FILE`` (issue 40): the topic "Your policies" puts each policy of the file, and the
default search, in the seat of the default mix's best heuristic on the same deals.

The plugin here holds an exact copy of every policy of Razz's default mix, so the copy of the heuristic whose
seat is taken plays exactly as it did: its gain must be exactly 0, and its difference from search exactly minus
search's gain. The other copies are other policies in that seat and may gain or lose anything.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from razzmatazz.analysis.cli import main
from razzmatazz.analysis.games import plugged
from razzmatazz.analysis.razz import game as G
from razzmatazz.analysis.report import build, yours
from razzmatazz.analysis.report.skill import MIN_GAMES
from razzmatazz.core.razz import policies as P

ROOT = Path(__file__).resolve().parents[2]
HEAD = """
import numpy as np
from numba import njit
from razzmatazz.core.policy import PolicySpec
from razzmatazz.core.razz import policies as P

"""


def copies_of_the_mix() -> tuple[str, dict[str, str]]:
    """A plugin file's text with a copy of each policy of the default mix, and which copy is which."""
    specs, rows, branches, names = [], [], [], {}
    for i, text in enumerate(dict.fromkeys(G.DEFAULT_MIX)):
        policy = P.REGISTRY.parse(text)
        row = ", ".join(repr(float(x)) for x in P.kernel_row(policy))
        names[f"copy-{i}"] = policy.label
        specs.append(f'PolicySpec("copy-{i}", {1000 + i}, (), "{text} as a plugin")')
        rows.append(f"ROW{i} = np.array([{row}])")
        branches.append(f"    if pid == {1000 + i}:\n        return P.decide({policy.spec.id}, ROW{i}, view, state)")
    decide = "@njit\ndef decide(pid, row, view, state):\n" + "\n".join(branches) + "\n    return np.int64(0), state\n"
    text = HEAD + f"POLICIES = [{', '.join(specs)}]\n" + "\n".join(rows) + "\n\n\n" + decide
    return text, names


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    text, names = copies_of_the_mix()
    path = Path(tmp_path_factory.mktemp("plugin")) / "copies.py"
    path.write_text(text)
    return path, names


def test_your_policies_beside_the_heuristic_and_search(plugin):
    path, names = plugin
    with plugged("razz", path):
        tables, runs = yours.simulate_yours("razz", build.sizes_for(True, 0.001), 5, False)
        topic = yours.yours_topic(tables, "razz")
    frame = tables["razz_yours"]
    assert list(frame.policy) == ["search", *names] and len(runs) == 1
    search, heuristic = frame.iloc[0], frame.heuristic.iloc[0]
    assert search.vs_search == search.vs_search_low == search.vs_search_high == 0  # the same lineup
    twin = frame.iloc[1 + [names[n] for n in names].index(heuristic)]
    assert twin.gain == twin.gain_low == twin.gain_high == 0  # the heuristic's exact copy in its own seat
    assert math.isclose(twin.vs_search, -search.gain, abs_tol=1e-9)
    assert frame.games.nunique() == 1 and frame.games.iloc[0] >= MIN_GAMES
    others = frame.iloc[1:].drop(index=twin.name)
    assert (others.gain != 0).any()  # another policy in that seat plays otherwise
    assert len(topic.findings) == len(names) and f"your {twin.policy} in {heuristic}'s seat gains +0.0" in (
        topic.findings[list(frame.policy).index(twin.policy) - 1].text
    )


def invoke(args: list[str]):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="razzmatazz")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["report", "all", "--plugin", ROOT / "examples/razz_policy.py"], "--plugin needs one game"),
        (["report", "razz", "--plugin", "nowhere.py"], "nowhere.py does not exist"),
        (["report", "riffifi", "--plugin", ROOT / "README.md"], "is not a Python file"),
    ],
)
def test_a_bad_plugin_for_a_report_is_one_line_and_exit_2(tmp_path, args, fragment):
    out = tmp_path / "out"
    result = invoke([*args, "--quick", "--seed", "1", "--out", out, "--quiet"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and fragment in lines[0] and not out.exists()


def test_a_plugin_for_a_game_without_a_search_player_is_refused_before_any_run(tmp_path, toy_without_search):
    """The topic "Your policies" measures a file against the search player: a game without one (the toy game's registry,
    without it) is refused in one line before the section plays a game."""
    mine = tmp_path / "mine.py"
    mine.write_text("raise SystemExit('never loaded')\n")
    out = tmp_path / "out"
    result = invoke(["report", "toy", "--plugin", mine, "--quick", "--seed", "1", "--out", out, "--quiet"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["razzmatazz: error: --plugin: toy has no search player to measure your policies against"]
    assert not out.exists()


def test_the_manifest_and_the_command_name_the_plugin(tmp_path):
    path = tmp_path / "p.py"
    path.write_text("x = 1\n")
    text = build.reproduce_command("razz", True, 3, plugin=path)
    assert text == f"razzmatazz report razz --quick --seed 3 --plugin {path}"
    meta = build._plugin_meta(path)
    assert meta is not None and meta["path"] == str(path) and len(meta["sha256"]) == 64
    assert json.dumps(meta)
