"""Razzia's fast lane: whole games at the default rule settings between built-in policies, with the
same integer sums as :func:`.engine.play_games`, bit for bit, about twice as fast.

:class:`.engine.GameJob` runs its chunks here when :func:`supports` says the table and lineup allow it
(every rule switch at its default except the player count and the decks, built-in policies but ``search``);
everything else (other switches, users' policies, traces, ``razzia explain``) is the general engine's.
The same games: the same streams, draws, decisions and counts in the same order, checked against the
general engine on many games for every built-in policy at every player count
(``tests/razzia/test_fast.py``), and so against the reference engine too.

What makes it faster is the design of ``scripts/ceiling/razzia_nb.py``: one kernel that allocates
nothing inside a game, no rule switches, no log, no users' dispatch, a hand as the card codes in the
bytes of one uint64 (playing a card is two shifts), and seats and bars walked by bit masks (LLVM's cttz
and ctpop). Past that design: the round's cards in the bytes of one word; loops of a known count (seat by
seat) where walking a mask's bits would end at a mispredicted branch (the payouts, the study cells, the
proposer); the counts added through unsigned indexes (no negative-index test); ``random``'s draws in
integers (:func:`_below`); no memset calls for small constant runs. The
built-in policies are asked exactly as the engine asks them (:func:`.policies.play_or_place` and
``policies._decide_long`` on the live state): the state they read (``rules.ST_*``, the decision
fields ``V_*``) is kept in the array ``v`` in the engine's workspace layout, so that the engine's
helpers serve here too, the deciding seat's hand copied into it before a card choice. The ``random``
policy's draws (card, bar, answer, division) are made here as those functions make them, without
the calls; the tests would see any difference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numba import types
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import trailing_zeros

from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.rng import game_state, lemire32, next_u64

FOLLOWED = (
    "players",
    "cards_file",
    "money_file",
    "three_player_deck",
    "two_player_deck",
    "bars",
    "two_player_money",
    "leftover",
    "open_money",
)
"""Settings the fast lane follows through the settings row (the player count, the card and money tables,
the decks, the bars) or that no kernel reads (``leftover``, the analysis's; ``open_money``, users' views)."""
GENERAL = (
    "dropped_bars",
    "free_card",
    "reshuffle",
    "furthest",
    "offer_duel",
    "duel_tie",
    "one_declines",
    "multi_duel",
    "many_order",
    "spielbox",
    "final_ties",
)
"""Settings the fast lane plays only at their defaults: any other value sends the game to the general engine.
Every field of :class:`~razzmatazz.core.razzia.rules.Settings` is in exactly one of the two lists (tested),
so a new switch cannot run in the fast lane until it is classified."""
_DEFAULTS = R.Settings()

_FF = np.uint64(0xFF)
_ONE = np.uint64(1)
_S8 = np.uint64(8)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_S53 = np.uint64(53)
_LOW53 = np.uint64((1 << 53) - 1)
_NEAR53 = np.uint64((1 << 53) - 16)
# the fast lane's int workspace (8 slots each, per seat or per bar)
I_WON, I_BW, I_PAID, I_DENOMS, I_GOT, I_WON0, I_BLOCK, I_PID, I_ROW, I_OFF, I_CELL, I_GCELL, I_CON = [
    8 * i for i in range(13)
]
I_LEN = 8 * 13
_VALUE_STRIDE = E.N_BUCKETS * E.N_OTHERS * 3
"""The study tables' step from one card value to the next (:func:`.flow._study`)."""


def supports(settings: R.Settings, pids: np.ndarray, user) -> bool:
    """Can the fast lane play this table and lineup (policy ids ``pids``, ``user`` a user's policy function
    or None)?"""
    if user is not None or bool((pids >= P.USER_ID).any() or (pids == P.SEARCH_ID).any()) or settings.players < 3:
        return False
    return all(getattr(settings, name) == getattr(_DEFAULTS, name) for name in GENERAL)


def decks(cfg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The stock and the money deck before shuffling, in the engine's order (bar by bar and row by row;
    the money table's rows)."""
    stock = [
        R.card_code(b, cfg[R.C_CARD_ROWS + 3 * r], cfg[R.C_CARD_ROWS + 3 * r + 1])
        for b in range(cfg[R.C_NBARS])
        for r in range(cfg[R.C_NCARD_ROWS])
        for _ in range(cfg[R.C_CARD_ROWS + 3 * r + 2])
    ]
    money = [
        cfg[R.C_MONEY_ROWS + 2 * r] for r in range(cfg[R.C_NMONEY_ROWS]) for _ in range(cfg[R.C_MONEY_ROWS + 2 * r + 1])
    ]
    return np.array(stock, np.uint8), np.array(money, np.uint8)


@intrinsic
def _ctpop(typingctx, x):
    """The number of set bits of the int64 ``x`` (LLVM's ctpop)."""

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


# numba's stubs type a call to an @intrinsic as a call of its typing function (mypy would refuse every use):
# the kernels see the intrinsics, mypy these signatures
_ctz = cast(Callable[[int], int], trailing_zeros)
"""The index of the lowest set bit (LLVM's cttz)."""
_pop = cast(Callable[[int], int], _ctpop)


@njit(cache=True, _nrt=False)
def _add(cnt, i, x):
    """``cnt[i] += x`` for an ``i`` known to be in range: an unsigned index, so no test for a negative one."""
    cnt[np.uint64(i)] += x


@njit(cache=True, _nrt=False, inline="always")
def _bit(x, i):
    return (x >> i) & 1


@njit(cache=True, _nrt=False)
def _clockwise(mask, p, n):
    """The seats of ``mask`` but ``p``, rotated so that bit x is the seat x + 1 places clockwise from ``p``."""
    return ((mask >> (p + 1)) | (mask << (n - p - 1))) & ((1 << (n - 1)) - 1)


@njit(cache=True, _nrt=False)
def _seat_after(p, x, n):
    """The seat x + 1 places clockwise from ``p`` (bit x of :func:`_clockwise`)."""
    o = p + 1 + x
    return o if o < n else o - n


@njit(cache=True, _nrt=False)
def _card(tbl, s):
    """The code of the card seat ``s`` played this round (byte ``s`` of the word ``tbl``)."""
    return (tbl >> (8 * s)) & 0xFF


@njit(cache=True, _nrt=False)
def _below(state, k):
    """:func:`.policies._below` (``min(int(u * k), k - 1)``, ``u`` the draw's top 53 bits over 2**53) in integers:
    the float product only where its rounding could reach the next whole number (``k`` at most 16)."""
    state, x = next_u64(state)
    m = x >> P._S11
    prod = m * np.uint64(k)
    i = np.int64(prod >> _S53)
    if (prod & _LOW53) >= _NEAR53:
        i = np.int64(min(int(m * P._INV53 * k), k - 1))
    return state, i


@njit(cache=True, _nrt=False)
def _draw_into(items, j, n, x32):
    """One draw of :func:`_shuffle` from 32 random bits: a uniform item of ``items[j:n]`` swapped into slot ``j``.
    Returns the next slot to fill (``j`` again if Lemire rejected the bits)."""
    k = lemire32(x32, n - j)
    if k < 0:
        return j
    k += j
    t = items[j]
    items[j] = items[k]
    items[k] = t
    return j + 1


@njit(cache=True, _nrt=False)
def _shuffle(state, items, n):
    """:func:`.rules.shuffle` of ``items[:n]`` (two draws from each output, a rejected half skipped), no swaps kept."""
    j = 0
    while j < n:
        state, x = next_u64(state)
        j = _draw_into(items, j, n, x >> _S32)
        if j < n:
            j = _draw_into(items, j, n, x & _LOW32)
    return state


@njit(cache=True, _nrt=False)
def _show_hand(v, s, hand):
    """Seat ``s``'s hand into ``v`` (``ST_HAND``, -1 for an empty slot), where the policies read it."""
    h = hand[s]
    for j in range(R.HAND):
        c = np.int64((h >> np.uint64(8 * j)) & _FF)
        v[R.ST_HAND + s * R.HAND + j] = c if c != 0 else -1


@njit(cache=True, _nrt=False, inline="always")
def _choose(v, iw, st, s, kind, hand, params):
    """Seat ``s``'s card slot (``K_PLAY``) or free card's bar (``K_FREE``), asked as the engine asks."""
    pid = iw[I_PID + s]
    if pid == 0:  # random play and placement, as play_or_place does them (the bars in play are 0..nb-1)
        st[s], j = _below(st[s], R.HAND if kind == R.K_PLAY else v[R.ST_NBARS])
        return j
    _show_hand(v, s, hand)
    v[R.V_KIND] = kind
    v[R.V_SEAT] = s
    row = params[iw[I_ROW + s]]
    ans, st[s] = P.play_or_place(pid, kind, row[0], row[1] if params.shape[1] > 1 else 0.0, v, st[s])
    return ans


@njit(cache=True, _nrt=False)
def _ask(v, iw, st, s, kind, params):
    """Seat ``s``'s offer (written into ``V_OFFER``) or answer."""
    v[R.V_KIND] = kind
    v[R.V_SEAT] = s
    ans, st[s] = P._decide_long(iw[I_PID + s], params[iw[I_ROW + s]], v, st[s])
    return ans


@njit(cache=True, _nrt=False, inline="always")
def _place(v, iw, bar, d):
    v[R.ST_MONEY + bar * R.MAX_DENOMS + d] += 1
    iw[I_DENOMS + bar] |= 1 << d
    v[R.ST_BAR_UNITS + bar] += v[R.ST_DENOM + d]


@njit(cache=True, _nrt=False)
def _offered(v, o, nd):
    """Units of the money cards the division in ``V_OFFER`` gives seat ``o``."""
    t = 0
    for d in range(nd):
        t += v[R.V_OFFER + o * R.MAX_DENOMS + d] * v[R.ST_DENOM + d]
    return t


@njit(cache=True, _nrt=False)
def _duel(v, a, b, caller, dice, cnt, o_glob):
    """H5 (duel_tie caller): a and b throw, a first, and add their cards; a tie goes to the caller."""
    while True:
        dice, ra = R.draw_die(dice)
        dice, rb = R.draw_die(dice)
        ta = ra + v[R.V_CARDVAL + a]
        tb = rb + v[R.V_CARDVAL + b]
        if ta != tb or caller >= 0:
            win = (a if ta > tb else b) if ta != tb else caller
            _add(cnt, o_glob + E.G_DUELS, 1)
            if caller >= 0:
                _add(cnt, o_glob + E.G_CALLED, 1)
                _add(cnt, o_glob + E.G_CALLER_WINS, win == caller)
            return dice, win


@njit(cache=True, _nrt=False, inline="always")
def _haggle(v, iw, st, tbl, bar, contest, c, n, params, dice, cnt, o_glob):
    """H1-H9 at the default switches among the contestants ``contest`` (two or more): the units each
    wins into ``I_GOT``. Returns the dice state."""
    _add(cnt, o_glob + E.G_HAGGLES, 1)
    for s in range(R.MAX_PLAYERS):
        iw[I_GOT + s] = 0
        iw[I_OFF + s] = 0
        v[R.V_CARDVAL + s] = 0
    p = 0  # every contestant beats best = -1: a seat, which the compiler then knows is not negative
    best = -1
    k = 0
    for s in range(n):  # H1: the highest card, then the furthest from the croupier; without branches
        inc = (contest >> s) & 1
        val = R.card_value(_card(tbl, s)) * inc
        far = (s - c if s >= c else s - c + n) * inc
        v[R.V_CARDVAL + s] = val
        v[E.W_FAR + s] = far * 16
        key = val * 256 + far * 16 if inc else -1
        p = s if key > best else p
        best = max(key, best)
        iw[I_CON + k] = s  # the contestants in seat order
        k += inc
    v[R.V_BAR] = bar
    v[R.V_PROPOSER] = p
    v[R.V_CONTEST] = contest  # V_OFFER is zero here: _settle_round zeroes the contestants' rows after a haggle
    if iw[I_PID + p] == 0:  # random: each money card to a contestant, drawn as policies._random_offer draws
        ps = st[p]
        dm = iw[I_DENOMS + bar]  # the denominations on the bar
        while dm:
            d = _ctz(dm)
            dm &= dm - 1
            for _ in range(v[R.ST_MONEY + bar * R.MAX_DENOMS + d]):
                ps, i = _below(ps, k)
                o = iw[I_CON + i]
                v[R.V_OFFER + o * R.MAX_DENOMS + d] += 1
                iw[I_OFF + o] += v[R.ST_DENOM + d]
        st[p] = ps
    else:
        _ask(v, iw, st, p, R.K_OFFER, params)  # a built-in's division is valid (tests/razzia/test_live_state.py)
        m = contest
        while m:
            s = _ctz(m)
            m &= m - 1
            iw[I_OFF + s] = _offered(v, s, v[R.ST_NDENOM])
    decl = 0
    m = _clockwise(contest, p, n)
    while m:  # H3: the others answer, clockwise from the proposer's left
        o = _seat_after(p, _ctz(m), n)
        m &= m - 1
        if iw[I_PID + o] == 0:  # random, as policies._decide_long answers
            st[o], u = P._uniform(st[o])
            a = R.ACCEPT if u < params[iw[I_ROW + o], 0] else R.DUEL
        else:
            a = _ask(v, iw, st, o, R.K_ANSWER, params)
        if a == R.DUEL:
            decl |= 1 << o
        else:
            iw[I_GOT + o] += iw[I_OFF + o]
    declines = _pop(decl)
    _add(cnt, o_glob + E.G_DECLINES, declines)
    _add(cnt, o_glob + E.G_ACCEPTS, k - 1 - declines)
    if decl == 0:
        iw[I_GOT + p] += iw[I_OFF + p]
        return dice
    v[E.W_ORDER] = p
    k = 1
    pot = iw[I_OFF + p]
    m = _clockwise(decl, p, n)
    while m:
        o = _seat_after(p, _ctz(m), n)
        m &= m - 1
        v[E.W_ORDER + k] = o
        k += 1
        pot += iw[I_OFF + o]
    if k == 2:  # H6 (one_declines remainder)
        d1 = v[E.W_ORDER + 1]
        dice, winner = _duel(v, p, d1, E._caller(v, p, d1, p, False, decl), dice, cnt, o_glob)
    else:  # H7, H8 (knockout)
        _add(cnt, o_glob + E.G_KNOCKOUTS, 1)
        E._knockout_order(v, k)
        winner = v[E.W_KO]
        for x in range(1, k):
            o = v[E.W_KO + x]
            dice, winner = _duel(v, winner, o, E._caller(v, winner, o, p, False, decl), dice, cnt, o_glob)
    iw[I_GOT + winner] += pot
    return dice


@njit(cache=True, _nrt=False, inline="always")
def _settle_round(v, iw, st, tbl, c, n, params, dice, cnt, o_glob, o_tab):
    """R8: the bars with cards, left to right, settled and the study tables counted. Returns the dice state."""
    occupied = 0
    police = 0
    at = 0  # the seats at bar b in byte b
    for s in range(n):
        code = _card(tbl, s)
        at |= 1 << (R.card_bar(code) * 8 + s)
        occupied |= 1 << R.card_bar(code)
        police |= R.card_kind(code) << s
    for s in range(R.MAX_PLAYERS):
        iw[I_PAID + s] = 0
    while occupied:
        b = _ctz(occupied)
        occupied &= occupied - 1
        here = (at >> (8 * b)) & 0xFF
        units = v[R.ST_BAR_UNITS + b]
        pol = here & police
        gam = here & ~police
        # the bar's part of the study cells (flow._study), for its police (I_CELL) and gamblers (I_GCELL)
        cell = (E.BUCKETS[min(units, 13)] * E.N_OTHERS + min(_pop(here) - 1, E.N_OTHERS - 1)) * 3
        iw[I_CELL + b] = o_tab + cell
        iw[I_GCELL + b] = o_tab + (E.N_TABLE if pol else 2 * E.N_TABLE) + cell
        if gam != 0 and units != 0:  # B3, B6
            contest = pol if pol else gam  # B4, B5
            if contest & (contest - 1) == 0:  # B2
                s = _ctz(contest)
                iw[I_WON + s] += units
                iw[I_BW + s] += 1
                iw[I_PAID + s] = units
            else:
                dice = _haggle(v, iw, st, tbl, b, contest, c, n, params, dice, cnt, o_glob)
                for s in range(n):  # seat by seat, not by the contest's bits: a loop of a known count
                    got = iw[I_GOT + s]  # 0 outside the contest
                    iw[I_WON + s] += got
                    iw[I_BW + s] += got > 0
                    iw[I_PAID + s] += got
                    for d in range(R.MAX_DENOMS):
                        v[R.V_OFFER + s * R.MAX_DENOMS + d] = 0
            for d in range(R.MAX_DENOMS):  # a constant count: stores, not a call to memset
                v[R.ST_MONEY + b * R.MAX_DENOMS + d] = 0
            v[R.ST_BAR_UNITS + b] = 0
            iw[I_DENOMS + b] = 0
    for s in range(n):  # the study tables, seat by seat
        code = _card(tbl, s)
        won = iw[I_PAID + s]
        i = iw[(I_CELL if R.card_kind(code) == R.POLICE else I_GCELL) + R.card_bar(code)]
        i += (R.card_value(code) - 1) * _VALUE_STRIDE
        _add(cnt, i + E.T_PLAYS, 1)
        _add(cnt, i + E.T_WON, won > 0)
        _add(cnt, i + E.T_MONEY, won)
    return dice


@njit(cache=True, _nrt=False)
def _play_game(
    v,
    iw,
    st,
    hand,
    stock0,
    mdeck0,
    stock,
    discard,
    mdeck,
    n,
    nb,
    per_round,
    deal,
    dice,
    params,
    cnt,
    o_crou,
    o_glob,
    o_tab,
):
    """One game (K1-K7, R1-R8, E1-E4 at the default switches): money, win and bars won per seat in
    ``I_WON``, ``I_BLOCK`` (the win) and ``I_BW``. Returns the money left on the bars."""
    for s in range(n):
        iw[I_WON + s] = 0
        iw[I_BW + s] = 0
        hand[s] = 0
    for i in range(2 * R.MAX_BARS):
        v[R.ST_GONE + i] = 0
    for b in range(R.MAX_BARS):
        v[R.ST_BAR_UNITS + b] = 0
        iw[I_DENOMS + b] = 0
        for d in range(R.MAX_DENOMS):
            v[R.ST_MONEY + b * R.MAX_DENOMS + d] = 0
    m = stock0.shape[0]
    mm = mdeck0.shape[0]
    for i in range(m):
        stock[i] = stock0[i]
    for i in range(mm):
        mdeck[i] = mdeck0[i]
    deal = _shuffle(deal, stock, m)
    deal = _shuffle(deal, mdeck, mm)
    top = 0
    nstock = m
    ndisc = 0
    reshuffles = 0
    for j in range(R.HAND):  # K7: five passes clockwise from the first croupier's left
        for i in range(n):
            s = i + 1 if i + 1 < n else 0
            hand[s] |= np.uint64(stock[top]) << np.uint64(8 * j)
            top += 1
    nstock -= n * R.HAND
    c = 0
    mtop = 0
    rnd = 0
    while True:
        k = min(per_round, mm - mtop)
        first = mtop
        mtop += k
        last = mtop == mm
        if k < per_round:  # R1, E1: the last cards, left to right
            for i in range(k):
                _place(v, iw, i, mdeck[first + i])
        else:
            for i in range(nb):
                _place(v, iw, i, mdeck[first + i])
            v[R.V_VALUE] = v[R.ST_DENOM + mdeck[first + nb]]
            b = _choose(v, iw, st, c, R.K_FREE, hand, params)
            if b < 0 or b >= nb:
                b = 0
            _place(v, iw, b, mdeck[first + nb])
        tbl = np.int64(0)  # the cards played, seat s's in byte s
        s = c
        for _ in range(n):  # R3: clockwise from the croupier's left
            s = s + 1 if s + 1 < n else 0
            j = _choose(v, iw, st, s, R.K_PLAY, hand, params)
            h = hand[s]
            if j < 0 or j >= R.HAND or ((h >> np.uint64(8 * j)) & _FF) == 0:
                j = 0
            sh = np.uint64(8 * j)
            tbl |= np.int64((h >> sh) & _FF) << (8 * s)
            low = (_ONE << sh) - _ONE
            hand[s] = (h & low) | ((h >> _S8) & ~low)
        for s in range(n):
            iw[I_WON0 + s] = iw[I_WON + s]
        dice = _settle_round(v, iw, st, tbl, c, n, params, dice, cnt, o_glob, o_tab)
        for s in range(n):
            won = iw[I_WON + s] - iw[I_WON0 + s]
            base = o_crou + (s - c if s >= c else s - c + n) * E.N_CFIELDS
            _add(cnt, base, 1)
            _add(cnt, base + 1, won)
            _add(cnt, base + 2, won * won)
        for s in range(n):  # R5: discard
            code = _card(tbl, s)
            discard[ndisc] = code
            ndisc += 1
            v[R.ST_GONE + 2 * R.card_bar(code) + R.card_kind(code)] += 1
        rnd += 1
        if last:
            break
        s = c + 2 - n if c + 2 >= n else c + 2
        for _ in range(n):  # R6, R7: refill clockwise from the next croupier's left
            if nstock == 0:
                for i in range(ndisc):
                    stock[i] = discard[i]
                deal = _shuffle(deal, stock, ndisc)
                top = 0
                nstock = ndisc
                ndisc = 0
                reshuffles += 1
                for i in range(2 * R.MAX_BARS):
                    v[R.ST_GONE + i] = 0
            hand[s] |= np.uint64(stock[top]) << np.uint64(8 * (R.HAND - 1))
            top += 1
            nstock -= 1
            s = s + 1 if s + 1 < n else 0
        c = c + 1 if c + 1 < n else 0
    leftover = 0
    for b in range(nb):
        leftover += v[R.ST_BAR_UNITS + b]
    best = -1
    for s in range(n):
        best = max(best, iw[I_WON + s])
    tied = 0
    for s in range(n):
        if iw[I_WON + s] == best:
            tied |= 1 << s
    kk = _pop(tied)
    for s in range(n):
        iw[I_BLOCK + s] = E.WIN // kk if _bit(tied, s) else 0
    _add(cnt, o_glob + E.G_ROUNDS, rnd)
    _add(cnt, o_glob + E.G_LEFTOVER, leftover)
    _add(cnt, o_glob + E.G_LEFTOVER2, leftover * leftover)
    _add(cnt, o_glob + E.G_RESHUFFLES, reshuffles)
    _add(cnt, o_glob + E.G_SHARED, kk > 1)
    return leftover


@njit(cache=True, _nrt=False, inline="always")
def _tally(cnt, base, money, win, bars_won, leftover):
    _add(cnt, base + E.P_GAMES, 1)
    _add(cnt, base + E.P_MONEY, money)
    _add(cnt, base + E.P_MONEY2, money * money)
    _add(cnt, base + E.P_WIN, win)
    _add(cnt, base + E.P_WIN2, win * win)
    _add(cnt, base + E.P_MLEFT, money * leftover)
    _add(cnt, base + E.P_BARS_WON, bars_won)


@njit(cache=True, _nrt=False)
def _play_items(
    cfg,
    stock0,
    mdeck0,
    deal_key,
    dice_key,
    policy_keys,
    lineup_pids,
    params,
    duplicate,
    start,
    stop,
    cnt,
    v,
    iw,
    st,
    hand,
    stock,
    discard,
    mdeck,
    block,
    block_win,
):
    n = cfg[R.C_PLAYERS]
    nb = cfg[R.C_NBARS]
    o_seat, o_crou, o_glob, o_tab, o_cross, _ = E.count_offsets(n)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        for p in range(n):
            block[p] = 0
            block_win[p] = 0
        for g in range(item * per_item, (item + 1) * per_item):
            r = g % n
            for p in range(n):
                s = p + r if p + r < n else p + r - n
                iw[I_PID + s] = lineup_pids[p]
                iw[I_ROW + s] = p
            for s in range(n):
                st[s] = game_state(policy_keys[s], g)
            leftover = _play_game(
                v,
                iw,
                st,
                hand,
                stock0,
                mdeck0,
                stock,
                discard,
                mdeck,
                n,
                nb,
                cfg[R.C_PER_ROUND],
                game_state(deal_key, item),
                game_state(dice_key, item),
                params,
                cnt,
                o_crou,
                o_glob,
                o_tab,
            )
            _add(cnt, o_glob + E.G_GAMES, 1)
            for s in range(n):
                p = s - r if s >= r else s - r + n
                money = iw[I_WON + s]
                win = iw[I_BLOCK + s]
                _tally(cnt, p * E.N_PFIELDS, money, win, iw[I_BW + s], leftover)
                _tally(cnt, o_seat + s * E.N_PFIELDS, money, win, iw[I_BW + s], leftover)
                block[p] += money
                block_win[p] += win
        _add(cnt, o_glob + E.G_BLOCKS, 1)
        for p in range(n):
            for q in range(n):
                _add(cnt, o_cross + p * n + q, block[p] * block[q])
                _add(cnt, o_cross + n * n + p * n + q, block_win[p] * block_win[q])


@njit(cache=True, nogil=True)
def play_games(
    cfg, stock0, mdeck0, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop
):
    """:func:`.engine.play_games` at the default switches (see :func:`supports`), the decks from :func:`decks`."""
    n = cfg[R.C_PLAYERS]
    cnt = np.zeros(2 * n * E.N_PFIELDS + n * E.N_CFIELDS + E.N_GFIELDS + 3 * E.N_TABLE + 2 * n * n, np.int64)
    v = np.zeros(E.W_COUNTS, np.int64)  # the engine's workspace layout, without counts or log
    v[R.ST_PLAYERS] = n
    v[R.ST_NBARS] = cfg[R.C_NBARS]
    v[R.ST_BARS] = cfg[R.C_BARS_MASK]
    v[R.ST_NDENOM] = cfg[R.C_NDENOM]
    for d in range(cfg[R.C_NDENOM]):
        v[R.ST_DENOM + d] = cfg[R.C_DENOM + d]
    for r in range(cfg[R.C_NCARD_ROWS]):
        if cfg[R.C_CARD_ROWS + 3 * r] == R.GAMBLER:
            v[R.ST_COLOUR_G] += cfg[R.C_CARD_ROWS + 3 * r + 2]
        else:
            v[R.ST_COLOUR_P] += cfg[R.C_CARD_ROWS + 3 * r + 2]
    for i in range(R.MAX_PLAYERS * R.HAND):
        v[R.ST_HAND + i] = -1
    size = max(stock0.shape[0], mdeck0.shape[0])
    _play_items(
        cfg,
        stock0,
        mdeck0,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        cnt,
        v,
        np.zeros(I_LEN, np.int64),
        np.zeros(n, np.uint64),
        np.zeros(n, np.uint64),
        np.zeros(size, np.uint8),
        np.zeros(size, np.uint8),
        np.zeros(size, np.uint8),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
    )
    return cnt
