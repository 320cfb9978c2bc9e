"""The Riffifi soak script (scripts/soak_riffifi.py) in small: random tables, every invariant, zero violations."""

import importlib.util
from pathlib import Path

import numpy as np

from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import REGISTRY

_spec = importlib.util.spec_from_file_location(
    "soak_riffifi", Path(__file__).resolve().parents[2] / "scripts" / "soak_riffifi.py"
)
soak = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(soak)


def test_a_small_soak_finds_no_violation():
    played, violations = soak.soak(games=60_000, tables=30, seed=7, traced=10)
    assert played == 60_000
    assert violations == []


def test_the_checks_catch_broken_games():
    settings = R.Settings(players=4, officer=True)
    lineup = tuple(REGISTRY.parse(p) for p in ("random", "undercut", "expect", "lowest"))
    job = E.GameJob(settings, lineup, 3, 10)
    log, res, _ = job.trace(1)
    assert soak.check_log(settings, log, res) == []
    take = next(i for i, row in enumerate(log.tolist()) if row[0] == R.L_TAKE)
    wrong = log.copy()
    wrong[take, 3] += 13
    assert any("out of bounds" in v for v in soak.check_log(settings, wrong, res))
    play = [i for i, row in enumerate(log.tolist()) if row[0] == R.L_PLAY]
    wrong = log.copy()
    wrong[play[1], 2] = log[play[0], 2]
    assert any("exactly once" in v for v in soak.check_log(settings, wrong, res))
    bad = res.copy()
    bad[0, E.H_SCORE] += 1
    assert any("scores" in v for v in soak.check_log(settings, log, bad))
    counts = job.run_chunk(0, 10)
    assert soak.check_counts(counts, settings, 10) == []
    broken = counts.copy()
    broken[E.P_SCORE] += 1
    assert any("conserved" in v for v in soak.check_counts(broken, settings, 10))
    assert np.any(counts)
