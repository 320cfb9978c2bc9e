"""Razz's search player beside a plugin's policies (issues 37 item 5 and 40): the plugin's policy is modelled in
the search's rollouts and replay check as the lineup's policy, as a built-in is. A plugin that plays exactly
``tag`` gives, beside ``search``, exactly the sums and logs of the built-in ``tag`` beside ``search``; a plugin
that plays otherwise changes what the search does."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from razzmatazz.analysis.razz import game as G
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R

MIRROR = """
import numpy as np
from numba import njit
from razzmatazz.core.policy import PolicySpec
from razzmatazz.core.razz import policies as P

POLICIES = [PolicySpec("tag-copy", 1000, (), "the built-in tag with its default row"),
            PolicySpec("always-raise", 1001, (), "raises whenever it may (calls a capped bet)")]
ROW = np.array({row})


@njit
def decide(pid, row, view, state):
    if pid == 1001:
        return np.int64(2), state
    return P.decide({tag}, ROW, view, state)
"""


@pytest.fixture(scope="module")
def user(tmp_path_factory) -> G.plugins.UserPolicies:
    tag = P.REGISTRY.parse("tag")
    row = ", ".join(repr(float(x)) for x in P.kernel_row(tag))
    path = Path(tmp_path_factory.mktemp("plugin")) / "mirror.py"
    path.write_text(MIRROR.format(row=f"[{row}]", tag=tag.spec.id))
    return G.load_plugin(path)


def _job(texts, user, hands=8, duplicate=False):
    policies = G.lineup(texts, 4, user)
    return E.GameJob(R.Settings(players=4), policies, 11, hands, duplicate, user=G._decide(policies, user))


def test_search_beside_a_plugin_that_plays_tag_plays_as_beside_tag(user):
    field = ["search:samples=3", "{}", "rock", "station"]
    for duplicate in (False, True):
        mine = _job([t.format("tag-copy") for t in field], user, duplicate=duplicate)
        theirs = _job([t.format("tag") for t in field], None, duplicate=duplicate)
        assert mine.user is not None and mine.searching
        n = mine.n_items
        assert np.array_equal(mine.run_chunk(0, n), theirs.run_chunk(0, n))
    for g in range(4):
        a, b = mine.trace(g), theirs.trace(g)
        assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_the_search_models_the_plugins_play_not_a_built_ins(user):
    """Beside a maniac from the plugin the search's moves differ from its moves beside tag (the same deals): the
    plugin's policy is what its rollouts play."""
    mine = _job(["search:samples=3", "always-raise", "rock", "station"], user)
    theirs = _job(["search:samples=3", "tag", "rock", "station"], None)
    logs = [[mine.trace(g).log, theirs.trace(g).log] for g in range(mine.games)]
    assert any(a.shape != b.shape or not np.array_equal(a, b) for a, b in logs)
    assert mine.run_chunk(0, mine.n_items)[: 4 * E.N_PFIELDS].reshape(4, -1)[:, E.P_NET].sum() == 0
