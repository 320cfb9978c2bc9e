"""Riffifi's play and trace kernels: games ``start..stop-1`` of a run summed into the counts (:mod:`.layout`),
or one game played again with its log.

:func:`play_games` plays games ``start..stop-1`` of a run and returns integer sums. Game ``g`` deals from stream
``riffifi/deal`` game ``g`` (``g // N`` with duplicate deals) and seats player ``p`` in seat ``(p + g) mod N``
(G6).
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.harness import close_block, deal_of, games_of, player_at, seat_policies
from razzmatazz.core.jit import njit
from razzmatazz.core.riffifi import flow as _FLOW
from razzmatazz.core.riffifi import policies
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.flow import begin_game, deal_hands
from razzmatazz.core.riffifi.layout import (
    G_BLOCKS,
    G_GAMES,
    H_CHIPS,
    H_SCORE,
    H_TICKS,
    H_WIN,
    LOG_PER_DEAL,
    N_GFIELDS,
    N_PFIELDS,
    N_TABLE,
    P_CHIPS,
    P_GAMES,
    P_SCORE,
    P_SCORE2,
    P_TICKS,
    P_WIN,
    P_WIN2,
    _workspace,
    count_offsets,
    results,
)
from razzmatazz.core.rng import game_state


@njit(cache=True, inline="always")
def _tally(out, base, res, s):
    score = res[s, H_SCORE]
    win = res[s, H_WIN]
    out[base + P_GAMES] += 1
    out[base + P_SCORE] += score
    out[base + P_SCORE2] += score * score
    out[base + P_WIN] += win
    out[base + P_WIN2] += win * win
    for c in range(R.N_COLOURS):
        out[base + P_CHIPS + c] += res[s, H_CHIPS + c]
    out[base + P_TICKS] += res[s, H_TICKS]


# Inlined: numba optimizes again the whole tree of functions a compiled function calls, so each thin level over
# the game (these loops and traces) cost a full pass over it; as in Razzia, though the gain here is small
# (scripts/compile_times.py, BENCHMARKS.md 2026-12-06 third entry).
@njit(cache=True, inline="always")
def _play_games_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, play):
    """The counts of items ``start..stop-1``, each game played by ``play`` (:func:`.flow.play_game`, or the search
    player's ``search.play_game``). A cached kernel names ``play`` as a module's attribute (``_FLOW.play_game``):
    one it was handed as an argument, or a bare global, would be compiled again in every process."""
    n = cfg[R.C_PLAYERS]
    o_seat, o_pos, o_glob, o_table, o_cross, size = count_offsets(n)
    out = np.zeros(size, np.int64)
    pos, view, pids, params = _workspace(n, lineup_params.shape[1])
    log = np.zeros((1, 5), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    for item in range(start, stop):
        first, last = games_of(item, n, duplicate)
        for g in range(first, last):
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log, out, o_table, o_glob)
            play(cfg, pos, pids, params, view, log, out, o_pos, o_table, o_glob, user)
            tally_game(out, results(pos), n, g % n, o_seat, o_glob, block, block_win)
        tally_block(out, n, o_glob, o_cross, block, block_win)
    return out


@njit(cache=True, inline="always")
def tally_game(out, res, n, r, o_seat, o_glob, block, block_win):
    """Add game ``g``'s per-seat results ``res`` (``r = g mod n``) to the player and seat counts and the block."""
    out[o_glob + G_GAMES] += 1
    for s in range(n):
        p = player_at(s, r, n)
        _tally(out, p * N_PFIELDS, res, s)
        _tally(out, o_seat + s * N_PFIELDS, res, s)
        block[p] += res[s, H_SCORE]
        block_win[p] += res[s, H_WIN]


@njit(cache=True, inline="always")
def tally_block(out, n, o_glob, o_cross, block, block_win):
    """Add a finished block's cross sums and clear the block."""
    out[o_glob + G_BLOCKS] += 1
    close_block(out, n, o_cross, block, block_win)


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """Integer sums (see the module doc) for items ``start..stop-1`` with the built-in policies.

    An item is one game, or with ``duplicate`` one deal played N times with the players rotated.
    """
    return _play_games_by(
        cfg,
        deal_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        policies.no_user_policy,
        _FLOW.play_game,
    )


@njit(nogil=True)
def play_games_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games_by(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, _FLOW.play_game
    )


@njit(cache=True, inline="always")
def _trace_begin(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    """Game ``g``'s workspace, dealt: (pos, view, pids, params, log, out, o_pos, o_glob)."""
    n = cfg[R.C_PLAYERS]
    pos, view, pids, params = _workspace(n, lineup_params.shape[1])
    log = np.zeros((cfg[R.C_MAX_DEALS] * LOG_PER_DEAL + 64, 5), np.int64)  # never fills: see LOG_PER_DEAL
    _, o_pos, o_glob, o_table, _, _ = count_offsets(n)
    out = np.zeros(o_table + N_TABLE, np.int64)  # a trace keeps no cross sums
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    item = deal_of(g, n, duplicate)
    begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log, out, o_glob + N_GFIELDS, o_glob)
    return pos, view, pids, params, log, out, o_pos, o_glob


@njit(cache=True, inline="always")
def _trace_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, play):
    """Game ``g`` played again by ``play`` with its log: (log rows, per-seat results), as in
    :func:`_play_games_by`."""
    pos, view, pids, params, log, out, o_pos, o_glob = _trace_begin(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g
    )
    play(cfg, pos, pids, params, view, log, out, o_pos, o_glob + N_GFIELDS, o_glob, user)
    return log[1 : log[0, 0] + 1].copy(), results(pos)[: cfg[R.C_PLAYERS]].copy()


@njit(cache=True)
def trace_game(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    """Game ``g`` of a run played again with its log: (log rows, per-seat results)."""
    return _trace_by(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, policies.no_user_policy, _FLOW.play_game
    )


@njit
def trace_game_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    """:func:`trace_game` with a user's policy function (see :func:`play_games_with`)."""
    return _trace_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, _FLOW.play_game)


@njit(cache=True)
def first_deal(cfg, deal_key, item):
    """The hands of the first fresh deal of game item ``item`` and the redeals it took (for tests)."""
    dealt = np.zeros(R.MAX_PLAYERS, np.int64)
    deck = np.zeros(R.OFFICER + 1, np.int64)
    swap = np.zeros(R.OFFICER + 1, np.int64)
    _, redeals = deal_hands(cfg, game_state(deal_key, item), deck, swap, dealt)
    return dealt[: cfg[R.C_PLAYERS]].copy(), redeals
