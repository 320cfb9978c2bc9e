"""An outside opponent for Razzia: ``oneply``, a one-ply Monte Carlo player.

Written only through the public plugin interface (``POLICIES`` and one jitted ``decide``), independent of
the project's search player: it imports no search, state, engine or fast-lane module, only the view layout
(``core.razzia.rules``), the random stream (``core.rng``) and, for the haggling and spielbox questions, the
built-in policies (``core.razzia.policies``). It is used to check that the project's ``search`` beats
players written outside it.

It sees only its view. For the card to play (``K_PLAY``) and, as croupier, the free money card's bar
(``K_FREE``) it draws ``samples`` deals of the cards it has not seen: for each colour and kind, which of the
cards it does not hold went to the discard pile (the view counts them but does not show their values), then
the other players' hands from the rest. In each deal every other player plays a card by a simple model (the
card at the bar with the most money, a police card weighing ``opp_police`` times a gambler; with chance
``opp_noise`` a random card). Each bar is then settled in expectation, with no rollout: a lone gambler takes
the money; police with a gambler take it from the gamblers (police alone, or nothing played: the money
stays); two or more contestants split it as rational haggling does, each responder getting what makes
declining no better, ``p / (1 - p)`` times the proposer's share, ``p`` its exact duel odds against the
proposer (H5, ties as ``duel_tie`` says). Each candidate is scored by its chance of finishing first: every
player's money after the round plus a normal spread for the money still to come (standard deviation
``spread`` x sqrt(money still to come + 8 units), independent players, Gauss-Hermite quadrature), averaged
over the deals (the same deals for every candidate). One term looks past the round: the card played costs
``keep`` units times its strength to hold (value / 6 for police, ``gambler`` times that for a gambler) times
the share of the money still in the money deck. The free card's bar is the one whose best card scores highest.

Delegated to built-ins: the offer (``K_OFFER``) and the answer (``K_ANSWER``) are the built-in exact haggle's
(``haggle=3``, the responder's ``margin`` below), and the spielbox placement of all the round's money
(``K_ALL``) is the built-in placement, all through ``policies.decide`` with greedy's row.

Parameters:

- ``samples`` (64): deals of the unseen cards drawn per decision;
- ``opp_police`` (1.0): an opponent's police card is worth this many times a gambler at the same bar;
- ``opp_noise`` (0.4): chance that an opponent plays a random card instead;
- ``spread`` (1.4): standard deviation of a player's money still to come, per square root of a unit;
- ``margin`` (1.0): the responder's margin of the built-in exact haggle (1 = risk-neutral);
- ``gambler`` (0.5): a gambler's strength to hold, relative to a police card of the same value;
- ``keep`` (8): units a card of full strength is worth held for later, at the start of the game.

The model's numbers (``opp_police``, ``opp_noise``, ``keep``) were chosen by paired runs in the best heuristic's
seat of the default mix at 5 players (4,000 games a variant, seed 12; confirmed on seed 13).

Try::

    razzmatazz razzia play --plugin opponents/razzia_oneply.py --policy oneply --players 5 --games 2000
"""

import math

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.rng import next_u64

POLICIES = [
    PolicySpec(
        "oneply",
        1000,
        (
            Param("samples", 64, 4, 1024, "deals of the unseen cards drawn per decision", integer=True),
            Param("opp_police", 1.0, 0, 4, "an opponent's police card weighs this many times a gambler"),
            Param("opp_noise", 0.4, 0, 1, "chance that an opponent plays a random card"),
            Param("spread", 1.4, 0.05, 10, "sd of a player's money to come per square root of a unit"),
            Param("margin", 1.0, 0, 3, "responder's margin of the built-in exact haggle (1 = risk-neutral)"),
            Param("gambler", 0.5, 0, 2, "a gambler's strength to hold, relative to a police card of its value"),
            Param("keep", 8.0, 0, 40, "units a card's strength is worth kept for later, scaled by the money to come"),
        ),
        "one-ply Monte Carlo player written outside the search player: samples the unseen cards, models the "
        "others as money-greedy, settles each bar in expectation with the duel odds and plays for the win "
        "(opponents/razzia_oneply.py)",
    ),
]

_INV53 = 1.0 / 9007199254740992.0
_S11 = np.uint64(11)
_FLOOR = 8.0
"""Units added to the money still to come in the spread (the round's own duels, the last round)."""
_SLOTS = 12
"""Cards one bar can hold in a deal (at most one a player)."""


def _colour(kind: str, reduced: bool) -> np.ndarray:
    """The values of one colour's cards of ``kind`` in the default table (K2), after the K4 removal or not."""
    out = []
    for k, v, c in R.DEFAULT_CARDS:
        if k != kind:
            continue
        for rk, rv, many in R.REMOVED_PER_COLOUR if reduced else ():
            if (k, v) == (rk, rv):
                c -= c if many is None else min(c, many)
        out += [v] * c
    return np.array(out, np.int64)


def _duel_table(tie_to_caller: bool) -> np.ndarray:
    """``[b, a]``: the chance that the caller with card ``b`` beats the proposer with card ``a`` (H5)."""
    t = np.zeros((8, 8))
    for b in range(8):
        for a in range(8):
            win = sum(b + x > a + y for x in range(1, 7) for y in range(1, 7))
            tie = sum(b + x == a + y for x in range(1, 7) for y in range(1, 7))
            t[b, a] = (win + tie) / 36.0 if tie_to_caller else win / (36.0 - tie)
    return t


_G_FULL, _P_FULL = _colour("gambler", False), _colour("police", False)
_G_RED, _P_RED = _colour("gambler", True), _colour("police", True)
_DUEL_CALLER, _DUEL_REROLL = _duel_table(True), _duel_table(False)
_HX, _HW = np.polynomial.hermite.hermgauss(10)
_QZ = _HX * math.sqrt(2.0)
_QW = _HW / math.sqrt(math.pi)
_TOTAL = sum(v * c for v, c in R.DEFAULT_MONEY) / R.UNIT
_AVG_CARD = sum(v * c for v, c in R.DEFAULT_MONEY) / sum(c for _, c in R.DEFAULT_MONEY) / R.UNIT


@njit(inline="always")
def _uniform(state):
    state, x = next_u64(state)
    return state, (x >> _S11) * _INV53


@njit(inline="always")
def _below(state, n):
    state, u = _uniform(state)
    return state, min(np.int64(u * n), n - 1)


@njit
def _value_of(kind, i, count):
    """The value of card ``i`` of ``count`` of one colour and kind (the default table, reduced or full; another
    count gets the full table's values spread over it)."""
    full = _G_FULL if kind == R.GAMBLER else _P_FULL
    red = _G_RED if kind == R.GAMBLER else _P_RED
    if count == red.shape[0]:
        return red[i]
    if count == full.shape[0]:
        return full[i]
    return full[min(full.shape[0] - 1, i * full.shape[0] // max(count, 1))]


@njit
def _classes(view, seat, cls_vals, cls_n, cls_u):
    """Per bar x kind: the values of the cards the seat does not hold (``cls_vals``, ``cls_n`` of them) and
    how many of those are unseen, i.e. not on the discard pile (``cls_u``)."""
    bars = view[R.ST_BARS]
    for b in range(R.MAX_BARS):
        for k in range(2):
            c = b * 2 + k
            cls_n[c] = 0
            cls_u[c] = 0
            if not (bars >> b) & 1:
                continue
            count = view[R.ST_COLOUR_G] if k == R.GAMBLER else view[R.ST_COLOUR_P]
            m = 0
            for i in range(count):
                cls_vals[c, m] = _value_of(k, i, count)
                m += 1
            mine = 0
            for j in range(R.HAND):
                code = view[R.ST_HAND + seat * R.HAND + j]
                if code >= 0 and R.card_bar(code) == b and R.card_kind(code) == k:
                    mine += 1
                    for i in range(m):
                        if cls_vals[c, i] == R.card_value(code):
                            m -= 1
                            cls_vals[c, i] = cls_vals[c, m]
                            break
            cls_n[c] = m
            cls_u[c] = max(0, min(m, count - mine - view[R.ST_GONE + c]))


@njit
def _deal(state, n, seat, cls_vals, cls_n, cls_u, work, pool, hands):
    """One deal of the other players' hands (card codes, -1 where the unseen cards run out)."""
    npool = 0
    for c in range(2 * R.MAX_BARS):
        m = cls_n[c]
        for i in range(m):
            work[i] = cls_vals[c, i]
        for i in range(cls_u[c]):  # which of the cards not held are unseen (the rest went to the discard pile)
            state, j = _below(state, m - i)
            j += i
            t = work[i]
            work[i] = work[j]
            work[j] = t
            pool[npool] = (c >> 1) * 16 + (c & 1) * 8 + work[i]
            npool += 1
    k = 0
    for o in range(n):
        for j in range(R.HAND):
            hands[o, j] = -1
            if o == seat or k >= npool:
                continue
            state, x = _below(state, npool - k)
            x += k
            t = pool[k]
            pool[k] = pool[x]
            pool[x] = t
            hands[o, j] = pool[k]
            k += 1
    return state


@njit
def _opp_card(hand, units, opw, noisy, pick):
    """The model's card for one opponent: a random one if ``noisy`` (slot ``pick`` or the next held), else the
    card at the richest bar (police weighted by ``opw``, ties to the higher value)."""
    if noisy:
        for i in range(R.HAND):
            c = hand[(pick + i) % R.HAND]
            if c >= 0:
                return c
        return -1
    best, top = -1, -1.0
    for j in range(R.HAND):
        c = hand[j]
        if c < 0:
            continue
        w = opw if R.card_kind(c) == R.POLICE else 1.0
        x = units[R.card_bar(c)] * w + 0.01 * R.card_value(c)
        if x > top:
            best, top = c, x
    return best


@njit(inline="always")
def _strength(c, g):
    """How strong a card is to hold for later, 0 to 1: a police card more than a gambler of its value."""
    v = R.card_value(c) / 6.0
    return v if R.card_kind(c) == R.POLICE else g * v


@njit
def _settle(seats, codes, m, money, croupier, n, duel, gains):
    """Settle one bar in expectation (its ``m`` cards ``codes`` of ``seats``): each contestant's expected money
    added to ``gains``; returns the money that stays at the bar."""
    if m == 0 or money <= 0:
        return money
    police = 0
    gamblers = 0
    for i in range(m):
        if R.card_kind(codes[i]) == R.POLICE:
            police += 1
        else:
            gamblers += 1
    if gamblers == 0:
        return money  # B3: police without a gambler, the money stays
    kind = R.POLICE if police > 0 else R.GAMBLER
    k = police if police > 0 else gamblers
    if k == 1:
        for i in range(m):
            if R.card_kind(codes[i]) == kind:
                gains[seats[i]] += money
        return 0.0
    prop, pv, pd = -1, -1, -1
    for i in range(m):  # H1: the highest value proposes, ties to the furthest clockwise from the croupier
        if R.card_kind(codes[i]) != kind:
            continue
        v = R.card_value(codes[i])
        d = (seats[i] - croupier) % n
        if v > pv or (v == pv and d > pd):
            prop, pv, pd = i, v, d
    total = 1.0
    for i in range(m):
        if i != prop and R.card_kind(codes[i]) == kind:
            p = min(duel[R.card_value(codes[i]), pv], 0.999)
            total += p / (1.0 - p)
    keep = money / total
    gains[seats[prop]] += keep
    for i in range(m):
        if i != prop and R.card_kind(codes[i]) == kind:
            p = min(duel[R.card_value(codes[i]), pv], 0.999)
            gains[seats[i]] += keep * p / (1.0 - p)
    return 0.0


@njit
def _win_chance(tot, n, seat, sigma):
    """P(the seat finishes first) when every player's money to come is normal around the same mean."""
    p = 0.0
    for q in range(_QZ.shape[0]):
        prod = 1.0
        for j in range(n):
            if j != seat:
                x = (tot[seat] - tot[j]) / sigma + _QZ[q]
                prod *= 0.5 * math.erfc(-x * 0.7071067811865476)
        p += _QW[q] * prod
    return p


@njit
def _evaluate(view, row, state, units, hand, nplaces, extra_bar, extra_units, scores):
    """``scores[b, j]`` (summed over the deals): the win chance when the seat plays hand slot ``j`` after
    ``extra_units`` are added to bar ``extra_bar[b]`` (b < ``nplaces``; -1: nothing added)."""
    seat = view[R.V_SEAT]
    n = view[R.ST_PLAYERS]
    croupier = view[R.ST_CROUPIER]
    samples = max(1, int(row[0]))
    opw, noise, spread = row[1], row[2], row[3]
    duel = _DUEL_CALLER if view[R.ST_DUEL_TIE] == 0 else _DUEL_REROLL
    nb = 2 * R.MAX_BARS
    cls_vals = np.zeros((nb, 48), np.int64)
    cls_n = np.zeros(nb, np.int64)
    cls_u = np.zeros(nb, np.int64)
    _classes(view, seat, cls_vals, cls_n, cls_u)
    work = np.zeros(48, np.int64)
    pool = np.zeros(nb * 48, np.int64)
    hands = np.zeros((R.MAX_PLAYERS, R.HAND), np.int64)
    noisy = np.zeros(R.MAX_PLAYERS, np.bool_)
    picks = np.zeros(R.MAX_PLAYERS, np.int64)
    seats = np.zeros((R.MAX_BARS, _SLOTS), np.int64)
    codes = np.zeros((R.MAX_BARS, _SLOTS), np.int64)
    cnt = np.zeros(R.MAX_BARS, np.int64)
    og = np.zeros((R.MAX_BARS, R.MAX_PLAYERS))
    ostay = np.zeros(R.MAX_BARS)
    base = np.zeros(R.MAX_PLAYERS)
    tot = np.zeros(R.MAX_PLAYERS)
    u = np.zeros(R.MAX_BARS)
    s1 = np.zeros(_SLOTS + 1, np.int64)
    c1 = np.zeros(_SLOTS + 1, np.int64)
    won = np.zeros(R.MAX_PLAYERS)
    for o in range(n):
        w = view[R.ST_WON + o]
        won[o] = w if w >= 0 else view[R.ST_WON + seat]
    deck = view[R.ST_MONEY_LEFT] * _AVG_CARD
    later = row[6] * deck / _TOTAL
    last = view[R.ST_LAST_ROUND] != 0
    for _ in range(samples):
        state = _deal(state, n, seat, cls_vals, cls_n, cls_u, work, pool, hands)
        for o in range(n):
            state, x = _uniform(state)
            noisy[o] = x < noise
            state, picks[o] = _below(state, R.HAND)
        for pl in range(nplaces):
            for b in range(R.MAX_BARS):
                u[b] = units[b]
                cnt[b] = 0
            if extra_bar[pl] >= 0:
                u[extra_bar[pl]] += extra_units
            for o in range(n):
                if o == seat:
                    continue
                c = _opp_card(hands[o], u, opw, noisy[o], picks[o])
                if c < 0:
                    continue
                b = R.card_bar(c)
                seats[b, cnt[b]] = o
                codes[b, cnt[b]] = c
                cnt[b] += 1
            stay_all = 0.0
            for o in range(n):
                base[o] = 0.0
            for b in range(R.MAX_BARS):
                for o in range(n):
                    og[b, o] = 0.0
                ostay[b] = _settle(seats[b], codes[b], cnt[b], u[b], croupier, n, duel, og[b])
                stay_all += ostay[b]
                for o in range(n):
                    base[o] += og[b, o]
            for j in range(R.HAND):
                c = hand[j]
                if c < 0:
                    continue
                b = R.card_bar(c)
                for i in range(cnt[b]):
                    s1[i] = seats[b, i]
                    c1[i] = codes[b, i]
                s1[cnt[b]] = seat
                c1[cnt[b]] = c
                for o in range(n):
                    tot[o] = 0.0
                stay = _settle(s1, c1, cnt[b] + 1, u[b], croupier, n, duel, tot)
                for o in range(n):
                    tot[o] += won[o] + base[o] - og[b, o]
                tot[seat] -= later * _strength(c, row[5])
                rest = deck + (0.0 if last else stay_all - ostay[b] + stay)
                sigma = spread * math.sqrt(rest + _FLOOR)
                scores[pl, j] += _win_chance(tot, n, seat, sigma)
    return state


@njit
def decide(pid, row, view, state):
    """The card to play and the free card's bar by one-ply Monte Carlo; the built-in exact haggle otherwise."""
    kind = view[R.V_KIND]
    if kind != R.K_PLAY and kind != R.K_FREE:
        return P.decide(1, np.array([0.5, 0.15, 3.0, row[4]]), view, state)
    seat = view[R.V_SEAT]
    hand = np.zeros(R.HAND, np.int64)
    for j in range(R.HAND):
        hand[j] = view[R.ST_HAND + seat * R.HAND + j]
    units = np.zeros(R.MAX_BARS)
    for b in range(R.MAX_BARS):
        units[b] = view[R.ST_BAR_UNITS + b]
    places = np.full(R.MAX_BARS, -1, np.int64)
    nplaces = 1
    extra = 0.0
    if kind == R.K_FREE:
        nplaces = 0
        for b in range(R.MAX_BARS):
            if (view[R.ST_BARS] >> b) & 1:
                places[nplaces] = b
                nplaces += 1
        extra = float(view[R.ST_DENOM + view[R.V_VALUE]])
    scores = np.zeros((R.MAX_BARS, R.HAND))
    state = _evaluate(view, row, state, units, hand, nplaces, places, extra, scores)
    best_place, best_slot, top = 0, -1, -1.0
    for pl in range(nplaces):
        for j in range(R.HAND):
            if hand[j] >= 0 and scores[pl, j] > top:
                best_place, best_slot, top = pl, j, scores[pl, j]
    if kind == R.K_FREE:
        return np.int64(places[best_place]), state
    return np.int64(max(best_slot, 0)), state
