"""Razz's search player (``search``, :mod:`razzmatazz.core.search` for what the games share).

At a decision the player takes its seat's observation (:func:`.state.observation`: its own cards, every up
card, every action), draws ``samples`` positions that agree with it (:func:`.state.determinize`: the down
cards of the others and the cards to come drawn uniformly among the cards the seat has not seen; never the
true position), plays each legal move (fold, call, raise) on from each of them to the end of the hand with
the field model (the lineup's own policies, every ``search`` seat played by its rollout policy) and keeps
the move of the most chips on average (ties: the first listed, fold before call before raise). Every move
starts from the same sample with the same streams, so their difference is measured with common random
numbers. The draws come from the search seat's own policy stream, one draw a decision.

The down cards are drawn uniformly, not weighted by the actions the others took; ``depth`` is 0 (every
rollout runs to the end of the hand).

A lineup with a ``search`` seat plays through the positions (:func:`play_games`), hand by hand as the kernel
deals them, with the kernel's counts (a lineup without one gives exactly the kernel's sums, tested).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import state as S
from razzmatazz.core.rng import next_u64
from razzmatazz.core.search import budget


@njit(cache=True)
def model(pids, params):
    """The lineup the rollouts play: every ``search`` player replaced by its rollout policy and row."""
    mp = pids.copy()
    mr = np.zeros_like(params)
    for p in range(pids.shape[0]):
        if pids[p] == P.SEARCH_ID:
            mp[p] = np.int64(params[p, P.SEARCH_ROLLOUT])
            for j in range(params.shape[1] - P.SEARCH_MODEL):
                mr[p, j] = params[p, P.SEARCH_MODEL + j]
        else:
            mr[p, :] = params[p, :]
    return mp, mr


@njit(cache=True)
def decide(ro, obs, seat, row, mpids, mparams, key):
    """The move of the most chips for ``seat`` from its observation ``obs`` alone (see the module doc)."""
    base = np.zeros(S.POS_LEN, np.int64)
    S.determinize(ro, obs, seat, key, 0, base)
    moves = np.zeros(S.MAX_MOVES, np.int64)
    k = S.legal(ro, base, moves)
    if k == 1:
        return moves[0]
    samples = budget(row)[0]
    chips = np.zeros(k, np.int64)
    work = np.zeros(S.POS_LEN, np.int64)
    for i in range(samples):
        if i > 0:
            S.determinize(ro, obs, seat, key, i, base)
        for c in range(k):
            work[: S.P_LOG] = base[: S.P_LOG]
            work[S.P_LOG_ROWS] = 0  # the rollouts keep no log
            S.apply(ro, work, moves[c])
            S.playout_plain(ro, work, mpids, mparams)
            chips[c] += work[S.P_RES + 5 * seat + E.H_NET]
    best = 0
    for c in range(1, k):
        if chips[c] > chips[best]:
            best = c
    return moves[best]


@njit(cache=True)
def choose(ro, pos, seat, pids, params):
    """The search player's move in ``seat`` of position ``pos``, its policy stream advanced in ``pos``."""
    n = ro[0][R.S_PLAYERS]
    p = (seat - pos[S.P_ROT]) % n
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation(ro, pos, seat, obs)
    state, key = next_u64(np.uint64(pos[S.P_PSTATE + seat]))
    pos[S.P_PSTATE + seat] = np.int64(state)
    mpids, mparams = model(pids, params)
    return decide(ro, obs, seat, params[p], mpids, mparams, key)


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired):
    """The kernel's integer sums (:func:`.engine.play_games`) for items ``start..stop-1``, every hand played
    through the positions, so that ``search`` seats can search."""
    n = cfg[R.S_PLAYERS]
    o_seat = n * E.N_PFIELDS
    o_glob = o_seat + n * E.N_QFIELDS
    o_cross = o_glob + E.N_GFIELDS
    o_win = o_cross + n * n
    out = np.zeros(o_win + n * n, np.int64)
    ro = (cfg, deal_key, policy_keys, nopair, paired)
    pos = np.zeros(S.POS_LEN, np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        block[:] = 0
        block_win[:] = 0
        for g in range(item * per_item, (item + 1) * per_item):
            S.begin(ro, item, g, pos, 0)
            while pos[S.P_ACTOR] >= 0:
                S.step_builtin(ro, pos, lineup_pids, lineup_params)
            res = pos[S.P_RES : S.P_RES + 5 * S.MP].reshape((S.MP, 5))
            out[o_glob + E.G_HANDS] += 1
            out[o_glob + E.G_COMMUNITY] += pos[S.P_FLAGS] & 1
            out[o_glob + E.G_RESHUFFLE] += pos[S.P_FLAGS] >> 1
            r = g % n
            for s in range(n):
                q = (s - r) % n
                E._tally(out, q * E.N_PFIELDS, res, s)
                E._tally(out, o_seat + s * E.N_QFIELDS, res, s)
                block[q] += res[s, E.H_NET]
                block_win[q] += res[s, E.H_SD_WON] + res[s, E.H_WON_NO_SD]
        out[o_glob + E.G_BLOCKS] += 1
        for a in range(n):
            for b in range(n):
                out[o_cross + a * n + b] += block[a] * block[b]
                out[o_win + a * n + b] += block_win[a] * block_win[b]
    return out


@njit(cache=True)
def trace_hand(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired):
    """Hand ``g`` through the positions with its log: (log rows, per-seat results, G6 flags), as
    :func:`.engine.trace_hand` gives them."""
    n = cfg[R.S_PLAYERS]
    ro = (cfg, deal_key, policy_keys, nopair, paired)
    pos = np.zeros(S.POS_LEN, np.int64)
    S.begin(ro, g // n if duplicate else g, g, pos, R.LOG_ROWS)
    while pos[S.P_ACTOR] >= 0:
        S.step_builtin(ro, pos, lineup_pids, lineup_params)
    k = pos[S.P_LOG]
    log = pos[S.P_LOG + 4 : S.P_LOG + 4 * (k + 1)].reshape((k, 4)).copy()
    res = pos[S.P_RES : S.P_RES + 5 * n].reshape((n, 5)).copy()
    return log, res, pos[S.P_FLAGS]
