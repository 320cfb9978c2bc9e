"""The three games' numbers for a given seed never change unless a change says so: counts pinned per game.

Each case plays a few thousand games (Razz: hands) at given switches and lineups and pins the digest of
the run's integer counts, with two totals to read. The same counts must come out on one thread or two and
with any chunk size. A change that moves a result (a rule's default, a policy, a stream) must update
these pins in the same commit and say so; ``python -m tests.conformance.test_pinned_games`` prints them. Each
game keeps its cases and pins in ``tests/<game>/conformance.py`` (``PINS``); this test finds them by the registry.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

import numpy as np
import pytest

from razzmatazz.core import batch
from tests.conformance.cases import game_job, gather, settings

PINS = {pin.name: replace(pin, game=game) for game, pin in gather("PINS")}
"""Every registered game's pinned runs (``PINS`` in ``tests/<game>/conformance.py``), by name."""


def _job(case: str):
    """The batch job of a case, built the way each game's ``play`` builds it."""
    p = PINS[case]
    return game_job(p.game, settings(p.game, **p.fields), p.texts, p.seed, p.items, p.duplicate)


def _pin(counts: np.ndarray) -> tuple[str, int, int]:
    return (
        hashlib.sha256(np.ascontiguousarray(counts, np.int64).tobytes()).hexdigest()[:16],
        counts.size,
        int(counts.sum()),
    )


@pytest.mark.parametrize("case", list(PINS))
def test_a_games_counts_are_pinned(case):
    job = _job(case)
    one = batch.run([job], threads=1, progress=False)[0]
    assert PINS[case].pin[1], f"no pin for {case!r}: {_pin(one)}"
    assert _pin(one) == PINS[case].pin, f"{case!r} moved: now {_pin(one)}; a change that moves it must say so"
    two = batch.run([job], threads=2, chunk_size=777, progress=False)[0]
    assert np.array_equal(one, two)


if __name__ == "__main__":
    for name in PINS:
        print(f"    {name!r}: {_pin(batch.run([_job(name)], threads=2, progress=False)[0])},")
