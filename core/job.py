"""What every game's batch job shares: the lineup, the streams, and the kernel's arguments by name.

A game's ``GameJob`` (in its ``engine`` module) subclasses :class:`GameJob`, names its game and the
streams its games draw from (:attr:`GameJob.STREAMS`, in the kernels' argument order), declares its
kernels' leading arguments as a :class:`~typing.NamedTuple` (:attr:`GameJob.Args`) and lists its lanes
(:attr:`GameJob.LANES`, :class:`Lane`): the ways its games can be played (a fast lane, the search, users'
plugins, the built-in engine), the first that takes the job playing its chunks and traces.
:meth:`GameJob.kernel_args` builds those arguments, so code reads ``args.lineup_pids`` rather than an index into
a tuple, and passes them on with ``*args``. Player ``p`` of the lineup sits in seat ``(p + g) mod N`` in game
``g``; with duplicate deals an item is one deal played N times with the players rotated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

import numpy as np

from razzmatazz.core import bound, streams
from razzmatazz.core.policy import Policy

A = TypeVar("A")
"""A game's :attr:`GameJob.Args`."""


def parameter_rows(rows: Sequence[Sequence[float]], n: int) -> np.ndarray:
    """The lineup's parameter rows as one ``n x width`` float64 array, zero-padded (width >= 1)."""
    width = max(1, max(len(r) for r in rows))
    params = np.zeros((n, width), np.float64)
    for i, r in enumerate(rows):
        params[i, : len(r)] = r
    return params


@dataclass(frozen=True)
class Lane:
    """One way a job's games are played. ``takes(job)``: does this lane play the job; ``run(job, start, stop)``:
    the integer counts of items ``start..stop-1``; ``trace(job, g)``: game ``g`` as it plays it (None: the lane
    plays exactly as a later one, which traces)."""

    name: str
    takes: Callable[[Any], bool]
    run: Callable[[Any, int, int], np.ndarray]
    trace: Callable[[Any, int], Any] | None = None


def searching(job: Any) -> bool:
    """Does a seat of ``job`` play the game's ``search`` policy (the search lane)?"""
    return any(p.spec.name == "search" for p in job.lineup)


def plugged(job: Any) -> bool:
    """Does ``job`` carry users' policies (the plugin lane)?"""
    return job.user is not None


def always(job: Any) -> bool:
    """The last lane takes every job."""
    return True


@dataclass(frozen=True, eq=False)
class GameJob(Generic[A]):
    """``n_items`` games (or duplicate deals of N games each) of one lineup, for the batch runner.

    ``user`` is the jitted function that plays policy ids from the game's ``USER_ID`` (users' own
    policies). Subclasses set :attr:`GAME`, :attr:`STREAMS` and :attr:`Args`.
    """

    GAME: ClassVar[str]
    """The game's name in the streams registry."""
    STREAMS: ClassVar[tuple[str, ...]] = ("deal",)
    """The game-indexed streams (besides the per-seat ``policy`` stream), in the kernels' order."""
    LANES: ClassVar[tuple[Lane, ...]] = ()
    """The lanes in the order they are tried (:meth:`lane`); the last takes every job."""
    Args: ClassVar[Any]
    """The kernels' leading arguments: ``cfg``, a key per stream, ``policy_keys, lineup_pids, lineup_params,
    duplicate`` (named as the kernels name them)."""

    settings: Any
    lineup: tuple[Policy, ...]
    seed: int
    n_items: int
    duplicate: bool = False
    user: Callable | None = None

    def __post_init__(self) -> None:
        if len(self.lineup) != self.settings.players:
            raise ValueError(f"{len(self.lineup)} policies for {self.settings.players} players")

    def __getstate__(self) -> dict:
        """Pickled (for a Dask worker) with a plugin's source in place of its function: the worker runs the
        file as the same module and loads the bound kernels from the cache (:mod:`.bound`)."""
        return {**self.__dict__, "user": bound.portable(self.user)}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update({**state, "user": bound.restored(state["user"])})

    @property
    def games(self) -> int:
        """Games played: items, times N with duplicate deals."""
        return self.n_items * (self.settings.players if self.duplicate else 1)

    @property
    def searching(self) -> bool:
        """Does a seat play the game's ``search`` policy (the search lane: its kernels in ``<game>/search.py``)?"""
        return searching(self)

    def lane(self) -> Lane:
        """The lane that plays this job's chunks: the first of :attr:`LANES` that takes it."""
        return next(lane for lane in self.LANES if lane.takes(self))

    def policy_row(self, policy: Policy) -> Any:
        """The parameter row the kernels read for ``policy`` (its own row unless the game says otherwise)."""
        return policy.row

    def kernel_args(self) -> A:
        """The kernels' arguments before the item range, as :attr:`Args`."""
        n = self.settings.players
        params = parameter_rows([self.policy_row(p) for p in self.lineup], n)
        pids = np.array([p.spec.id for p in self.lineup], np.int64)
        policy_keys = np.array([streams.key(self.seed, self.GAME, "policy", s) for s in range(n)], np.uint64)
        keys = [streams.key(self.seed, self.GAME, name) for name in self.STREAMS]
        return cast(A, self.Args(self.settings.row(), *keys, policy_keys, pids, params, bool(self.duplicate)))

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        """Integer counts for items ``start..stop-1``, played by :meth:`lane`."""
        return self.lane().run(self, start, stop)

    def trace(self, g: int) -> Any:
        """Game ``g`` with its log rows and per-seat results, played as :meth:`run_chunk` plays it (by the first
        lane that takes the job and traces)."""
        for lane in self.LANES:
            if lane.trace is not None and lane.takes(self):
                return lane.trace(self, g)
        raise NotImplementedError(f"no lane of {self.GAME} traces this job")
