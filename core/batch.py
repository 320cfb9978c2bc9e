"""The batch runner shared by every game: chunks, executors, progress, count accumulators.

A :class:`Job` is ``n_items`` independent games or trials whose outcome is an integer count
array; ``job.run_chunk(start, stop)`` plays items ``start..stop-1`` (each from its own random
stream, see :mod:`core.rng`) and returns their counts. :func:`run` splits every job into
chunks, runs them in this process or on an executor (``concurrent.futures`` or
``dask.distributed``, for more processes or machines, with a bounded number of chunks in
flight), adds the counts as they arrive, so memory does not grow with the number of items, and shows
one tqdm progress bar for all jobs. Integer counts add up exactly in any order, so the result
does not depend on chunk size, thread count or executor.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Protocol

import numba
import numpy as np
from tqdm.auto import tqdm

DEFAULT_CHUNK = 1 << 20


class Job(Protocol):
    """Work of ``n_items`` independent items returning integer counts."""

    n_items: int

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        """Counts for items ``start`` to ``stop - 1``."""
        ...


def chunks(n_items: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` pieces of at most ``chunk_size`` covering ``range(n_items)``, lazily."""
    return ((s, min(s + chunk_size, n_items)) for s in range(0, n_items, chunk_size))


def _call(task: tuple[int, Job, int, int]) -> np.ndarray:
    _, job, start, stop = task
    return job.run_chunk(start, stop)


def _results(
    tasks: Iterable[tuple[int, Job, int, int]], executor: Executor | None, window: int
) -> Iterator[tuple[tuple[int, Job, int, int], np.ndarray]]:
    """Each task with its counts, in order; at most ``window`` tasks in flight on an executor."""
    if executor is None:
        for task in tasks:
            yield task, _call(task)
        return
    pending: deque[tuple[tuple[int, Job, int, int], Future[np.ndarray]]] = deque()
    for task in tasks:
        pending.append((task, executor.submit(_call, task)))
        if len(pending) >= window:
            done, fut = pending.popleft()
            yield done, fut.result()
    while pending:
        done, fut = pending.popleft()
        yield done, fut.result()


def run(
    jobs: Sequence[Job],
    *,
    chunk_size: int = DEFAULT_CHUNK,
    executor: Executor | None = None,
    progress: bool | None = None,
    desc: str | None = None,
    unit: str = "game",
    window: int = 16,
) -> list[np.ndarray]:
    """Run every job and return its summed counts, in job order.

    ``executor`` is anything with ``submit`` returning futures (``concurrent.futures`` or
    ``dask.distributed``); see :func:`spawn_pool`. ``progress=None`` shows a bar only when
    stderr is a terminal; ``False`` never does.
    """
    if chunk_size < 1:
        raise ValueError("chunk_size must be positive")
    tasks = ((i, job, s, e) for i, job in enumerate(jobs) for s, e in chunks(job.n_items, chunk_size))
    totals: list[np.ndarray | None] = [None] * len(jobs)
    show = sys.stderr.isatty() if progress is None else progress
    total_items = sum(job.n_items for job in jobs)
    with tqdm(total=total_items, disable=not show, desc=desc, unit=unit, unit_scale=True) as bar:
        for (i, _, s, e), counts in _results(tasks, executor, window):
            totals[i] = counts if totals[i] is None else totals[i] + counts
            bar.update(e - s)
    return [t if t is not None else np.zeros(0, np.int64) for t in totals]


def spawn_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool safe to use after numba's parallel kernels have run.

    Numba's OpenMP threading layer is not fork-safe, so workers are started with ``spawn``;
    give each worker ``NUMBA_NUM_THREADS=1`` in its environment to avoid oversubscription.
    """
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def set_threads(n: int | None) -> int:
    """Use ``n`` numba threads (all cores when ``None``); returns the number in use."""
    limit = numba.config.NUMBA_NUM_THREADS
    if n is not None:
        if not 1 <= n <= limit:
            raise ValueError(f"--threads must be between 1 and {limit} on this machine, got {n}")
        numba.set_num_threads(n)
    return numba.get_num_threads()
