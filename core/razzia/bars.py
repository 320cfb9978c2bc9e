"""Settling one bar (B1-B6, H1-H9): the contestants, the haggle (the proposer's offer, the answers), the duels,
knockouts and roll-offs, and the payout.

:func:`settle_bar` settles a bar with decisions from policies or scripts and dice from the dice stream or
scripts; a game settles its bars in the same steps, one decision at a time (:mod:`.flow`). The offers'
codes (:func:`offer_count`, :func:`offer_code`, :func:`offer_division`) number a bar's divisions for the
search and the decision-point interface. :func:`_resolve_bar` is the kernel of
:func:`.resolve.resolve_bar` (``razzia explain``, the scenario files).
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import policies
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.ask import _ask
from razzmatazz.core.razzia.layout import (
    G_ACCEPTS,
    G_CALLED,
    G_CALLER_WINS,
    G_DECLINES,
    G_DUELS,
    G_HAGGLES,
    G_KNOCKOUTS,
    G_NO_OFFER,
    G_ORDER_ROLLOFFS,
    G_ROLLOFFS,
    LOWEST,
    N_GFIELDS,
    NSD,
    POPCOUNT,
    SCRIPT_DIVISION,
    SCRIPT_NO_OFFER,
    W_ANS,
    W_BAR,
    W_BOUND,
    W_CALLED,
    W_CFG,
    W_CONTEST,
    W_DECL,
    W_DICE,
    W_FAR,
    W_GOT,
    W_GROUP,
    W_K,
    W_KO,
    W_LOG_ROWS,
    W_NCARDS,
    W_OFF,
    W_ORDER,
    W_PAID,
    W_POT,
    W_PROPOSER,
    W_PSTATE,
    W_RANKED,
    W_ROLLS,
    W_TOTALS,
    W_UNRES,
    W_USED,
    _count,
    _log,
    _logged,
    _workspace,
    player_of,
)
from razzmatazz.core.razzia.policies import USER_ID


@njit(cache=True, _nrt=False)
def _roll(w, dice_script, seat):
    """:func:`rules.roll_die` with the seats' used scripted dice in ``W_USED``, the stream's state in ``W_DICE``."""
    u = w[W_USED + seat]
    if dice_script.shape[0] > seat and u < dice_script.shape[1] and dice_script[seat, u] >= 1:
        w[W_USED + seat] = u + 1
        return dice_script[seat, u]
    dstate, r = R.draw_die(np.uint64(w[W_DICE]))
    w[W_DICE] = np.int64(dstate)
    return r


@njit(cache=True, _nrt=False)
def _units(w, at, o, nd):
    """Units of seat ``o``'s cards in the seat x denomination block at ``w[at:]``."""
    t = 0
    for d in range(nd):
        t += w[at + o * R.MAX_DENOMS + d] * w[R.ST_DENOM + d]
    return t


@njit(cache=True, _nrt=False, inline="always")
def _caller(w, a, b, proposer, proposer_called, decl):
    """H5: who wins a tied duel between a and b (-1: throw again)."""
    if w[R.ST_DUEL_TIE] == 1:
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


@njit(cache=True, _nrt=False)
def _duel(w, a, b, caller, stake, dice_script):
    """H5: a and b throw (a first) and add their cards (``V_CARDVAL``); the higher total wins, a tie the caller."""
    while True:
        ra = _roll(w, dice_script, a)
        rb = _roll(w, dice_script, b)
        _log(w, R.L_THROW, a, ra, b, rb)
        ta = ra + w[R.V_CARDVAL + a]
        tb = rb + w[R.V_CARDVAL + b]
        if ta != tb or caller >= 0:
            win = (a if ta > tb else b) if ta != tb else caller
            _log(w, R.L_DUEL, win, b if win == a else a, stake, 1 if ta == tb else 0)
            _count(w, G_DUELS, 1)
            if caller >= 0:
                _count(w, G_CALLED, 1)
                _count(w, G_CALLER_WINS, win == caller)
            return win


@njit(cache=True, _nrt=False)
def _order_rolloff(w, m, dice_script):
    """Note R11 "circular": order ``W_GROUP[:m]`` by die rolls, highest first; the tied roll again
    (depth first, exactly as the reference's recursion)."""
    for x in range(R.MAX_PLAYERS + 1):
        w[W_BOUND + x] = 0
        w[W_UNRES + x] = 0
    w[W_BOUND] = 1
    w[W_UNRES] = 1
    w[W_BOUND + m] = 1
    while True:
        i = -1
        for x in range(m):
            if w[W_BOUND + x] and w[W_UNRES + x]:
                i = x
                break
        if i < 0:
            return
        j = i + 1
        while not w[W_BOUND + j]:
            j += 1
        for x in range(i, j):
            w[W_ROLLS + x] = _roll(w, dice_script, w[W_GROUP + x])
            _log(w, R.L_ROLLOFF, w[W_GROUP + x], w[W_ROLLS + x], j - i, 0)
        for x in range(i + 1, j):  # stable insertion sort, highest roll first
            y = x
            while y > i and w[W_ROLLS + y - 1] < w[W_ROLLS + y]:
                t = w[W_ROLLS + y]
                w[W_ROLLS + y] = w[W_ROLLS + y - 1]
                w[W_ROLLS + y - 1] = t
                t = w[W_GROUP + y]
                w[W_GROUP + y] = w[W_GROUP + y - 1]
                w[W_GROUP + y - 1] = t
                y -= 1
        w[W_UNRES + i] = 0
        x = i
        while x < j:
            y = x
            while y < j and w[W_ROLLS + y] == w[W_ROLLS + x]:
                y += 1
            w[W_BOUND + x] = 1
            w[W_UNRES + x] = 1 if y - x > 1 else 0
            x = y


@njit(cache=True, _nrt=False)
def settle_bar(w, bar, here, pids, params, dstate, dice_script, user):
    """Settle ``bar`` once the round's cards (``ST_TABLE``) are revealed; ``here`` is the mask of the seats
    whose card is at the bar. Returns (dice state, proposer).

    Money won goes to ``ST_WON``/``ST_BARS_WON`` and the bar's money leaves it; ``W_GOT`` receives the
    cards each contestant won (seat x denomination) and ``W_PAID`` the units each seat of ``here`` won. Scripts, for
    ``resolve_bar``: ``W_OFF`` :data:`.layout.SCRIPT_ASK` (ask the proposer's policy), :data:`.layout.SCRIPT_DIVISION`
    (the division follows, seat x denomination) or :data:`.layout.SCRIPT_NO_OFFER`; ``W_ANS + s`` 0 ask, 1
    accept, 2 duel; ``dice_script[s, W_USED + s]`` the seat's next roll (< 1: draw from the stream). A game
    settles its bars in the same steps (:func:`.flow._next_bar`), asking at each decision.
    """
    w[W_DICE] = np.int64(dstate)
    contest, k = _open_bar(w, bar, here, _police_mask(w))
    proposer = -1
    if k >= 2:
        proposer = _haggle_open(w, bar, contest, k, dice_script)
        if w[W_OFF] == SCRIPT_DIVISION:
            for i in range(NSD):
                w[R.V_OFFER + i] = w[W_OFF + 1 + i]
            answer = _legal_offer(w, 0, False)
        elif w[W_OFF] == SCRIPT_NO_OFFER:
            answer = _legal_offer(w, R.NO_OFFER, False)
        else:
            answer = _ask(w, proposer, R.K_OFFER, R.V_BAR, R.V_OFFER, pids, params, user)
            answer = _legal_offer(w, answer, pids[player_of(w, proposer)] < USER_ID)
        if _offer_made(w, answer):
            n = w[R.ST_PLAYERS]
            for i in range(1, n):
                o = (proposer + i) % n
                if (contest >> o) & 1:
                    a = w[W_ANS + o]
                    if a != R.ACCEPT and a != R.DUEL:
                        a = _ask(w, o, R.K_ANSWER, R.V_BAR, R.VIEW_LEN, pids, params, user)
                    _answered(w, o, R.DUEL if a == R.DUEL else R.ACCEPT)
        _haggle_close(w, dice_script)
    elif k == 1:
        for s in range(w[R.ST_PLAYERS]):
            if (contest >> s) & 1:
                for d in range(w[R.ST_NDENOM]):
                    w[W_GOT + s * R.MAX_DENOMS + d] = w[R.ST_MONEY + bar * R.MAX_DENOMS + d]
    if k >= 1:
        _pay_bar(w, bar, contest, k)
    return np.uint64(w[W_DICE]), proposer


@njit(cache=True, _nrt=False)
def _police_mask(w):
    """The seats whose card on the table is a police card."""
    pol = 0
    for s in range(w[R.ST_PLAYERS]):
        code = w[R.ST_TABLE + s]
        if code >= 0:
            pol |= R.card_kind(code) << s
    return pol


@njit(cache=True, _nrt=False)
def _open_bar(w, bar, here, police):
    """B1-B6: the contestants at ``bar`` (mask, count; a count of 0: nothing is settled), ``police`` the
    mask of the seats that played police; ``W_PAID`` of the seats ``here`` zeroed."""
    m = here
    while m:
        w[W_PAID + LOWEST[m]] = 0
        m &= m - 1
    pol = here & police
    gam = here & ~police
    units = w[R.ST_BAR_UNITS + bar]
    if here == 0:  # B1
        return 0, 0
    _log(w, R.L_BAR, -1, bar, units, POPCOUNT[here])
    if gam == 0 or units == 0:  # B3, B6
        return 0, 0
    contest = pol if pol else gam  # B4, B5
    return contest, POPCOUNT[contest]


@njit(cache=True, _nrt=False)
def _pay_bar(w, bar, contest, k):
    """B2, H3-H9: the contestants are paid what they won (a sole contestant: all the bar's money, else
    ``W_GOT``) and the bar's money leaves it."""
    nd = w[R.ST_NDENOM]
    if k == 1:
        s = LOWEST[contest]
        w[R.ST_WON + s] += w[R.ST_BAR_UNITS + bar]
        w[R.ST_BARS_WON + s] += 1
        w[W_PAID + s] = w[R.ST_BAR_UNITS + bar]
        _log(w, R.L_PAY, s, bar, w[R.ST_BAR_UNITS + bar], w[W_NCARDS + bar])
    else:
        rest = contest
        while rest:
            s = LOWEST[rest]
            rest &= rest - 1
            t = 0
            m = 0
            for d in range(nd):
                t += w[W_GOT + s * R.MAX_DENOMS + d] * w[R.ST_DENOM + d]
                m += w[W_GOT + s * R.MAX_DENOMS + d]
            if m > 0:
                w[R.ST_WON + s] += t
                w[R.ST_BARS_WON + s] += 1
                w[W_PAID + s] = t
                _log(w, R.L_PAY, s, bar, t, m)
    for d in range(nd):
        w[R.ST_MONEY + bar * R.MAX_DENOMS + d] = 0
    w[R.ST_BAR_UNITS + bar] = 0
    w[W_NCARDS + bar] = 0


@njit(cache=True, _nrt=False)
def _proposer(w, contest, dice_script):
    """H1: the proposer among the contestants (``V_CARDVAL``): the highest card, then the furthest from
    the croupier; fills ``W_FAR``."""
    n = w[R.ST_PLAYERS]
    c = w[R.ST_CROUPIER]
    for s in range(R.MAX_PLAYERS):
        w[W_FAR + s] = 0
    for s in range(n):
        if (contest >> s) & 1:
            d = (s - c) % n
            w[W_FAR + s] = (d if w[W_CFG + R.C_FURTHEST] == 0 else min(d, n - d)) * 16
    if w[W_CFG + R.C_FURTHEST] == 1:
        for v in range(6, 0, -1):
            for circ in range(n // 2, -1, -1):
                m = 0
                for i in range(n):  # clockwise from the croupier's left
                    s = (c + 1 + i) % n
                    if (contest >> s) & 1 and w[R.V_CARDVAL + s] == v and w[W_FAR + s] == circ * 16:
                        w[W_GROUP + m] = s
                        m += 1
                if m > 1:
                    _count(w, G_ORDER_ROLLOFFS, 1)
                    _order_rolloff(w, m, dice_script)
                    for i in range(m):
                        w[W_FAR + w[W_GROUP + i]] = circ * 16 + m - i
    proposer = -1
    best = -1
    for s in range(n):
        key = w[R.V_CARDVAL + s] * 256 + w[W_FAR + s]
        if (contest >> s) & 1 and key > best:
            proposer, best = s, key
    return proposer


@njit(cache=True, _nrt=False)
def _haggle_open(w, bar, contest, k, dice_script):
    """H1: the haggle of the ``k`` >= 2 contestants ``contest`` at ``bar`` begins (``W_BAR``, ``W_CONTEST``,
    ``W_K``, ``W_PROPOSER``); the offer's question is set (``V_BAR``, ``V_PROPOSER``, ``V_CONTEST``, the
    cards' values in ``V_CARDVAL``, ``V_OFFER`` zeroed) and the contestants' ``W_GOT`` zeroed. Returns the
    proposer."""
    nd = w[R.ST_NDENOM]
    _count(w, G_HAGGLES, 1)
    for s in range(R.MAX_PLAYERS):
        w[R.V_CARDVAL + s] = 0
    rest = contest
    while rest:
        s = LOWEST[rest]
        rest &= rest - 1
        w[R.V_CARDVAL + s] = R.card_value(w[R.ST_TABLE + s])
        for d in range(nd):
            w[W_GOT + s * R.MAX_DENOMS + d] = 0
    proposer = _proposer(w, contest, dice_script)
    _log(w, R.L_PROPOSER, proposer, bar, w[R.V_CARDVAL + proposer], contest)
    w[R.V_BAR] = bar
    w[R.V_PROPOSER] = proposer
    w[R.V_CONTEST] = contest
    for i in range(NSD):
        w[R.V_OFFER + i] = 0
    w[W_BAR] = bar
    w[W_CONTEST] = contest
    w[W_K] = k
    w[W_PROPOSER] = proposer
    w[W_CALLED] = 0
    w[W_DECL] = 0
    return proposer


@njit(cache=True, _nrt=False, inline="always")
def _parts(c, k):
    """The ways to share ``c`` cards of one denomination among ``k`` >= 1 seats: C(c + k - 1, k - 1)."""
    x = 1
    for i in range(1, k):
        x = x * (c + i) // i
    return x


@njit(cache=True, _nrt=False)
def offer_count(w):
    """H2: the divisions of the bar's money among the contestants (the codes of :func:`offer_code`)."""
    t = 1
    for d in range(w[R.ST_NDENOM]):
        t *= _parts(w[R.ST_MONEY + w[W_BAR] * R.MAX_DENOMS + d], w[W_K])
    return t


@njit(cache=True, _nrt=False)
def offer_code(w):
    """The code of the division in ``V_OFFER`` (a valid one): per denomination, the rank of its split among
    the responders (clockwise from the proposer's left; lexicographic, the proposer keeping the rest), the
    denominations' ranks in mixed radix, the first lowest. Code 0 gives everything to the proposer."""
    n = w[R.ST_PLAYERS]
    p = w[W_PROPOSER]
    contest = w[W_CONTEST]
    code = 0
    radix = 1
    for d in range(w[R.ST_NDENOM]):
        c = w[R.ST_MONEY + w[W_BAR] * R.MAX_DENOMS + d]
        rem = c
        left = w[W_K]
        rank = 0
        for i in range(1, n):
            o = (p + i) % n
            if (contest >> o) & 1:
                left -= 1
                x = w[R.V_OFFER + o * R.MAX_DENOMS + d]
                for v in range(x):
                    rank += _parts(rem - v, left)
                rem -= x
        code += rank * radix
        radix *= _parts(c, w[W_K])
    return code


@njit(cache=True, _nrt=False)
def offer_division(w, code):
    """The division of the offer ``code`` (:func:`offer_code`) into ``V_OFFER``."""
    n = w[R.ST_PLAYERS]
    p = w[W_PROPOSER]
    contest = w[W_CONTEST]
    for i in range(NSD):
        w[R.V_OFFER + i] = 0
    for d in range(w[R.ST_NDENOM]):
        c = w[R.ST_MONEY + w[W_BAR] * R.MAX_DENOMS + d]
        t = _parts(c, w[W_K])
        r = code % t
        code //= t
        rem = c
        left = w[W_K]
        for i in range(1, n):
            o = (p + i) % n
            if (contest >> o) & 1:
                left -= 1
                v = 0
                while r >= _parts(rem - v, left):
                    r -= _parts(rem - v, left)
                    v += 1
                w[R.V_OFFER + o * R.MAX_DENOMS + d] = v
                rem -= v
        w[R.V_OFFER + p * R.MAX_DENOMS + d] = rem


@njit(cache=True, _nrt=False, inline="always")
def _legal_offer(w, answer, trusted):
    """H2: the proposer's ``answer`` made legal: :data:`rules.NO_OFFER` (a call for a duel, ``offer_duel``
    only) or 0, a division in ``V_OFFER``; no offer without ``offer_duel``, or a division that is not one
    (checked unless ``trusted``), gives all to the proposer. A built-in policy's division is valid by
    construction (tests/razzia/test_live_state.py)."""
    if answer == R.NO_OFFER and w[W_CFG + R.C_OFFER_DUEL]:
        return np.int64(R.NO_OFFER)
    if answer == R.NO_OFFER or not (trusted or _division_ok(w, w[W_BAR], w[W_CONTEST])):
        _all_to(w, w[W_BAR], w[W_PROPOSER])
    return np.int64(0)


@njit(cache=True, _nrt=False, inline="always")
def _offer_made(w, answer):
    """H2: the proposer makes its legal ``answer`` (:func:`_legal_offer`): the division in ``V_OFFER``,
    logged, or a call for a duel, which every other contestant declines. Returns whether the contestants
    answer."""
    bar = w[W_BAR]
    proposer = w[W_PROPOSER]
    contest = w[W_CONTEST]
    if answer == R.NO_OFFER:
        w[W_CALLED] = 1
        _count(w, G_NO_OFFER, 1)
        _log(w, R.L_NO_OFFER, proposer, bar, 0, 0)
        _all_to(w, bar, proposer)
        w[W_DECL] = contest & ~(1 << proposer)
        return False
    if w[W_LOG_ROWS] > 1:
        n = w[R.ST_PLAYERS]
        for i in range(n):
            o = (proposer + i) % n
            if (contest >> o) & 1:
                for d in range(w[R.ST_NDENOM]):
                    if w[R.V_OFFER + o * R.MAX_DENOMS + d] > 0:
                        _log(w, R.L_OFFER, proposer, o, w[R.ST_DENOM + d], w[R.V_OFFER + o * R.MAX_DENOMS + d])
    return True


@njit(cache=True, _nrt=False, inline="always")
def _answered(w, o, a):
    """H2-H3: contestant ``o`` answers ``a`` (``ACCEPT`` or ``DUEL``), none seeing another's answer."""
    if w[W_LOG_ROWS] > 1:
        _log(w, R.L_ANSWER, o, a, _units(w, R.V_OFFER, o, w[R.ST_NDENOM]), 0)
    if a == R.DUEL:
        w[W_DECL] |= 1 << o
        _count(w, G_DECLINES, 1)
    else:
        _count(w, G_ACCEPTS, 1)


@njit(cache=True, _nrt=False)
def _haggle_close(w, dice_script):
    """H3-H8 once every answer is in: those who accept are paid, then the proposer (nobody declined) or
    the duels; the cards won go to ``W_GOT``."""
    n = w[R.ST_PLAYERS]
    nd = w[R.ST_NDENOM]
    proposer = w[W_PROPOSER]
    contest = w[W_CONTEST]
    decl = w[W_DECL]
    for o in range(n):  # H3: those who accept are paid at once
        if o != proposer and (contest >> o) & 1 and not (decl >> o) & 1:
            for d in range(nd):
                w[W_GOT + o * R.MAX_DENOMS + d] += w[R.V_OFFER + o * R.MAX_DENOMS + d]
    if decl == 0:  # H4
        for d in range(nd):
            w[W_GOT + proposer * R.MAX_DENOMS + d] += w[R.V_OFFER + proposer * R.MAX_DENOMS + d]
        return
    _duels(w, w[W_K], proposer, w[W_CALLED] == 1, decl, dice_script)


@njit(cache=True, _nrt=False)
def _all_to(w, bar, proposer):
    """The division giving all the bar's money to the proposer."""
    for i in range(NSD):
        w[R.V_OFFER + i] = 0
    for d in range(w[R.ST_NDENOM]):
        w[R.V_OFFER + proposer * R.MAX_DENOMS + d] = w[R.ST_MONEY + bar * R.MAX_DENOMS + d]


@njit(cache=True, _nrt=False)
def _duels(w, k, proposer, called, decl, dice_script):
    """H5-H8: the proposer and the decliners ``decl`` duel for the money at stake; the winner's cards go
    to ``W_GOT``."""
    n = w[R.ST_PLAYERS]
    nd = w[R.ST_NDENOM]
    for d in range(R.MAX_DENOMS):
        w[W_POT + d] = 0
    m = 1
    w[W_ORDER] = proposer
    for i in range(1, n):
        o = (proposer + i) % n
        if (decl >> o) & 1:
            w[W_ORDER + m] = o
            m += 1
    if m == 2:  # H6
        d1 = w[W_ORDER + 1]
        if w[W_CFG + R.C_ONE_DECLINES] == 1 and k >= 3 and not called:
            for d in range(nd):
                w[W_GOT + proposer * R.MAX_DENOMS + d] += w[R.V_OFFER + proposer * R.MAX_DENOMS + d]
                w[W_POT + d] = w[R.V_OFFER + d1 * R.MAX_DENOMS + d]
        else:
            for d in range(nd):
                w[W_POT + d] = w[R.V_OFFER + proposer * R.MAX_DENOMS + d] + w[R.V_OFFER + d1 * R.MAX_DENOMS + d]
        stake = 0
        for d in range(nd):
            stake += w[W_POT + d] * w[R.ST_DENOM + d]
        winner = _duel(w, proposer, d1, _caller(w, proposer, d1, proposer, called, decl), stake, dice_script)
    else:  # H7, H8
        stake = 0
        for x in range(m):
            for d in range(nd):
                w[W_POT + d] += w[R.V_OFFER + w[W_ORDER + x] * R.MAX_DENOMS + d]
                stake += w[R.V_OFFER + w[W_ORDER + x] * R.MAX_DENOMS + d] * w[R.ST_DENOM + d]
        if w[W_CFG + R.C_MULTI] == 1:
            _count(w, G_ROLLOFFS, 1)
            still = m
            while still > 1:
                top = 0
                for x in range(still):
                    r = _roll(w, dice_script, w[W_ORDER + x])
                    w[W_TOTALS + x] = r + w[R.V_CARDVAL + w[W_ORDER + x]]
                    _log(w, R.L_ROLL, w[W_ORDER + x], r, w[W_TOTALS + x], 0)
                    top = max(top, w[W_TOTALS + x])
                y = 0
                for x in range(still):
                    if w[W_TOTALS + x] == top:
                        w[W_ORDER + y] = w[W_ORDER + x]
                        y += 1
                still = y
            winner = w[W_ORDER]
            _log(w, R.L_DUEL, winner, -1, stake, 0)
        else:
            _count(w, G_KNOCKOUTS, 1)
            _knockout_order(w, m)
            winner = w[W_KO]
            for x in range(1, m):
                o = w[W_KO + x]
                winner = _duel(w, winner, o, _caller(w, winner, o, proposer, called, decl), stake, dice_script)
    for d in range(nd):
        w[W_GOT + winner * R.MAX_DENOMS + d] += w[W_POT + d]


@njit(cache=True, _nrt=False)
def _knockout_order(w, m):
    """H7, H8: the order in which ``W_ORDER[:m]`` (the proposer, then the decliners clockwise) enter,
    written to ``W_KO``."""
    if m >= 4 and w[W_CFG + R.C_MANY] == 1:
        for x in range(m):
            w[W_KO + x] = w[W_ORDER + x]
        return
    rk = W_RANKED
    for x in range(m):
        w[rk + x] = w[W_ORDER + x]
    for x in range(1, m):  # stable sort by value, highest first
        y = x
        while y > 0 and w[R.V_CARDVAL + w[rk + y - 1]] < w[R.V_CARDVAL + w[rk + y]]:
            t = w[rk + y]
            w[rk + y] = w[rk + y - 1]
            w[rk + y - 1] = t
            y -= 1
    i = 0
    while i < m:
        j = i
        while j < m and w[R.V_CARDVAL + w[rk + j]] == w[R.V_CARDVAL + w[rk + i]]:
            j += 1
        for x in range(i + 1, j):  # equal values: nearer the croupier (smaller far) first
            y = x
            while y > i and w[W_FAR + w[rk + y - 1]] > w[W_FAR + w[rk + y]]:
                t = w[rk + y]
                w[rk + y] = w[rk + y - 1]
                w[rk + y - 1] = t
                y -= 1
        # the slots of ranks i..j-1 (rank 0 -> 0, rank r -> m - r), ascending, nearest first
        x = i
        if i == 0:
            w[W_KO] = w[rk]
            x = 1
        for r in range(j - 1, max(i, 1) - 1, -1):
            w[W_KO + m - r] = w[rk + x]
            x += 1
        i = j


@njit(cache=True, _nrt=False)
def _division_ok(w, bar, contest):
    """H2: every money card of the bar to exactly one contestant (the division in ``V_OFFER``)."""
    n = w[R.ST_PLAYERS]
    for d in range(R.MAX_DENOMS):
        t = 0
        for o in range(R.MAX_PLAYERS):
            x = w[R.V_OFFER + o * R.MAX_DENOMS + d]
            if x < 0 or (x > 0 and (o >= n or not (contest >> o) & 1)):
                return False
            t += x
        want = w[R.ST_MONEY + bar * R.MAX_DENOMS + d] if d < w[R.ST_NDENOM] else 0
        if t != want:
            return False
    return True


@njit(cache=True)
def _decision_view(cfg, st, s, kind, bar, proposer, contest, value, view):
    """The view (R9) of seat ``s`` asked ``kind`` (``K_OFFER``/``K_ANSWER``) at ``bar``, as a user's
    policy gets it (before the division is written for an answer)."""
    R.fill_view(cfg, st, s, kind, view)
    view[R.V_BAR] = bar
    view[R.V_PROPOSER] = proposer
    view[R.V_CONTEST] = contest
    for o in range(R.MAX_PLAYERS):
        view[R.V_CARDVAL + o] = value[o]
    for j in range(NSD):
        view[R.V_OFFER + j] = 0


# One bar from Python: the kernel of :func:`.resolve.resolve_bar` (a workspace holding that bar alone).


@njit(cache=True)
def _resolve_bar(
    cfg, bar, croupier, money, seats, kinds, values, offer, answers, dice, pids, params, pstate, dice_state
):
    n = cfg[R.C_PLAYERS]
    nd = cfg[R.C_NDENOM]
    w = _workspace(cfg, N_GFIELDS, 0, 0, 0, 4096)
    for s in range(n):
        w[W_PSTATE + s] = np.int64(pstate[s])
    for i in range(R.MAX_PLAYERS * R.HAND):
        w[R.ST_HAND + i] = -1
    for s in range(R.MAX_PLAYERS):
        w[R.ST_TABLE + s] = -1
    for d in range(nd):
        w[R.ST_DENOM + d] = cfg[R.C_DENOM + d]
    w[R.ST_PLAYERS] = n
    w[R.ST_NBARS] = cfg[R.C_NBARS]
    w[R.ST_BARS] = cfg[R.C_BARS_MASK] | (1 << bar)
    w[R.ST_NDENOM] = nd
    w[R.ST_OFFER_DUEL] = cfg[R.C_OFFER_DUEL]
    w[R.ST_DUEL_TIE] = cfg[R.C_DUEL_TIE]
    w[R.ST_ONE_DECLINES] = cfg[R.C_ONE_DECLINES]
    w[R.ST_MULTI] = cfg[R.C_MULTI]
    w[R.ST_MANY] = cfg[R.C_MANY]
    w[R.ST_CROUPIER] = croupier
    w[R.ST_REVEALED] = 1
    card_of = np.zeros(money.shape[0], np.int64)
    for i in range(money.shape[0]):
        for d in range(nd):
            if w[R.ST_DENOM + d] == money[i]:
                card_of[i] = d
                w[R.ST_MONEY + bar * R.MAX_DENOMS + d] += 1
                w[R.ST_BAR_UNITS + bar] += money[i]
                w[W_NCARDS + bar] += 1
    here = 0
    for i in range(seats.shape[0]):
        w[R.ST_TABLE + seats[i]] = R.card_code(bar, kinds[i], values[i])
        here |= 1 << seats[i]
    ask = False
    none = False
    for i in range(offer.shape[0]):
        ask = ask or offer[i] == -1
        none = none or offer[i] == -2
    if none:
        w[W_OFF] = SCRIPT_NO_OFFER
    elif not ask:
        w[W_OFF] = SCRIPT_DIVISION
        for i in range(offer.shape[0]):
            w[W_OFF + 1 + offer[i] * R.MAX_DENOMS + card_of[i]] += 1
    for s in range(R.MAX_PLAYERS):
        w[W_ANS + s] = answers[s] if s < answers.shape[0] else 0
    dice_state, proposer = settle_bar(w, bar, here, pids, params, dice_state, dice, policies.no_user_policy)
    payout = np.zeros(n, np.int64)
    for s in range(n):
        payout[s] = _units(w, W_GOT, s, nd)
    remains = np.zeros(money.shape[0], np.int64)
    m = 0
    taken = np.zeros(R.MAX_DENOMS, np.int64)
    for s in range(n):
        for d in range(nd):
            taken[d] += w[W_GOT + s * R.MAX_DENOMS + d]
    for i in range(money.shape[0]):  # the cards not won, in the bar's order
        d = card_of[i]
        if taken[d] > 0:
            taken[d] -= 1
        else:
            remains[m] = money[i]
            m += 1
    return payout, remains[:m].copy(), proposer, dice_state, _logged(w), w[W_USED : W_USED + R.MAX_PLAYERS].copy()
