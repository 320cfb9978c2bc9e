"""The toy game's batch job: the kernels' arguments (:class:`Args`) and :class:`GameJob` with its lanes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from razzmatazz.core.bound import bind
from razzmatazz.core.job import GameJob as BaseJob
from razzmatazz.core.job import Lane, always, plugged, searching
from razzmatazz.core.policy import Policy, with_nrt
from razzmatazz.core.toy import policies
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy.kernels import play_games, play_games_with, trace_game, trace_game_with
from razzmatazz.core.trace import Trace


class Args(NamedTuple):
    """The toy kernels' leading arguments (:meth:`GameJob.kernel_args`)."""

    cfg: np.ndarray
    deal_key: np.uint64
    policy_keys: np.ndarray
    lineup_pids: np.ndarray
    lineup_params: np.ndarray
    duplicate: bool


@dataclass(frozen=True, eq=False)
class GameJob(BaseJob[Args]):
    """``n_items`` games (or duplicate deals of N games each) of one lineup, for the batch runner.

    Player ``p`` of ``lineup`` sits in seat ``(p + g) mod N`` in game ``g`` (T6). ``user`` is the jitted
    function that plays policy ids from ``USER_ID`` (users' own policies). Its lanes (``LANES``, below): the
    search (:mod:`.search`), users' plugins, the built-in engine (:func:`.kernels.play_games`).
    """

    GAME = "toy"
    Args = Args
    settings: R.Settings

    def policy_row(self, policy: Policy) -> np.ndarray:
        """The row the kernels read (:func:`.policies.kernel_row`)."""
        return policies.kernel_row(policy)


def _search_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    from razzmatazz.core.toy import search  # it imports this module

    user = policies.no_user_policy if job.user is None else with_nrt(job.user)
    return search.play_games(*job.kernel_args(), start, stop, user)


def _search_trace(job: GameJob, g: int) -> Trace:
    from razzmatazz.core.toy import search

    user = None if job.user is None else with_nrt(job.user)
    return Trace(*search.trace_game(*job.kernel_args(), g, user))


def _plugin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return bind(play_games_with, with_nrt(job.user))(*job.kernel_args(), start, stop)


def _plugin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*bind(trace_game_with, with_nrt(job.user))(*job.kernel_args(), g))


def _builtin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return play_games(*job.kernel_args(), start, stop)


def _builtin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*trace_game(*job.kernel_args(), g))


GameJob.LANES = (
    Lane("search", searching, _search_run, _search_trace),
    Lane("plugin", plugged, _plugin_run, _plugin_trace),
    Lane("built-in", always, _builtin_run, _builtin_trace),
)
