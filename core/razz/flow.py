"""A whole Razz hand: the deck, 3rd street, the later streets and 7th street's shortage (G6), the betting rounds in
turn (:mod:`.betting`) and the showdown.

:func:`play_hand` plays one hand from a shuffled deck (rules G1-G10 of ``seeds/razz.md``, helpers in
:mod:`.rules`), asking each seat's policy through :func:`.policies.decide` (or a user's jitted function for ids
from :data:`.policies.USER_ID`) with the view of that seat only. Hand ``g`` deals deck ``g`` (or ``g // N``
with duplicate deals) from stream ``razz/deal`` (:func:`shuffle`) and rotates the players one seat per hand
(:func:`razzmatazz.core.harness.seat_policies`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.betting import _betting, _put_chips
from razzmatazz.core.razz.evaluate import add_rank, class_of_layers
from razzmatazz.core.razz.layout import (
    H_NET,
    H_SD_WON,
    H_SHOWDOWN,
    H_WON_NO_SD,
    N_STREETS,
    W_BET,
    W_CAPPED,
    W_CLASS,
    W_DECISIONS,
    W_PUT,
    W_ROUND,
    W_STACK,
    W_STATUS,
    W_WON,
    _log,
)
from razzmatazz.core.rng import deal_from, game_state


@njit(cache=True)
def _deal(hands, view, s, slot, card, log):
    hands[s, slot] = card
    if 2 <= slot <= 5:
        view[R.V_UP + 4 * s + slot - 2] = card
    _log(log, R.L_DEAL, s, card, slot)


@njit(cache=True)
def _seventh(cfg, deck, top, deal_state, ws, hands, view, log):
    """Deal 7th street (G6); returns (deck top, community card or -1, G6 flags).

    A reshuffled pool (the undealt and the folded cards) ends in ``deck[52 - m:]``, its undealt rest
    from the returned top on.
    """
    n = cfg[R.C_PLAYERS]
    need = 0
    for s in range(n):
        if ws[W_STATUS, s] != R.FOLDED:
            need += 1
    left = deck.shape[0] - top
    if left >= need:
        for s in range(n):
            if ws[W_STATUS, s] != R.FOLDED:
                _deal(hands, view, s, 6, deck[top], log)
                top += 1
        return top, -1, 0
    if cfg[R.C_RESHUFFLE]:
        pool = np.empty(52, np.int64)
        m = 0
        for i in range(top, deck.shape[0]):
            pool[m] = deck[i]
            m += 1
        for s in range(n):
            if ws[W_STATUS, s] == R.FOLDED:
                for j in range(7):
                    if hands[s, j] >= 0:
                        pool[m] = hands[s, j]
                        m += 1
        if m >= need:
            swap = np.empty(m, np.int64)
            deal_from(deal_state, pool[:m], m, swap)
            _log(log, R.L_RESHUFFLE, -1, m, 0)
            top = deck.shape[0] - m
            deck[top:] = pool[:m]
            for s in range(n):
                if ws[W_STATUS, s] != R.FOLDED:
                    _deal(hands, view, s, 6, deck[top], log)
                    top += 1
            return top, -1, 2
    card = deck[top]
    view[R.V_COMMUNITY] = card
    _log(log, R.L_DEAL, -1, card, 6)
    return top, card, 1


@njit(cache=True)
def play_hand(cfg, rotation, deck, deal_state, pids, params, pstate, nopair, paired, ws, hands, view, log, res, user):
    """Play one hand from the shuffled ``deck``; per-seat results in ``res``, returns G6 flags.

    ``pids``/``params`` are each seat's policy, ``pstate`` its random state (advanced in place);
    seat s holds player ``(s - rotation) mod N`` of the lineup (for the stacks).
    Returns ``community + 2 * reshuffled``. ``log`` (rows of 4, row 0 = count) may be empty.
    """
    n = cfg[R.C_PLAYERS]
    b = _setup(cfg, rotation, deck, ws, hands, view, log, res)
    top = 3 * n
    _betting(cfg, 3, b, b, ws, hands, view, pids, params, pstate, log, res, user)
    community = -1
    flags = 0
    for street in range(4, 8):
        if _count_in(ws, n) <= 1:
            break
        top, community, flags = _deal_street(cfg, street, deck, top, deal_state, ws, hands, view, log)
        first = R.opener_seat(hands[:, 2:6], ws[W_STATUS], n, min(street - 2, 4))
        _log(log, R.L_STREET, street, first, 0)
        _betting(cfg, street, first, -1, ws, hands, view, pids, params, pstate, log, res, user)
    _showdown(n, community, ws, hands, nopair, paired, log, res)
    return flags


@njit(cache=True, inline="always")
def _setup(cfg, rotation, deck, ws, hands, view, log, res):
    """A new hand: stacks, antes, 3rd street dealt from ``deck``; returns the bring-in seat (G3)."""
    n = cfg[R.C_PLAYERS]
    for s in range(R.MAX_PLAYERS):
        for j in range(7):
            hands[s, j] = -1
        for j in range(4):
            view[R.V_UP + 4 * s + j] = -1
        view[R.V_STATUS + s] = R.FOLDED if s >= n else R.IN
        view[R.V_BETS + s] = 0
        view[R.V_PUT + s] = 0
    view[R.V_PLAYERS] = n
    view[R.V_POT] = 0
    view[R.V_COMMUNITY] = -1
    view[R.V_BRING_IN] = 0
    for k in range(N_STREETS):
        ws[W_ROUND, k] = 0
        ws[W_CAPPED, k] = 0
    for s in range(n):
        ws[W_STATUS, s] = R.IN
        ws[W_STACK, s] = cfg[R.C_PLAYER_STACKS + (s - rotation) % n]
        ws[W_PUT, s] = 0
        ws[W_BET, s] = 0
        ws[W_DECISIONS, s] = 0
        for k in range(res.shape[1]):
            res[s, k] = 0
    for s in range(n):
        if cfg[R.C_ANTE] > 0:
            _put_chips(ws, view, s, cfg[R.C_ANTE])
            _log(log, R.L_ANTE, s, cfg[R.C_ANTE], 0)
        ws[W_BET, s] = 0
        view[R.V_BETS + s] = 0
    top = 0
    for slot in range(3):
        for s in range(n):
            _deal(hands, view, s, slot, deck[top], log)
            top += 1
    b = R.bring_in_seat(hands[:, 2], n, cfg[R.C_TIE_SUIT])
    _log(log, R.L_STREET, 3, b, 0)
    return b


@njit(cache=True, inline="always")
def _deal_street(cfg, street, deck, top, deal_state, ws, hands, view, log):
    """Deal ``street`` (4-7) to the players still in; returns (deck top, community card or -1, G6 flags)."""
    n = cfg[R.C_PLAYERS]
    if street < 7:
        for s in range(n):
            if ws[W_STATUS, s] != R.FOLDED:
                _deal(hands, view, s, street - 1, deck[top], log)
                top += 1
        return top, -1, 0
    return _seventh(cfg, deck, top, deal_state, ws, hands, view, log)


@njit(cache=True)
def _count_in(ws, n):
    k = 0
    for s in range(n):
        if ws[W_STATUS, s] != R.FOLDED:
            k += 1
    return k


@njit(cache=True)
def _showdown(n, community, ws, hands, nopair, paired, log, res):
    n_in = _count_in(ws, n)
    best = 1 << 30
    for s in range(n):
        ws[W_CLASS, s] = 1 << 30 if ws[W_STATUS, s] == R.FOLDED else 0
        if ws[W_STATUS, s] != R.FOLDED and n_in > 1:
            m1 = m2 = m3 = m4 = 0
            for j in range(7):
                c = hands[s, j]
                if c >= 0:
                    m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, c >> 2)
            if community >= 0:
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, community >> 2)
            ws[W_CLASS, s] = class_of_layers(m1, m2, m3, m4, nopair, paired)
            best = min(best, ws[W_CLASS, s])
            _log(log, R.L_SHOW, s, ws[W_CLASS, s], 0)
    R.split_pots(ws[W_PUT], ws[W_STATUS], ws[W_CLASS], n, ws[W_WON])
    for s in range(n):
        res[s, H_NET] = ws[W_WON, s] - ws[W_PUT, s]
        if ws[W_WON, s] > 0:
            _log(log, R.L_WIN, s, ws[W_WON, s], 0)
        if ws[W_STATUS, s] != R.FOLDED:
            if n_in > 1:
                res[s, H_SHOWDOWN] = 1
                res[s, H_SD_WON] = ws[W_CLASS, s] == best
            else:
                res[s, H_WON_NO_SD] = 1


@njit(cache=True)
def shuffle(deal_key, deal, deck, swap):
    """Put deal ``deal``'s deck in ``deck`` (a full shuffle from stream ``deal_key``); returns the stream state."""
    for i in range(52):
        deck[i] = i
    return deal_from(game_state(deal_key, deal), deck, 52, swap)


@njit(cache=True)
def shuffled_deck(deal_key, deal):
    """Deck of deal ``deal`` and the deal stream's state after the shuffle."""
    deck = np.empty(52, np.int64)
    state = shuffle(deal_key, deal, deck, np.empty(52, np.int64))
    return deck, state
