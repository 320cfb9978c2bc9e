"""The conformance suite every engine joins (see engines.py): the same checks for every game.

- counts are integers and conserve what the game conserves (one pot per trial; chips, money);
- the plain-Python reference plays the same games, trial by trial, to the same counts;
- the same seed gives identical counts for any thread count, chunk size and executor;
- changing the seed changes the counts (the stream is really used).
Engines with policies add: legal moves only, and no decision depends on hidden cards.
"""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from razzmatazz.core import batch
from tests.conformance.engines import ENGINES, POLICY_ENGINES

IDS = [e.name for e in ENGINES]
SEED = 2026


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_counts_are_integers_that_conserve(engine):
    n = 20_000
    counts = batch.run([engine.job(SEED, n)], progress=False)[0]
    assert counts.dtype == np.int64
    engine.conserves(counts, n)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_reference_engine_agrees_trial_by_trial(engine):
    job = engine.job(SEED, 10**6)
    for start, stop in ((0, 300), (123_456, 123_457), (999_000, 999_400)):
        assert np.array_equal(job.run_chunk(start, stop), engine.reference(job, start, stop)), (start, stop)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_same_counts_for_any_threads_chunks_and_executor(engine):
    n = engine.items
    job = engine.job(SEED, n)
    whole = batch.run([job], threads=1, progress=False)[0]
    assert np.array_equal(batch.run([job], threads=2, chunk_size=n // 10 - 1, progress=False)[0], whole)
    with ThreadPoolExecutor(3) as pool:
        assert np.array_equal(batch.run([job], chunk_size=n * 7 // 30, executor=pool, progress=False)[0], whole)
    with batch.spawn_pool(2) as pool:
        assert np.array_equal(batch.run([job], chunk_size=n // 3, executor=pool, progress=False)[0], whole)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_the_seed_matters(engine):
    a = batch.run([engine.job(SEED, 5_000)], progress=False)[0]
    b = batch.run([engine.job(SEED + 1, 5_000)], progress=False)[0]
    assert not np.array_equal(a, b)


@pytest.mark.parametrize("engine", POLICY_ENGINES, ids=[e.name for e in POLICY_ENGINES])
def test_decisions_ignore_hidden_information(engine):
    engine.hidden(SEED)
