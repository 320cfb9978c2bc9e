"""The batch runner: chunking, executors and accumulation leave results unchanged."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from razzmatazz.core import batch, threads
from razzmatazz.core.errors import InputError
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from razzmatazz.core.rng import stream_key


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
    limit = threads.available_cores()
    try:
        assert threads.set_threads(None) == limit
        assert threads.set_threads(1) == 1 == threads.get_threads()
        for bad in (0, -1, limit + 1):
            with pytest.raises(InputError, match="threads must be between 1 and"):
                threads.set_threads(bad)
    finally:
        threads.set_threads(None)


def test_thread_pool_and_inline_give_the_same_counts() -> None:
    job = _job(200_000)
    inline = batch.run([job], threads=1, progress=False)[0]
    assert np.array_equal(batch.run([job], threads=2, chunk_size=5_000, progress=False)[0], inline)
    assert np.array_equal(batch.run([job], threads=3, progress=False)[0], inline)


def test_map_ranges_covers_the_range_in_order() -> None:
    for n in (0, 1, 7, 1000):
        parts = batch.map_ranges(lambda lo, hi: list(range(lo, hi)), n, pieces=3)
        assert [i for p in parts for i in p] == list(range(n))


def test_progress_lines_off_a_terminal(capsys, monkeypatch) -> None:
    """Outside a terminal a long run still shows it is alive: a short line on stderr now and then."""
    monkeypatch.setattr(batch, "LOG_EVERY", 0.0)
    batch.run([_job(5 * 4_000)], chunk_size=4_000, threads=1, desc="equity", unit="trial")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4  # after chunks 1-4; none once all is done
    assert lines[0].startswith("equity: 20% (4,000 of 20,000 trials)") and "left" in lines[0]


def test_no_progress_when_asked(capsys, monkeypatch) -> None:
    monkeypatch.setattr(batch, "LOG_EVERY", 0.0)
    batch.run([_job(8_000)], chunk_size=4_000, threads=1, progress=False)
    assert capsys.readouterr().err == ""
