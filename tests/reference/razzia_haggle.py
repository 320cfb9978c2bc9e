"""Brute-force solver of the exact haggle (ruling H11 in ``seeds/razzia.md``), plain Python and exact fractions.

Written from the rules (H1, H5-H8), not from ``core/razzia/haggle.py``: every division of the bar's money
cards is enumerated (per denomination every split among the contestants), each responder's answer is
derived from its H6 duel odds counted over the 36 throws, and the proposer's expected money from the
duels that follow, every throw enumerated (ties rethrown as a geometric series, roll-offs over all
6^m throws). :func:`solve` returns the best division by the documented tie-break.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

EPS = Fraction(1, 10**9)


@cache
def beats(vx: int, vy: int, tie: int) -> Fraction:
    """P(x beats y in one duel, H5): a tie goes to x (1), to y (-1) or is thrown again (0)."""
    win = sum(1 for dx in range(1, 7) for dy in range(1, 7) if dx + vx > dy + vy)
    lose = sum(1 for dx in range(1, 7) for dy in range(1, 7) if dx + vx < dy + vy)
    if tie == 1:
        return Fraction(36 - lose, 36)
    if tie == -1:
        return Fraction(win, 36)
    return Fraction(win, win + lose)


def proposer(n: int, croupier: int, values: dict[int, int]) -> int:
    """H1 (``furthest clockwise``): the highest card, then the furthest clockwise from the croupier."""
    return max(values, key=lambda s: (values[s], (s - croupier) % n))


def _tie(a: int, b: int, p: int, decl: set[int], called: bool, reroll: bool) -> int:
    """H5 for a duel between a and b: 1 the tie is a's, -1 b's, 0 thrown again."""
    if reroll:
        return 0
    if called:
        return 1 if a == p else (-1 if b == p else 0)
    if (a in decl) != (b in decl):
        return 1 if a in decl else -1
    return 0


def knockout_order(n: int, croupier: int, values: dict[int, int], p: int, decl: set[int], many: str) -> list[int]:
    """H7, H8: the entrants in order (the proposer, then the decliners clockwise, for ``many_order seat``)."""
    seats = [p] + [(p + i) % n for i in range(1, n) if (p + i) % n in decl]
    m = len(seats)
    if m >= 4 and many == "seat":
        return seats
    ranked = sorted(seats, key=lambda s: (-values[s], (s - croupier) % n))
    out = [None] * m
    for v in sorted({values[s] for s in seats}, reverse=True):  # equal values: the nearer enters earlier
        ranks = [r for r in range(m) if values[ranked[r]] == v]
        slots = sorted(0 if r == 0 else m - r for r in ranks)
        for slot, r in zip(slots, ranks):
            out[slot] = ranked[r]
    return out


def p_knockout(
    order: list[int], values: dict[int, int], p: int, decl: set[int], called: bool, reroll: bool
) -> Fraction:
    """P(the proposer wins the knockout): the holder's distribution entrant by entrant."""
    hold = {order[0]: Fraction(1)}
    for e in order[1:]:
        new: dict[int, Fraction] = {}
        for h, ph in hold.items():
            w = beats(values[h], values[e], _tie(h, e, p, decl, called, reroll))
            new[h] = new.get(h, 0) + ph * w
            new[e] = new.get(e, 0) + ph * (1 - w)
        hold = new
    return hold.get(p, Fraction(0))


def p_rolloff(players: tuple[int, ...], values: dict[int, int], p: int) -> Fraction:
    """P(the proposer wins a roll-off): all throw, the best total wins, the tied throw again."""
    return _rolloff(tuple(sorted(values[s] for s in players if s != p)), values[p])


@cache
def _rolloff(others: tuple[int, ...], vp: int) -> Fraction:
    """:func:`p_rolloff` for the proposer's card ``vp`` against the cards ``others`` (every throw)."""
    cards = (vp,) + others
    stay = Fraction(0)
    win = Fraction(0)
    unit = Fraction(1, 6 ** len(cards))
    for dice in itertools.product(range(1, 7), repeat=len(cards)):
        totals = [d + v for d, v in zip(dice, cards)]
        top = max(totals)
        if totals[0] != top:
            continue
        tied = tuple(sorted(v for v, t in zip(others, totals[1:]) if t == top))
        if len(tied) == len(others):
            stay += unit
        elif not tied:
            win += unit
        else:
            win += unit * _rolloff(tied, vp)
    return win / (1 - stay)


def accepts(x: int, q: Fraction, stake: int) -> bool:
    return x >= q * stake


def p_chance(n, croupier, values, p, decl, rules, called=False):
    """The proposer's chance to win what is at stake when ``decl`` (one or more) decline."""
    key = (n, croupier, tuple(sorted(values.items())), p, frozenset(decl), tuple(sorted(rules.items())), called)
    if key not in _CHANCES:
        _CHANCES[key] = _p_chance(n, croupier, values, p, decl, rules, called)
    return _CHANCES[key]


_CHANCES: dict = {}


def _p_chance(n, croupier, values, p, decl, rules, called):
    reroll = rules["duel_tie"] == "reroll"
    if len(decl) == 1:
        (o,) = decl
        return beats(values[p], values[o], _tie(p, o, p, decl, called, reroll))
    if rules["multi_duel"] == "rolloff":
        return p_rolloff(tuple([p] + sorted(decl)), values, p)
    order = knockout_order(n, croupier, values, p, decl, rules["many_order"])
    return p_knockout(order, values, p, decl, called, reroll)


def worth(n, croupier, values, p, resp, shares, total, rules):
    """The proposer's expected units from a division (``shares``: units per responder) and the decliners."""
    mine = total - sum(shares.values())
    own = rules["one_declines"] == "own_share" and len(resp) >= 2
    tie_caller = rules["duel_tie"] == "caller"
    decl = set()
    for o in resp:
        x = shares[o]
        q = beats(values[o], values[p], 1 if tie_caller else 0)
        stake = total if len(resp) == 1 else (x if own else mine + x)
        if not accepts(x, q, stake):
            decl.add(o)
    if not decl:
        return Fraction(mine), decl
    f = p_chance(n, croupier, values, p, decl, rules)
    if own and len(decl) == 1:
        (o,) = decl
        return mine + f * shares[o], decl
    return f * (mine + sum(shares[o] for o in decl)), decl


def splits(c: int, r: int):
    """Every way to give r responders cards out of c (the proposer keeps the rest)."""
    for ys in itertools.product(range(c + 1), repeat=r):
        if sum(ys) <= c:
            yield ys


def solve(n: int, croupier: int, values: dict[int, int], money: dict[int, int], rules: dict):
    """The exact haggle: ``values`` {seat: card value} of the contestants, ``money`` {denomination units:
    cards}. Returns (proposer, choice, worth): choice ``"no_offer"`` or {seat: units} (the proposer's too)."""
    p = proposer(n, croupier, values)
    resp = [(p + i) % n for i in range(1, n) if (p + i) % n in values]
    total = sum(v * c for v, c in money.items())
    seen = {}
    for per_denom in itertools.product(*(list(splits(c, len(resp))) for c in money.values())):
        shares = {o: sum(v * ys[j] for v, ys in zip(money, per_denom)) for j, o in enumerate(resp)}
        key = tuple(shares[o] for o in resp)
        if key not in seen:
            seen[key] = worth(n, croupier, values, p, resp, shares, total, rules)
    best = max(v for v, _ in seen.values())
    cands = [k for k, (v, _) in seen.items() if v >= best - EPS]
    key = min(cands, key=lambda k: (len(seen[k][1]), sum(k), k))  # fewest duels, most kept, least to the first
    value = seen[key][0]
    if rules.get("offer_duel"):
        call = p_chance(n, croupier, values, p, set(resp), rules, called=True) * total
        if call > value + EPS:
            return p, "no_offer", call
    shares = dict(zip(resp, key))
    shares[p] = total - sum(key)
    return p, shares, value
