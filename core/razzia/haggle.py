"""The exact haggle (``haggle`` 3, ruling H11 in ``seeds/razzia.md``): the proposer's division solves the subgame.

Responders (risk-neutral) accept a share ``x`` exactly when it is worth at least the duel they would
fight by declining (H6, the others accepting): ``x >= q x stake``, with ``q`` = P(it wins the duel
against the proposer) exactly (:func:`duel_fraction`) and ``stake`` all the money (two contestants),
the proposer's share plus its own (``one_declines remainder``) or its own share (``own_share``).
:func:`exact_answer` is that rule (``margin`` x the duel's worth, 1 = risk-neutral).

The proposer enumerates every division of the bar's money cards (counts per denomination: each
denomination's cards split among the contestants, no change, H2), predicts each responder's answer by
that rule and values the outcome for itself: its share if all accept; one decliner: the H6 duel (for
both shares, or for the decliner's share only under ``own_share``); two or more: its chance to win the
knockout in the rules' entry order (H7, H8: ``many_order``; the tie rules of H5: a decliner wins a tie
against the proposer, two decliners throw again; ``duel_tie reroll``: every tie is thrown again) or the
roll-off (``multi_duel rolloff``) times the money at stake. It offers the division of the highest
expected money; ties (values within :data:`EPS` units) go to the division with fewer decliners, then
the one keeping most for the proposer, then the smallest shares for the responders clockwise from its
left (lexicographically). Under ``offer_duel`` it calls a duel instead when that is worth more than
:data:`EPS` above the best division (it is then the caller: its ties are its own).

Bounded work: the divisions are ``prod_d C(c_d + k - 1, k - 1)`` (``c_d`` cards of denomination d, k
contestants); above :data:`MAX_DIVISIONS` :func:`exact_offer` returns -1 and the caller falls back to the
rational offer (``policies._rational_offer``). Everything lives in the int64 scratch ``scr`` (at least
:data:`H_LEN` long; the float tables are views of it), nothing is allocated.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import rules as R

MAX_DIVISIONS = 1 << 15
"""At most this many divisions are enumerated; a bar with more gets the rational offer."""
EPS = 1e-9
"""Values (units of $5,000) closer than this are equal."""
MR = R.MAX_PLAYERS - 1  # responders at most
H_RESP = 0  # responders' seats, clockwise from the proposer's left
H_NUM = H_RESP + MR  # per responder: P(it wins its H6 duel) = num / den
H_DEN = H_NUM + MR
H_SUM = H_DEN + MR  # per denomination: its cards given to responders
H_Y = H_SUM + R.MAX_DENOMS  # denomination x responder: cards given (the division being looked at)
H_BEST = H_Y + R.MAX_DENOMS * MR  # the chosen division
H_U = H_BEST + R.MAX_DENOMS * MR  # per responder: units given
H_CU = H_U + MR  # the chosen division's units per responder
H_ORDER = H_CU + MR  # a knockout's entrants (-1: the proposer, else a responder's index)
H_F = H_ORDER + R.MAX_PLAYERS  # floats: per decline mask, the proposer's chance (2^MR)
H_FR = H_F + (1 << MR)  # floats: per mask, the proposer's chance in a roll-off among it and the mask
H_HOLD = H_FR + (1 << MR)  # floats: a knockout's holder distribution
H_WORTH = H_HOLD + R.MAX_PLAYERS  # float: the chosen offer's worth to the proposer
H_LEN = H_WORTH + 1


def _count_table() -> np.ndarray:
    """``[vx - vy + 6]``: of the 36 throws, how many x wins outright and how many tie, for card values
    ``vx - vy`` from -6 (or less: x never wins) to 6 (or more: x always wins)."""
    out = np.zeros((13, 2), np.int64)
    for delta in range(-6, 7):
        out[delta + 6, 0] = sum(1 for dx in range(1, 7) for dy in range(1, 7) if dx + delta > dy)
        out[delta + 6, 1] = sum(1 for dx in range(1, 7) for dy in range(1, 7) if dx + delta == dy)
    return out


_COUNTS = _count_table()


@njit(cache=True, _nrt=False, inline="always")
def throw_counts(vx, vy):
    """Of the 36 throws of x (card ``vx``) and y (card ``vy``, any values): how many x wins outright, how many
    tie. The one table of duel odds: the haggle, the policies' :func:`.policies.duel_chance` and the tests use it."""
    i = min(12, max(0, vx - vy + 6))
    return _COUNTS[i, 0], _COUNTS[i, 1]


@njit(cache=True, _nrt=False)
def duel_fraction(b, a, tie_to_caller):
    """P(the caller with card ``b`` beats the proposer with card ``a``, H5) as (numerator, denominator)."""
    win, tie = throw_counts(b, a)
    if tie_to_caller:
        return win + tie, 36
    return win, 36 - tie


@njit(cache=True, _nrt=False)
def _beats(vx, vy, tie):
    """P(x with card ``vx`` beats y with ``vy``); a tie goes to x (``tie`` 1), to y (-1) or is thrown again (0)."""
    win, eq = throw_counts(vx, vy)
    if tie == 1:
        return (win + eq) / 36.0
    if tie == -1:
        return win / 36.0
    return win / (36.0 - eq)


@njit(cache=True, _nrt=False, inline="always")
def _value(view, scr, e):
    """The card value of entrant ``e`` (-1 the proposer, else a responder's index)."""
    s = view[R.V_PROPOSER] if e < 0 else scr[H_RESP + e]
    return view[R.V_CARDVAL + s]


@njit(cache=True, _nrt=False)
def _tie_rule(view, x, y, called):
    """H5 for a duel of entrants x and y: 1 the tie is x's, -1 y's, 0 thrown again."""
    if view[R.ST_DUEL_TIE] == 1:
        return 0
    if called:  # the proposer called: its ties are its own, two decliners throw again
        return 1 if x < 0 else (-1 if y < 0 else 0)
    return -1 if x < 0 else (1 if y < 0 else 0)  # the decliner's


@njit(cache=True, _nrt=False)
def _knockout(view, scr, mask, called):
    """H7, H8: the proposer's chance to win the knockout among it and the responders of ``mask``."""
    order = H_ORDER
    fl = scr.view(np.float64)
    m = 1
    scr[order] = -1
    for j in range(MR):
        if (mask >> j) & 1:
            scr[order + m] = j
            m += 1
    if not (m >= 4 and view[R.ST_MANY] == 1):  # by value: highest, lowest, next lowest, ..., second highest
        for x in range(1, m):  # stable, highest first; the proposer last of its value (the furthest, H1)
            y = x
            while y > 0:
                a, b = scr[order + y - 1], scr[order + y]
                ka = _value(view, scr, a) * 2 + (a >= 0)
                kb = _value(view, scr, b) * 2 + (b >= 0)
                if ka >= kb:
                    break
                scr[order + y - 1], scr[order + y] = b, a
                y -= 1
        # ranked r >= 1 enters at slot m - r: reverse the tail
        i, j = 1, m - 1
        while i < j:
            scr[order + i], scr[order + j] = scr[order + j], scr[order + i]
            i += 1
            j -= 1
        if scr[order] >= 0:  # the highest value shared: the proposer (the furthest) enters last
            for x in range(1, m):
                if scr[order + x] < 0:
                    scr[order + x], scr[order + m - 1] = scr[order + m - 1], -1
    hold = H_HOLD
    for x in range(m):
        fl[hold + x] = 0.0
    fl[hold] = 1.0
    for x in range(1, m):
        e = scr[order + x]
        ve = _value(view, scr, e)
        fl[hold + x] = 0.0
        for h in range(x):
            ph = fl[hold + h]
            if ph == 0.0:
                continue
            hw = scr[order + h]
            pw = _beats(_value(view, scr, hw), ve, _tie_rule(view, hw, e, called))
            fl[hold + h] = ph * pw
            fl[hold + x] += ph * (1.0 - pw)
    for x in range(m):
        if scr[order + x] < 0:
            return fl[hold + x]
    return 0.0


@njit(cache=True, _nrt=False)
def _rolloff_table(view, scr, r):
    """H7 ``rolloff``: ``H_FR[mask]`` = the proposer's chance when it and the responders of ``mask`` throw,
    the best total winning and the tied throwing again (no caller)."""
    fl = scr.view(np.float64)
    vp = view[R.V_CARDVAL + view[R.V_PROPOSER]]
    fl[H_FR] = 1.0
    for mask in range(1, 1 << r):
        a = 0.0
        b = 0.0
        for dp in range(1, 7):
            t = dp + vp
            u = mask
            while True:  # every submask u of mask: those tied with the proposer's total
                prob = 1.0 / 6.0
                for j in range(r):
                    if (mask >> j) & 1:
                        v = view[R.V_CARDVAL + scr[H_RESP + j]]
                        eq = 1.0 if 1 <= t - v <= 6 else 0.0
                        lt = min(6, max(0, t - v - 1)) * 1.0
                        prob *= (eq if (u >> j) & 1 else lt) / 6.0
                if u == mask:
                    b += prob
                elif u == 0:
                    a += prob
                else:
                    a += prob * fl[H_FR + u]
                if u == 0:
                    break
                u = (u - 1) & mask
        fl[H_FR + mask] = a / (1.0 - b)


@njit(cache=True, _nrt=False)
def _chance(view, scr, mask, called):
    """The proposer's chance to win what is at stake when the responders of ``mask`` (one or more) decline."""
    j0 = 0
    while not (mask >> j0) & 1:
        j0 += 1
    if mask == 1 << j0:  # H6: one duel
        return _beats(
            view[R.V_CARDVAL + view[R.V_PROPOSER]],
            view[R.V_CARDVAL + scr[H_RESP + j0]],
            _tie_rule(view, -1, j0, called),
        )
    if view[R.ST_MULTI] == 1:
        return scr.view(np.float64)[H_FR + mask]
    return _knockout(view, scr, mask, called)


@njit(cache=True, _nrt=False)
def _divisions(view, k):
    """How many divisions the bar's money has among ``k`` contestants (MAX_DIVISIONS + 1 if more)."""
    t = 1
    for d in range(view[R.ST_NDENOM]):
        c = view[R.ST_MONEY + view[R.V_BAR] * R.MAX_DENOMS + d]
        x = 1
        for i in range(1, k):
            x = x * (c + i) // i
        t *= x
        if t > MAX_DIVISIONS:
            return MAX_DIVISIONS + 1
    return t


@njit(cache=True, _nrt=False)
def _setup(view, scr):
    """Responders, their H6 odds, the proposer's chance per decline mask; returns (responders, total units)."""
    p = view[R.V_PROPOSER]
    n = view[R.ST_PLAYERS]
    r = 0
    for i in range(1, n):
        o = (p + i) % n
        if (view[R.V_CONTEST] >> o) & 1:
            scr[H_RESP + r] = o
            num, den = duel_fraction(view[R.V_CARDVAL + o], view[R.V_CARDVAL + p], view[R.ST_DUEL_TIE] == 0)
            scr[H_NUM + r] = num
            scr[H_DEN + r] = den
            scr[H_U + r] = 0
            r += 1
    if view[R.ST_MULTI] == 1 and r >= 2:
        _rolloff_table(view, scr, r)
    fl = scr.view(np.float64)
    fl[H_F] = 1.0
    for mask in range(1, 1 << r):
        fl[H_F + mask] = _chance(view, scr, mask, False)
    bar = view[R.V_BAR]
    total = 0
    for d in range(view[R.ST_NDENOM]):
        total += view[R.ST_MONEY + bar * R.MAX_DENOMS + d] * view[R.ST_DENOM + d]
        scr[H_SUM + d] = 0
        for j in range(MR):
            scr[H_Y + d * MR + j] = 0
    return r, total


@njit(cache=True, _nrt=False)
def _worth(view, scr, r, total):
    """The proposer's expected units from the division in ``H_U`` (its share: the rest), its share and how
    many decline."""
    mine = total
    for j in range(r):
        mine -= scr[H_U + j]
    own = view[R.ST_ONE_DECLINES] == 1 and r >= 2
    mask = 0
    pot = mine
    one = 0
    for j in range(r):
        u = scr[H_U + j]
        stake = total if r == 1 else (u if own else mine + u)
        if u * scr[H_DEN + j] < scr[H_NUM + j] * stake:  # it declines
            mask |= 1 << j
            pot += u
            one = u
    nd = 0
    m = mask
    while m:
        nd += 1
        m &= m - 1
    if mask == 0:
        return float(mine), mine, 0
    f = scr.view(np.float64)[H_F + mask]
    if own and nd == 1:  # own_share, one decliner: a duel for its share only
        return mine + f * one, mine, 1
    return f * pot, mine, nd


@njit(cache=True, _nrt=False)
def _advance(view, scr, r):
    """The next division (denominations as the digits of an odometer); False after the last."""
    bar = view[R.V_BAR]
    for d in range(view[R.ST_NDENOM]):
        c = view[R.ST_MONEY + bar * R.MAX_DENOMS + d]
        v = view[R.ST_DENOM + d]
        for j in range(r):
            y = H_Y + d * MR + j
            if scr[H_SUM + d] < c:
                scr[y] += 1
                scr[H_SUM + d] += 1
                scr[H_U + j] += v
                return True
            scr[H_SUM + d] -= scr[y]
            scr[H_U + j] -= scr[y] * v
            scr[y] = 0
    return False


@njit(cache=True, _nrt=False)
def _better(scr, r, nd, mine, best_nd, best_mine):
    """The tie-break: fewer decliners, more kept by the proposer, then the smaller shares clockwise from its left."""
    if nd != best_nd:
        return nd < best_nd
    if mine != best_mine:
        return mine > best_mine
    for j in range(r):
        if scr[H_U + j] != scr[H_CU + j]:
            return scr[H_U + j] < scr[H_CU + j]
    return False


@njit(cache=True, _nrt=False)
def exact_offer(view, scr):
    """Write the exact division into ``V_OFFER`` (see the module doc); returns 0, ``rules.NO_OFFER`` (a
    duel is worth more, ``offer_duel`` only) or -2 (more than :data:`MAX_DIVISIONS` divisions: nothing
    written). Its worth to the proposer: :func:`offer_worth`."""
    k = 0
    for o in range(view[R.ST_PLAYERS]):
        k += (view[R.V_CONTEST] >> o) & 1
    if _divisions(view, k) > MAX_DIVISIONS:
        return np.int64(-2)
    r, total = _setup(view, scr)
    chosen = -1
    chosen_nd = 0
    chosen_worth = -1.0
    while True:  # one pass: a better worth, or an equal one (within EPS) better by the tie-break
        x, mine, nd = _worth(view, scr, r, total)
        if x > chosen_worth + EPS or (x >= chosen_worth - EPS and _better(scr, r, nd, mine, chosen_nd, chosen)):
            chosen = mine
            chosen_nd = nd
            chosen_worth = max(x, chosen_worth) if x >= chosen_worth - EPS else x
            for i in range(R.MAX_DENOMS * MR):
                scr[H_BEST + i] = scr[H_Y + i]
            for j in range(r):
                scr[H_CU + j] = scr[H_U + j]
        if not _advance(view, scr, r):
            break
    fl = scr.view(np.float64)
    fl[H_WORTH] = chosen_worth
    if view[R.ST_OFFER_DUEL]:
        call = _chance(view, scr, (1 << r) - 1, True) * total
        if call > chosen_worth + EPS:
            fl[H_WORTH] = call
            return np.int64(R.NO_OFFER)
    p = view[R.V_PROPOSER]
    bar = view[R.V_BAR]
    for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
        view[R.V_OFFER + i] = 0
    for d in range(view[R.ST_NDENOM]):
        rest = view[R.ST_MONEY + bar * R.MAX_DENOMS + d]
        for j in range(r):
            y = scr[H_BEST + d * MR + j]
            view[R.V_OFFER + scr[H_RESP + j] * R.MAX_DENOMS + d] = y
            rest -= y
        view[R.V_OFFER + p * R.MAX_DENOMS + d] = rest
    return np.int64(0)


@njit(cache=True, _nrt=False)
def offer_worth(scr):
    """The proposer's expected units from the choice :func:`exact_offer` just made."""
    return scr.view(np.float64)[H_WORTH]


@njit(cache=True, _nrt=False)
def exact_answer(view, margin, s):
    """Seat ``s``'s exact answer to the division in ``V_OFFER``: accept iff its share is at least ``margin`` x
    the worth of declining (its H6 duel, the others accepting); integers when ``margin`` is 1."""
    p = view[R.V_PROPOSER]
    mine = 0
    theirs = 0
    k = 0
    for o in range(view[R.ST_PLAYERS]):
        k += (view[R.V_CONTEST] >> o) & 1
    for d in range(view[R.ST_NDENOM]):
        mine += view[R.V_OFFER + s * R.MAX_DENOMS + d] * view[R.ST_DENOM + d]
        theirs += view[R.V_OFFER + p * R.MAX_DENOMS + d] * view[R.ST_DENOM + d]
    stake = mine if (view[R.ST_ONE_DECLINES] == 1 and k >= 3) else mine + theirs
    num, den = duel_fraction(view[R.V_CARDVAL + s], view[R.V_CARDVAL + p], view[R.ST_DUEL_TIE] == 0)
    return np.int64(R.ACCEPT if mine * den >= margin * (num * stake) else R.DUEL)
