"""The toy game's play and trace kernels: games ``start..stop-1`` of a run summed into the counts
(:mod:`.layout`), or one game played again with its log.

Game ``g`` shuffles from stream ``toy/deal`` game ``g`` (``g // N`` with duplicate deals: an item is one deck
played N times with the players rotated) and seats player ``p`` in seat ``(p + g) mod N`` (T6); seat s's policy
draws from stream ``toy/policy`` (seat s) game ``g``. Nothing depends on how the items are split into chunks.
``_play_games_by`` and ``_trace_by`` are the same loops with the game-playing function an argument, for the
search player's kernels (:mod:`.search`).
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.harness import close_block, deal_of, games_of, player_at, seat_policies
from razzmatazz.core.jit import njit
from razzmatazz.core.rng import game_state
from razzmatazz.core.toy import flow as _FLOW
from razzmatazz.core.toy import policies
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy.flow import begin_game
from razzmatazz.core.toy.layout import (
    G_BEST,
    G_BLOCKS,
    G_DRAWS,
    G_GAMES,
    G_SHARED,
    H_CARD,
    H_PAYOFF,
    H_WIN,
    N_PFIELDS,
    P_DRAWS,
    P_GAMES,
    P_PAYOFF,
    P_PAYOFF2,
    P_WIN,
    P_WIN2,
    POS_LEN,
    PS_DREW,
    PS_FIRST,
    T_DEALT,
    T_DRAWN,
    T_PAYOFF,
    count_offsets,
    results,
)


@njit(cache=True, inline="always")
def _tally(out, base, res, s, drew):
    payoff = res[s, H_PAYOFF]
    win = res[s, H_WIN]
    out[base + P_GAMES] += 1
    out[base + P_PAYOFF] += payoff
    out[base + P_PAYOFF2] += payoff * payoff
    out[base + P_WIN] += win
    out[base + P_WIN2] += win * win
    out[base + P_DRAWS] += drew


@njit(cache=True)
def tally_game(cfg, pos, out, block, block_win):
    """Add the finished game in ``pos`` to the player, seat, global and card counts and to the block."""
    n = cfg[R.C_PLAYERS]
    o_seat, o_glob, o_table, _, _ = count_offsets(n)
    res = results(pos)
    r = pos[0] % n  # PS_GAME
    out[o_glob + G_GAMES] += 1
    winners = 0
    best = 0
    for s in range(n):
        p = player_at(s, r, n)
        drew = 1 if pos[PS_DREW + s] == R.DRAW else 0
        _tally(out, p * N_PFIELDS, res, s, drew)
        _tally(out, o_seat + s * N_PFIELDS, res, s, drew)
        block[p] += res[s, H_PAYOFF]
        block_win[p] += res[s, H_WIN]
        out[o_glob + G_DRAWS] += drew
        first = o_table + (pos[PS_FIRST + s] - 1) * 3
        out[first + T_DEALT] += 1
        out[first + T_DRAWN] += drew
        out[first + T_PAYOFF] += res[s, H_PAYOFF]
        if res[s, H_WIN] > 0:
            winners += 1
            best = res[s, H_CARD]
    if winners > 1:
        out[o_glob + G_SHARED] += 1
    out[o_glob + G_BEST] += best


@njit(cache=True)
def tally_block(cfg, out, block, block_win):
    """Add a finished block's cross sums and clear the block."""
    n = cfg[R.C_PLAYERS]
    _, o_glob, _, o_cross, _ = count_offsets(n)
    out[o_glob + G_BLOCKS] += 1
    close_block(out, n, o_cross, block, block_win)


@njit(cache=True, inline="always")
def _play_games_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, play):
    """The counts of items ``start..stop-1``, each game played by ``play`` (:func:`.flow.play_game`, or the search
    player's ``search.play_game``). A cached kernel names ``play`` as a module's attribute (``_FLOW.play_game``):
    one it was handed as an argument, or a bare global, would be compiled again in every process."""
    n = cfg[R.C_PLAYERS]
    out = np.zeros(count_offsets(n)[4], np.int64)
    pos = np.zeros(POS_LEN, np.int64)
    view = np.zeros(R.VIEW_LEN, np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    log = np.zeros((1, 5), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    for item in range(start, stop):
        first, last = games_of(item, n, duplicate)
        for g in range(first, last):
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log)
            play(cfg, pos, pids, params, view, log, user)
            tally_game(cfg, pos, out, block, block_win)
        tally_block(cfg, out, block, block_win)
    return out


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """Integer sums (:mod:`.layout`) for items ``start..stop-1`` with the built-in policies.

    An item is one game, or with ``duplicate`` one deck played N times with the players rotated.
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
def _trace_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, play):
    """Game ``g`` played again by ``play`` with its log: (log rows, per-seat results), as in
    :func:`_play_games_by`."""
    n = cfg[R.C_PLAYERS]
    pos = np.zeros(POS_LEN, np.int64)
    view = np.zeros(R.VIEW_LEN, np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    log = np.zeros((R.LOG_ROWS, 5), np.int64)
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    item = deal_of(g, n, duplicate)
    begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log)
    play(cfg, pos, pids, params, view, log, user)
    return log[1 : log[0, 0] + 1].copy(), results(pos)[:n].copy()


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
