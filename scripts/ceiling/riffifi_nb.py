"""A numba port of ``riffifi.c`` (its STUDY variant): 4-player Riffifi, default settings (odd chips of a tie
given by the collector's choice, which random play draws from its stream; ticks counted over the deals), random play,
replaying the engine's games bit for bit and keeping the engine's full count vector (``engine.layout(4)``).

Not part of razzmatazz: it measures what numba does with the C program's design (4 players as a constant,
the face-up cards as bytes of one word, the chips of a colour as bytes of one word per colour, branch-free
payment, hands as bit masks, the n-th card by pdep, one kernel, nothing allocated inside).
RIFF_PDEP=0 in the environment picks the n-th card with a loop instead of llvm.x86.bmi.pdep.64 (about 20% slower)."""

from __future__ import annotations

import os

import numpy as np
from llvmlite import ir
from numba import int64, njit, types, uint64
from numba.core import cgutils
from numba.core.extending import intrinsic

from razzmatazz.core.rng import lemire32 as lemire
from razzmatazz.core.rng import mix64

N = 4
HAND = 10
NCOL = 5
CAP = 12
CHIPS = 12
ORBITS = 12
WIN = 60
TICK_AT = 7

# count layout (engine.layout(4))
P_GAMES, P_SCORE, P_SCORE2, P_WIN, P_WIN2, P_CHIPS, P_TICKS = 0, 1, 2, 3, 4, 5, 10
N_PFIELDS = 11
(
    G_GAMES,
    G_BLOCKS,
    G_DEALS,
    G_REDEALS,
    G_OFFICER_DEALS,
    G_OFFICER_SUM,
    G_OFFICER_SQ,
    G_UNDERCUTS,
    G_ASIDE,
    G_OFFICER_HITS,
    G_LAPSED,
    G_MIDDLE,
) = range(12)
O_SEAT = N * N_PFIELDS
O_POS = 2 * N * N_PFIELDS
O_GLOB = O_POS + 3 * N
O_TAB = O_GLOB + 12
N_TABLE = ORBITS * 8 * 3
O_CROSS = O_TAB + N_TABLE
SIZE = O_CROSS + 2 * N * N
TAB9 = ORBITS * 9 * 3  # scratch card table [orbit][value 0-8][plays, paid, chips]; value 0: nothing claimed

NONE_BYTE = 0x79  # owner 7, value 9: no face-up card in this colour
UP_EMPTY = 0x797979797979  # colours 0-4 and the dummy colour 5
DUMMY_C = 5

U = np.uint64
GOLDEN = U(0x9E3779B97F4A7C15)
MIX1 = U(0xBF58476D1CE4E5B9)
MIX2 = U(0x94D049BB133111EB)
GAME = U(0xD1B54A32D192ED03)
LOW32 = U(0xFFFFFFFF)
TWO32 = U(1 << 32)
S11, S27, S30, S31, S32, S53 = U(11), U(27), U(30), U(31), U(32), U(53)

INV = np.array([0, 1024, 512, 342], np.int64)  # rem // E == rem * INV[E] >> 10 for rem < 36
INV53 = 1.0 / 9007199254740992.0

PDEP = os.environ.get("RIFF_PDEP", "1") == "1"  # "0": the n-th set bit by clearing the lowest bits in a loop


@intrinsic
def ctz(typingctx, x):
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return x(x), codegen


@intrinsic
def pdep(typingctx, x, m):
    if not (isinstance(x, types.Integer) and x.bitwidth == 64 and m == x):
        return None

    def codegen(context, builder, sig, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return x(x, m), codegen


INL = "always"
EM = "numpy"


@njit(inline=INL)
def nth_card(h, idx):
    """The idx-th lowest set bit of h (idx < popcount(h))."""
    if PDEP:
        return ctz(pdep(int64(1) << idx, h))
    for _ in range(idx):
        h &= h - 1
    return ctz(h)


@njit(inline=INL)
def deal_hands(ds, deck, dealt):
    """Fresh deal into dealt[0:4] from the deal stream; returns (stream state, redeals)."""
    redeals = 0
    while True:
        for i in range(40):
            deck[i] = i
        h0 = int64(0)
        h1 = int64(0)
        h2 = int64(0)
        j = 0
        x = U(0)
        halves = 0
        while j < 30:  # 30 draws fix hands 0-2; hand 3 is the rest
            if halves == 0:
                ds = ds + GOLDEN
                x = mix64(ds)
                halves = 2
            half = (x >> S32) if halves == 2 else (x & LOW32)
            halves -= 1
            k = lemire(half, uint64(40 - j))
            if k >= 0:
                k += j
                t = deck[j]
                deck[j] = deck[k]
                deck[k] = t
                b = int64(1) << deck[j]
                if j < 10:
                    h0 |= b
                elif j < 20:
                    h1 |= b
                else:
                    h2 |= b
                j += 1
        dealt[0] = h0
        dealt[1] = h1
        dealt[2] = h2
        dealt[3] = ((int64(1) << 40) - 1) ^ h0 ^ h1 ^ h2
        bad = 0
        for s in range(N):  # redeal if any colour (8-bit field) holds 5+ cards
            v = dealt[s]
            v = v - ((v >> 1) & 0x5555555555)
            v = (v & 0x3333333333) + ((v >> 2) & 0x3333333333)
            v = (v + (v >> 4)) & 0x0F0F0F0F0F
            bad |= (v + 0x7B7B7B7B7B) & 0x8080808080
        if bad == 0:
            return ds, redeals
        redeals += 1
        while j < 40:  # the rest of the engine's 40-draw shuffle
            if halves == 0:
                ds = ds + GOLDEN
                x = mix64(ds)
                halves = 2
            half = (x >> S32) if halves == 2 else (x & LOW32)
            halves -= 1
            if lemire(half, uint64(40 - j)) >= 0:
                j += 1


@njit(inline=INL)
def give(need, k, T, E, r):
    """Chips an opponent with k chips gives (see riffifi.c), branch-free."""
    rem = need - T
    rem &= ~(rem >> 63)
    share = (rem * INV[E]) >> 10
    part = share + int64(r < rem - share * E)
    full = -int64(rem >= E * k)
    return (k & full) | (part & ~full)


@njit(inline=INL)
def odd_of(need, k, T, E):
    """Odd chips of the tied group holding k that pays part of a claim of need (0 if none or all of it)."""
    rem = need - T
    if rem <= 0 or rem >= E * k:
        return int64(0)
    return rem - (rem // E) * E


@njit(_nrt=False)
def chosen(tied, odd, s, ps):
    """The seats random play picks to give the odd chips (tie chooser): a draw of seat s's stream per chip, a
    uniform pick among the tied seats left (by seat number)."""
    out = int64(0)
    for _ in range(odd):
        st = ps[s] + GOLDEN
        ps[s] = st
        u = (mix64(st) >> S11) * INV53
        k = int64(0)
        for q in range(N):
            k += (tied >> q) & 1
        i = min(int64(u * k), k - 1)
        q = 0
        while True:
            if (tied >> q) & 1:
                if i == 0:
                    break
                i -= 1
            q += 1
        out |= int64(1) << q
        tied &= ~(int64(1) << q)
    return out


@njit(inline=INL)
def steal(w, s, need, ps):
    q1 = 8 * ((s + 1) & 3)
    q2 = 8 * ((s + 2) & 3)
    q3 = 8 * ((s + 3) & 3)
    k1 = (w >> q1) & 0xFF
    k2 = (w >> q2) & 0xFF
    k3 = (w >> q3) & 0xFF
    e12 = int64(k1 == k2)
    e13 = int64(k1 == k3)
    e23 = int64(k2 == k3)
    t1, t2, t3 = (
        int64(k2 > k1) * k2 + int64(k3 > k1) * k3,
        int64(k1 > k2) * k1 + int64(k3 > k2) * k3,
        int64(k1 > k3) * k1 + int64(k2 > k3) * k2,
    )
    o1, o2, o3 = (
        odd_of(need, k1, t1, 1 + e12 + e13),
        odd_of(need, k2, t2, 1 + e12 + e23),
        odd_of(need, k3, t3, 1 + e13 + e23),
    )
    r1, r2, r3 = int64(0), int64(0), int64(0)
    odd = max(o1, max(o2, o3))
    if odd > 0:  # the collector chooses: r 0 for a chosen seat, 8 (never below the odd chips) for the others
        tied = (int64(o1 > 0) << (q1 >> 3)) | (int64(o2 > 0) << (q2 >> 3)) | (int64(o3 > 0) << (q3 >> 3))
        pick = chosen(tied, odd, s, ps)
        r1, r2, r3 = (
            8 - 8 * ((pick >> (q1 >> 3)) & 1),
            8 - 8 * ((pick >> (q2 >> 3)) & 1),
            8 - 8 * ((pick >> (q3 >> 3)) & 1),
        )
    g1 = give(need, k1, t1, 1 + e12 + e13, r1)
    g2 = give(need, k2, t2, 1 + e12 + e23, r2)
    g3 = give(need, k3, t3, 1 + e13 + e23, r3)
    return w - (g1 << q1) - (g2 << q2) - (g3 << q3), g1 + g2 + g3


@njit(inline=INL)
def collect(UP, W, s, orb, tab, ps):
    """Seat s collects its unpaid face-up card if it has one (D4-D8); returns (UP, chips lapsed)."""
    X = UP ^ (0x1010101010 * s)
    f = ~((X & 0x7070707070) + 0x7070707070) & 0x8080808080  # bytes owned by s
    c = ctz(f | (int64(1) << 47)) >> 3  # DUMMY_C if none
    sh = 8 * c
    v = ((UP >> sh) & 15) if f != 0 else int64(0)
    UP = (UP & ~(int64(0xFF) << sh)) | (int64(NONE_BYTE) << sh)  # pile: face down
    w = W[c]
    ss = 8 * s
    before = (w >> ss) & 0xFF
    need = min(CAP - before, v)
    mid = (w >> 32) & 0xFF
    take = min(need, mid)
    w += (take << ss) - (take << 32)
    need -= take
    gained = take
    if need > 0:
        w, got = steal(w, s, need, ps)
        w += got << ss
        gained += got
    W[c] = w
    t = (orb[c] * 9 + v) * 3
    tab[t + 1] += int64(v > 0)
    tab[t + 2] += gained
    return UP, v - gained


@njit(_nrt=False, error_model=EM)
def run(start, stop, deal_key, pkeys, cnt, tab, ps, dealt, hand, W, deck, orb):
    for g in range(start, stop):
        gu = uint64(g)
        ds = mix64(deal_key ^ (gu * GAME))
        for s in range(N):
            ps[s] = mix64(pkeys[s] ^ (gu * GAME))
        ds, redeals = deal_hands(ds, deck, dealt)
        und = 0
        aside = 0
        lapsed = 0
        middle = 0
        score = int64(0)  # byte s: seat s's points so far
        pos = int64(0)  # byte r: points of start position r
        chipw0 = int64(0)  # byte s: chips of colour c held by seat s at the ends of deals
        chipw1 = int64(0)
        chipw2 = int64(0)
        chipw3 = int64(0)
        chipw4 = int64(0)
        for k in range(N):  # deal k: hands passed left k times, seat k starts
            for s in range(N):
                hand[s] = dealt[(s - k) & 3]
            for c in range(NCOL):
                W[c] = int64(CHIPS) << 32
            W[DUMMY_C] = 0
            UP = int64(UP_EMPTY)
            s = k
            for orbit in range(HAND):
                left = uint64(HAND - orbit)
                for _t in range(N):
                    UP, lp = collect(UP, W, s, orb, tab, ps)
                    lapsed += lp
                    st = ps[s] + GOLDEN
                    ps[s] = st
                    x = mix64(st)
                    idx = int64(((x >> S11) * left) >> S53)
                    h = hand[s]
                    card = nth_card(h, idx)
                    hand[s] = h & ~(int64(1) << card)
                    c = card >> 3
                    v = (card & 7) + 1
                    sh = 8 * c
                    b = (UP >> sh) & 0xFF
                    uv = b & 15
                    place = v < uv  # nothing face up (9) or lower: it lies face up
                    nb = v | (s << 4)
                    UP ^= ((b ^ nb) & -int64(place)) << sh  # an undercut card loses its claim
                    tab[(orbit * 9 + v) * 3] += 1
                    if place:
                        und += int64(uv != 9)
                        orb[c] = orbit
                    else:
                        aside += 1
                    s = (s + 1) & 3
            for t in range(N):  # end orbit: claims still face up are collected from the start seat
                UP, lp = collect(UP, W, (k + t) & 3, orb, tab, ps)
                lapsed += lp
            w0 = W[0]
            w1 = W[1]
            w2 = W[2]
            w3 = W[3]
            w4 = W[4]
            tot = w0 + w1 + w2 + w3 + w4
            middle += (tot >> 32) & 0xFF
            pts = tot & 0xFFFFFFFF
            score += pts
            pos += ((pts >> (8 * k)) | (pts << (32 - 8 * k))) & 0xFFFFFFFF
            chipw0 += w0 & 0xFFFFFFFF
            chipw1 += w1 & 0xFFFFFFFF
            chipw2 += w2 & 0xFFFFFFFF
            chipw3 += w3 & 0xFFFFFFFF
            chipw4 += w4 & 0xFFFFFFFF
        # byte s bit 7: seat s collected TICK_AT+ chips of the colour over the game's deals (at most 48)
        tk0 = (chipw0 + 0x79797979) & 0x80808080
        tk1 = (chipw1 + 0x79797979) & 0x80808080
        tk2 = (chipw2 + 0x79797979) & 0x80808080
        tk3 = (chipw3 + 0x79797979) & 0x80808080
        tk4 = (chipw4 + 0x79797979) & 0x80808080
        ticks = (
            ((tk0 >> 7) & 0x01010101)
            + ((tk1 >> 7) & 0x01010101)
            + ((tk2 >> 7) & 0x01010101)
            + ((tk3 >> 7) & 0x01010101)
            + ((tk4 >> 7) & 0x01010101)
        )
        best = int64(0)
        for q in range(N):
            best = max(best, (score >> (8 * q)) & 0xFF)
        kw = 0
        for q in range(N):
            kw += int64(((score >> (8 * q)) & 0xFF) == best)
        share = WIN // kw
        r = g & 3
        for q in range(N):
            sh = 8 * q
            sc = (score >> sh) & 0xFF
            wq = share if sc == best else 0
            tq = (ticks >> sh) & 0xFF
            p = (q - r) & 3
            for base in (p * N_PFIELDS, O_SEAT + q * N_PFIELDS):
                cnt[base + P_GAMES] += 1
                cnt[base + P_SCORE] += sc
                cnt[base + P_SCORE2] += sc * sc
                cnt[base + P_WIN] += wq
                cnt[base + P_WIN2] += wq * wq
                cnt[base + P_CHIPS] += (chipw0 >> sh) & 0xFF
                cnt[base + P_CHIPS + 1] += (chipw1 >> sh) & 0xFF
                cnt[base + P_CHIPS + 2] += (chipw2 >> sh) & 0xFF
                cnt[base + P_CHIPS + 3] += (chipw3 >> sh) & 0xFF
                cnt[base + P_CHIPS + 4] += (chipw4 >> sh) & 0xFF
                cnt[base + P_TICKS] += tq
            ps_ = (pos >> sh) & 0xFF
            cnt[O_POS + q * 3] += N
            cnt[O_POS + q * 3 + 1] += ps_
            cnt[O_POS + q * 3 + 2] += ps_ * ps_
        for p in range(N):
            sp = (score >> (8 * ((p + r) & 3))) & 0xFF
            wp = share if sp == best else 0
            for q in range(N):
                sq = (score >> (8 * ((q + r) & 3))) & 0xFF
                wq = share if sq == best else 0
                cnt[O_CROSS + p * N + q] += sp * sq
                cnt[O_CROSS + N * N + p * N + q] += wp * wq
        cnt[O_GLOB + G_GAMES] += 1
        cnt[O_GLOB + G_BLOCKS] += 1
        cnt[O_GLOB + G_DEALS] += N
        cnt[O_GLOB + G_REDEALS] += redeals
        cnt[O_GLOB + G_UNDERCUTS] += und
        cnt[O_GLOB + G_ASIDE] += aside
        cnt[O_GLOB + G_LAPSED] += lapsed
        cnt[O_GLOB + G_MIDDLE] += middle
    for o in range(ORBITS):
        for v in range(1, 9):
            for f in range(3):
                cnt[O_TAB + (o * 8 + v - 1) * 3 + f] += tab[(o * 9 + v) * 3 + f]


def play(start, stop, deal_key, policy_keys):
    """The engine's count vector (``GameJob.run_chunk(start, stop)``) for games start..stop-1."""
    cnt = np.zeros(SIZE, np.int64)
    run(
        start,
        stop,
        np.uint64(deal_key),
        np.asarray(policy_keys, np.uint64),
        cnt,
        np.zeros(TAB9, np.int64),
        np.zeros(N, np.uint64),
        np.zeros(N, np.int64),
        np.zeros(N, np.int64),
        np.zeros(8, np.int64),
        np.zeros(40, np.int64),
        np.zeros(8, np.int64),
    )
    return cnt
