"""Razz's betting: one betting round (G4, G8, G10), asking each seat's policy with that seat's view only.

:func:`_betting` plays a whole round for the kernel; the steps below it (:func:`_show`, :func:`_repair`,
:func:`_bring_in_move`, :func:`_move`, :func:`_end_round`) play it one decision at a time for :mod:`.state`.
"""

from __future__ import annotations

from numba import njit

from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.layout import (
    H_VPIP,
    W_ACTED,
    W_BET,
    W_CAPPED,
    W_DECISIONS,
    W_PUT,
    W_ROUND,
    W_STACK,
    W_STATUS,
    _log,
)
from razzmatazz.core.razz.policies import USER_ID, decide


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
    n = cfg[R.C_PLAYERS]
    size = cfg[R.C_SMALL] if street <= 4 else cfg[R.C_BIG]
    cap = cfg[R.C_CAP]
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
        level, made, completed = _bring_in_move(cfg, a, bring_in, size, ws, view, log, res)
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
        level, made, completed = _move(street, s, a, level, made, completed, size, ws, view, log, res)
        n_in, n_able = _counts(ws, n)
        s = (s + 1) % n
    ws[W_CAPPED, street - 3] = 1 if made >= cap else 0
    _end_round(n, ws, view)


# The steps of a betting round, played by _betting and one at a time by the decision-point interface (state.py).
# Inlined (numba's IR): the kernel pays no call for them; tests/conformance/test_positions.py pins that both play
# the same hands.
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
    _put_chips(ws, view, b, cfg[R.C_BRING_IN])
    _log(log, R.L_BRING_IN, b, cfg[R.C_BRING_IN], 0)
    return cfg[R.C_BRING_IN], 0, False


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
    if made >= cap and not (cfg[R.C_UNCAPPED_HU] and n_in == 2):
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
    to_call, can_raise = _show(cfg, street, s, ws, view, level, made, size, cap, bring_in, completed, n_in, n_able)
    ws[W_DECISIONS, s] += 1
    ws[W_ROUND, street - 3] = 1
    for j in range(7):
        view[R.V_OWN + j] = hands[s, j]
    a, pstate[s] = _ask(pids[s], params[s], view, pstate[s], user)
    for j in range(7):
        view[R.V_OWN + j] = -1
    return _repair(view, a, to_call, can_raise)


@njit(cache=True, inline="always")
def _show(cfg, street, s, ws, view, level, made, size, cap, bring_in, completed, n_in, n_able):
    """Write seat ``s``'s decision into the view (all but its own cards); returns (to call, can raise)."""
    n = cfg[R.C_PLAYERS]
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
