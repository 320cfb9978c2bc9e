"""The engines the conformance suite runs over: each game adds its own here.

An :class:`Engine` describes one simulation the batch runner can run (a Razz equity
question today; the Razz game, Razzia and Riffifi with each policy later): how to build its
jobs, how its plain-Python reference plays a range of games, and what its counts must
conserve. The suite in ``test_conformance.py`` then checks every engine the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from razzmatazz.core import batch, streams
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from tests.reference.razz import reference_equity_counts


@dataclass(frozen=True)
class Engine:
    """One engine under test: ``job(seed, n)``, its ``reference(job, start, stop)`` and ``conserves``."""

    name: str
    job: Callable[[int, int], batch.Job]
    reference: Callable[[batch.Job, int, int], np.ndarray]
    conserves: Callable[[np.ndarray, int], None]
    """Raises AssertionError if counts for n games break a conservation law."""


def _razz_equity(hero: str, opponents: list[str], dead: str = "") -> Callable[[int, int], batch.Job]:
    return lambda seed, n: EquityJob(make_deal(hero, opponents, dead), streams.key(seed, "razz", "equity"), n)


def _razz_reference(job: batch.Job, start: int, stop: int) -> np.ndarray:
    return np.array(reference_equity_counts(int(job.key), start, stop, job.deal), np.int64)


def _one_pot_per_trial(counts: np.ndarray, n: int) -> None:
    """Every trial's pot is shared out exactly once: sum over players and k of counts[p, k] / k == n."""
    k = np.arange(counts.shape[1])
    assert (counts[:, 0] == 0).all()
    assert np.isclose((counts[:, 1:] / k[1:]).sum(), n)
    assert (counts.sum(axis=1) <= n).all() and (counts >= 0).all()


ENGINES = [
    Engine("razz equity heads-up", _razz_equity("As2h3d", ["6s7h8d"]), _razz_reference, _one_pot_per_trial),
    Engine("razz equity 4 players, partial hands", _razz_equity("A23", ["xx8", "random", "K"], "9s9h"),
           _razz_reference, _one_pot_per_trial),
    Engine("razz equity 8 players (community card)", _razz_equity("A2K", ["random"] * 7), _razz_reference,
           _one_pot_per_trial),
]
"""Every engine in the suite. The game engines (Razz game, Razzia, Riffifi) join with each policy."""

POLICY_ENGINES: list[Engine] = []
"""Engines whose players take decisions: they also face the hidden-information and legal-move checks."""
