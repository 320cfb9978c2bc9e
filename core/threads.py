"""How many worker threads razzmatazz uses, and the environment checks that come before numba loads.

Every kernel is a serial ``nogil`` numba function; parallelism comes from running chunks of
work on a pool of Python threads (:func:`razzmatazz.core.batch.run`). A thread that waits for
work sleeps in the operating system instead of spinning, so razzmatazz beside another busy
job is never much slower with all threads than with one, while an idle machine keeps every
core busy (numbers in BENCHMARKS.md). Numba's own OpenMP threads are not used.

This module does not import numba, so :func:`check_environment` can run before it loads.
"""

from __future__ import annotations

import os

from razzmatazz.core.errors import InputError

_threads: int | None = None


def available_cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def check_environment() -> None:
    """Refuse an environment in which numba cannot load (``NUMBA_NUM_THREADS`` not a positive integer)."""
    value = os.environ.get("NUMBA_NUM_THREADS")
    if value is None or value.strip() == "":
        return
    try:
        ok = int(value) >= 1
    except ValueError:
        ok = False
    if not ok:
        raise InputError(f"the environment variable NUMBA_NUM_THREADS must be a positive integer, got {value!r}")


def set_threads(n: int | None) -> int:
    """Use ``n`` worker threads (all available cores when ``None``); returns the number in use."""
    global _threads
    limit = available_cores()
    if n is not None and not 1 <= n <= limit:
        raise InputError(f"threads must be between 1 and {limit} on this machine, got {n}")
    _threads = n
    return get_threads()


def get_threads() -> int:
    """Worker threads in use: the last :func:`set_threads`, else every available core."""
    return _threads if _threads is not None else available_cores()
