"""The Razzia engine: settles bars, plays whole games between policies and sums what happened.

:func:`settle_bar` settles one bar (B1-B6, H1-H9) with decisions from policies or scripts and dice
from the dice stream or scripts; :func:`resolve_bar` is its entry point for Python (``razzia
explain``, the scenario files). :func:`play_game` plays one game (K1-K8, R1-R9, E1-E4, V1-V4)
following, draw for draw and decision for decision, the order written in the docstring of
``tests/reference/razzia.py``. :func:`play_games` plays games ``start..stop-1`` of a run and returns
integer sums; :class:`GameJob` is what the batch runner runs. Game ``g`` shuffles from stream
``razzia/deal`` and rolls from ``razzia/dice``, both at index ``g`` (``g // N`` with duplicate
deals, so the N rotations of a deal also share the dice); the policy in seat s draws from
``razzia/policy`` (s) at index g. Player ``p`` sits in seat ``(p + g) mod N``.

Counts (one int64 vector, offsets from :func:`layout`; money in units of $5,000):

* ``player`` and ``seat``: N rows of ``P_*``: games, money won (the money cards; with ``leftover
  split`` each player also gets leftover / N, see ``P_MLEFT`` and ``G_LEFTOVER*``), money², win
  (:data:`WIN` = 840 for a sole winner, 840 // k for k sharing), win², Σ money x leftover, bars won.
* ``croupier``: per clockwise distance from the round's croupier (0 = the croupier) ``rounds``,
  money won in those rounds, and Σ (money won in a round)².
* ``global``: the counters ``G_*`` (games, blocks, rounds, leftover and leftover², reshuffles,
  shared wins, and the haggling counters: haggles (bars with two or more contestants and money),
  calls for a duel without an offer, answers accepted, answers declined, duels, duels with a
  caller, duels the caller won, knockouts, multi-duel roll-offs, distance roll-offs).
* ``police``, ``gambler_police``, ``gambler_free``: study tables of every card played, police
  cards, gambling cards at a bar where police was also played, gambling cards without police:
  ``[value 1-6][money bucket][other cards at the bar 0-7][plays, plays that won money, money won]``;
  the money at the bar when it is settled, in units, is bucketed by :data:`BUCKETS` (0, 1-2, 3-4,
  5-6, 7-8, 9-12, 13+). Police values 1-2 occur only with a changed cards table.
* ``cross``: per block (a game, or the N games of one duplicate deal) the sums ``Σ X_p X_q`` of each
  player's money (cards won), then of each player's win: intervals for any contrast over blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from razzmatazz.core import streams
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Policy
from razzmatazz.core.razzia import policies
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import USER_ID, decide
from razzmatazz.core.rng import game_state

WIN = 840
"""A sole winner's win count; k players sharing a win get WIN // k each (840 divides by 1-8)."""
P_GAMES, P_MONEY, P_MONEY2, P_WIN, P_WIN2, P_MLEFT, P_BARS_WON = range(7)
N_PFIELDS = 7
N_CFIELDS = 3  # rounds, money, money² per distance from the croupier
(G_GAMES, G_BLOCKS, G_ROUNDS, G_LEFTOVER, G_LEFTOVER2, G_RESHUFFLES, G_SHARED, G_HAGGLES, G_NO_OFFER, G_ACCEPTS,
 G_DECLINES, G_DUELS, G_CALLED, G_CALLER_WINS, G_KNOCKOUTS, G_ROLLOFFS, G_ORDER_ROLLOFFS) = range(17)
N_GFIELDS = 17
BUCKETS = np.array([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 6], np.int64)
"""Money bucket of 0..13+ units: 0, 1-2, 3-4, 5-6, 7-8, 9-12, 13+."""
BUCKET_NAMES = ("0", "1-2", "3-4", "5-6", "7-8", "9-12", "13+")
N_BUCKETS = 7
N_OTHERS = 8
T_PLAYS, T_WON, T_MONEY = range(3)
N_TABLE = 6 * N_BUCKETS * N_OTHERS * 3
# per-seat results of one game (res columns)
H_MONEY, H_WIN, H_BARS_WON = range(3)
N_RES = 3
SCRIPT_ASK, SCRIPT_DIVISION, SCRIPT_NO_OFFER = range(3)


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    n = n_players
    seat = n * N_PFIELDS
    crou = seat + n * N_PFIELDS
    glob = crou + n * N_CFIELDS
    police = glob + N_GFIELDS
    gpol = police + N_TABLE
    gfree = gpol + N_TABLE
    cross = gfree + N_TABLE
    return {"player": 0, "seat": seat, "croupier": crou, "global": glob, "police": police, "gambler_police": gpol,
            "gambler_free": gfree, "cross": cross, "size": cross + 2 * n * n}


def table_index(value: int, units: int, others: int, field: int) -> int:
    """Offset inside a study table of (card value, money at the bar in units, other cards, field)."""
    return (((value - 1) * N_BUCKETS + int(BUCKETS[min(units, 13)])) * N_OTHERS + others) * 3 + field


@njit(cache=True, inline="always")
def _ask(pid, row, view, state, user):
    if pid >= USER_ID:
        return user(pid, row, view, state)
    return decide(pid, row, view, state)


# ---------------------------------------------------------------------------------------------
# One bar (B1-B6, H1-H9)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _roll(dstate, dice_script, used, seat):
    return R.roll_die(dstate, dice_script, used, seat)


@njit(cache=True)
def _units(cards, o, nd, st):
    t = 0
    for d in range(nd):
        t += cards[o * R.MAX_DENOMS + d] * st[R.ST_DENOM + d]
    return t


@njit(cache=True)
def _caller(cfg, a, b, proposer, proposer_called, decl):
    """H5: who wins a tied duel between a and b (-1: throw again)."""
    if cfg[R.C_DUEL_TIE] == 1:
        return -1
    if proposer_called:
        return proposer if (a == proposer or b == proposer) else -1
    ca = (decl >> a) & 1
    cb = (decl >> b) & 1
    if ca and not cb:
        return a
    if cb and not ca:
        return b
    return -1


@njit(cache=True)
def _duel(cfg, st, a, b, value, caller, stake, dstate, dice_script, used, log, out, o_glob):
    """H5: a and b throw (a first) and add their cards; the higher total wins, a tie the caller."""
    while True:
        dstate, ra = _roll(dstate, dice_script, used, a)
        dstate, rb = _roll(dstate, dice_script, used, b)
        R.log_row(log, R.L_THROW, a, ra, b, rb)
        ta = ra + value[a]
        tb = rb + value[b]
        if ta != tb or caller >= 0:
            w = (a if ta > tb else b) if ta != tb else caller
            R.log_row(log, R.L_DUEL, w, b if w == a else a, stake, 1 if ta == tb else 0)
            out[o_glob + G_DUELS] += 1
            if caller >= 0:
                out[o_glob + G_CALLED] += 1
                out[o_glob + G_CALLER_WINS] += w == caller
            return dstate, w


@njit(cache=True)
def _order_rolloff(group, m, dstate, dice_script, used, log):
    """Note R11 "circular": order ``group[:m]`` by die rolls, highest first; the tied roll again
    (depth first, exactly as the reference's recursion)."""
    bound = np.zeros(9, np.int64)
    unres = np.zeros(9, np.int64)
    rolls = np.zeros(8, np.int64)
    bound[0] = 1
    unres[0] = 1
    bound[m] = 1
    while True:
        i = -1
        for x in range(m):
            if bound[x] and unres[x]:
                i = x
                break
        if i < 0:
            return dstate
        j = i + 1
        while not bound[j]:
            j += 1
        for x in range(i, j):
            dstate, rolls[x] = _roll(dstate, dice_script, used, group[x])
            R.log_row(log, R.L_ROLLOFF, group[x], rolls[x], j - i, 0)
        for x in range(i + 1, j):  # stable insertion sort, highest roll first
            y = x
            while y > i and rolls[y - 1] < rolls[y]:
                t = rolls[y]
                rolls[y] = rolls[y - 1]
                rolls[y - 1] = t
                t = group[y]
                group[y] = group[y - 1]
                group[y - 1] = t
                y -= 1
        unres[i] = 0
        x = i
        while x < j:
            y = x
            while y < j and rolls[y] == rolls[x]:
                y += 1
            bound[x] = 1
            unres[x] = 1 if y - x > 1 else 0
            x = y


@njit(cache=True)
def settle_bar(cfg, st, bar, view, pids, params, pstate, dstate, off_script, ans_script, dice_script, used, div,
               got, scr, log, out, o_glob, user):
    """Settle ``bar`` once the round's cards (``ST_TABLE``) are revealed; returns (dice state, proposer).

    Money won goes to ``ST_WON``/``ST_BARS_WON`` and the bar's money leaves it; ``got`` receives the
    cards each seat won here (seat x denomination); ``scr`` is scratch space (64). Scripts, for
    ``resolve_bar``: ``off_script[0]``
    :data:`SCRIPT_ASK` (ask the proposer's policy), :data:`SCRIPT_DIVISION` (the division in
    ``off_script[1:]``, seat x denomination) or :data:`SCRIPT_NO_OFFER`; ``ans_script[s]`` 0 ask, 1
    accept, 2 duel; ``dice_script[s, used[s]]`` the seat's next roll (< 1: draw from the stream).
    """
    n = st[R.ST_PLAYERS]
    c = st[R.ST_CROUPIER]
    nd = st[R.ST_NDENOM]
    for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
        got[i] = 0
    value = scr[0:8]
    value[:] = 0
    cnt = 0
    pol = 0
    gam = 0
    for s in range(n):
        code = st[R.ST_TABLE + s]
        if code >= 0 and R.card_bar(code) == bar:
            cnt += 1
            value[s] = R.card_value(code)
            if R.card_kind(code) == R.POLICE:
                pol |= 1 << s
            else:
                gam |= 1 << s
    units = st[R.ST_BAR_UNITS + bar]
    if cnt == 0:  # B1
        return dstate, -1
    R.log_row(log, R.L_BAR, -1, bar, units, cnt)
    if gam == 0 or units == 0:  # B3, B6
        return dstate, -1
    contest = pol if pol else gam  # B4, B5
    k = 0
    for s in range(n):
        if not (contest >> s) & 1:
            value[s] = 0
        k += (contest >> s) & 1
    proposer = -1
    if k == 1:
        for s in range(n):
            if (contest >> s) & 1:
                for d in range(nd):
                    got[s * R.MAX_DENOMS + d] = st[R.ST_MONEY + bar * R.MAX_DENOMS + d]
    else:
        dstate, proposer = _haggle(cfg, st, bar, view, pids, params, pstate, dstate, off_script, ans_script,
                                   dice_script, used, div, got, scr, value, contest, k, log, out, o_glob, user)
    for s in range(n):
        t = 0
        m = 0
        for d in range(nd):
            t += got[s * R.MAX_DENOMS + d] * st[R.ST_DENOM + d]
            m += got[s * R.MAX_DENOMS + d]
        if m > 0:
            st[R.ST_WON + s] += t
            st[R.ST_BARS_WON + s] += 1
            R.log_row(log, R.L_PAY, s, bar, t, m)
    for d in range(nd):
        st[R.ST_MONEY + bar * R.MAX_DENOMS + d] = 0
    st[R.ST_BAR_UNITS + bar] = 0
    _ = c
    return dstate, proposer


@njit(cache=True)
def _haggle(cfg, st, bar, view, pids, params, pstate, dstate, off_script, ans_script, dice_script, used, div, got,
            scr, value, contest, k, log, out, o_glob, user):
    """H1-H9 between the ``k`` >= 2 contestants of the mask ``contest``; the cards won go to ``got``."""
    n = st[R.ST_PLAYERS]
    c = st[R.ST_CROUPIER]
    nd = st[R.ST_NDENOM]
    out[o_glob + G_HAGGLES] += 1
    # H1: how far each contestant sits from the croupier (a larger key is further)
    far = scr[8:16]
    far[:] = 0
    for s in range(n):
        if (contest >> s) & 1:
            d = (s - c) % n
            far[s] = (d if cfg[R.C_FURTHEST] == 0 else min(d, n - d)) * 16
    if cfg[R.C_FURTHEST] == 1:
        group = scr[16:24]
        for v in range(6, 0, -1):
            for circ in range(n // 2, -1, -1):
                m = 0
                for i in range(n):  # clockwise from the croupier's left
                    s = (c + 1 + i) % n
                    if (contest >> s) & 1 and value[s] == v and far[s] == circ * 16:
                        group[m] = s
                        m += 1
                if m > 1:
                    out[o_glob + G_ORDER_ROLLOFFS] += 1
                    dstate = _order_rolloff(group, m, dstate, dice_script, used, log)
                    for i in range(m):
                        far[group[i]] = circ * 16 + m - i
    proposer = -1
    best = -1
    for s in range(n):
        if (contest >> s) & 1 and value[s] * 256 + far[s] > best:
            proposer, best = s, value[s] * 256 + far[s]
    R.log_row(log, R.L_PROPOSER, proposer, bar, value[proposer], contest)
    # H2: the offer
    for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
        div[i] = 0
    called = False
    if off_script[0] == SCRIPT_DIVISION:
        for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
            div[i] = off_script[1 + i]
        answer = np.int64(0)
    elif off_script[0] == SCRIPT_NO_OFFER:
        answer = np.int64(R.NO_OFFER)
    else:
        _decision_view(cfg, st, proposer, R.K_OFFER, bar, proposer, contest, value, view)
        answer, pstate[proposer] = _ask(pids[proposer], params[proposer], view, pstate[proposer], user)
        for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
            div[i] = view[R.V_OFFER + i]
    if answer == R.NO_OFFER and cfg[R.C_OFFER_DUEL]:
        called = True
    elif not _division_ok(st, bar, contest, div) or answer == R.NO_OFFER:
        for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
            div[i] = 0
        for d in range(nd):
            div[proposer * R.MAX_DENOMS + d] = st[R.ST_MONEY + bar * R.MAX_DENOMS + d]
    decl = 0
    if called:
        out[o_glob + G_NO_OFFER] += 1
        R.log_row(log, R.L_NO_OFFER, proposer, bar, 0, 0)
        for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
            div[i] = 0
        for d in range(nd):
            div[proposer * R.MAX_DENOMS + d] = st[R.ST_MONEY + bar * R.MAX_DENOMS + d]
        decl = contest & ~(1 << proposer)
    else:
        for i in range(n):
            o = (proposer + i) % n
            if (contest >> o) & 1:
                for d in range(nd):
                    if div[o * R.MAX_DENOMS + d] > 0:
                        R.log_row(log, R.L_OFFER, proposer, o, st[R.ST_DENOM + d], div[o * R.MAX_DENOMS + d])
        # H3: answers clockwise from the proposer's left, none seeing another's
        for i in range(1, n):
            o = (proposer + i) % n
            if not (contest >> o) & 1:
                continue
            a = ans_script[o]
            if a != R.ACCEPT and a != R.DUEL:
                _decision_view(cfg, st, o, R.K_ANSWER, bar, proposer, contest, value, view)
                for j in range(R.MAX_PLAYERS * R.MAX_DENOMS):
                    view[R.V_OFFER + j] = div[j]
                a, pstate[o] = _ask(pids[o], params[o], view, pstate[o], user)
                if a != R.DUEL:
                    a = R.ACCEPT
            R.log_row(log, R.L_ANSWER, o, a, _units(div, o, nd, st), 0)
            if a == R.DUEL:
                decl |= 1 << o
                out[o_glob + G_DECLINES] += 1
            else:
                out[o_glob + G_ACCEPTS] += 1
    for o in range(n):  # H3: those who accept are paid at once
        if o != proposer and (contest >> o) & 1 and not (decl >> o) & 1:
            for d in range(nd):
                got[o * R.MAX_DENOMS + d] += div[o * R.MAX_DENOMS + d]
    if decl == 0:  # H4
        for d in range(nd):
            got[proposer * R.MAX_DENOMS + d] += div[proposer * R.MAX_DENOMS + d]
        return dstate, proposer
    pot = scr[24:36]
    pot[:] = 0
    order = scr[36:44]
    m = 1
    order[0] = proposer
    for i in range(1, n):
        o = (proposer + i) % n
        if (decl >> o) & 1:
            order[m] = o
            m += 1
    if m == 2:  # H6
        d1 = order[1]
        if cfg[R.C_ONE_DECLINES] == 1 and k >= 3 and not called:
            for d in range(nd):
                got[proposer * R.MAX_DENOMS + d] += div[proposer * R.MAX_DENOMS + d]
                pot[d] = div[d1 * R.MAX_DENOMS + d]
        else:
            for d in range(nd):
                pot[d] = div[proposer * R.MAX_DENOMS + d] + div[d1 * R.MAX_DENOMS + d]
        stake = 0
        for d in range(nd):
            stake += pot[d] * st[R.ST_DENOM + d]
        dstate, winner = _duel(cfg, st, proposer, d1, value, _caller(cfg, proposer, d1, proposer, called, decl),
                               stake, dstate, dice_script, used, log, out, o_glob)
    else:  # H7, H8
        stake = 0
        for x in range(m):
            for d in range(nd):
                pot[d] += div[order[x] * R.MAX_DENOMS + d]
                stake += div[order[x] * R.MAX_DENOMS + d] * st[R.ST_DENOM + d]
        if cfg[R.C_MULTI] == 1:
            out[o_glob + G_ROLLOFFS] += 1
            still = m
            totals = scr[44:52]
            while still > 1:
                top = 0
                for x in range(still):
                    dstate, r = _roll(dstate, dice_script, used, order[x])
                    totals[x] = r + value[order[x]]
                    R.log_row(log, R.L_ROLL, order[x], r, totals[x], 0)
                    top = max(top, totals[x])
                y = 0
                for x in range(still):
                    if totals[x] == top:
                        order[y] = order[x]
                        y += 1
                still = y
            winner = order[0]
            R.log_row(log, R.L_DUEL, winner, -1, stake, 0)
        else:
            out[o_glob + G_KNOCKOUTS] += 1
            ko = _knockout_order(cfg, order, m, value, far)
            winner = ko[0]
            for x in range(1, m):
                dstate, winner = _duel(cfg, st, winner, ko[x], value,
                                       _caller(cfg, winner, ko[x], proposer, called, decl), stake, dstate,
                                       dice_script, used, log, out, o_glob)
    for d in range(nd):
        got[winner * R.MAX_DENOMS + d] += pot[d]
    return dstate, proposer


@njit(cache=True)
def _knockout_order(cfg, order, m, value, far):
    """H7, H8: the order in which ``order[:m]`` (the proposer, then the decliners clockwise) enter."""
    ko = np.zeros(m, np.int64)
    if m >= 4 and cfg[R.C_MANY] == 1:
        for x in range(m):
            ko[x] = order[x]
        return ko
    ranked = np.zeros(m, np.int64)
    for x in range(m):
        ranked[x] = order[x]
    for x in range(1, m):  # stable sort by value, highest first
        y = x
        while y > 0 and value[ranked[y - 1]] < value[ranked[y]]:
            t = ranked[y]
            ranked[y] = ranked[y - 1]
            ranked[y - 1] = t
            y -= 1
    i = 0
    while i < m:
        j = i
        while j < m and value[ranked[j]] == value[ranked[i]]:
            j += 1
        for x in range(i + 1, j):  # equal values: nearer the croupier (smaller far) first
            y = x
            while y > i and far[ranked[y - 1]] > far[ranked[y]]:
                t = ranked[y]
                ranked[y] = ranked[y - 1]
                ranked[y - 1] = t
                y -= 1
        # the slots of ranks i..j-1 (rank 0 -> 0, rank r -> m - r), ascending, nearest first
        x = i
        if i == 0:
            ko[0] = ranked[0]
            x = 1
        for r in range(j - 1, max(i, 1) - 1, -1):
            ko[m - r] = ranked[x]
            x += 1
        i = j
    return ko


@njit(cache=True)
def _division_ok(st, bar, contest, div):
    """H2: every money card of the bar to exactly one contestant."""
    n = st[R.ST_PLAYERS]
    for d in range(R.MAX_DENOMS):
        t = 0
        for o in range(R.MAX_PLAYERS):
            x = div[o * R.MAX_DENOMS + d]
            if x < 0 or (x > 0 and (o >= n or not (contest >> o) & 1)):
                return False
            t += x
        want = st[R.ST_MONEY + bar * R.MAX_DENOMS + d] if d < st[R.ST_NDENOM] else 0
        if t != want:
            return False
    return True


@njit(cache=True)
def _decision_view(cfg, st, s, kind, bar, proposer, contest, value, view):
    R.fill_view(cfg, st, s, kind, view)
    view[R.V_BAR] = bar
    view[R.V_PROPOSER] = proposer
    view[R.V_CONTEST] = contest
    for o in range(R.MAX_PLAYERS):
        view[R.V_CARDVAL + o] = value[o]
    for j in range(R.MAX_PLAYERS * R.MAX_DENOMS):
        view[R.V_OFFER + j] = 0


# ---------------------------------------------------------------------------------------------
# A whole game
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _draw(st, stock, pos, discard, swap, deal_state, log):
    """R7: the top card of the stock (``pos``: [top, cards in the stock, cards on the discard pile]);
    an empty stock is replaced by the shuffled discard pile."""
    if pos[1] == 0:
        m = pos[2]
        for i in range(m):
            stock[i] = discard[i]
        deal_state = R.shuffle(deal_state, stock, m, swap)
        pos[0] = 0
        pos[1] = m
        pos[2] = 0
        for i in range(2 * R.MAX_BARS):
            st[R.ST_GONE + i] = 0
        R.log_row(log, R.L_RESHUFFLE, -1, m, 0, 0)
        pos[3] += 1
    card = stock[pos[0]]
    pos[0] += 1
    pos[1] -= 1
    return deal_state, card


@njit(cache=True)
def _refill(st, first, stock, pos, discard, swap, deal_state, log):
    """R6: everyone back to five cards, one at a time, clockwise from ``first``."""
    n = st[R.ST_PLAYERS]
    for i in range(n):
        s = (first + i) % n
        for j in range(R.HAND):
            if st[R.ST_HAND + s * R.HAND + j] < 0:
                deal_state, st[R.ST_HAND + s * R.HAND + j] = _draw(st, stock, pos, discard, swap, deal_state, log)
    return deal_state


@njit(cache=True)
def _discard_played(st, discard, pos):
    for s in range(st[R.ST_PLAYERS]):
        code = st[R.ST_TABLE + s]
        if code >= 0:
            discard[pos[2]] = code
            pos[2] += 1
            st[R.ST_GONE + 2 * R.card_bar(code) + R.card_kind(code)] += 1
            st[R.ST_TABLE + s] = -1
    st[R.ST_REVEALED] = 0


@njit(cache=True)
def _place(st, bar, d, log, seat, decided):
    st[R.ST_MONEY + bar * R.MAX_DENOMS + d] += 1
    st[R.ST_BAR_UNITS + bar] += st[R.ST_DENOM + d]
    R.log_row(log, R.L_MONEY, seat, bar, st[R.ST_DENOM + d], decided)


@njit(cache=True)
def _study(out, o_tab, value, units, others, won):
    base = o_tab + (((value - 1) * N_BUCKETS + BUCKETS[min(units, 13)]) * N_OTHERS + min(others, N_OTHERS - 1)) * 3
    out[base + T_PLAYS] += 1
    out[base + T_WON] += won > 0
    out[base + T_MONEY] += won


@njit(cache=True)
def play_game(cfg, deal_state, dice_state, pids, params, pstate, ws, log, res, out, o_crou, o_glob, o_tab, user):
    """One game; per-seat results (``H_*``) in ``res``, croupier, global and study counts added to ``out``
    (``o_tab``: the offset of the police table; the two gambler tables follow it)."""
    st, view, stock, discard, swap, mdeck, pos, div, got, scr, off_script, ans_script, dice_script, used = ws
    n = cfg[R.C_PLAYERS]
    nb = cfg[R.C_NBARS]
    nd = cfg[R.C_NDENOM]
    for i in range(R.ST_LEN):
        st[i] = 0
    for i in range(R.MAX_PLAYERS * R.HAND):
        st[R.ST_HAND + i] = -1
    for s in range(R.MAX_PLAYERS):
        st[R.ST_TABLE + s] = -1
    for d in range(nd):
        st[R.ST_DENOM + d] = cfg[R.C_DENOM + d]
    st[R.ST_PLAYERS] = n
    st[R.ST_NBARS] = nb
    st[R.ST_NDENOM] = nd
    st[R.ST_OFFER_DUEL] = cfg[R.C_OFFER_DUEL]
    st[R.ST_DUEL_TIE] = cfg[R.C_DUEL_TIE]
    st[R.ST_ONE_DECLINES] = cfg[R.C_ONE_DECLINES]
    bars = np.zeros(R.MAX_BARS, np.int64)
    # K3: bars in play
    if nb == R.MAX_BARS or cfg[R.C_DROPPED] == 0:
        for b in range(nb):
            bars[b] = b
    else:
        for b in range(R.MAX_BARS):
            bars[b] = b
        deal_state = R.shuffle(deal_state, bars, R.MAX_BARS, swap)
        bars[:nb].sort()
    mask = 0
    for i in range(nb):
        mask |= 1 << bars[i]
    st[R.ST_BARS] = mask
    # K2, K4: the stock, bar by bar, row by row
    m = 0
    for i in range(nb):
        for r in range(cfg[R.C_NCARD_ROWS]):
            kind = cfg[R.C_CARD_ROWS + 3 * r]
            v = cfg[R.C_CARD_ROWS + 3 * r + 1]
            for _ in range(cfg[R.C_CARD_ROWS + 3 * r + 2]):
                stock[m] = R.card_code(bars[i], kind, v)
                m += 1
            if i == 0:
                if kind == R.GAMBLER:
                    st[R.ST_COLOUR_G] += cfg[R.C_CARD_ROWS + 3 * r + 2]
                else:
                    st[R.ST_COLOUR_P] += cfg[R.C_CARD_ROWS + 3 * r + 2]
    deal_state = R.shuffle(deal_state, stock, m, swap)
    pos[0] = 0
    pos[1] = m
    pos[2] = 0
    pos[3] = 0
    # K5, K6: the money deck
    mm = 0
    for r in range(cfg[R.C_NMONEY_ROWS]):
        for _ in range(cfg[R.C_MONEY_ROWS + 2 * r + 1]):
            mdeck[mm] = cfg[R.C_MONEY_ROWS + 2 * r]
            mm += 1
    deal_state = R.shuffle(deal_state, mdeck, mm, swap)
    # K7: the deal, five passes clockwise from the first croupier's left
    for _ in range(R.HAND):
        for i in range(n):
            s = (1 + i) % n
            for j in range(R.HAND):
                if st[R.ST_HAND + s * R.HAND + j] < 0:
                    deal_state, st[R.ST_HAND + s * R.HAND + j] = _draw(st, stock, pos, discard, swap, deal_state,
                                                                       log)
                    break
    per_round = cfg[R.C_PER_ROUND]
    mtop = 0
    rnd = 0
    won_before = np.zeros(R.MAX_PLAYERS, np.int64)
    while True:
        c = rnd % n
        st[R.ST_ROUND] = rnd
        st[R.ST_CROUPIER] = c
        k = min(per_round, mm - mtop)
        first = mtop
        mtop += k
        last = mtop == mm
        st[R.ST_LAST_ROUND] = last
        st[R.ST_MONEY_LEFT] = mm - mtop
        st[R.ST_STOCK] = pos[1]
        st[R.ST_DISCARD] = pos[2]
        R.log_row(log, R.L_ROUND, c, rnd, k, last)
        # R1, E1, V1: money out
        if k < per_round:
            for i in range(k):
                _place(st, bars[i], mdeck[first + i], log, -1, 0)
        elif cfg[R.C_SPIELBOX]:
            R.fill_view(cfg, st, c, R.K_ALL, view)
            view[R.V_NDRAWN] = k
            for i in range(k):
                view[R.V_DRAWN + i] = st[R.ST_DENOM + mdeck[first + i]]
            ans, pstate[c] = _ask(pids[c], params[c], view, pstate[c], user)
            hit = 0
            ok = True
            for i in range(k):
                t = (ans >> np.int64(3 * i)) & 7
                if t >= R.MAX_BARS or not (mask >> t) & 1:
                    ok = False
                hit |= 1 << t
            if not ok or hit != mask or ans < 0:
                ans = 0
                for i in range(k):
                    ans |= bars[i if i < nb else 0] << np.int64(3 * i)
            for i in range(k):
                _place(st, (ans >> np.int64(3 * i)) & 7, mdeck[first + i], log, c, 1)
        else:
            for i in range(nb):
                _place(st, bars[i], mdeck[first + i], log, -1, 0)
            if cfg[R.C_FREE] == 0:
                R.fill_view(cfg, st, c, R.K_FREE, view)
                view[R.V_VALUE] = st[R.ST_DENOM + mdeck[first + nb]]
                b, pstate[c] = _ask(pids[c], params[c], view, pstate[c], user)
                if b < 0 or b >= R.MAX_BARS or not (mask >> b) & 1:
                    b = bars[0]
                _place(st, b, mdeck[first + nb], log, c, 1)
            else:
                order = scr[52:58]
                for i in range(nb):
                    order[i] = bars[i]
                deal_state = R.shuffle(deal_state, order, nb, swap)
                _place(st, order[0], mdeck[first + nb], log, -1, 1)
        # R3: cards, clockwise from the croupier's left, face down
        for i in range(n):
            s = (c + 1 + i) % n
            R.fill_view(cfg, st, s, R.K_PLAY, view)
            slot, pstate[s] = _ask(pids[s], params[s], view, pstate[s], user)
            if slot < 0 or slot >= R.HAND or st[R.ST_HAND + s * R.HAND + slot] < 0:
                slot = 0
            code = st[R.ST_HAND + s * R.HAND + slot]
            for j in range(slot, R.HAND - 1):
                st[R.ST_HAND + s * R.HAND + j] = st[R.ST_HAND + s * R.HAND + j + 1]
            st[R.ST_HAND + s * R.HAND + R.HAND - 1] = -1
            st[R.ST_TABLE + s] = code
            R.log_row(log, R.L_PLAY, s, R.card_bar(code), R.card_kind(code), R.card_value(code))
        st[R.ST_REVEALED] = 1
        for s in range(n):
            won_before[s] = st[R.ST_WON + s]
        # R8: the bars left to right
        for i in range(nb):
            b = bars[i]
            units = st[R.ST_BAR_UNITS + b]
            cnt = 0
            police = False
            for s in range(n):
                code = st[R.ST_TABLE + s]
                if code >= 0 and R.card_bar(code) == b:
                    cnt += 1
                    police = police or R.card_kind(code) == R.POLICE
            if cnt == 0:
                continue
            dice_state, _ = settle_bar(cfg, st, b, view, pids, params, pstate, dice_state, off_script, ans_script,
                                       dice_script, used, div, got, scr, log, out, o_glob, user)
            for s in range(n):
                code = st[R.ST_TABLE + s]
                if code >= 0 and R.card_bar(code) == b:
                    w = _units(got, s, nd, st)
                    if R.card_kind(code) == R.POLICE:
                        _study(out, o_tab, R.card_value(code), units, cnt - 1, w)
                    elif police:
                        _study(out, o_tab + N_TABLE, R.card_value(code), units, cnt - 1, w)
                    else:
                        _study(out, o_tab + 2 * N_TABLE, R.card_value(code), units, cnt - 1, w)
        for s in range(n):
            w = st[R.ST_WON + s] - won_before[s]
            base = o_crou + ((s - c) % n) * N_CFIELDS
            out[base] += 1
            out[base + 1] += w
            out[base + 2] += w * w
        # R5-R7: discard and refill
        if last:
            _discard_played(st, discard, pos)
        elif cfg[R.C_RESHUFFLE] == 0:
            _discard_played(st, discard, pos)
            deal_state = _refill(st, (c + 2) % n, stock, pos, discard, swap, deal_state, log)
        else:
            deal_state = _refill(st, (c + 2) % n, stock, pos, discard, swap, deal_state, log)
            _discard_played(st, discard, pos)
        rnd += 1
        if last:
            break
    # E1-E4
    leftover = 0
    for i in range(nb):
        leftover += st[R.ST_BAR_UNITS + bars[i]]
    R.log_row(log, R.L_END, -1, leftover, 0, 0)
    best = -1
    for s in range(n):
        best = max(best, st[R.ST_WON + s])
    tied = 0
    most = -1
    for s in range(n):
        if st[R.ST_WON + s] == best:
            tied |= 1 << s
            most = max(most, st[R.ST_BARS_WON + s])
    if cfg[R.C_FINAL_TIES] == 1:
        for s in range(n):
            if (tied >> s) & 1 and st[R.ST_BARS_WON + s] < most:
                tied &= ~(1 << s)
    kk = 0
    for s in range(n):
        kk += (tied >> s) & 1
    for s in range(n):
        res[s, H_MONEY] = st[R.ST_WON + s]
        res[s, H_WIN] = WIN // kk if (tied >> s) & 1 else 0
        res[s, H_BARS_WON] = st[R.ST_BARS_WON + s]
    out[o_glob + G_ROUNDS] += rnd
    out[o_glob + G_LEFTOVER] += leftover
    out[o_glob + G_LEFTOVER2] += leftover * leftover
    out[o_glob + G_RESHUFFLES] += pos[3]
    out[o_glob + G_SHARED] += kk > 1
    return leftover


@njit(cache=True)
def _workspace(cfg):
    size = max(cfg[R.C_DECK], R.MAX_MONEY, 8)
    st = np.zeros(R.ST_LEN, np.int64)
    view = np.zeros(R.VIEW_LEN, np.int64)
    stock = np.zeros(size, np.int64)
    discard = np.zeros(size, np.int64)
    swap = np.zeros(size, np.int64)
    mdeck = np.zeros(size, np.int64)
    pos = np.zeros(4, np.int64)
    div = np.zeros(R.MAX_PLAYERS * R.MAX_DENOMS, np.int64)
    scr = np.zeros(64, np.int64)
    got = np.zeros(R.MAX_PLAYERS * R.MAX_DENOMS, np.int64)
    off_script = np.zeros(1 + R.MAX_PLAYERS * R.MAX_DENOMS, np.int64)
    ans_script = np.zeros(R.MAX_PLAYERS, np.int64)
    dice_script = np.zeros((0, 1), np.int64)
    used = np.zeros(R.MAX_PLAYERS, np.int64)
    return st, view, stock, discard, swap, mdeck, pos, div, got, scr, off_script, ans_script, dice_script, used


@njit(cache=True)
def seat_policies(g, n, lineup_pids, lineup_params, pids, params):
    """Fill the seats' policies for game ``g``: player p sits in seat (p + g) mod n."""
    r = g % n
    for p in range(n):
        s = (p + r) % n
        pids[s] = lineup_pids[p]
        params[s] = lineup_params[p]


@njit(cache=True, inline="always")
def _tally(out, base, res, s, leftover):
    money = res[s, H_MONEY]
    win = res[s, H_WIN]
    out[base + P_GAMES] += 1
    out[base + P_MONEY] += money
    out[base + P_MONEY2] += money * money
    out[base + P_WIN] += win
    out[base + P_WIN2] += win * win
    out[base + P_MLEFT] += money * leftover
    out[base + P_BARS_WON] += res[s, H_BARS_WON]


@njit(cache=True)
def _play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    n = cfg[R.C_PLAYERS]
    o_seat = n * N_PFIELDS
    o_crou = o_seat + n * N_PFIELDS
    o_glob = o_crou + n * N_CFIELDS
    o_tab = o_glob + N_GFIELDS
    o_cross = o_tab + 3 * N_TABLE
    out = np.zeros(o_cross + 2 * n * n, np.int64)
    ws = _workspace(cfg)
    res = np.zeros((R.MAX_PLAYERS, N_RES), np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    pstate = np.zeros(n, np.uint64)
    log = np.zeros((1, 5), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        block[:] = 0
        block_win[:] = 0
        for g in range(item * per_item, (item + 1) * per_item):
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            for s in range(n):
                pstate[s] = game_state(policy_keys[s], g)
            leftover = play_game(cfg, game_state(deal_key, item), game_state(dice_key, item), pids, params, pstate,
                                 ws, log, res, out, o_crou, o_glob, o_tab, user)
            out[o_glob + G_GAMES] += 1
            r = g % n
            for s in range(n):
                p = (s - r) % n
                _tally(out, p * N_PFIELDS, res, s, leftover)
                _tally(out, o_seat + s * N_PFIELDS, res, s, leftover)
                block[p] += res[s, H_MONEY]
                block_win[p] += res[s, H_WIN]
        out[o_glob + G_BLOCKS] += 1
        for p in range(n):
            for q in range(n):
                out[o_cross + p * n + q] += block[p] * block[q]
                out[o_cross + n * n + p * n + q] += block_win[p] * block_win[q]
    return out


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """Integer sums (see the module doc) for items ``start..stop-1`` with the built-in policies.

    An item is one game, or with ``duplicate`` one deal (and dice) played N times with the players rotated.
    """
    return _play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop,
                       policies.no_user_policy)


@njit(nogil=True)
def play_games_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop,
                       user)


@njit(cache=True)
def _trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    n = cfg[R.C_PLAYERS]
    ws = _workspace(cfg)
    res = np.zeros((R.MAX_PLAYERS, N_RES), np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, lineup_params.shape[1]), np.float64)
    pstate = np.zeros(n, np.uint64)
    rounds = cfg[R.C_NMONEY] // cfg[R.C_PER_ROUND] + 1
    log = np.zeros((64 + rounds * 800, 5), np.int64)
    out = np.zeros(n * N_CFIELDS + N_GFIELDS + 3 * N_TABLE, np.int64)
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    for s in range(n):
        pstate[s] = game_state(policy_keys[s], g)
    item = g // n if duplicate else g
    play_game(cfg, game_state(deal_key, item), game_state(dice_key, item), pids, params, pstate, ws, log, res, out,
              0, n * N_CFIELDS, n * N_CFIELDS + N_GFIELDS, user)
    return log[1:log[0, 0] + 1].copy(), res[:n].copy()


@njit(cache=True)
def trace_game(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    """Game ``g`` of a run played again with its log: (log rows, per-seat results ``H_*``)."""
    return _trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g,
                  policies.no_user_policy)


@njit
def trace_game_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    """:func:`trace_game` with a user's policy function (see :func:`play_games_with`)."""
    return _trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user)


# ---------------------------------------------------------------------------------------------
# One bar from Python (razzia explain, the scenario files)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _resolve_bar(cfg, bar, croupier, money, seats, kinds, values, offer, answers, dice, pids, params, pstate,
                 dice_state):
    n = cfg[R.C_PLAYERS]
    nd = cfg[R.C_NDENOM]
    ws = _workspace(cfg)
    st, view, _, _, _, _, _, div, got, scr, off_script, ans_script, _, used = ws
    for i in range(R.MAX_PLAYERS * R.HAND):
        st[R.ST_HAND + i] = -1
    for s in range(R.MAX_PLAYERS):
        st[R.ST_TABLE + s] = -1
    for d in range(nd):
        st[R.ST_DENOM + d] = cfg[R.C_DENOM + d]
    st[R.ST_PLAYERS] = n
    st[R.ST_NBARS] = cfg[R.C_NBARS]
    st[R.ST_BARS] = cfg[R.C_BARS_MASK] | (1 << bar)
    st[R.ST_NDENOM] = nd
    st[R.ST_OFFER_DUEL] = cfg[R.C_OFFER_DUEL]
    st[R.ST_DUEL_TIE] = cfg[R.C_DUEL_TIE]
    st[R.ST_ONE_DECLINES] = cfg[R.C_ONE_DECLINES]
    st[R.ST_CROUPIER] = croupier
    st[R.ST_REVEALED] = 1
    card_of = np.zeros(money.shape[0], np.int64)
    for i in range(money.shape[0]):
        for d in range(nd):
            if st[R.ST_DENOM + d] == money[i]:
                card_of[i] = d
                st[R.ST_MONEY + bar * R.MAX_DENOMS + d] += 1
                st[R.ST_BAR_UNITS + bar] += money[i]
    for i in range(seats.shape[0]):
        st[R.ST_TABLE + seats[i]] = R.card_code(bar, kinds[i], values[i])
    off_script[:] = 0
    ask = False
    none = False
    for i in range(offer.shape[0]):
        ask = ask or offer[i] == -1
        none = none or offer[i] == -2
    if none:
        off_script[0] = SCRIPT_NO_OFFER
    elif not ask:
        off_script[0] = SCRIPT_DIVISION
        for i in range(offer.shape[0]):
            off_script[1 + offer[i] * R.MAX_DENOMS + card_of[i]] += 1
    for s in range(R.MAX_PLAYERS):
        ans_script[s] = answers[s] if s < answers.shape[0] else 0
    log = np.zeros((4096, 5), np.int64)
    out = np.zeros(N_GFIELDS, np.int64)
    dice_state, proposer = settle_bar(cfg, st, bar, view, pids, params, pstate, dice_state, off_script, ans_script,
                                      dice, used, div, got, scr, log, out, 0, policies.no_user_policy)
    payout = np.zeros(n, np.int64)
    for s in range(n):
        payout[s] = _units(got, s, nd, st)
    remains = np.zeros(money.shape[0], np.int64)
    m = 0
    taken = np.zeros(R.MAX_DENOMS, np.int64)
    for s in range(n):
        for d in range(nd):
            taken[d] += got[s * R.MAX_DENOMS + d]
    for i in range(money.shape[0]):  # the cards not won, in the bar's order
        d = card_of[i]
        if taken[d] > 0:
            taken[d] -= 1
        else:
            remains[m] = money[i]
            m += 1
    return payout, remains[:m].copy(), proposer, dice_state, log[1:log[0, 0] + 1].copy(), used.copy()


def resolve_bar(settings: R.Settings, croupier: int, money, cards, offer=None, answers=None, dice=None, *,
                bar: int = 0, lineup: tuple[Policy, ...] | None = None, seed: int = 0, game: int = 0):
    """Settle one bar from Python (``razzia explain``, the scenario files) with scripted decisions.

    ``money``: the bar's money cards in dollars; ``cards``: (seat, kind "gambler"/"police" or 0/1,
    value) per card played there; ``offer``: {seat: [money cards]} (the division), ``"none"`` (the
    proposer calls a duel, offer_duel only), or None (ask the proposer's policy); ``answers``: {seat:
    "accept"/"duel"} (a contestant not listed is asked); ``dice``: {seat: [rolls]} (a seat's rolls
    after these are drawn from the dice stream ``razzia/dice`` game ``game`` under ``seed``). Missing
    decisions are taken by ``lineup`` (one policy per seat; default: ``greedy`` everywhere) with the
    policy streams of ``seed``. Returns a dict: ``payout`` {seat: dollars}, ``remains`` (money cards
    left, dollars), ``proposer`` (None if nobody haggled), ``log`` (rows, money in units), ``dice_left``
    {seat: rolls not used}.

    The kernel is :func:`_resolve_bar` (arrays: money in units, per money card the seat it goes to
    (-1 ask, -2 no offer), answers per seat 0 ask / 1 accept / 2 duel, dice[seat, i] (-1 absent)).
    """
    n = settings.players
    denoms = settings.denominations()
    try:
        units = np.array([int(v) // R.UNIT for v in money], np.int64)
        if any(int(v) % R.UNIT or int(v) // R.UNIT not in denoms for v in money):
            raise ValueError
    except (TypeError, ValueError):
        raise InputError(f"money cards must be values of the money table, got {money!r}") from None
    seats, kinds, values = [], [], []
    for card in cards:
        if isinstance(card, dict):
            card = (card["seat"], card["kind"], card["value"])
        s, kind, v = card
        kind = R.KINDS.index(kind) if isinstance(kind, str) and kind in R.KINDS else kind
        if not (0 <= int(s) < n) or kind not in (0, 1) or not 1 <= int(v) <= 6 or int(s) in seats:
            raise InputError(f"a card is (seat 0-{n - 1}, gambler or police, value 1-6), one a seat; got {card!r}")
        seats.append(int(s))
        kinds.append(int(kind))
        values.append(int(v))
    if not 0 <= croupier < n or not 0 <= bar < R.MAX_BARS:
        raise InputError(f"the croupier must be a seat 0-{n - 1} and the bar 0-5")
    per_card = np.full(len(units), -1, np.int64)
    if offer == "none":
        per_card[:] = -2
    elif offer is not None:
        left = list(units)
        per_card[:] = -3
        for seat, vals in offer.items():
            for v in vals:
                u = int(v) // R.UNIT
                i = next((i for i, x in enumerate(units) if x == u and per_card[i] == -3), None)
                if i is None or not 0 <= int(seat) < n:
                    raise InputError(f"the offer {offer} does not divide exactly the money cards {list(money)}")
                per_card[i] = int(seat)
                left.remove(u)
        if left:
            raise InputError(f"the offer {offer} does not divide exactly the money cards {list(money)}")
    ans = np.zeros(n, np.int64)
    for seat, a in (answers or {}).items():
        if a not in ("accept", "duel"):
            raise InputError(f"an answer is accept or duel, got {a!r}")
        ans[int(seat)] = R.ACCEPT if a == "accept" else R.DUEL
    width = max([len(v) for v in (dice or {}).values()] + [1])
    script = np.full((n, width), -1, np.int64)
    for seat, rolls in (dice or {}).items():
        for i, r in enumerate(rolls):
            if not 1 <= int(r) <= 6:
                raise InputError(f"a die shows 1-6, got {r!r}")
            script[int(seat), i] = int(r)
    if lineup is None:
        lineup = tuple(Policy(policies.GREEDY, policies.GREEDY.defaults()) for _ in range(n))
    job = GameJob(settings, tuple(lineup), seed, 1)
    cfg, _, dice_key, policy_keys, pids, params, _ = job.arrays()
    pstate = np.array([game_state(policy_keys[s], game) for s in range(n)], np.uint64)
    payout, remains, proposer, _, log, used = _resolve_bar(
        cfg, bar, croupier, units, np.array(seats, np.int64), np.array(kinds, np.int64), np.array(values, np.int64),
        per_card, ans, script, pids, params, pstate, np.uint64(game_state(dice_key, game)))
    dice_left = {s: [int(r) for r in script[s, used[s]:] if r >= 1] for s in range(n)}
    return {"payout": {s: int(payout[s]) * R.UNIT for s in range(n)}, "remains": [int(v) * R.UNIT for v in remains],
            "proposer": None if proposer < 0 else int(proposer), "log": log,
            "dice_left": {s: d for s, d in dice_left.items() if d}}


@dataclass(frozen=True, eq=False)
class GameJob:
    """``n_items`` games (or duplicate deals of N games each) of one lineup, for the batch runner.

    Player ``p`` of ``lineup`` sits in seat ``(p + g) mod N`` in game ``g``. ``user`` is the jitted
    function that plays policy ids from ``USER_ID`` (users' own policies).
    """

    settings: R.Settings
    lineup: tuple[Policy, ...]
    seed: int
    n_items: int
    duplicate: bool = False
    user: Callable | None = None

    def __post_init__(self) -> None:
        if len(self.lineup) != self.settings.players:
            raise ValueError(f"{len(self.lineup)} policies for {self.settings.players} players")

    @property
    def games(self) -> int:
        return self.n_items * (self.settings.players if self.duplicate else 1)

    def arrays(self) -> tuple:
        """The kernel's arguments before the item range: settings, deal and dice keys, policy keys, ids,
        parameter rows, duplicate."""
        n = self.settings.players
        width = max(1, max(len(p.row) for p in self.lineup))
        params = np.zeros((n, width), np.float64)
        for i, p in enumerate(self.lineup):
            params[i, :len(p.row)] = p.row
        pids = np.array([p.spec.id for p in self.lineup], np.int64)
        policy_keys = np.array([streams.key(self.seed, "razzia", "policy", s) for s in range(n)], np.uint64)
        return (self.settings.row(), streams.key(self.seed, "razzia", "deal"), streams.key(self.seed, "razzia", "dice"),
                policy_keys, pids, params, bool(self.duplicate))

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        if self.user is None:
            return play_games(*self.arrays(), start, stop)
        return play_games_with(*self.arrays(), start, stop, self.user)

    def trace(self, g: int) -> tuple[np.ndarray, np.ndarray]:
        """Game ``g`` with its log rows (see :mod:`.rules`) and per-seat results (``H_*`` columns)."""
        if self.user is None:
            return trace_game(*self.arrays(), g)
        return trace_game_with(*self.arrays(), g, self.user)
