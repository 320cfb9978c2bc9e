"""The fast lane's built-in policies (:mod:`.fast`): their answers computed on the packed table by the same rules
as :mod:`.policies`: the card each plays (:func:`_choose`; ``random``, ``lowest``, ``undercut``, ``holdlow``,
and ``thief`` and ``expect`` by :func:`_scored`) and the odd chips' givers a ``tie chooser`` collector picks
(:func:`_givers`), with the bit tricks they read hands with.

The packing (``scripts/ceiling/riffifi_nb.py``'s): a hand is a card mask with a byte per colour (bit ``v - 1``
for value ``v``), ``up`` a byte per colour (the face-up card's value in the low nibble, 9 for none, its owner
above), ``stay`` the cards of each colour that would lie face up if played, and a colour's chips the bytes of one
word (seats 0-4, the middle at byte 5). Selects where a branch would be mispredicted in a mixed lineup.
"""

from __future__ import annotations

import numpy as np
from llvmlite import binding, ir
from numba import types
from numba.core import cgutils, config
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from razzmatazz.core.jit import njit
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.rng import next_u64

_ALL = 0xFFFFFFFFFF
_HIGH_BITS = 0x8080808080
_MIDDLE = 8 * R.MIDDLE
"""Shift of the middle's byte in a colour's chip word."""
_ONE_PER_COLOUR = 0x0101010101
_NEAR_53 = np.uint64((1 << 53) - 16)
_LOW_53 = np.uint64((1 << 53) - 1)
_S53 = np.uint64(53)
_POP8 = np.array([bin(m).count("1") for m in range(256)], np.int64)
_NTH8 = np.array(
    [[[i for i in range(8) if m >> i & 1][r] if r < bin(m).count("1") else 0 for r in range(8)] for m in range(256)],
    np.int64,
).ravel()
"""``_NTH8[8 * m + r]``: the r-th set bit of the byte m."""
_RANDOM, _LOWEST, _UNDERCUT, _HOLDLOW, _THIEF, _EXPECT = (
    P.RANDOM.id,
    P.LOWEST.id,
    P.UNDERCUT.id,
    P.HOLDLOW.id,
    P.THIEF.id,
    P.EXPECT.id,
)
"""``thief``'s survival odds (:func:`.policies._play`)."""


@njit(cache=True, _nrt=False, inline="always")
def _fold(m):
    """The values (bit v-1) present in any colour of the card mask ``m``."""
    return (m | (m >> 8) | (m >> 16) | (m >> 24) | (m >> 32)) & 0xFF


@njit(cache=True, _nrt=False, inline="always")
def _lowest(m):
    """The card of the lowest value in the non-empty mask ``m`` (ties: the lowest colour)."""
    b = trailing_zeros(_fold(m))
    return trailing_zeros((m >> b) & _ONE_PER_COLOUR) + b


@njit(cache=True, _nrt=False, inline="always")
def _highest(m):
    """The card of the highest value in the non-empty mask ``m`` (ties: the lowest colour)."""
    b = 63 - leading_zeros(_fold(m))
    return trailing_zeros((m >> b) & _ONE_PER_COLOUR) + b


@njit(cache=True, _nrt=False, inline="always")
def _lowest_up(hand, stay):
    """``lowest``: the lowest card that stays face up, else the lowest card."""
    m = hand & stay
    return _lowest(m) if m else _lowest(hand)


@njit(cache=True, _nrt=False, inline="always")
def _undercut(hand, up, s, min_claim):
    """``undercut``: the highest card under the largest opponent claim of at least ``min_claim``, or -1.

    Selects instead of branches, here and in :func:`_scored`: a policy's branches are mispredicted far
    more often when its seat sits among other policies (about twice its cost alone) than when every seat
    plays it; the key ``claim * 16 + value`` orders the candidates as the rule does."""
    best, best_key = -1, 0
    for c in range(R.N_COLOURS):
        b = (up >> (8 * c)) & 0xFF
        claim = b & 15
        m = (hand >> (8 * c)) & ((1 << (claim - 1)) - 1)
        v = 64 - leading_zeros(m)
        ok = (claim < 9) & ((b >> 4) != s) & (claim >= min_claim) & (m != 0)
        key = ((claim << 4) | v) & -np.int64(ok)
        better = key > best_key
        best = 8 * c + v - 1 if better else best
        best_key = key if better else best_key
    return best


@njit(cache=True, _nrt=False, inline="always")
def _holdlow(hand, stay, keep):
    """``holdlow``: keeps its ``keep`` lowest cards and plays the highest other card that stays face up."""
    reserved = 0
    if P._popcount(hand) > keep:
        rest = hand
        for _ in range(keep):
            low = np.int64(1) << _lowest(rest)
            rest &= ~low
            reserved |= low
    free = hand & ~reserved
    if free & stay:
        return _highest(free & stay)
    return _highest(free) if free else _lowest(hand)


@njit(cache=True, _nrt=False, inline="always")
def _scored(hand, s, n, up, stay, chips, total, hidden, surv, at, steal, lead, deny, save):
    """``thief`` and ``expect`` (:func:`.policies._best_scored`): the card of the best score, each score in the
    same operations as ``_score``; ``stay`` the cards that would lie face up, ``surv[at + u]`` the survival
    odds of this turn (``u``: unseen lower cards), ``total`` the chips of a colour (the middle's and all
    seats', D10).

    The candidates are the cards that would lie face up and, of each colour's others (set aside), only the
    lowest: it scores more than they do (``-0.01 * v``) and comes before them. One loop over the candidates
    in card order (the order of ``_best_scored``), each scored both ways and the right score selected,
    mispredicts less than a loop per colour."""
    best, top = -1, -1e300
    opponents = ((np.int64(1) << (8 * n)) - 1) ^ (np.int64(0xFF) << (8 * s))
    aside = hand & ~stay
    cands = (hand & stay) | (aside & ~((aside | _HIGH_BITS) - _ONE_PER_COLOUR))  # and each colour's lowest aside
    while cands:
        card = trailing_zeros(cands)
        cands &= cands - 1
        sh = card & ~7
        vb = card & 7
        b = (up >> sh) & 0xFF
        up_value = b & 15
        denied = deny * (up_value if up_value < 9 and (b >> 4) != s else 0)
        w = chips[card >> 3]
        own = (w >> (8 * s)) & 0xFF
        middle = (w >> _MIDDLE) & 0xFF
        leads = (
            (lead > 0.0) & (own > 0) & (((((w & opponents) | _HIGH_BITS) - own * _ONE_PER_COLOUR) & _HIGH_BITS) == 0)
        )
        penalty = lead if leads else 0.0  # it leads every opponent in this colour (x - 0.0 == x)
        room = min(R.CAP, total) - own  # what a claim could collect: the cap, or every chip not its own
        low = (hidden >> sh) & 0xFF
        got = min(vb + 1, room)
        gain = got + steal * max(0, got - middle)
        gain -= penalty
        score = surv[at + _POP8[low & ((1 << vb) - 1)]] * gain + denied
        if save != 0.0:  # x - 0.0 * k == x: thief's copy has no saving term
            score -= save * max(0, 4 - vb)
        score = score if (stay >> card) & 1 else -0.01 * (vb + 1)
        better = score > top
        best = card if better else best
        top = score if better else top
    return best


@njit(cache=True, _nrt=False, inline="always")
def _nth_card_counted(hand, i):
    """The ``i``-th card of ``hand`` (by id, from 0) without a loop: the colour by prefix counts, then a table."""
    x = hand - ((hand >> 1) & 0x5555555555)
    x = (x & 0x3333333333) + ((x >> 2) & 0x3333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F  # cards per colour
    prefix = (x * _ONE_PER_COLOUR) & _ALL  # byte c: cards of colours 0..c
    below = (((i * _ONE_PER_COLOUR) | _HIGH_BITS) - prefix) & _HIGH_BITS  # byte c: prefix <= i
    c = (((below >> 7) * _ONE_PER_COLOUR) >> 32) & 0xFF
    r = i - (((prefix << 8) >> (8 * c)) & 0xFF)
    return 8 * c + _NTH8[8 * ((hand >> (8 * c)) & 0xFF) + r]


def _has_pdep() -> bool:
    """True if the kernels are compiled for a CPU with a fast BMI2 ``pdep``: the host, unless numba is told a
    target CPU or features (AMD's Zen 1 and 2 have ``pdep`` in microcode, slower than the table)."""
    name, features = getattr(config, "CPU_NAME", None), getattr(config, "CPU_FEATURES", None)  # set by numba
    if name or features:
        return "+bmi2" in (features or "")
    try:
        return bool(binding.get_host_cpu_features().get("bmi2", False)) and binding.get_host_cpu_name() not in (
            "znver1",
            "znver2",
        )
    except RuntimeError:
        return False


@intrinsic
def _pdep(typingctx, x, mask):
    """BMI2's parallel bit deposit of ``x`` into the set bits of ``mask`` (int64)."""

    def codegen(context, builder, sig, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        return builder.call(cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi.pdep.64"), args)

    return types.int64(types.int64, types.int64), codegen


@njit(cache=True, _nrt=False, inline="always")
def _nth_card_pdep(hand, i):
    """The ``i``-th card of ``hand`` (by id, from 0) by one ``pdep``."""
    return trailing_zeros(_pdep(np.int64(1) << i, hand))


_nth_card = _nth_card_pdep if _has_pdep() else _nth_card_counted


@njit(cache=True, _nrt=False, inline="always")
def _random_card(hand, k, pstate):
    """``random``'s card (:func:`.policies._random_bit` on a hand of ``k`` cards): ``int(u * k)`` in integers,
    the float product only where rounding could reach the next integer (within 16 of 2**53)."""
    pstate, x = next_u64(pstate)
    m = x >> P._S11
    prod = m * np.uint64(k)
    i = np.int64(prod >> _S53)
    if (prod & _LOW_53) >= _NEAR_53:
        i = min(int(m * P._INV53 * k), k - 1)
    return _nth_card(hand, i), pstate


@njit(cache=True, _nrt=False, inline="always")
def _leader(tied, s, n, score, total):
    """``.policies.leader``: the seat of ``tied`` with the most points (``score``, plus its byte of the sum
    ``total`` of the chip words), on equal points the one nearest the left of ``s``."""
    best, most = -1, -1
    for i in range(1, n):
        o = s + i if s + i < n else s + i - n
        pts = score[o] + ((total >> (8 * o)) & 0xFF)
        if (tied >> o) & 1 and pts > most:
            best, most = o, pts
    return best


@njit(cache=True, _nrt=False)
def _givers(pid, tied, odd, s, n, score, total, ps):
    """``tie chooser``: the seats of ``tied`` that the collector ``s``'s built-in policy ``pid`` picks, one odd
    chip at a time (:func:`.policies.decide` for ``K_SPLIT``: ``random`` any, the others the leader); returns
    (mask, stream). The leader by points before the claim: the tied seats lose the same share."""
    chosen = 0
    for _ in range(odd):
        if pid == _RANDOM:
            ps, o = P._random_bit(ps, tied)
        else:
            o = _leader(tied, s, n, score, total)
        chosen |= np.int64(1) << o
        tied &= ~(np.int64(1) << o)
    return chosen, ps


@njit(cache=True, _nrt=False, inline="always")
def _choose(pid, params, p, hand, k, s, n, up, stay, chips, total, hidden, surv, at, pstate):
    """The card built-in policy ``pid`` (parameters ``params[p]``) plays from ``hand`` (``k`` cards), on the
    state as seat ``s`` sees it (``hidden``: the cards it has not seen); returns (card, stream)."""
    if pid == _RANDOM:
        return _random_card(hand, k, pstate)
    if pid == _LOWEST:
        return _lowest_up(hand, stay), pstate
    if pid == _UNDERCUT:
        card = _undercut(hand, up, s, params[p, 0])
        return (card if card >= 0 else _lowest_up(hand, stay)), pstate
    if pid == _HOLDLOW:
        return _holdlow(hand, stay, int(params[p, 0])), pstate
    if pid == _THIEF:
        card = _scored(
            hand, s, n, up, stay, chips, total, hidden, surv, at, params[p, 0], params[p, 1], params[p, 2], 0.0
        )
        return card, pstate
    return _scored(hand, s, n, up, stay, chips, total, hidden, surv, at, 1.0, 0.0, params[p, 1], params[p, 2]), pstate
