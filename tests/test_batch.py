"""The batch runner: chunking, executors and accumulation leave results unchanged."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from core import batch
from core.razz.deal import make_deal
from core.razz.equity import EquityJob
from core.rng import stream_key


def _job(n: int = 30_000) -> EquityJob:
    return EquityJob(make_deal("As2h3d", ["random", "xx8"]), stream_key(9, 1, 1), n)


def test_chunks_cover_range_once() -> None:
    assert list(batch.chunks(10, 4)) == [(0, 4), (4, 8), (8, 10)]
    assert list(batch.chunks(0, 4)) == []
    with pytest.raises(ValueError):
        batch.run([_job()], chunk_size=0)


def test_counts_add_up_to_trials() -> None:
    counts = batch.run([_job()], progress=False)[0]
    k = np.arange(counts.shape[1])
    k[0] = 1
    # every trial has at least one winner, and the shares of each trial add up to one pot
    assert np.isclose((counts / k).sum(), 30_000)


def test_same_result_for_any_chunk_size_and_executor() -> None:
    job = _job()
    whole = batch.run([job], progress=False)[0]
    assert np.array_equal(batch.run([job], chunk_size=4_321, progress=False)[0], whole)
    with ThreadPoolExecutor(2) as pool:
        assert np.array_equal(batch.run([job], chunk_size=10_000, executor=pool, progress=False)[0], whole)
    with batch.spawn_pool(2) as pool:
        assert np.array_equal(batch.run([job], chunk_size=3_000, executor=pool, progress=False, window=3)[0], whole)


def test_several_jobs_keep_their_order() -> None:
    a, b = _job(5_000), EquityJob(make_deal("KsQhJd", ["random"]), stream_key(9, 1, 2), 7_000)
    ra, rb = batch.run([a, b], chunk_size=3_000, progress=False)
    assert np.array_equal(ra, batch.run([a], progress=False)[0])
    assert np.array_equal(rb, batch.run([b], progress=False)[0])
    assert ra.shape == (3, 4) and rb.shape == (2, 3)


def test_set_threads_bounds() -> None:
    import numba

    limit = numba.config.NUMBA_NUM_THREADS
    assert batch.set_threads(None) >= 1
    assert batch.set_threads(1) == 1
    batch.set_threads(limit)
    for bad in (0, limit + 1):
        with pytest.raises(ValueError):
            batch.set_threads(bad)
