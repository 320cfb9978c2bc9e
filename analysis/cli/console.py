"""The command line's standard streams: a closed or failing stdout is one line of error, a closed stderr a sink.

A descriptor 0, 1 or 2 that the shell closed (``>&-``, ``2>&-``) is opened on ``/dev/null`` before
anything else, so that no file the run opens later takes its number (a result file written through
fd 2 by every warning). Output then fails in words: "cannot write to standard output: it is closed".
"""

from __future__ import annotations

import io
import os
import sys
from typing import NoReturn

from razzmatazz.core.errors import InputError


class _Stdout(io.TextIOWrapper):
    """``sys.stdout`` whose failures (a full disk, a closed descriptor) are :class:`InputError`."""

    closed_fd = False

    def write(self, text: str) -> int:  # noqa: D102
        if self.closed_fd and isinstance(text, str) and text:  # click probes with write(b"")
            failed("it is closed")
        try:
            return super().write(text)
        except OSError as e:
            failed(e.strerror or str(e))

    def flush(self) -> None:  # noqa: D102
        try:
            super().flush()
        except OSError as e:
            failed(e.strerror or str(e))


def failed(why: str) -> NoReturn:
    """Stop with one line saying that stdout cannot be written (and where the result went, if written)."""
    from razzmatazz.analysis import store

    try:  # point stdout at /dev/null so that Python's own flush at exit has nothing left to fail on
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except OSError:
        pass
    if isinstance(sys.stdout, _Stdout):
        sys.stdout.closed_fd = False
    done = f"the result is written to {store.WRITTEN[-1]}, but " if store.WRITTEN else ""
    raise InputError(f"{done}standard output cannot be written: {why}")


def guard_streams() -> None:
    """Fill closed descriptors 0-2 with ``/dev/null``; make stdout's failures errors in words."""
    closed = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.append(fd)
    for _ in closed:  # each open takes the lowest free number: the closed ones, in order
        os.open(os.devnull, os.O_RDWR)
    if 2 in closed or sys.stderr is None:
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115 (lives as long as the process)
    if isinstance(sys.stdout, _Stdout) or not (sys.stdout is None or sys.stdout is sys.__stdout__):
        return  # already guarded, or captured (tests)
    if sys.stdout is None or 1 in closed:
        out = _Stdout(open(1, "wb", closefd=False), encoding="utf-8", line_buffering=True)  # noqa: SIM115
        out.closed_fd = True
    else:
        out = _Stdout(
            sys.stdout.buffer,
            encoding=sys.stdout.encoding,
            errors=sys.stdout.errors,
            line_buffering=sys.stdout.line_buffering,
        )
    sys.stdout = out
