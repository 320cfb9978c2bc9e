"""Razzia's play and trace kernels: games ``start..stop-1`` of a run summed into the counts (:mod:`.layout`),
or one game played again with its log.

:func:`play_games` plays items ``start..stop-1`` of a run and returns integer sums. Game ``g`` shuffles from
stream ``razzia/deal`` and rolls from ``razzia/dice``, both at index ``g`` (``g // N`` with duplicate deals,
so the N rotations of a deal also share the dice); the policy in seat s draws from ``razzia/policy`` (s) at
index g. Player ``p`` sits in seat ``(p + g) mod N``.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.harness import close_block, deal_of, games_of
from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import flow, policies
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.flow import play_game, seat_policies
from razzmatazz.core.razzia.layout import (
    G_BLOCKS,
    G_GAMES,
    H_BARS_WON,
    H_MONEY,
    H_WIN,
    N_CFIELDS,
    N_GFIELDS,
    N_PFIELDS,
    N_RES,
    N_TABLE,
    P_BARS_WON,
    P_GAMES,
    P_MLEFT,
    P_MONEY,
    P_MONEY2,
    P_WIN,
    P_WIN2,
    W_COUNTS,
    W_RES,
    _count,
    _logged,
    _workspace,
    count_offsets,
    player_of,
)
from razzmatazz.core.rng import game_state
from razzmatazz.core.trace import Trace


@njit(cache=True, _nrt=False, inline="always")
def _tally(out, base, w, s, leftover):
    """Seat ``s``'s results (``W_RES`` of ``w``) added to the ``P_*`` counts at ``out[base:]``."""
    money = w[W_RES + s * N_RES + H_MONEY]
    win = w[W_RES + s * N_RES + H_WIN]
    out[base + P_GAMES] += 1
    out[base + P_MONEY] += money
    out[base + P_MONEY2] += money * money
    out[base + P_WIN] += win
    out[base + P_WIN2] += win * win
    out[base + P_MLEFT] += money * leftover
    out[base + P_BARS_WON] += w[W_RES + s * N_RES + H_BARS_WON]


# Inlined: numba optimizes again the whole tree of functions a compiled function calls, so each thin level over
# the game (this loop, the trace, the search's decide) cost a full pass over it; inlined, Razzia's kernels
# compile in 146 s instead of 202 s (scripts/compile_times.py, BENCHMARKS.md 2026-12-06 third entry).
@njit(cache=True, inline="always")
def _play_games(
    cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, searcher
):
    n = cfg[R.C_PLAYERS]
    lay_seat, lay_crou, lay_glob, lay_tab, lay_cross, size = count_offsets(n)
    w = _workspace(cfg, size, lay_crou, lay_glob, lay_tab, 1)
    o_seat = W_COUNTS + lay_seat
    o_cross = W_COUNTS + lay_cross
    no_dice = np.zeros((0, 1), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    for item in range(start, stop):
        first, last = games_of(item, n, duplicate)
        for g in range(first, last):
            seat_policies(w, g, n, policy_keys)
            leftover = play_game(
                w,
                game_state(deal_key, item),
                game_state(dice_key, item),
                lineup_pids,
                lineup_params,
                no_dice,
                user,
                searcher,
            )
            _count(w, G_GAMES, 1)
            for s in range(n):
                p = player_of(w, s)
                _tally(w, W_COUNTS + p * N_PFIELDS, w, s, leftover)
                _tally(w, o_seat + s * N_PFIELDS, w, s, leftover)
                block[p] += w[W_RES + s * N_RES + H_MONEY]
                block_win[p] += w[W_RES + s * N_RES + H_WIN]
        _count(w, G_BLOCKS, 1)
        close_block(w, n, o_cross, block, block_win)
    return w[W_COUNTS : W_COUNTS + size].copy()


@njit(cache=True, nogil=True)
def play_games_by(
    cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, searcher
):
    """:func:`play_games` with the users' policy function ``user`` and the ``searcher`` (see :func:`.flow.step`)
    given as arguments (compiled again in each process; the cached kernels of ``search`` and
    :func:`_play_builtin` name theirs as module attributes instead)."""
    return _play_games(
        cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, searcher
    )


# The built-in kernels below (no user's policy, no search seat) name the no-user function and the searcher
# :func:`.flow.no_search` as attributes of their modules (``policies.no_user_policy``, ``flow.no_search``): numba
# caches a kernel across processes only if it hands on no function it was given as an argument or names as a
# bare global (both are lowered as an address of this process, and a signature with a function in it is a new
# cache entry in every process); a module's attribute is a constant. See the same note in :mod:`.search`.


@njit(cache=True, nogil=True)
def _play_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    return _play_games(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        policies.no_user_policy,
        flow.no_search,
    )


def play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """Integer sums (see the module doc) for items ``start..stop-1`` with the built-in policies.

    An item is one game, or with ``duplicate`` one deal (and dice) played N times with the players rotated.
    """
    return _play_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop)


@njit(nogil=True)
def play_games_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        user,
        flow.no_search,
    )


@njit(cache=True, inline="always")
def _trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, searcher):
    n = cfg[R.C_PLAYERS]
    rounds = cfg[R.C_NMONEY] // cfg[R.C_PER_ROUND] + 1
    w = _workspace(
        cfg, n * N_CFIELDS + N_GFIELDS + 3 * N_TABLE, 0, n * N_CFIELDS, n * N_CFIELDS + N_GFIELDS, 64 + rounds * 800
    )
    seat_policies(w, g, n, policy_keys)
    item = deal_of(g, n, duplicate)
    play_game(
        w,
        game_state(deal_key, item),
        game_state(dice_key, item),
        lineup_pids,
        lineup_params,
        np.zeros((0, 1), np.int64),
        user,
        searcher,
    )
    return _logged(w), w[W_RES : W_RES + n * N_RES].reshape((n, N_RES)).copy()


@njit(cache=True)
def _trace_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    return _trace(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        g,
        policies.no_user_policy,
        flow.no_search,
    )


def trace_game(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g) -> Trace:
    """Game ``g`` of a run played again with its log: (log rows, per-seat results ``H_*``)."""
    return Trace(*_trace_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g))


@njit
def trace_game_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    """:func:`trace_game` with a user's policy function (see :func:`play_games_with`)."""
    return _trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, flow.no_search)
