"""One toy game, decision by decision (rules T1-T6 of ``seeds/toy.md``, moves in :mod:`.rules`).

:func:`begin_game` shuffles the deck, deals and stops at the first decision; :func:`decide_and_apply` asks the
seat to move (its policy through :func:`.policies.decide`, or a user's jitted function for ids from
:data:`.policies.USER_ID`, with the view of that seat only) and plays on to the next decision; after the last
seat's decision :func:`settle` shares the pot. :mod:`.state` offers these as the decision-point interface of
``core/positions.py``; the kernels that play runs of games are in :mod:`.kernels`.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.harness import log_row
from razzmatazz.core.jit import njit
from razzmatazz.core.rng import deal_from, game_state
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy.layout import (
    H_CARD,
    H_CHIPS,
    H_PAYOFF,
    H_WIN,
    PS_ACTOR,
    PS_CARD,
    PS_DECK,
    PS_DREW,
    PS_FIRST,
    PS_GAME,
    PS_NEXT,
    PS_POLICY,
    PS_SIZE,
    PS_SWAP,
    WIN,
    results,
)
from razzmatazz.core.toy.policies import USER_ID, decide


@njit(cache=True)
def begin_game(cfg, pos, g, deal_state, policy_keys, log):
    """Game ``g`` in ``pos``: the deck shuffled from ``deal_state`` (T2), a card dealt to each seat (T3), each
    seat's policy stream at game ``g`` of ``policy_keys[s]``; seat 0 to move (T4)."""
    n = cfg[R.C_PLAYERS]
    pos[:] = 0
    pos[PS_GAME] = g
    size = R.N_VALUES * cfg[R.C_COPIES]
    pos[PS_SIZE] = size
    deck = pos[PS_DECK : PS_DECK + size]
    for i in range(size):
        deck[i] = i % R.N_VALUES + 1
    deal_from(deal_state, deck, size, pos[PS_SWAP : PS_SWAP + size])
    for s in range(n):
        pos[PS_POLICY + s] = np.int64(game_state(policy_keys[s], g))
        pos[PS_FIRST + s] = deck[s]
        pos[PS_CARD + s] = deck[s]
        pos[PS_DREW + s] = R.UNDECIDED
        log_row(log, R.L_DEAL, s, deck[s], 0, 0)
    pos[PS_NEXT] = n
    pos[PS_ACTOR] = 0


@njit(cache=True)
def fill_view(cfg, pos, s, view):
    """Seat ``s``'s view (``R.V_*``): its own card, the decisions so far, the discards shown, the deck left."""
    n = cfg[R.C_PLAYERS]
    view[:] = 0
    view[R.V_SEAT] = s
    view[R.V_PLAYERS] = n
    view[R.V_CARD] = pos[PS_CARD + s]
    view[R.V_LEFT] = pos[PS_SIZE] - pos[PS_NEXT]
    view[R.V_COPIES] = cfg[R.C_COPIES]
    for o in range(R.MAX_PLAYERS):
        view[R.V_DREW + o] = pos[PS_DREW + o] if o < n else R.UNDECIDED
        if o < n and pos[PS_DREW + o] == R.DRAW and (o == s or cfg[R.C_DISCARDS] == 0):
            view[R.V_DISCARD + o] = pos[PS_FIRST + o]


@njit(cache=True, inline="always")
def repair(answer):
    """The move an answer plays: itself if legal, else a stand (T4)."""
    return answer if answer == R.DRAW else R.STAND


@njit(cache=True)
def settle(cfg, pos, log):
    """The showdown (T5): the highest card takes the pot of N antes; k tied seats get N // k each and the
    N mod k odd chips one each, to the tied seats nearest seat 0; payoff: chips taken less the ante."""
    n = cfg[R.C_PLAYERS]
    res = results(pos)
    best = 0
    for s in range(n):
        best = max(best, pos[PS_CARD + s])
    k = 0
    for s in range(n):
        if pos[PS_CARD + s] == best:
            k += 1
    odd = n % k
    for s in range(n):
        chips = 0
        won = 0
        if pos[PS_CARD + s] == best:
            won = 1
            chips = n // k + (1 if odd > 0 else 0)
            odd -= 1
            res[s, H_WIN] = WIN // k
        res[s, H_CHIPS] = chips
        res[s, H_PAYOFF] = chips - 1
        res[s, H_CARD] = pos[PS_CARD + s]
        log_row(log, R.L_TAKE, s, pos[PS_CARD + s], chips, won)
    pos[PS_ACTOR] = -1


@njit(cache=True)
def apply_move(cfg, pos, move, log):
    """The actor stands or draws (``move``, legal); the next seat is to move, or after the last the pot is
    shared (:func:`settle`)."""
    s = pos[PS_ACTOR]
    pos[PS_DREW + s] = move
    if move == R.DRAW:
        card = pos[PS_DECK + pos[PS_NEXT]]
        pos[PS_NEXT] += 1
        log_row(log, R.L_DRAW, s, pos[PS_CARD + s], card, 0)
        pos[PS_CARD + s] = card
    else:
        log_row(log, R.L_STAND, s, pos[PS_CARD + s], 0, 0)
    if s + 1 < cfg[R.C_PLAYERS]:
        pos[PS_ACTOR] = s + 1
    else:
        settle(cfg, pos, log)


@njit(cache=True, inline="always")
def take_turn(cfg, pos, ask, given, pid, row, view, log, user):
    """The actor's turn: with ``ask`` its policy (id ``pid``, parameters ``row``) answers on its view with its
    own random state, else it plays ``given``; the move, repaired, is applied and returned."""
    s = pos[PS_ACTOR]
    answer = given
    if ask:
        fill_view(cfg, pos, s, view)
        state = np.uint64(pos[PS_POLICY + s])
        if pid >= USER_ID:
            answer, state = user(pid, row, view, state)
        else:
            answer, state = decide(pid, row, view, state)
        pos[PS_POLICY + s] = np.int64(state)
    move = repair(answer)
    apply_move(cfg, pos, move, log)
    return move


@njit(cache=True, inline="always")
def decide_and_apply(cfg, pos, pid, row, view, log, user):
    """The actor's policy answers with its own random state; the repaired answer is applied and returned."""
    return take_turn(cfg, pos, True, np.int64(0), pid, row, view, log, user)


@njit(cache=True, inline="always")
def play_move(cfg, pos, move, row, view, log, user):
    """The actor plays ``move``, repaired and applied (``row``, ``view`` and ``user`` unread)."""
    return take_turn(cfg, pos, False, np.int64(move), np.int64(0), row, view, log, user)


@njit(cache=True, inline="always")
def play_game(cfg, pos, pids, params, view, log, user):
    """Play the game begun in ``pos`` to its end, seat s asking policy ``pids[s]``."""
    while pos[PS_ACTOR] >= 0:
        s = pos[PS_ACTOR]
        decide_and_apply(cfg, pos, pids[s], params[s], view, log, user)
