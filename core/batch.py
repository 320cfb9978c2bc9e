"""The batch runner shared by every game: chunks, executors, progress, count accumulators.

A :class:`Job` is ``n_items`` independent games or trials whose outcome is an integer count
array; ``job.run_chunk(start, stop)`` plays items ``start..stop-1`` (each from its own random
stream, see :mod:`razzmatazz.core.rng`) and returns their counts. :func:`run` splits every
job into chunks and runs them on an executor: by default a pool of threads (kernels release
the GIL; see :mod:`razzmatazz.core.threads`), or any object with ``submit`` returning futures
(``concurrent.futures``, ``dask.distributed``) for more processes or machines. At most a few
chunks are in flight, counts are added as they arrive (memory does not grow with the number
of items), and integer counts add up exactly in any order, so the result does not depend on
chunk size, thread count or executor.

Progress: a tqdm bar on a terminal; otherwise a short line on stderr now and then, so that
a long run in a log file shows it is alive.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from pathlib import Path
from typing import Protocol, TypeVar

import numpy as np
from tqdm.auto import tqdm

from razzmatazz.core.errors import InputError
from razzmatazz.core.threads import get_threads

DEFAULT_CHUNK = 1 << 16
"""Items per chunk: a few milliseconds of work, small enough to keep every thread busy."""
LOG_EVERY = 15.0
"""Seconds between progress lines when stderr is not a terminal."""

T = TypeVar("T")
R = TypeVar("R")


class Job(Protocol):
    """Work of ``n_items`` independent items returning integer counts."""

    @property
    def n_items(self) -> int:
        """How many items the job has (a frozen dataclass's field is one)."""
        ...

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        """Counts for items ``start`` to ``stop - 1``."""
        ...


class CheckpointError(InputError):
    """A kept chunk that cannot be read back as counts (damaged) or cannot be written (``writing``)."""

    def __init__(self, message: str, writing: bool = False) -> None:
        super().__init__(message)
        self.writing = writing

    def __reduce__(self) -> tuple:  # keeps ``writing`` across processes (the report's workers)
        return type(self), (str(self), self.writing)


class Checkpoint:
    """Finished chunks' counts on disk, one ``.npy`` file each, so that an interrupted run can resume.

    A file is written under a temporary name and renamed into place, so it is either complete or
    absent, even after ``kill -9``. :func:`run` skips every chunk whose counts are already here. Each
    file holds the counts with their shape and a checksum (:func:`_seal`): a truncated, zeroed or
    edited file is refused (:class:`CheckpointError`), never added in.
    """

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CheckpointError(f"{self.directory}: {e.strerror or e}", writing=True) from None

    def path(self, job: int, start: int, stop: int) -> Path:
        return self.directory / f"job{job}-{start}-{stop}.npy"

    def load(self, job: int, start: int, stop: int) -> np.ndarray | None:
        """The stored counts of a chunk, or None if it has not finished."""
        path = self.path(job, start, stop)
        try:
            kept = np.load(path, allow_pickle=False)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, EOFError) as e:
            raise CheckpointError(f"{path.name} cannot be read: {getattr(e, 'strerror', None) or e}") from None
        counts = _unseal(kept)
        if counts is None:
            raise CheckpointError(f"{path.name} does not hold a chunk's counts as this run keeps them")
        return counts

    def save(self, job: int, start: int, stop: int, counts: np.ndarray) -> None:
        final = self.path(job, start, stop)
        tmp = final.with_name(f".{final.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "wb") as f:
                np.save(f, _seal(counts), allow_pickle=False)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, final)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise CheckpointError(e.strerror or str(e), writing=True) from None

    def finished(self) -> int:
        """How many chunks are stored."""
        return sum(1 for _ in self.directory.glob("job*.npy"))


def _checksum(values: np.ndarray) -> np.int64:
    return np.frombuffer(hashlib.blake2b(values.tobytes(), digest_size=8).digest(), np.int64)[0]


def _seal(counts: np.ndarray) -> np.ndarray:
    """Counts as kept on disk: the values, the shape, the number of dimensions, and a checksum of them all."""
    body = np.concatenate(
        [np.ascontiguousarray(counts, np.int64).ravel(), np.array([*counts.shape, counts.ndim], np.int64)]
    )
    return np.append(body, _checksum(body))


def _unseal(kept: object) -> np.ndarray | None:
    """The counts of a kept chunk, or None if it is not one written by :func:`_seal` (damaged, edited)."""
    if not isinstance(kept, np.ndarray) or kept.dtype != np.int64 or kept.ndim != 1 or len(kept) < 2:
        return None
    body, ndim = kept[:-1], int(kept[-2])
    if _checksum(body) != kept[-1] or not 0 <= ndim <= len(body) - 1:
        return None
    shape = tuple(int(n) for n in body[len(body) - 1 - ndim : -1])
    values = body[: len(body) - 1 - ndim]
    if any(n < 0 for n in shape) or int(np.prod(shape)) != len(values):
        return None
    return values.reshape(shape)


_AUTO: ContextVar[list | None] = ContextVar("razzmatazz_checkpoints", default=None)
_EXECUTOR: ContextVar[Executor | None] = ContextVar("razzmatazz_executor", default=None)


@contextmanager
def executing(executor: Executor | None) -> Iterator[None]:
    """Run the chunks of every :func:`run` inside this block that is given no executor on ``executor``."""
    token = _EXECUTOR.set(executor)
    try:
        yield
    finally:
        _EXECUTOR.reset(token)


@contextmanager
def checkpointing(directory: str | Path) -> Iterator[None]:
    """Store the chunks of every :func:`run` inside this block that has no checkpoint of its own.

    The k-th such run (counting from 0) keeps its chunks in ``directory/run-k``. A command that
    makes several runs (a study, a tournament) resumes them all, as long as it makes the same runs
    in the same order, which it does for the same arguments.
    """
    token = _AUTO.set([Path(directory), 0])
    try:
        yield
    finally:
        _AUTO.reset(token)


def _auto_checkpoint() -> Checkpoint | None:
    auto = _AUTO.get()
    if auto is None:
        return None
    auto[1] += 1
    return Checkpoint(auto[0] / f"run-{auto[1] - 1}")


def chunks(n_items: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` pieces of at most ``chunk_size`` covering ``range(n_items)``, lazily."""
    return ((s, min(s + chunk_size, n_items)) for s in range(0, n_items, chunk_size))


def _call(task: tuple[int, Job, int, int]) -> np.ndarray:
    _, job, start, stop = task
    return job.run_chunk(start, stop)


def _results(tasks: Iterable[T], fn: Callable[[T], R], executor: Executor | None, window: int) -> Iterator[tuple[T, R]]:
    """Each task with ``fn(task)``, in order; at most ``window`` tasks in flight on an executor."""
    if executor is None:
        for task in tasks:
            yield task, fn(task)
        return
    pending: deque[tuple[T, Future[R]]] = deque()
    try:
        for task in tasks:
            pending.append((task, executor.submit(fn, task)))
            if len(pending) >= window:
                done, fut = pending.popleft()
                yield done, fut.result()
        while pending:
            done, fut = pending.popleft()
            yield done, fut.result()
    finally:
        for _, fut in pending:  # interrupted or failed: drop what has not started
            fut.cancel()


def _pool(executor: Executor | None, threads: int | None) -> tuple[Executor | None, AbstractContextManager[None]]:
    """The executor to use and a context that shuts down a pool made here.

    Chunks run on worker threads even with one thread, so that the main thread stays free for
    Ctrl-C and SIGTERM however long a chunk takes; when they arrive, the pool is left without
    waiting for the chunk in progress (the command line then exits at once).
    """
    if executor is not None:
        return executor, nullcontext()
    n = threads if threads is not None else get_threads()
    pool = ThreadPoolExecutor(max(1, n), thread_name_prefix="razzmatazz")
    return pool, _shut_down(pool)


@contextmanager
def _shut_down(pool: ThreadPoolExecutor) -> Iterator[None]:
    try:
        yield
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def run(
    jobs: Sequence[Job],
    *,
    chunk_size: int = DEFAULT_CHUNK,
    executor: Executor | None = None,
    threads: int | None = None,
    progress: bool | None = None,
    desc: str | None = None,
    unit: str = "game",
    window: int | None = None,
    checkpoint: Checkpoint | None = None,
) -> list[np.ndarray]:
    """Run every job and return its summed counts, in job order.

    ``executor`` is anything with ``submit`` returning futures; without one, chunks run on
    ``threads`` threads (default: :func:`razzmatazz.core.threads.get_threads`). ``progress=None``
    shows a bar on a terminal and a line now and then otherwise; ``False`` shows nothing.
    With a ``checkpoint``, every finished chunk's counts are stored there and chunks already
    stored are not run again (the chunk size must be the same as when they were stored). Inside
    :func:`checkpointing`, a run without a checkpoint gets one; inside :func:`executing`, a run
    without an executor or a thread count uses that executor.
    """
    if chunk_size < 1:
        raise ValueError("chunk_size must be positive")
    if checkpoint is None:
        checkpoint = _auto_checkpoint()
    if executor is None and threads is None:
        executor = _EXECUTOR.get()
    totals: list[np.ndarray | None] = [None] * len(jobs)

    def add(i: int, counts: np.ndarray) -> None:
        total = totals[i]
        if total is None:
            totals[i] = counts
        elif total.shape == counts.shape:
            totals[i] = total + counts
        else:  # only a kept chunk can differ from the others
            where = checkpoint.directory if checkpoint is not None else "the checkpoint"
            raise CheckpointError(f"the chunks kept in {where} do not all hold the same counts")

    pool, owned = _pool(executor, threads)
    with owned, _progress(sum(job.n_items for job in jobs), progress, desc, unit) as bar:

        def todo() -> Iterator[tuple[int, Job, int, int]]:  # lazily: memory does not grow with the run
            for i, job in enumerate(jobs):
                for s, e in chunks(job.n_items, chunk_size):
                    stored = checkpoint.load(i, s, e) if checkpoint is not None else None
                    if stored is None:
                        yield i, job, s, e
                    else:
                        add(i, stored)
                        bar.update(e - s)

        for (i, _, s, e), counts in _results(todo(), _call, pool, window or max(16, 4 * get_threads())):
            if checkpoint is not None:
                checkpoint.save(i, s, e, counts)
            add(i, counts)
            bar.update(e - s)
    return [t if t is not None else np.zeros(0, np.int64) for t in totals]


def map_ranges(fn: Callable[[int, int], T], n: int, pieces: int | None = None) -> list[T]:
    """``[fn(lo, hi) ...]`` over consecutive pieces of ``range(n)``, run on the worker threads.

    For kernels that split an index range (exact enumeration, batch evaluation); results come
    back in order. ``pieces`` defaults to four per thread.
    """
    threads = get_threads()
    size = max(1, -(-n // (pieces or 4 * threads)))
    pool, owned = _pool(None, threads)
    with owned:
        return [r for _, r in _results(chunks(n, size), lambda t: fn(*t), pool, 4 * threads)]


class _LogLines:
    """A stand-in for tqdm that prints a short progress line to stderr every ``every`` seconds."""

    def __init__(self, total: int, desc: str | None, unit: str, every: float | None = None) -> None:
        self.total, self.desc, self.unit = total, desc or "progress", unit
        self.every = LOG_EVERY if every is None else every
        self.done = 0
        self.start = self.last = time.monotonic()

    def __enter__(self) -> _LogLines:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.every and self.done < self.total:
            self.last = now
            spent = now - self.start
            left = spent * (self.total - self.done) / max(self.done, 1)
            print(
                f"{self.desc}: {self.done / self.total:.0%} ({self.done:,} of {self.total:,} {self.unit}s), "
                f"{_duration(spent)} so far, about {_duration(left)} left",
                file=sys.stderr,
                flush=True,
            )


def _duration(seconds: float) -> str:
    minutes, s = divmod(round(seconds), 60)
    return f"{minutes} min {s} s" if minutes else f"{s} s"


def _progress(total: int, progress: bool | None, desc: str | None, unit: str):
    """A tqdm bar (terminal), log lines (``progress=None`` off a terminal) or nothing."""
    tty = sys.stderr.isatty()
    if progress is None and not tty:
        return _LogLines(total, desc, unit)
    return tqdm(total=total, disable=not (tty if progress is None else progress), desc=desc, unit=unit, unit_scale=True)


def spawn_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool for :func:`run` (``spawn`` start method: no state inherited from this process)."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
