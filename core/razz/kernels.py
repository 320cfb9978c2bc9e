"""Razz's play and trace kernels: hands ``start..stop-1`` of a run summed into the counts (:mod:`.layout`), or one
hand played again with its log.

:func:`play_games` plays hands ``start..stop-1`` of a run and returns integer sums. Hand ``g`` deals deck ``g``
(or ``g // N`` with duplicate deals) from stream ``razz/deal`` and rotates the players one seat per hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.harness import close_block, deal_of, games_of, player_at, seat_policies
from razzmatazz.core.razz import policies
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.flow import play_hand, shuffle, shuffled_deck
from razzmatazz.core.razz.layout import (
    G_BLOCKS,
    G_COMMUNITY,
    G_HANDS,
    G_RESHUFFLE,
    H_NET,
    H_SD_WON,
    H_SHOWDOWN,
    H_VPIP,
    H_WON_NO_SD,
    N_PFIELDS,
    N_QFIELDS,
    N_STFIELDS,
    N_STREETS,
    N_WS,
    P_HANDS,
    P_NET,
    P_NET2,
    P_SD_WON,
    P_SHOWDOWN,
    P_VPIP,
    P_WON_NO_SD,
    ST_CAPPED,
    ST_ROUNDS,
    W_CAPPED,
    W_ROUND,
    count_offsets,
)
from razzmatazz.core.rng import game_state


@njit(cache=True, inline="always")
def _tally(out, base, res, s):
    """Add seat ``s``'s hand to the fields at ``out[base:]`` (per-player and per-seat fields share the order)."""
    net = res[s, H_NET]
    out[base + P_HANDS] += 1
    out[base + P_NET] += net
    out[base + P_NET2] += net * net
    out[base + P_VPIP] += res[s, H_VPIP]
    out[base + P_SHOWDOWN] += res[s, H_SHOWDOWN]
    out[base + P_SD_WON] += res[s, H_SD_WON]
    out[base + P_WON_NO_SD] += res[s, H_WON_NO_SD]


@njit(cache=True, inline="always")
def _tally_streets(out, base, ws):
    """Add the hand's betting rounds and capped rounds per street (workspace rows ``W_ROUND``, ``W_CAPPED``)."""
    for k in range(N_STREETS):
        out[base + k * N_STFIELDS + ST_ROUNDS] += ws[W_ROUND, k]
        out[base + k * N_STFIELDS + ST_CAPPED] += ws[W_CAPPED, k]


@njit(cache=True, inline="always")
def tally_hand(out, o_seat, o_glob, o_streets, g, n, res, flags, ws, block, block_win):
    """Add hand ``g``'s results (``res`` rows by seat, the G6 ``flags``, the streets' rounds in ``ws``) to the
    player, seat, global and street counts, and its net and wins to the item's ``block`` sums (player order)."""
    out[o_glob + G_HANDS] += 1
    out[o_glob + G_COMMUNITY] += flags & 1
    out[o_glob + G_RESHUFFLE] += flags >> 1
    _tally_streets(out, o_streets, ws)
    for s in range(n):
        p = player_at(s, g, n)
        _tally(out, p * N_PFIELDS, res, s)
        _tally(out, o_seat + s * N_QFIELDS, res, s)
        block[p] += res[s, H_NET]
        block_win[p] += res[s, H_SD_WON] + res[s, H_WON_NO_SD]


@njit(cache=True)
def _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired, user):
    n = cfg[R.C_PLAYERS]
    o_seat, o_glob, o_cross, _, o_streets, size = count_offsets(n)
    out = np.zeros(size, np.int64)
    ws = np.zeros((N_WS, R.MAX_PLAYERS), np.int64)
    hands = np.full((R.MAX_PLAYERS, 7), -1, np.int64)
    view = np.full(R.VIEW_LEN, -1, np.int64)
    log = np.zeros((0, 4), np.int64)
    res = np.zeros((R.MAX_PLAYERS, 5), np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    pstate = np.zeros(n, np.uint64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    deck = np.empty(52, np.int64)
    swap = np.empty(52, np.int64)
    for item in range(start, stop):
        first, last = games_of(item, n, duplicate)
        for g in range(first, last):
            deal_state = shuffle(deal_key, item, deck, swap)
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            for s in range(n):
                pstate[s] = game_state(policy_keys[s], g)
            flags = play_hand(
                cfg, g % n, deck, deal_state, pids, params, pstate, nopair, paired, ws, hands, view, log, res, user
            )
            tally_hand(out, o_seat, o_glob, o_streets, g, n, res, flags, ws, block, block_win)
        out[o_glob + G_BLOCKS] += 1
        close_block(out, n, o_cross, block, block_win)
    return out


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired):
    """Integer sums (see the module doc) for items ``start..stop-1`` with the built-in policies.

    An item is one hand, or with ``duplicate`` one deal played N times with the players rotated.
    """
    return _play_games(
        cfg,
        deal_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        nopair,
        paired,
        policies.no_user_policy,
    )


@njit(nogil=True)
def play_games_with(
    cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired, user
):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired, user
    )


@njit(cache=True)
def _trace_deck(cfg, rotation, deck, deal_state, pids, params, pstate, nopair, paired, user):
    ws = np.zeros((N_WS, R.MAX_PLAYERS), np.int64)
    hands = np.full((R.MAX_PLAYERS, 7), -1, np.int64)
    view = np.full(R.VIEW_LEN, -1, np.int64)
    log = np.zeros((R.LOG_ROWS, 4), np.int64)
    res = np.zeros((R.MAX_PLAYERS, 5), np.int64)
    flags = play_hand(
        cfg, rotation, deck, deal_state, pids, params, pstate, nopair, paired, ws, hands, view, log, res, user
    )
    return log[1 : log[0, 0] + 1].copy(), res[: cfg[R.C_PLAYERS]].copy(), flags


@njit(cache=True)
def _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user):
    n = cfg[R.C_PLAYERS]
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    pstate = np.zeros(n, np.uint64)
    deck, deal_state = shuffled_deck(deal_key, deal_of(g, n, duplicate))
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    for s in range(n):
        pstate[s] = game_state(policy_keys[s], g)
    return _trace_deck(cfg, g % n, deck, deal_state, pids, params, pstate, nopair, paired, user)


@njit(cache=True)
def trace_game(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired):
    """Hand ``g`` of a run played again with its log: (log rows, per-seat results, G6 flags)."""
    return _trace(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, policies.no_user_policy
    )


@njit
def trace_game_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user):
    """:func:`trace_game` with a user's policy function (see :func:`play_games_with`)."""
    return _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user)


@njit
def _trace_deck_with(cfg, deck, deal_state, pids, params, pstate, nopair, paired, user):
    return _trace_deck(cfg, 0, deck, deal_state, pids, params, pstate, nopair, paired, user)


@njit(cache=True)
def _trace_deck_builtin(cfg, deck, deal_state, pids, params, pstate, nopair, paired):
    return _trace_deck(cfg, 0, deck, deal_state, pids, params, pstate, nopair, paired, policies.no_user_policy)
