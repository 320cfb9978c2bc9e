"""Razz's batch job: the kernels' arguments (:class:`Args`), :class:`GameJob` with its lanes, and
:func:`play_deck`, one hand from a given deck."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

import numpy as np

from razzmatazz.core.bound import bind
from razzmatazz.core.job import GameJob as BaseJob
from razzmatazz.core.job import Lane, always, plugged, searching
from razzmatazz.core.policy import Policy
from razzmatazz.core.razz import policies
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.kernels import (
    _trace_deck_builtin,
    _trace_deck_with,
    play_games,
    play_games_with,
    trace_game,
    trace_game_with,
)
from razzmatazz.core.razz.ranking import tables
from razzmatazz.core.rng import game_state
from razzmatazz.core.trace import Trace


class Args(NamedTuple):
    """The Razz kernels' leading arguments (:meth:`GameJob.kernel_args`)."""

    cfg: np.ndarray
    deal_key: np.uint64
    policy_keys: np.ndarray
    lineup_pids: np.ndarray
    lineup_params: np.ndarray
    duplicate: bool


@dataclass(frozen=True, eq=False)
class GameJob(BaseJob[Args]):
    """``n_items`` hands (or duplicate deals of N hands each) of one lineup at one table, for the batch runner.

    Player ``p`` of ``lineup`` sits in seat ``(p + g) mod N`` in hand ``g`` (G9). ``user`` is
    the jitted function that plays policy ids from ``USER_ID`` (users' own policies).
    """

    GAME = "razz"
    Args = Args
    settings: R.Settings

    @property
    def hands(self) -> int:
        """Hands played (:attr:`games`, in the word Razz players use)."""
        return self.games

    def policy_row(self, policy: Policy) -> np.ndarray:
        """The row the kernels read (:func:`.policies.kernel_row`)."""
        return policies.kernel_row(policy)


def _search_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    from razzmatazz.core.razz import search

    kernel = search.play_games if job.user is None else bind(search.play_games_with, job.user)
    return kernel(*job.kernel_args(), start, stop, *tables())


def _search_trace(job: GameJob, g: int) -> Trace:
    from razzmatazz.core.razz import search

    kernel = search.trace_game if job.user is None else bind(search.trace_game_with, job.user)
    return Trace(*kernel(*job.kernel_args(), g, *tables()))


def _plugin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return bind(play_games_with, cast(Callable, job.user))(*job.kernel_args(), start, stop, *tables())


def _plugin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*bind(trace_game_with, cast(Callable, job.user))(*job.kernel_args(), g, *tables()))


def _builtin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return play_games(*job.kernel_args(), start, stop, *tables())


def _builtin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*trace_game(*job.kernel_args(), g, *tables()))


GameJob.LANES = (
    Lane("search", searching, _search_run, _search_trace),  # hand by hand through the positions
    Lane("plugin", plugged, _plugin_run, _plugin_trace),
    Lane("built-in", always, _builtin_run, _builtin_trace),
)


def play_deck(
    settings: R.Settings, seats: Sequence[Policy], deck: Sequence[int], seed: int = 0, user: Callable | None = None
) -> Trace:
    """One hand dealt from ``deck`` (cards in dealing order, G2) with ``seats[s]`` in seat ``s``.

    With ``settings.stacks``, seat s starts with ``stacks[s]`` (hand 0: player p sits in seat p).

    For tests and walk-throughs: the cards are exactly those given (the rest of a full deck
    follows if fewer than 52 are given; a reshuffle draws from ``seed``'s deal stream). Returns
    the log rows, per-seat results and G6 flags like :meth:`GameJob.trace`.
    """
    n = settings.players
    if len(seats) != n:
        raise ValueError(f"{len(seats)} policies for {n} players")
    given = [int(c) for c in deck]
    if len(set(given)) != len(given) or any(not 0 <= c < 52 for c in given):
        raise ValueError("the deck must list distinct cards 0-51")
    full = np.array(given + [c for c in range(52) if c not in set(given)], np.int64)
    job = GameJob(settings, tuple(seats), seed, 1, user=user)
    a = job.kernel_args()
    pstate = np.array([game_state(k, 0) for k in a.policy_keys], np.uint64)
    deal_state = np.uint64(game_state(a.deal_key, 0))
    nopair, paired = tables()
    if user is None:
        return Trace(
            *_trace_deck_builtin(a.cfg, full, deal_state, a.lineup_pids, a.lineup_params, pstate, nopair, paired)
        )
    return Trace(
        *bind(_trace_deck_with, user)(a.cfg, full, deal_state, a.lineup_pids, a.lineup_params, pstate, nopair, paired)
    )
