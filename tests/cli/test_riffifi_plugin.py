"""Users' own Riffifi policies from a policy file: they may allocate, are asked the odd-chip question, and a file
loaded again unchanged is the same function (its engine compiled once). The suite compiles the engine for a plugin
once, here; the shipped example is checked without the engine (tests/cli/test_riffifi_cli.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.cli.test_razz_cli import assert_ok, invoke
from tests.cli.test_riffifi_cli import PLAY, play_json

PLUGIN = """
import numpy as np
from numba import njit
from razzmatazz.core.policy import PolicySpec
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R

POLICIES = [PolicySpec("scratchy", 1000, (), "its lowest card id, found through a new array"),
            PolicySpec("junk-split", 1001, (), "plays like lowest; answers the odd-chip question with nonsense"),
            PolicySpec("leader-split", 1002, (), "plays like lowest, lowest's odd-chip choice too")]


@njit
def decide(pid, row, view, state):
    if pid == 1000 and view[R.V_KIND] == R.K_PLAY:
        hand = view[R.ST_HAND + view[R.V_SEAT]]
        cards = np.zeros(R.OFFICER + 1, np.int64)
        for c in range(R.OFFICER + 1):
            cards[c] = (hand >> np.int64(c)) & 1
        return np.int64(np.argmax(cards)), state
    if view[R.V_KIND] == R.K_SPLIT and pid == 1001:
        return np.int64(-5), state
    return P.decide(1, row, view, state)
"""


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    """One policy file for the tests below: loaded again unchanged, its ``decide`` is the same function, and the
    engine is compiled for it once (a minute or two) instead of once a test."""
    path = tmp_path_factory.mktemp("plugin") / "mine.py"
    path.write_text(PLUGIN)
    return path


def test_a_plugin_policy_may_make_arrays(plugin):
    """The game loop runs without numba's reference counting; a user's policy still may allocate."""
    data = play_json("--plugin", str(plugin), "--policy", "scratchy", "--policy", "lowest")
    assert {r["policy"] for r in data["policies"]} == {"scratchy", "lowest"}
    assert_ok(invoke([*PLAY, "--plugin", str(plugin), "--policy", "scratchy", "--trace", "1"]))


def test_a_plugin_policy_is_asked_who_gives_an_odd_chip(plugin):
    """Under the default tie chooser a user's policy gets the question (K_SPLIT): answering as lowest does gives
    lowest's games; an impossible answer counts as the first tied seat clockwise, so it plays tie clockwise's."""
    from razzmatazz.analysis import riffifi as F
    from razzmatazz.core.riffifi import engine as E
    from razzmatazz.core.riffifi.rules import Settings

    user = F.load_plugin(plugin)

    def counts(texts: str, tie: str = "chooser", with_user: bool = True) -> np.ndarray:
        job = E.GameJob(Settings(tie=tie), F.lineup([texts], 4, user), 3, 300, user=user.decide if with_user else None)
        return job.run_chunk(0, 300)

    chooser, clockwise = counts("lowest", with_user=False), counts("lowest", "clockwise", with_user=False)
    assert not np.array_equal(chooser, clockwise)
    assert np.array_equal(counts("leader-split"), chooser)
    assert np.array_equal(counts("junk-split"), clockwise)


def test_a_policy_file_loaded_again_unchanged_gives_the_same_function(tmp_path):
    from razzmatazz.analysis import riffifi as F
    from razzmatazz.core.policy import with_nrt

    path = tmp_path / "mine.py"
    path.write_text(PLUGIN)
    user = F.load_plugin(path)
    assert F.load_plugin(path).decide is user.decide
    assert with_nrt(user.decide) is with_nrt(user.decide)
    path.write_text(PLUGIN.replace("np.int64(-5)", "np.int64(-6)"))
    assert F.load_plugin(path).decide is not user.decide
