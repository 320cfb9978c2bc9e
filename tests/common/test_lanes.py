"""Every game's job is played by the first of its lanes that takes it (``core.job.GameJob.LANES``): the fast lane
where it supports the table, the search where a seat searches, users' plugins, the built-in engine."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from razzmatazz.analysis import games


def _jobs(name: str):
    spec = games.game(name)
    engine = importlib.import_module(f"{spec.core}.engine")
    rules = importlib.import_module(f"{spec.core}.rules")
    n = spec.default_players

    def job(texts: list[str], user=None):
        return engine.GameJob(rules.Settings(players=n), spec.module.lineup(texts, n), 1, 3, user=user)

    return engine.GameJob.LANES, job


@pytest.mark.parametrize("name", games.names())
def test_the_first_lane_that_takes_a_job_plays_it(name):
    lanes, job = _jobs(name)
    names = [lane.name for lane in lanes]
    searches = "search" in {s.name for s in games.game(name).registry}  # a game may have no search player
    assert names[-3:] == ["search", "plugin", "built-in"][1 - searches :] and len(set(names)) == len(names)
    assert ("search" in names) == searches
    plain = "fast" if "fast" in names else "built-in"
    assert job(["random"]).lane().name == plain
    assert job(["random"], user=lambda *a: None).lane().name == "plugin"  # the fast lane plays no plugin
    if searches:
        assert job(["search", "random"]).lane().name == "search"
        assert job(["search"], user=lambda *a: None).lane().name == "search"  # search sits beside plugins
    assert lanes[-1].takes(job(["random"])) and lanes[-1].trace is not None


@pytest.mark.parametrize("name", games.names())
def test_a_job_plays_its_lanes_chunks_and_the_built_in_lane_agrees(name):
    lanes, job = _jobs(name)
    j = job(["random"])
    built_in = lanes[-1]
    assert np.array_equal(j.run_chunk(0, 3), built_in.run(j, 0, 3))  # the fast lane's sums are the engine's
    got, want = j.trace(1), built_in.trace(j, 1)
    assert np.array_equal(got.log, want.log) and np.array_equal(got.results, want.results) and got.flags == want.flags
