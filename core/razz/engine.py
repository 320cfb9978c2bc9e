"""The fixed-limit Razz engine: plays whole hands between policies and sums what happened.

:func:`play_hand` plays one hand from a shuffled deck (rules G1-G10 of ``seeds/razz.md``,
helpers in :mod:`.rules`), asking each seat's policy through :func:`.policies.decide` (or a
user's jitted function for ids from :data:`.policies.USER_ID`) with the view of that seat
only. :func:`play_games` plays hands ``start..stop-1`` of a run and returns integer sums;
:class:`GameJob` is what the batch runner runs. Hand ``g`` deals deck ``g`` (or ``g // N``
with duplicate deals) from stream ``razz/deal`` and rotates the players one seat per hand.

Counts (one int64 vector, blocks named by :func:`blocks`, read with :func:`view`): per player (the lineup's order)
``hands, net, net², vpip, showdowns, showdowns won, won without showdown``; per seat the
same; ``hands, blocks, community cards, reshuffles``; per block (one
hand, or the N hands of one duplicate deal) the cross sums ``Σ X_p X_q`` of each player's
net chips, then of each player's hands won (a pot or a share of it), from which any difference
between two players gets a paired interval; and per street (``streets``, rows 3rd to 7th street)
``rounds, capped``:

- ``rounds``: the betting rounds of that street in which at least one decision was asked (the
  bring-in's own decision counts). That is the rounds that begin with at least two players neither
  folded nor all-in: every hand's 3rd street, and each later street that is dealt while two players
  can still bet (a street dealt to one player who can bet and others all-in has no round).
- ``capped``: those rounds in which the completions, bets and raises made (the view's
  ``V_BETS_MADE``; the bring-in is not one) reached the cap (``Settings.cap``, the view's ``V_CAP``).
  With ``uncapped_heads_up`` a round counts when that number reached the cap, also where the cap was
  lifted because two players were left (the betting may then go beyond it): ``capped`` counts the
  rounds with ``cap`` or more bets, a cap war, whether or not the cap stopped a raise.

Each hand writes them in the workspace (rows ``W_ROUND``, ``W_CAPPED``, column ``street - 3``) as it
plays, the kernel in :func:`_betting`, the decision-point steps in :mod:`.state`, and
:func:`_tally_streets` adds them in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

import numpy as np
from numba import njit

from razzmatazz.core.bound import bind
from razzmatazz.core.counts import Blocks, Counts, offsets
from razzmatazz.core.job import GameJob as BaseJob
from razzmatazz.core.job import Lane, always, plugged, searching
from razzmatazz.core.policy import Policy
from razzmatazz.core.razz import policies
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.evaluate import add_rank, class_of_layers
from razzmatazz.core.razz.policies import USER_ID, decide
from razzmatazz.core.razz.ranking import tables
from razzmatazz.core.rng import deal_from, game_state
from razzmatazz.core.trace import Trace

# per-player fields
P_HANDS, P_NET, P_NET2, P_VPIP, P_SHOWDOWN, P_SD_WON, P_WON_NO_SD = range(7)
N_PFIELDS = 7
# per-seat fields: the same as per player
Q_HANDS, Q_NET, Q_NET2, Q_VPIP, Q_SHOWDOWN, Q_SD_WON, Q_WON_NO_SD = range(7)
N_QFIELDS = N_PFIELDS
# global fields
G_HANDS, G_BLOCKS, G_COMMUNITY, G_RESHUFFLE = range(4)
N_GFIELDS = 4
# per-seat results of one hand (play_hand's res rows)
H_NET, H_VPIP, H_SHOWDOWN, H_SD_WON, H_WON_NO_SD = range(5)
# per-street fields (the ``streets`` block, one row per street 3..7)
ST_ROUNDS, ST_CAPPED = range(2)
N_STFIELDS = 2
N_STREETS = 5
# workspace rows (per seat; W_ROUND and W_CAPPED: per street, column street - 3, see the module doc)
W_STATUS, W_STACK, W_PUT, W_BET, W_ACTED, W_CLASS, W_WON, W_DECISIONS, W_ROUND, W_CAPPED = range(10)
N_WS = 10


def blocks(n_players: int) -> Blocks:
    """The count vector's blocks for ``n_players``: (name, shape), in order."""
    n = n_players
    return (
        ("player", (n, N_PFIELDS)),
        ("seat", (n, N_QFIELDS)),
        ("global", (N_GFIELDS,)),
        ("cross", (n, n)),
        ("cross_win", (n, n)),
        ("streets", (N_STREETS, N_STFIELDS)),
    )


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    return offsets(blocks(n_players))


@njit(cache=True)
def count_offsets(n):
    """The kernels' :func:`layout` for ``n`` players: the offsets of the blocks ``seat``, ``global``, ``cross``,
    ``cross_win``, ``streets`` and the length (``player`` starts at 0; tested equal to :func:`layout`)."""
    o_seat = n * N_PFIELDS
    o_glob = o_seat + n * N_QFIELDS
    o_cross = o_glob + N_GFIELDS
    o_win = o_cross + n * n
    o_streets = o_win + n * n
    return o_seat, o_glob, o_cross, o_win, o_streets, o_streets + N_STREETS * N_STFIELDS


def view(counts: np.ndarray, n_players: int) -> Counts:
    """The blocks of a run's counts by name (``view(c, n)["player"][p, P_NET]``)."""
    return Counts(counts, blocks(n_players))


@njit(cache=True)
def _log(log, kind, seat, a, b):
    if log.shape[0] == 0:
        return
    i = log[0, 0] + 1
    if i < log.shape[0]:
        log[i, 0] = kind
        log[i, 1] = seat
        log[i, 2] = a
        log[i, 3] = b
        log[0, 0] = i


@njit(cache=True)
def _ask(pid, row, view, state, user):
    if pid >= USER_ID:
        return user(pid, row, view, state)
    return decide(pid, row, view, state)


@njit(cache=True)
def _put_chips(ws, view, s, amount):
    ws[W_STACK, s] -= amount
    ws[W_BET, s] += amount
    ws[W_PUT, s] += amount
    view[R.V_BETS + s] = ws[W_BET, s]
    view[R.V_PUT + s] = ws[W_PUT, s]
    view[R.V_POT] += amount
    if ws[W_STACK, s] == 0:
        ws[W_STATUS, s] = R.ALL_IN
        view[R.V_STATUS + s] = R.ALL_IN


@njit(cache=True)
def _must_act(ws, s, level, n_able):
    """Seat ``s`` still acts this round: in, and behind the bet or not yet acted while someone can answer.

    ``n_able`` counts the players with status IN (not folded, not all-in).
    """
    if ws[W_STATUS, s] != R.IN:
        return False
    if ws[W_BET, s] < level:
        return True
    return not ws[W_ACTED, s] and n_able > 1


@njit(cache=True)
def _counts(ws, n):
    """(players not folded, players IN)."""
    n_in = 0
    n_able = 0
    for t in range(n):
        if ws[W_STATUS, t] != R.FOLDED:
            n_in += 1
            if ws[W_STATUS, t] == R.IN:
                n_able += 1
    return n_in, n_able


@njit(cache=True)
def _betting(cfg, street, first, bring_in, ws, hands, view, pids, params, pstate, log, res, user):
    """One betting round from seat ``first`` (3rd street: ``bring_in`` >= 0 is the bring-in seat)."""
    n = cfg[R.S_PLAYERS]
    size = cfg[R.S_SMALL] if street <= 4 else cfg[R.S_BIG]
    cap = cfg[R.S_CAP]
    for s in range(n):
        ws[W_ACTED, s] = 0
    level = 0
    made = 0
    completed = street > 3
    n_in, n_able = _counts(ws, n)
    if bring_in >= 0:
        view[R.V_BRING_IN] = 1
        a = _decide(
            cfg,
            street,
            bring_in,
            ws,
            hands,
            view,
            pids,
            params,
            pstate,
            level,
            made,
            size,
            cap,
            bring_in,
            completed,
            n_in,
            n_able,
            user,
        )
        view[R.V_BRING_IN] = 0
        if a == R.RAISE:
            _put_chips(ws, view, bring_in, size - ws[W_BET, bring_in])
            level = size
            made = 1
            completed = True
            res[bring_in, H_VPIP] = 1
            _log(log, R.L_RAISE, bring_in, level, 0)
        else:
            _put_chips(ws, view, bring_in, cfg[R.S_BRING_IN])
            level = cfg[R.S_BRING_IN]
            _log(log, R.L_BRING_IN, bring_in, level, 0)
        ws[W_ACTED, bring_in] = 1
        first = (bring_in + 1) % n
    s = first
    idle = 0
    while idle < n:
        if n_in <= 1:
            break
        if not _must_act(ws, s, level, n_able):
            idle += 1
            s = (s + 1) % n
            continue
        idle = 0
        a = _decide(
            cfg,
            street,
            s,
            ws,
            hands,
            view,
            pids,
            params,
            pstate,
            level,
            made,
            size,
            cap,
            bring_in,
            completed,
            n_in,
            n_able,
            user,
        )
        to_call = min(level - ws[W_BET, s], ws[W_STACK, s])
        if a == R.FOLD:
            ws[W_STATUS, s] = R.FOLDED
            view[R.V_STATUS + s] = R.FOLDED
            _log(log, R.L_FOLD, s, 0, 0)
        elif a == R.CALL:
            if to_call == 0:
                _log(log, R.L_CHECK, s, 0, 0)
            else:
                _put_chips(ws, view, s, to_call)
                if street == 3:
                    res[s, H_VPIP] = 1
                _log(log, R.L_CALL, s, to_call, ws[W_STATUS, s] == R.ALL_IN)
        else:
            target = size if not completed else level + size
            _put_chips(ws, view, s, target - ws[W_BET, s])
            kind = 0 if not completed else (1 if level == 0 else 2)
            level = target
            made += 1
            completed = True
            if street == 3:
                res[s, H_VPIP] = 1
            for t in range(n):
                ws[W_ACTED, t] = 0
            _log(log, R.L_RAISE, s, level, kind)
        ws[W_ACTED, s] = 1
        n_in, n_able = _counts(ws, n)
        s = (s + 1) % n
    ws[W_CAPPED, street - 3] = 1 if made >= cap else 0
    for t in range(n):
        ws[W_BET, t] = 0
        view[R.V_BETS + t] = 0


# The steps of _betting and _decide one at a time, for the decision-point interface (state.py). The kernel
# keeps them written out in its loop: calling them there costs it 10-20% (measured); the conformance test
# tests/conformance/test_positions.py pins that both play the same hands.
@njit(cache=True, inline="always")
def _end_round(n, ws, view):
    for t in range(n):
        ws[W_BET, t] = 0
        view[R.V_BETS + t] = 0


@njit(cache=True, inline="always")
def _bring_in_move(cfg, a, b, size, ws, view, log, res):
    """Seat ``b`` posts the bring-in (``a`` CALL) or completes (RAISE); returns (level, made, completed)."""
    view[R.V_BRING_IN] = 0
    ws[W_ACTED, b] = 1
    if a == R.RAISE:
        _put_chips(ws, view, b, size - ws[W_BET, b])
        res[b, H_VPIP] = 1
        _log(log, R.L_RAISE, b, size, 0)
        return size, 1, True
    _put_chips(ws, view, b, cfg[R.S_BRING_IN])
    _log(log, R.L_BRING_IN, b, cfg[R.S_BRING_IN], 0)
    return cfg[R.S_BRING_IN], 0, False


@njit(cache=True, inline="always")
def _move(street, s, a, level, made, completed, size, ws, view, log, res):
    """Seat ``s`` plays the legal move ``a`` in a betting round; returns (level, made, completed)."""
    to_call = min(level - ws[W_BET, s], ws[W_STACK, s])
    if a == R.FOLD:
        ws[W_STATUS, s] = R.FOLDED
        view[R.V_STATUS + s] = R.FOLDED
        _log(log, R.L_FOLD, s, 0, 0)
    elif a == R.CALL:
        if to_call == 0:
            _log(log, R.L_CHECK, s, 0, 0)
        else:
            _put_chips(ws, view, s, to_call)
            if street == 3:
                res[s, H_VPIP] = 1
            _log(log, R.L_CALL, s, to_call, ws[W_STATUS, s] == R.ALL_IN)
    else:
        target = size if not completed else level + size
        _put_chips(ws, view, s, target - ws[W_BET, s])
        kind = 0 if not completed else (1 if level == 0 else 2)
        level = target
        made += 1
        completed = True
        if street == 3:
            res[s, H_VPIP] = 1
        for t in range(ws.shape[1]):
            ws[W_ACTED, t] = 0
        _log(log, R.L_RAISE, s, level, kind)
    ws[W_ACTED, s] = 1
    return level, made, completed


@njit(cache=True)
def _can_raise(cfg, s, ws, level, made, size, cap, completed, n_in, n_able):
    """A bet, raise or completion is allowed (G4, G8): under the cap, chips for all of it, someone to answer."""
    if n_able - (ws[W_STATUS, s] == R.IN) == 0:
        return False
    if made >= cap and not (cfg[R.S_UNCAPPED_HU] and n_in == 2):
        return False
    target = size if not completed else level + size
    return ws[W_STACK, s] >= target - ws[W_BET, s]


@njit(cache=True)
def _decide(
    cfg,
    street,
    s,
    ws,
    hands,
    view,
    pids,
    params,
    pstate,
    level,
    made,
    size,
    cap,
    bring_in,
    completed,
    n_in,
    n_able,
    user,
):
    """Ask seat ``s``'s policy for a move, with its own view only, and make the move legal (G10)."""
    n = cfg[R.S_PLAYERS]
    to_call = min(level - ws[W_BET, s], ws[W_STACK, s])
    can_raise = _can_raise(cfg, s, ws, level, made, size, cap, completed, n_in, n_able)
    to_act = 0
    for t in range(n):
        if t != s and _must_act(ws, t, level, n_able):
            to_act += 1
    view[R.V_STREET] = street
    view[R.V_SEAT] = s
    view[R.V_TO_CALL] = to_call
    view[R.V_BET_SIZE] = size
    view[R.V_BETS_MADE] = made
    view[R.V_CAP] = cap
    view[R.V_CAN_RAISE] = can_raise
    view[R.V_LEVEL] = level
    view[R.V_STACK] = ws[W_STACK, s]
    view[R.V_IN_HAND] = n_in
    view[R.V_TO_ACT] = to_act
    view[R.V_BRING_IN_SEAT] = bring_in
    view[R.V_COMPLETED] = completed
    view[R.V_DECISIONS] = ws[W_DECISIONS, s]
    ws[W_DECISIONS, s] += 1
    ws[W_ROUND, street - 3] = 1
    for j in range(7):
        view[R.V_OWN + j] = hands[s, j]
    a, pstate[s] = _ask(pids[s], params[s], view, pstate[s], user)
    for j in range(7):
        view[R.V_OWN + j] = -1
    if view[R.V_BRING_IN]:
        return R.RAISE if a == R.RAISE and can_raise else R.CALL
    if a == R.FOLD and to_call == 0:
        return R.CALL
    if a == R.RAISE and not can_raise:
        return R.CALL
    if a != R.FOLD and a != R.RAISE:
        return R.CALL
    return a


@njit(cache=True, inline="always")
def _show(cfg, street, s, ws, view, level, made, size, cap, bring_in, completed, n_in, n_able):
    """Write seat ``s``'s decision into the view (all but its own cards); returns (to call, can raise)."""
    n = cfg[R.S_PLAYERS]
    to_call = min(level - ws[W_BET, s], ws[W_STACK, s])
    can_raise = _can_raise(cfg, s, ws, level, made, size, cap, completed, n_in, n_able)
    to_act = 0
    for t in range(n):
        if t != s and _must_act(ws, t, level, n_able):
            to_act += 1
    view[R.V_STREET] = street
    view[R.V_SEAT] = s
    view[R.V_TO_CALL] = to_call
    view[R.V_BET_SIZE] = size
    view[R.V_BETS_MADE] = made
    view[R.V_CAP] = cap
    view[R.V_CAN_RAISE] = can_raise
    view[R.V_LEVEL] = level
    view[R.V_STACK] = ws[W_STACK, s]
    view[R.V_IN_HAND] = n_in
    view[R.V_TO_ACT] = to_act
    view[R.V_BRING_IN_SEAT] = bring_in
    view[R.V_COMPLETED] = completed
    view[R.V_DECISIONS] = ws[W_DECISIONS, s]
    return to_call, can_raise


@njit(cache=True, inline="always")
def _repair(view, a, to_call, can_raise):
    """The legal move the engine plays for the answer ``a`` (G10): the nearest legal one."""
    if view[R.V_BRING_IN]:
        return R.RAISE if a == R.RAISE and can_raise else R.CALL
    if a == R.FOLD and to_call == 0:
        return R.CALL
    if a == R.RAISE and not can_raise:
        return R.CALL
    if a != R.FOLD and a != R.RAISE:
        return R.CALL
    return a


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
    n = cfg[R.S_PLAYERS]
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
    if cfg[R.S_RESHUFFLE]:
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
    n = cfg[R.S_PLAYERS]
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
    n = cfg[R.S_PLAYERS]
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
        ws[W_STACK, s] = cfg[R.S_PLAYER_STACKS + (s - rotation) % n]
        ws[W_PUT, s] = 0
        ws[W_BET, s] = 0
        ws[W_DECISIONS, s] = 0
        for k in range(res.shape[1]):
            res[s, k] = 0
    for s in range(n):
        if cfg[R.S_ANTE] > 0:
            _put_chips(ws, view, s, cfg[R.S_ANTE])
            _log(log, R.L_ANTE, s, cfg[R.S_ANTE], 0)
        ws[W_BET, s] = 0
        view[R.V_BETS + s] = 0
    top = 0
    for slot in range(3):
        for s in range(n):
            _deal(hands, view, s, slot, deck[top], log)
            top += 1
    b = R.bring_in_seat(hands[:, 2], n, cfg[R.S_TIE_SUIT])
    _log(log, R.L_STREET, 3, b, 0)
    return b


@njit(cache=True, inline="always")
def _deal_street(cfg, street, deck, top, deal_state, ws, hands, view, log):
    """Deal ``street`` (4-7) to the players still in; returns (deck top, community card or -1, G6 flags)."""
    n = cfg[R.S_PLAYERS]
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


@njit(cache=True)
def seat_policies(g, n, lineup_pids, lineup_params, pids, params):
    """Fill the seats' policies for hand ``g``: player p sits in seat (p + g) mod n (G9)."""
    r = g % n
    for p in range(n):
        s = (p + r) % n
        pids[s] = lineup_pids[p]
        params[s] = lineup_params[p]


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


@njit(cache=True)
def _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired, user):
    n = cfg[R.S_PLAYERS]
    o_seat, o_glob, o_cross, o_win, o_streets, size = count_offsets(n)
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
    per_item = n if duplicate else 1
    deck = np.empty(52, np.int64)
    swap = np.empty(52, np.int64)
    for item in range(start, stop):
        block[:] = 0
        block_win[:] = 0
        for g in range(item * per_item, (item + 1) * per_item):
            deal_state = shuffle(deal_key, item, deck, swap)
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            for s in range(n):
                pstate[s] = game_state(policy_keys[s], g)
            flags = play_hand(
                cfg, g % n, deck, deal_state, pids, params, pstate, nopair, paired, ws, hands, view, log, res, user
            )
            out[o_glob + G_HANDS] += 1
            out[o_glob + G_COMMUNITY] += flags & 1
            out[o_glob + G_RESHUFFLE] += flags >> 1
            _tally_streets(out, o_streets, ws)
            r = g % n
            for s in range(n):
                p = (s - r) % n
                _tally(out, p * N_PFIELDS, res, s)
                _tally(out, o_seat + s * N_QFIELDS, res, s)
                block[p] += res[s, H_NET]
                block_win[p] += res[s, H_SD_WON] + res[s, H_WON_NO_SD]
        out[o_glob + G_BLOCKS] += 1
        for p in range(n):
            for q in range(n):
                out[o_cross + p * n + q] += block[p] * block[q]
                out[o_win + p * n + q] += block_win[p] * block_win[q]
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
    return log[1 : log[0, 0] + 1].copy(), res[: cfg[R.S_PLAYERS]].copy(), flags


@njit(cache=True)
def _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user):
    n = cfg[R.S_PLAYERS]
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    pstate = np.zeros(n, np.uint64)
    deck, deal_state = shuffled_deck(deal_key, g // n if duplicate else g)
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    for s in range(n):
        pstate[s] = game_state(policy_keys[s], g)
    return _trace_deck(cfg, g % n, deck, deal_state, pids, params, pstate, nopair, paired, user)


@njit(cache=True)
def trace_hand(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired):
    """Hand ``g`` of a run played again with its log: (log rows, per-seat results, G6 flags)."""
    return _trace(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, policies.no_user_policy
    )


@njit
def trace_hand_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user):
    """:func:`trace_hand` with a user's policy function (see :func:`play_games_with`)."""
    return _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user)


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

    kernel = search.trace_hand if job.user is None else bind(search.trace_hand_with, job.user)
    return Trace(*kernel(*job.kernel_args(), g, *tables()))


def _plugin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return bind(play_games_with, cast(Callable, job.user))(*job.kernel_args(), start, stop, *tables())


def _plugin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*bind(trace_hand_with, cast(Callable, job.user))(*job.kernel_args(), g, *tables()))


def _builtin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return play_games(*job.kernel_args(), start, stop, *tables())


def _builtin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*trace_hand(*job.kernel_args(), g, *tables()))


GameJob.LANES = (
    Lane("search", searching, _search_run, _search_trace),  # hand by hand through the positions
    Lane("plugin", plugged, _plugin_run, _plugin_trace),
    Lane("built-in", always, _builtin_run, _builtin_trace),
)


@njit
def _trace_deck_with(cfg, deck, deal_state, pids, params, pstate, nopair, paired, user):
    return _trace_deck(cfg, 0, deck, deal_state, pids, params, pstate, nopair, paired, user)


@njit(cache=True)
def _trace_deck_builtin(cfg, deck, deal_state, pids, params, pstate, nopair, paired):
    return _trace_deck(cfg, 0, deck, deal_state, pids, params, pstate, nopair, paired, policies.no_user_policy)


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
