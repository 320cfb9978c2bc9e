"""The Razzia soak script (scripts/soak_razzia.py) in small: random tables, every invariant, zero violations."""

import importlib.util
from pathlib import Path

from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import REGISTRY

_spec = importlib.util.spec_from_file_location(
    "soak_razzia", Path(__file__).resolve().parents[2] / "scripts" / "soak_razzia.py"
)
soak = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(soak)


def test_a_small_soak_finds_no_violation():
    played, violations = soak.soak(games=40_000, tables=30, seed=7, traced=8)
    assert played == 40_000
    assert violations == []


def test_the_checks_catch_broken_games():
    settings = R.Settings(players=5)
    lineup = tuple(REGISTRY.parse(p) for p in ("random", "greedy", "hunter", "bigpot", "crowd"))
    job = E.GameJob(settings, lineup, 3, 10)
    log, res, _ = job.trace(2)
    assert soak.check_log(settings, log, res) == []
    pay = next(i for i, row in enumerate(log.tolist()) if row[0] == R.L_PAY)
    wrong = log.copy()
    wrong[pay, 3] += 1
    assert any("payments" in v for v in soak.check_log(settings, wrong, res))
    play = next(i for i, row in enumerate(log.tolist()) if row[0] == R.L_PLAY)
    wrong = log.copy()
    wrong[play + 1, 1] = log[play, 1]
    assert any("two cards" in v for v in soak.check_log(settings, wrong, res))
    bad = res.copy()
    bad[0, E.H_MONEY] += 1
    assert any("results" in v for v in soak.check_log(settings, log, bad))
    counts = job.run_chunk(0, 10)
    assert soak.check_counts(counts, settings, 10) == []
    broken = counts.copy()
    broken[E.P_MONEY] += 1
    assert any("conserved" in v for v in soak.check_counts(broken, settings, 10))
