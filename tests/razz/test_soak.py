"""The soak script (scripts/soak.py) in small: random tables, every invariant, zero violations."""

import importlib.util
from pathlib import Path

import numpy as np

from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.policies import REGISTRY

_spec = importlib.util.spec_from_file_location("soak", Path(__file__).resolve().parents[2] / "scripts" / "soak.py")
soak = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(soak)


def test_a_small_soak_finds_no_violation():
    played, violations = soak.soak(games=300_000, tables=30, seed=7, traced=30, hidden=30)
    assert played == 300_000
    assert violations == []


def test_the_log_checks_catch_a_broken_hand():
    settings = R.Settings(players=3, stack=200)
    lineup = tuple(REGISTRY.parse(p) for p in ("random:fold=0,raise=0.9", "station", "station"))
    job = E.GameJob(settings, lineup, 1, 10)
    log, res, _ = job.trace(0)
    stacks = [200] * 3
    assert soak.check_log(settings, log, res, stacks) == []
    raise_row = next(i for i, row in enumerate(log.tolist()) if row[0] == R.L_RAISE)
    wrong = log.copy()
    wrong[raise_row, 2] += 1
    assert any("raise to" in v for v in soak.check_log(settings, wrong, res, stacks))
    dealt = next(i for i, row in enumerate(log.tolist()) if row[0] == R.L_DEAL and row[1] == 1)
    wrong = log.copy()
    wrong[dealt, 2] = log[0 if log[0, 0] == R.L_DEAL else 3, 2]
    twice = np.array(wrong)
    assert any("dealt twice" in v for v in soak.check_log(settings, twice, res, stacks))
    bad_res = res.copy()
    bad_res[0, 0] += 1
    assert any("won minus" in v for v in soak.check_log(settings, log, bad_res, stacks))
