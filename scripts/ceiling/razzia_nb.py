"""A numba port of ``razzia.c`` (its STUDY variant): 5-player Razzia, default settings, random play,
replaying the engine's games bit for bit and keeping the engine's count vector (``engine.layout(5)``).

Not part of razzmatazz: it measures what numba does with the C program's design (5 players and the
bars as constants, hands and bar money as bytes packed in uint64 words, seat and bar bit masks, one
kernel, nothing allocated inside). ``scripts/ceiling.py`` times it beside the engine and the C."""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import float64, int64, njit, types, uint64
from numba.core.extending import intrinsic

from razzmatazz.core.rng import lemire32 as lemire
from razzmatazz.core.rng import mix64

N = 5
NB = 6
HANDN = 5
DECK = 54
NMONEY = 84
PER_ROUND = 7
ROUNDS = 12
WIN = 840

# count layout (engine.layout(5))
P_GAMES, P_MONEY, P_MONEY2, P_WIN, P_WIN2, P_MLEFT, P_BARS_WON = range(7)
(
    G_GAMES,
    G_BLOCKS,
    G_ROUNDS,
    G_LEFTOVER,
    G_LEFTOVER2,
    G_RESHUFFLES,
    G_SHARED,
    G_HAGGLES,
    G_NO_OFFER,
    G_ACCEPTS,
    G_DECLINES,
    G_DUELS,
    G_CALLED,
    G_CALLER_WINS,
    G_KNOCKOUTS,
    G_ROLLOFFS,
    G_ORDER_ROLLOFFS,
) = range(17)
O_SEAT = 35
O_CROU = 70
O_GLOB = 85
O_TAB = 102
N_TABLE = 1008
O_CROSS = 3126
SIZE = 3176

# int workspace offsets (8 slots each)
WON, BW, PAID, UNITS, VAL, FAR, OFFER, GOT, CON, ORDER, KO, RK, WON0, MP, WP = [8 * i for i in range(15)]
IW = 8 * 15

U = np.uint64
GOLDEN = U(0x9E3779B97F4A7C15)
MIX1 = U(0xBF58476D1CE4E5B9)
MIX2 = U(0x94D049BB133111EB)
GAME = U(0xD1B54A32D192ED03)
LOW32 = U(0xFFFFFFFF)
TWO32 = U(1 << 32)
FF = U(0xFF)
ONE = U(1)
ZERO = U(0)
S8, S11, S27, S30, S31, S32 = U(8), U(11), U(27), U(30), U(31), U(32)
INV53 = 1.0 / 9007199254740992.0

DENOM = np.array([1, 2, 3, 4, 5, 6, 8, 10], np.int64)
BUCKET = np.array([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 6], np.int64)


@intrinsic
def ctz(typingctx, x):
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return x(x), codegen


@intrinsic
def popcnt(typingctx, x):
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return x(x), codegen


INL = "always"  # "never" (inlining left to LLVM), error_model "python" and NRT on measured the same
EM = "numpy"
NRT = False


@njit(inline=INL)
def shuffle(st, d, n):
    j = 0
    while j < n:
        st = st + GOLDEN
        x = mix64(st)
        k = lemire(x >> S32, uint64(n - j))
        if k >= 0:
            k += j
            t = d[j]
            d[j] = d[k]
            d[k] = t
            j += 1
        if j < n:
            k = lemire(x & LOW32, uint64(n - j))
            if k >= 0:
                k += j
                t = d[j]
                d[j] = d[k]
                d[k] = t
                j += 1
    return st


@njit(inline=INL)
def die(st):
    while True:
        st = st + GOLDEN
        x = mix64(st)
        k = lemire(x >> S32, U(6))
        if k >= 0:
            return st, k + 1


@njit(inline=INL)
def uni(st):
    st = st + GOLDEN
    return st, float64(mix64(st) >> S11) * INV53


@njit(inline=INL)
def below(st, k):
    st, u = uni(st)
    i = int64(u * k)
    if i > k - 1:
        i = k - 1
    return st, i


@njit(inline=INL)
def duel(dice, a, b, caller, iw, cnt):
    while True:
        dice, ra = die(dice)
        dice, rb = die(dice)
        ta = ra + iw[VAL + a]
        tb = rb + iw[VAL + b]
        if ta != tb or caller >= 0:
            if ta != tb:
                win = a if ta > tb else b
            else:
                win = caller
            cnt[O_GLOB + G_DUELS] += 1
            if caller >= 0:
                cnt[O_GLOB + G_CALLED] += 1
                if win == caller:
                    cnt[O_GLOB + G_CALLER_WINS] += 1
            return dice, win


@njit(inline=INL)
def tie_caller(a, b, decl):
    ca = (decl >> a) & 1
    cb = (decl >> b) & 1
    if ca != 0 and cb == 0:
        return a
    if cb != 0 and ca == 0:
        return b
    return -1


@njit(inline=INL)
def knockout_order(m, iw):
    """iw[ORDER:ORDER+m] -> iw[KO:KO+m]"""
    for x in range(m):
        iw[RK + x] = iw[ORDER + x]
    for x in range(1, m):
        y = x
        while y > 0 and iw[VAL + iw[RK + y - 1]] < iw[VAL + iw[RK + y]]:
            t = iw[RK + y]
            iw[RK + y] = iw[RK + y - 1]
            iw[RK + y - 1] = t
            y -= 1
    i = 0
    while i < m:
        j = i
        vi = iw[VAL + iw[RK + i]]
        while j < m and iw[VAL + iw[RK + j]] == vi:
            j += 1
        for x in range(i + 1, j):
            y = x
            while y > i and iw[FAR + iw[RK + y - 1]] > iw[FAR + iw[RK + y]]:
                t = iw[RK + y]
                iw[RK + y] = iw[RK + y - 1]
                iw[RK + y - 1] = t
                y -= 1
        x = i
        if i == 0:
            iw[KO] = iw[RK]
            x = 1
        lo = i if i > 1 else 1
        r = j - 1
        while r >= lo:
            iw[KO + m - r] = iw[RK + x]
            x += 1
            r -= 1
        i = j


@njit(_nrt=NRT, error_model=EM)
def run(start, stop, deal_key, dice_key, pkeys, cnt, stock0, mdeck0, stock, discard, mdeck, hand, pol, money, iw):
    r = start % N
    for g in range(start, stop):
        gu = uint64(g)
        deal = mix64(deal_key ^ (gu * GAME))
        dice = mix64(dice_key ^ (gu * GAME))
        for s in range(N):
            pol[s] = mix64(pkeys[s] ^ (gu * GAME))
            iw[WON + s] = 0
            iw[BW + s] = 0
            hand[s] = ZERO
        for i in range(DECK):
            stock[i] = stock0[i]
        for i in range(NMONEY):
            mdeck[i] = mdeck0[i]
        for b in range(NB):
            money[b] = ZERO
            iw[UNITS + b] = 0
        deal = shuffle(deal, stock, DECK)
        deal = shuffle(deal, mdeck, NMONEY)
        top = 0
        nstock = DECK
        ndisc = 0
        resh = 0
        for ps in range(HANDN):
            for i in range(N):
                s = i + 1
                if s >= N:
                    s -= N
                hand[s] |= uint64(stock[top]) << (8 * ps)
                top += 1
        nstock -= N * HANDN
        c = 0
        for rnd in range(ROUNDS):
            base = rnd * PER_ROUND
            for i in range(NB):
                d = mdeck[base + i]
                money[i] += ONE << (8 * d)
                iw[UNITS + i] += DENOM[d]
            st, bb = below(pol[c], NB)
            pol[c] = st
            d = mdeck[base + NB]
            money[bb] += ONE << (8 * d)
            iw[UNITS + bb] += DENOM[d]
            # R3: cards, clockwise from the croupier's left
            tbl = ZERO
            for i in range(1, N + 1):
                s = c + i
                if s >= N:
                    s -= N
                st, j = below(pol[s], HANDN)
                pol[s] = st
                h = hand[s]
                sh = 8 * j
                tbl |= ((h >> sh) & FF) << (8 * s)
                low = (ONE << sh) - ONE
                hand[s] = (h & low) | ((h >> S8) & ~low)
            for s in range(N):
                iw[WON0 + s] = iw[WON + s]
            # settle_round
            at = 0
            polmask = 0
            occ = 0
            for s in range(N):
                code = int64((tbl >> (8 * s)) & FF)
                bar = code >> 4
                at |= 1 << (bar * 8 + s)
                occ |= 1 << bar
                polmask |= ((code >> 3) & 1) << s
                iw[PAID + s] = 0
            while occ != 0:
                b = ctz(occ)
                occ &= occ - 1
                here = (at >> (8 * b)) & 0xFF
                units = iw[UNITS + b]
                pl = here & polmask
                gam = here & ~polmask
                if gam != 0 and units != 0:
                    contest = pl if pl != 0 else gam
                    if (contest & (contest - 1)) == 0:
                        s = ctz(contest)
                        iw[WON + s] += units
                        iw[BW + s] += 1
                        iw[PAID + s] = units
                    else:
                        # haggle
                        k = popcnt(contest)
                        cnt[O_GLOB + G_HAGGLES] += 1
                        p = -1
                        best = -1
                        nc = 0
                        for s in range(N):
                            if (contest >> s) & 1:
                                v = int64((tbl >> (8 * s)) & U(7))
                                dist = s - c
                                if dist < 0:
                                    dist += N
                                f = dist * 16
                                iw[VAL + s] = v
                                iw[FAR + s] = f
                                key = v * 256 + f
                                if key > best:
                                    best = key
                                    p = s
                                iw[CON + nc] = s
                                nc += 1
                            else:
                                iw[VAL + s] = 0
                                iw[FAR + s] = 0
                            iw[GOT + s] = 0
                            iw[OFFER + s] = 0
                        # H2: random division
                        mm = money[b]
                        st = pol[p]
                        while mm != ZERO:
                            byte = int64(ctz(mm)) >> 3
                            n = int64((mm >> (8 * byte)) & FF)
                            v = DENOM[byte]
                            mm &= ~(FF << (8 * byte))
                            for _t in range(n):
                                st, i = below(st, k)
                                iw[OFFER + iw[CON + i]] += v
                        pol[p] = st
                        # H3: answers
                        decl = 0
                        for i in range(1, N):
                            o = p + i
                            if o >= N:
                                o -= N
                            if (contest >> o) & 1:
                                st, u = uni(pol[o])
                                pol[o] = st
                                if u < 0.5:
                                    cnt[O_GLOB + G_ACCEPTS] += 1
                                    iw[GOT + o] = iw[OFFER + o]
                                else:
                                    cnt[O_GLOB + G_DECLINES] += 1
                                    decl |= 1 << o
                        if decl == 0:
                            iw[GOT + p] = iw[OFFER + p]
                        else:
                            iw[ORDER] = p
                            m = 1
                            for i in range(1, N):
                                o = p + i
                                if o >= N:
                                    o -= N
                                if (decl >> o) & 1:
                                    iw[ORDER + m] = o
                                    m += 1
                            pot = 0
                            for x in range(m):
                                pot += iw[OFFER + iw[ORDER + x]]
                            if m == 2:
                                o1 = iw[ORDER + 1]
                                dice, winner = duel(dice, p, o1, tie_caller(p, o1, decl), iw, cnt)
                            else:
                                cnt[O_GLOB + G_KNOCKOUTS] += 1
                                knockout_order(m, iw)
                                winner = iw[KO]
                                for x in range(1, m):
                                    kx = iw[KO + x]
                                    dice, winner = duel(dice, winner, kx, tie_caller(winner, kx, decl), iw, cnt)
                            iw[GOT + winner] += pot
                        mk = contest
                        while mk != 0:
                            s = ctz(mk)
                            mk &= mk - 1
                            gs = iw[GOT + s]
                            if gs > 0:
                                iw[WON + s] += gs
                                iw[BW + s] += 1
                                iw[PAID + s] = gs
                    money[b] = ZERO
                    iw[UNITS + b] = 0
                # STUDY tables
                others = popcnt(here) - 1
                gtab = 1 if pl != 0 else 2
                bk = BUCKET[units if units < 13 else 13]
                mk = here
                while mk != 0:
                    s = ctz(mk)
                    mk &= mk - 1
                    code = int64((tbl >> (8 * s)) & FF)
                    tab = 0 if (code & 8) != 0 else gtab
                    idx = O_TAB + tab * N_TABLE + ((((code & 7) - 1) * 7 + bk) * 8 + others) * 3
                    w = iw[PAID + s]
                    cnt[idx] += 1
                    if w > 0:
                        cnt[idx + 1] += 1
                    cnt[idx + 2] += w
            for s in range(N):
                w = iw[WON + s] - iw[WON0 + s]
                dist = s - c
                if dist < 0:
                    dist += N
                idx = O_CROU + dist * 3
                cnt[idx] += 1
                cnt[idx + 1] += w
                cnt[idx + 2] += w * w
            # R5-R7: discard, refill
            for s in range(N):
                discard[ndisc] = uint64((tbl >> (8 * s)) & FF)
                ndisc += 1
            if rnd == ROUNDS - 1:
                break
            first = c + 2
            if first >= N:
                first -= N
            for i in range(N):
                s = first + i
                if s >= N:
                    s -= N
                if nstock == 0:
                    for q in range(ndisc):
                        stock[q] = discard[q]
                    deal = shuffle(deal, stock, ndisc)
                    top = 0
                    nstock = ndisc
                    ndisc = 0
                    resh += 1
                nstock -= 1
                hand[s] |= uint64(stock[top]) << S32
                top += 1
            c += 1
            if c >= N:
                c -= N
        leftover = 0
        for b in range(NB):
            leftover += iw[UNITS + b]
        best = -1
        for s in range(N):
            if iw[WON + s] > best:
                best = iw[WON + s]
        tied = 0
        for s in range(N):
            if iw[WON + s] == best:
                tied |= 1 << s
        kk = popcnt(tied)
        share = WIN // kk
        for s in range(N):
            p = s - r
            if p < 0:
                p += N
            mo = iw[WON + s]
            wi = share if (tied >> s) & 1 else 0
            bw = iw[BW + s]
            for base in (p * 7, O_SEAT + s * 7):
                cnt[base + P_GAMES] += 1
                cnt[base + P_MONEY] += mo
                cnt[base + P_MONEY2] += mo * mo
                cnt[base + P_WIN] += wi
                cnt[base + P_WIN2] += wi * wi
                cnt[base + P_MLEFT] += mo * leftover
                cnt[base + P_BARS_WON] += bw
            iw[MP + p] = mo
            iw[WP + p] = wi
        for p in range(N):
            for q in range(N):
                cnt[O_CROSS + p * N + q] += iw[MP + p] * iw[MP + q]
                cnt[O_CROSS + N * N + p * N + q] += iw[WP + p] * iw[WP + q]
        cnt[O_GLOB + G_GAMES] += 1
        cnt[O_GLOB + G_BLOCKS] += 1
        cnt[O_GLOB + G_ROUNDS] += ROUNDS
        cnt[O_GLOB + G_LEFTOVER] += leftover
        cnt[O_GLOB + G_LEFTOVER2] += leftover * leftover
        cnt[O_GLOB + G_RESHUFFLES] += resh
        if kk > 1:
            cnt[O_GLOB + G_SHARED] += 1
        r += 1
        if r >= N:
            r -= N


def decks():
    row = [1, 2, 3, 4, 5, 6, 8 + 3, 8 + 4, 8 + 6]
    stock0 = np.array([b * 16 + x for b in range(NB) for x in row], np.uint8)
    mcount = [14, 14, 14, 14, 7, 7, 7, 7]
    mdeck0 = np.array([d for d in range(8) for _ in range(mcount[d])], np.uint8)
    return stock0, mdeck0


def play(start, stop, deal_key, dice_key, pkeys):
    stock0, mdeck0 = decks()
    cnt = np.zeros(SIZE, np.int64)
    run(
        start,
        stop,
        np.uint64(deal_key),
        np.uint64(dice_key),
        np.asarray(pkeys, np.uint64),
        cnt,
        stock0,
        mdeck0,
        np.zeros(DECK, np.uint8),
        np.zeros(DECK, np.uint8),
        np.zeros(NMONEY, np.uint8),
        np.zeros(N, np.uint64),
        np.zeros(N, np.uint64),
        np.zeros(NB, np.uint64),
        np.zeros(IW, np.int64),
    )
    return cnt
