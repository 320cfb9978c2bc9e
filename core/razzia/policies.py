"""Razzia policies: ``decide(id, params, view, state) -> (answer, state)``, one dispatcher.

A policy sees only its seat's view (layout and decision kinds ``K_*`` in :mod:`.rules`) and draws
randomness from its seat's stream (``razzia/policy``, seat). The four decision points are all
asked of the same policy: where the free money card goes (``K_FREE``) or all of a spielbox round's
money (``K_ALL``), the card to play (``K_PLAY``), the offer as proposer (``K_OFFER``; the division is
written into the view's ``V_OFFER``), and accept or duel (``K_ANSWER``).

A lineup entry is one policy id and one parameter row, so every built-in policy is a *play* policy
combined with *haggling* parameters in the same row (the last two of every row except ``random``):

* ``haggle``: 3 exact (the default: the haggle subgame solved, :mod:`.haggle`), 0 rational (the
  earlier heuristic, kept for comparison), 1 always accept, 2 always duel. Exact: as responder, the
  rational rule below with P and the comparison in exact integers; as proposer, the division of the
  best expected money against such responders (every formable division, knockouts included; above
  ``haggle.MAX_DIVISIONS`` divisions the rational offer; with two contestants and no ``offer_duel`` the
  rational offer, which is then the exact one, tested against the brute force). Rational: as responder, accept when the
  share offered is at least ``margin`` x P(win the duel) x the money at stake (the proposer's and its
  own share under ``one_declines remainder``, its own share under ``own_share`` with three or more
  contestants; P exact from the two cards and ``duel_tie``). As proposer, offer each other contestant
  the smallest amount that can be formed from the bar's money cards (no change, H2) that a
  rational responder accepts; with two contestants, if keeping the rest is worth less than the
  proposer's own duel chance, it offers nothing (the responder duels). Baselines 1 and 2 keep all the
  money as proposer.
* ``margin``: the responder's risk attitude (1 = risk-neutral, note H10).

Placement (every policy but ``random``): the free card goes to the bar where the seat holds its
highest gambler (none: the richest bar); under spielbox the largest card goes there and the others
to the bars left to right. An illegal answer is replaced as :mod:`.rules` says. Ids are stable:
never renumber, only add. Users' policies take ids from :data:`USER_ID`.

``search`` (:data:`SEARCH`) is not decided here: the engine asks :mod:`.search` for its moves (it needs
the lineup and the settings, not only the view); where nothing searches, it plays as its rollout policy.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.jit import njit
from razzmatazz.core.policy import Param, PolicySpec, Registry
from razzmatazz.core.razzia import haggle as H
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.rng import next_u64
from razzmatazz.core.search import budget_params

USER_ID = 1000
"""Policy ids from here on belong to users' own policies."""
_INV53 = 1.0 / 9007199254740992.0
_S11 = np.uint64(11)

REGISTRY = Registry("razzia")
_HAGGLE = Param(
    "haggle",
    3,
    0,
    3,
    "3 exact (the haggle solved), 0 rational (the old offer), 1 always accept, 2 always duel",
    integer=True,
)
_MARGIN = Param("margin", 1.0, 0, 3, "a responder (exact or rational) accepts a share >= margin x P(win) x stake")
RANDOM = REGISTRY.add(
    PolicySpec(
        "random",
        0,
        (
            Param("accept", 0.5, 0, 1, "chance of accepting an offer"),
            Param("no_offer", 0.2, 0, 1, "chance of calling a duel instead of offering (offer_duel on)"),
        ),
        "random card, random bar, random division of the money, random answers",
    )
)
GREEDY = REGISTRY.add(
    PolicySpec(
        "greedy",
        1,
        (
            Param("police_weight", 0.5, 0, 2, "worth of a police card relative to a gambler at the same bar"),
            Param("value_weight", 0.15, 0, 1, "extra worth per gambler value point above 3.5"),
            _HAGGLE,
            _MARGIN,
        ),
        "greedy expected value: the card whose bar holds the most money, weighted by kind and value",
    )
)
CROWD = REGISTRY.add(
    PolicySpec(
        "crowd",
        2,
        (
            Param("avoid", 1, 0, 5, "the richest bars avoided (everyone else goes there)", integer=True),
            _HAGGLE,
            _MARGIN,
        ),
        "crowd-avoider: its best gambler at the richest bar outside the `avoid` richest ones",
    )
)
BIGPOT = REGISTRY.add(
    PolicySpec(
        "bigpot",
        3,
        (
            Param("threshold", 8, 0, 60, "plays police at a bar holding at least this many $5,000 units"),
            _HAGGLE,
            _MARGIN,
        ),
        "police on big pots: a police card at the richest bar above the threshold, else greedy",
    )
)
HUNTER = REGISTRY.add(
    PolicySpec(
        "hunter",
        4,
        (
            Param("min_prob", 0.5, 0, 1, "plays police where P(a gambler is played there) is at least this"),
            _HAGGLE,
            _MARGIN,
        ),
        "police hunter: police at the bar most likely to draw a gambler (unseen gamblers of that colour, "
        "opponents drawn to money), else greedy",
    )
)

SEARCH = REGISTRY.add(
    PolicySpec(
        "search",
        5,
        (
            *budget_params(64, 1, 12),
            Param(
                "rollout",
                3,
                0,
                4,
                "the built-in policy (id) that plays the search seat in its rollouts, at its defaults",
                integer=True,
            ),
            Param(
                "lead",
                2,
                0,
                3,
                "a rollout cut short by depth: 0 lets the money alone decide, 1 counts leading in money as a win, "
                "2 scores the chance of finishing first (money held, hands' strength, the money to come's spread), "
                "3 as 2 with the last round's bars settled in expectation (exact duel odds) once its cards are down",
                integer=True,
            ),
            Param("keep", 8.0, 0, 40, "lead>=2: units a card of full strength is worth held, at the game's start"),
            Param("spread", 1.4, 0.05, 10, "lead>=2: sd of a player's money to come per square root of a unit"),
            Param(
                "played",
                1,
                0,
                1,
                "1: the cards played face down before its turn drawn as the field's model plays them, 0: at random",
                integer=True,
            ),
            Param(
                "race",
                2.0,
                0,
                10,
                "above 0: stop sampling once the best candidate's win score leads every other's by more than this "
                "many standard errors of their paired difference (checked from 8 samples on); 0: every sample",
            ),
        ),
        "at each decision, samples the unseen cards from its seat's observation, plays each candidate "
        "on against the lineup's policies and keeps the best by win rate, then money (core/razzia/search.py)",
    )
)
SEARCH_ID = SEARCH.id

# Tuned presets (seeds/razzia.md, "Tuned presets": the tune command, seed, budget and confirmation of each):
# each row tuned by CMA-ES in seat 1 of 5 against the other four policies of the untuned default mix.
GREEDY_TUNED = REGISTRY.preset(
    "greedy-tuned",
    "greedy:police_weight=1.048,value_weight=0.011,margin=0.036",
    "greedy tuned against hunter, bigpot, crowd, random (5 players): +5.4 win points, established (seeds/razzia.md)",
)
HUNTER_TUNED = REGISTRY.preset(
    "hunter-tuned",
    "hunter:min_prob=0.532,margin=1.575",
    "hunter tuned against greedy, bigpot, crowd, random (5 players): +0.2 win points, established (seeds/razzia.md)",
)
BIGPOT_TUNED = REGISTRY.preset(
    "bigpot-tuned",
    "bigpot:threshold=10.98,margin=1.326",
    "bigpot tuned against greedy, hunter, crowd, random (5 players): +5.4 win points, established (seeds/razzia.md)",
)
SEARCH_STRONG = REGISTRY.preset(
    "search-strong",
    "search:samples=128,depth=2",
    "search at a strong budget: 128 samples, raced, rollouts two rounds deep; the strongest budget measured, "
    "+1.2 win points over the default (not established) at 3.3 times its time (BENCHMARKS.md, seeds/razzia.md)",
)
SEARCH_ROLLOUT = 2
"""Where a search row holds its rollout policy's id; :func:`kernel_row` puts that policy's row after it."""
SEARCH_LEAD = 3
SEARCH_KEEP = 4
SEARCH_SPREAD = 5
SEARCH_PLAYED = 6
SEARCH_RACE = 7
SEARCH_MODEL = 8


def kernel_row(policy) -> np.ndarray:
    """The parameter row the kernels get for ``policy``: its row; for ``search`` the row followed by its
    rollout policy's default row (what the engine plays the seat with where it does not search)."""
    if policy.spec.id != SEARCH_ID:
        return policy.row
    return np.r_[policy.row, REGISTRY.by_id(int(policy.row[SEARCH_ROLLOUT])).defaults()]


_HAGGLE_AT = np.array([0, 2, 1, 1, 1], np.int64)
"""Where each built-in policy's row holds haggle (margin follows it)."""

# scratch space of the built-in policies (see :func:`decide`): fixed parts, then the knapsack's table
SCR_POOL = 0
SCR_DENOMS = SCR_POOL + R.MAX_DENOMS
SCR_TAKE = SCR_DENOMS + R.MAX_DENOMS
SCR_BEST = SCR_TAKE + R.MAX_DENOMS
SCR_TARGETS = SCR_BEST + R.MAX_PLAYERS * R.MAX_DENOMS
SCR_PARENT = SCR_TARGETS + 8
KNAPSACK = 1024
"""Entries of the knapsack's table of :func:`_smallest_formable` in the scratch (a bar's money up to
KNAPSACK - 1 units; more is allocated)."""
BITSET_UNITS = 64
"""Bars of fewer units use :func:`_bit_knapsack` (a sum per bit of a 64-bit word)."""
SCRATCH_LEN = SCR_PARENT + KNAPSACK
"""A view at least ``VIEW_LEN + SCRATCH_LEN`` long (the engine's workspace) lends the built-in policies
``view[VIEW_LEN:VIEW_LEN + SCRATCH_LEN]`` as scratch space; for a shorter one they allocate it."""


@njit(cache=True)
def no_user_policy(pid, row, view, state):
    """The user function of a run without users' policies (never called)."""
    return np.int64(-1), state


@njit(cache=True, _nrt=False)
def _uniform(state):
    state, x = next_u64(state)
    return state, (x >> _S11) * _INV53


@njit(cache=True, _nrt=False)
def _below(state, k):
    state, u = _uniform(state)
    return state, min(int(u * k), k - 1)


@njit(cache=True, _nrt=False)
def duel_chance(b, a, tie_to_caller):
    """P(the caller with card ``b`` beats the proposer with card ``a``) in a two-way duel (H5)."""
    win, tie = H.throw_counts(b, a)
    if tie_to_caller:
        return (win + tie) / 36.0
    return win / (36.0 - tie)


@njit(cache=True, _nrt=False, inline="always")
def _bar_units(view, b):
    return view[R.ST_BAR_UNITS + b]


@njit(cache=True, _nrt=False)
def _best_gambler_bar(view):
    """The bar where the seat holds its highest gambler (-1 if none)."""
    s = view[R.V_SEAT]
    best, bv = -1, 0
    for j in range(R.HAND):
        c = view[R.ST_HAND + s * R.HAND + j]
        if c >= 0 and R.card_kind(c) == R.GAMBLER and R.card_value(c) > bv:
            best, bv = R.card_bar(c), R.card_value(c)
    return best


@njit(cache=True, _nrt=False)
def _richest_bar(view, skip_mask):
    best, most = -1, -1
    bars = view[R.ST_BARS]
    for b in range(R.MAX_BARS):
        if (bars >> b) & 1 and not (skip_mask >> b) & 1 and _bar_units(view, b) > most:
            best, most = b, _bar_units(view, b)
    return best


@njit(cache=True, _nrt=False)
def _random_bar(state, view):
    bars = view[R.ST_BARS]
    state, k = _below(state, view[R.ST_NBARS])
    for b in range(R.MAX_BARS):
        if (bars >> b) & 1:
            if k == 0:
                return state, b
            k -= 1
    return state, -1


@njit(cache=True, _nrt=False)
def _place_free(view):
    b = _best_gambler_bar(view)
    return b if b >= 0 else _richest_bar(view, 0)


@njit(cache=True, _nrt=False)
def _place_all(view):
    """Largest drawn card to the best bar, the others to the bars left to right."""
    k = view[R.V_NDRAWN]
    big = 0
    for i in range(k):
        if view[R.V_DRAWN + i] > view[R.V_DRAWN + big]:
            big = i
    target = _place_free(view)
    bars = view[R.ST_BARS]
    ans = np.int64(0)
    b = 0
    for i in range(k):
        if i == big:
            t = target
        else:
            while not (bars >> b) & 1:
                b += 1
            t = b
            b += 1
        ans |= np.int64(t) << np.int64(3 * i)
    return ans


@njit(cache=True, _nrt=False)
def _random_all(state, view, scr):
    """Every bar once and one random bar more, in a random order."""
    k = view[R.V_NDRAWN]
    targets = scr[SCR_TARGETS : SCR_TARGETS + 8]
    bars = view[R.ST_BARS]
    m = 0
    for b in range(R.MAX_BARS):
        if (bars >> b) & 1:
            targets[m] = b
            m += 1
    state, targets[m] = _random_bar(state, view)
    for i in range(k - 1, 0, -1):
        state, j = _below(state, i + 1)
        t = targets[i]
        targets[i] = targets[j]
        targets[j] = t
    ans = np.int64(0)
    for i in range(k):
        ans |= targets[i] << np.int64(3 * i)
    return state, ans


@njit(cache=True, _nrt=False, inline="always")
def _card(view, j):
    return view[R.ST_HAND + view[R.V_SEAT] * R.HAND + j]


@njit(cache=True, _nrt=False)
def _greedy(view, police_weight, value_weight):
    best, top = 0, -1e300
    for j in range(R.HAND):  # selects without branching on the cards, whose kinds and scores are unpredictable
        c = _card(view, j)
        v = R.card_value(c)
        weight = police_weight if R.card_kind(c) == R.POLICE else 1.0 + value_weight * (v - 3.5)
        x = _bar_units(view, R.card_bar(max(c, 0))) * weight + 0.001 * v
        better = c >= 0 and x > top
        best = j if better else best
        top = x if better else top
    return best


@njit(cache=True, _nrt=False)
def _crowd(view, avoid):
    skip = 0
    for _ in range(avoid):
        b = _richest_bar(view, skip)
        if b < 0:
            break
        skip |= 1 << b
    best, top = -1, -1e300
    for j in range(R.HAND):
        c = _card(view, j)
        if c < 0 or R.card_kind(c) != R.GAMBLER or (skip >> R.card_bar(c)) & 1:
            continue
        x = _bar_units(view, R.card_bar(c)) + 0.01 * R.card_value(c)
        if x > top:
            best, top = j, x
    return best if best >= 0 else _greedy(view, 0.5, 0.15)


@njit(cache=True, _nrt=False)
def _bigpot(view, threshold):
    best, top = -1, -1
    for j in range(R.HAND):
        c = _card(view, j)
        if c >= 0 and R.card_kind(c) == R.POLICE:
            m = _bar_units(view, R.card_bar(c))
            if m >= threshold and m > top:
                best, top = j, m
    return best if best >= 0 else _greedy(view, 0.0, 0.15)


@njit(cache=True, _nrt=False)
def _hunter(view, min_prob):
    s = view[R.V_SEAT]
    n = view[R.ST_PLAYERS]
    total = 0
    for b in range(R.MAX_BARS):
        if (view[R.ST_BARS] >> b) & 1:
            total += _bar_units(view, b) + 1
    best, top = -1, -1.0
    for j in range(R.HAND):
        c = _card(view, j)
        if c < 0 or R.card_kind(c) != R.POLICE:
            continue
        b = R.card_bar(c)
        g = view[R.ST_COLOUR_G] - view[R.ST_GONE + 2 * b]
        p = view[R.ST_COLOUR_P] - view[R.ST_GONE + 2 * b + 1]
        for i in range(R.HAND):
            o = _card(view, i)
            if o >= 0 and R.card_bar(o) == b:
                if R.card_kind(o) == R.GAMBLER:
                    g -= 1
                else:
                    p -= 1
        if g <= 0:
            continue
        q = (_bar_units(view, b) + 1) / total * g / max(1, g + p)
        prob = 1.0 - (1.0 - min(q, 1.0)) ** (n - 1)
        x = prob * _bar_units(view, b)
        if prob >= min_prob and x > top:
            best, top = j, x
    _ = s
    return best if best >= 0 else _greedy(view, 0.0, 0.15)


@njit(cache=True, _nrt=False)
def _smallest_formable(scr, nd, target):
    """The smallest sum >= ``target`` of a sub-multiset of the cards ``scr[SCR_POOL:]`` (counts per
    denomination, values ``scr[SCR_DENOMS:]``), its cards written to ``scr[SCR_TAKE:]``; -1 (and nothing
    taken) if no sub-multiset reaches ``target``. The knapsack's table is ``scr[SCR_PARENT:]`` (a larger
    scratch is allocated for more than :data:`KNAPSACK` - 1 units)."""
    total = 0
    for d in range(nd):
        total += scr[SCR_POOL + d] * scr[SCR_DENOMS + d]
    for d in range(nd):
        scr[SCR_TAKE + d] = 0
    if target <= 0:
        return 0
    if target > total:
        return -1
    if total < BITSET_UNITS:
        return _bit_knapsack(scr, nd, target, total)
    if total < KNAPSACK:
        return _knapsack(scr, nd, target, total)
    return _big_knapsack(scr, nd, target, total)


@njit(cache=True, _nrt=True)
def _big_knapsack(scr, nd, target, total):
    """:func:`_knapsack` in a new table (the bar holds KNAPSACK units or more)."""
    big = np.zeros(SCR_PARENT + total + 1, np.int64)
    big[:SCR_PARENT] = scr[:SCR_PARENT]
    x = _knapsack(big, nd, target, total)
    scr[SCR_TAKE : SCR_TAKE + nd] = big[SCR_TAKE : SCR_TAKE + nd]
    return x


@njit(cache=True, _nrt=False)
def _bit_knapsack(scr, nd, target, total):
    """:func:`_knapsack` for a bar of under :data:`BITSET_UNITS` units, the same answer: the sums reachable
    with the first i cards as the bits of ``scr[SCR_PARENT + i]``, each card's denomination at
    ``scr[SCR_PARENT + BITSET_UNITS + i]``."""
    reach = np.uint64(1)
    scr[SCR_PARENT] = 1
    k = 0
    for d in range(nd):
        v = np.uint64(scr[SCR_DENOMS + d])
        for _ in range(scr[SCR_POOL + d]):
            reach |= reach << v
            k += 1
            scr[SCR_PARENT + k] = np.int64(reach)
            scr[SCR_PARENT + BITSET_UNITS + k] = d
    x = target
    while not (reach >> np.uint64(x)) & np.uint64(1):
        x += 1
    y = x
    while y > 0:
        i = 1
        while not (scr[SCR_PARENT + i] >> y) & 1:
            i += 1
        d = scr[SCR_PARENT + BITSET_UNITS + i]
        scr[SCR_TAKE + d] += 1
        y -= scr[SCR_DENOMS + d]
    return x


@njit(cache=True, _nrt=False)
def _knapsack(scr, nd, target, total):
    """:func:`_smallest_formable` once ``target`` is reachable: ``scr[SCR_PARENT + s]`` = denomination + 1
    of the card that first reached sum s (a 0/1 knapsack over single cards, denominations in order)."""
    parent = SCR_PARENT
    for x in range(total + 1):
        scr[parent + x] = 0
    scr[parent] = -1
    reach = 0  # the largest sum reached so far
    for d in range(nd):
        v = scr[SCR_DENOMS + d]
        for _ in range(scr[SCR_POOL + d]):
            for x in range(min(total, reach + v), v - 1, -1):
                if scr[parent + x] == 0 and scr[parent + x - v] != 0:
                    scr[parent + x] = d + 1
            reach = min(total, reach + v)
    for x in range(target, total + 1):
        if scr[parent + x] != 0:
            y = x
            while y > 0:
                d = scr[parent + y] - 1
                scr[SCR_TAKE + d] += 1
                y -= scr[SCR_DENOMS + d]
            return x
    return -1


@njit(cache=True, _nrt=False)
def _contestants(view):
    k = 0
    for o in range(view[R.ST_PLAYERS]):
        k += (view[R.V_CONTEST] >> o) & 1
    return k


@njit(cache=True, _nrt=False)
def _offer_pass(view, keep, own_share, scr):
    """One division: each responder gets the smallest formable amount x with x >= P x (keep + x)
    (``own_share``: any amount, so nothing). Written into ``V_OFFER``; returns the proposer's share.
    The bar's cards go to ``scr[SCR_POOL:]`` (the denominations' values are in ``scr[SCR_DENOMS:]``)."""
    p = view[R.V_PROPOSER]
    n = view[R.ST_PLAYERS]
    bar = view[R.V_BAR]
    nd = view[R.ST_NDENOM]
    contest = view[R.V_CONTEST]
    tie_caller = view[R.ST_DUEL_TIE] == 0
    total = 0
    for d in range(nd):
        scr[SCR_POOL + d] = view[R.ST_MONEY + bar * R.MAX_DENOMS + d]
        total += scr[SCR_POOL + d] * scr[SCR_DENOMS + d]
    for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
        view[R.V_OFFER + i] = 0
    given = 0
    for i in range(1, n):
        o = (p + i) % n
        if not (contest >> o) & 1 or own_share:
            continue
        pw = duel_chance(view[R.V_CARDVAL + o], view[R.V_CARDVAL + p], tie_caller)
        if pw >= 1.0:
            target = total
        elif _contestants(view) == 2:  # the stake is all the money
            target = int(np.ceil(pw * total - 1e-9))
        else:
            target = int(np.ceil(pw * keep / (1.0 - pw) - 1e-9))
        x = _smallest_formable(scr, nd, target)
        if x < 0:
            continue  # cannot be bought off: offered nothing, it will duel
        given += x
        for d in range(nd):
            scr[SCR_POOL + d] -= scr[SCR_TAKE + d]
            view[R.V_OFFER + o * R.MAX_DENOMS + d] = scr[SCR_TAKE + d]
    for d in range(nd):
        view[R.V_OFFER + p * R.MAX_DENOMS + d] = scr[SCR_POOL + d]
    return total - given


@njit(cache=True, _nrt=False)
def _rational_offer(view, scr):
    """Write the rational proposer's division into ``V_OFFER`` (see the module doc); returns the answer.

    Three or more contestants: the proposer's share (part of each responder's stake) is estimated
    from above (all the money), then lowered to the share the last division leaves him while every
    responder still accepts it."""
    p = view[R.V_PROPOSER]
    n = view[R.ST_PLAYERS]
    nd = view[R.ST_NDENOM]
    k = _contestants(view)
    own_share = view[R.ST_ONE_DECLINES] == 1 and k >= 3
    for d in range(nd):
        scr[SCR_DENOMS + d] = view[R.ST_DENOM + d]
    total = 0
    for d in range(nd):
        total += view[R.ST_MONEY + view[R.V_BAR] * R.MAX_DENOMS + d] * scr[SCR_DENOMS + d]
    keep = _offer_pass(view, total, own_share, scr)
    if k == 2 and not own_share:
        o = -1
        for i in range(n):
            if i != p and (view[R.V_CONTEST] >> i) & 1:
                o = i
        pw = duel_chance(view[R.V_CARDVAL + o], view[R.V_CARDVAL + p], view[R.ST_DUEL_TIE] == 0)
        if keep < (1.0 - pw) * total - 1e-9:  # a duel is worth more to the proposer: offer nothing
            _keep_all(view)
        return np.int64(0)
    for _ in range(3):
        for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
            scr[SCR_BEST + i] = view[R.V_OFFER + i]
        new_keep = _offer_pass(view, keep, own_share, scr)
        ok = new_keep > keep
        for o in range(n):
            if o != p and (view[R.V_CONTEST] >> o) & 1 and ok:
                ok = _rational_answer(view, 1.0, o) == R.ACCEPT
        if not ok:
            for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
                view[R.V_OFFER + i] = scr[SCR_BEST + i]
            break
        keep = new_keep
    return np.int64(0)


@njit(cache=True, _nrt=False)
def _keep_all(view):
    p = view[R.V_PROPOSER]
    bar = view[R.V_BAR]
    for i in range(R.MAX_PLAYERS * R.MAX_DENOMS):
        view[R.V_OFFER + i] = 0
    for d in range(view[R.ST_NDENOM]):
        view[R.V_OFFER + p * R.MAX_DENOMS + d] = view[R.ST_MONEY + bar * R.MAX_DENOMS + d]
    return np.int64(0)


@njit(cache=True, _nrt=False)
def _random_offer(state, view, no_offer):
    if view[R.ST_OFFER_DUEL]:
        state, u = _uniform(state)
        if u < no_offer:
            return state, np.int64(R.NO_OFFER)
    n = view[R.ST_PLAYERS]
    contest = view[R.V_CONTEST]
    k = 0
    for o in range(n):
        k += (contest >> o) & 1
    bar = view[R.V_BAR]
    for d in range(view[R.ST_NDENOM]):
        for _ in range(view[R.ST_MONEY + bar * R.MAX_DENOMS + d]):
            state, i = _below(state, k)
            for o in range(n):
                if (contest >> o) & 1:
                    if i == 0:
                        view[R.V_OFFER + o * R.MAX_DENOMS + d] += 1
                        break
                    i -= 1
    return state, np.int64(0)


@njit(cache=True, _nrt=False)
def _rational_answer(view, margin, s):
    """Seat ``s``'s rational answer to the division in ``V_OFFER``."""
    p = view[R.V_PROPOSER]
    mine = 0
    theirs = 0
    for d in range(view[R.ST_NDENOM]):
        mine += view[R.V_OFFER + s * R.MAX_DENOMS + d] * view[R.ST_DENOM + d]
        theirs += view[R.V_OFFER + p * R.MAX_DENOMS + d] * view[R.ST_DENOM + d]
    k = _contestants(view)
    stake = mine if (view[R.ST_ONE_DECLINES] == 1 and k >= 3) else mine + theirs
    pw = duel_chance(view[R.V_CARDVAL + s], view[R.V_CARDVAL + p], view[R.ST_DUEL_TIE] == 0)
    return np.int64(R.ACCEPT if mine >= margin * pw * stake - 1e-9 else R.DUEL)


@njit(cache=True, _nrt=True)
def _with_scratch(pid, row, view, state):
    """:func:`decide` on a view too short to lend the scratch space (a user's policy asking a built-in one):
    asked on a long copy, the division written back."""
    m = min(view.shape[0], R.VIEW_LEN)
    long = np.zeros(R.VIEW_LEN + SCRATCH_LEN, np.int64)
    long[:m] = view[:m]
    ans, state = _decide_long(pid, row, long, state)
    view[:m] = long[:m]
    return ans, state


@njit(cache=True)
def decide(pid, row, view, state):
    """The answer of built-in policy ``pid`` to the decision in ``view``, and the new stream state.

    The engine asks with its live state as ``view`` (see :data:`SCRATCH_LEN`): a built-in policy reads
    only what the seat may see (its own hand, the public state) and, of the decision fields, those of
    the kind asked (see :mod:`.rules`); the others may hold anything (``tests/razzia/test_live_state.py``)."""
    if view.shape[0] < R.VIEW_LEN + SCRATCH_LEN:
        return _with_scratch(pid, row, view, state)
    return _decide_long(pid, row, view, state)


@njit(cache=True, _nrt=False)
def _decide_long(pid, row, view, state):
    """:func:`decide` on a view that lends the scratch space (no allocation)."""
    kind = view[R.V_KIND]
    if kind == R.K_PLAY or kind == R.K_FREE:
        return play_or_place(pid, kind, row[0], row[1] if row.shape[0] > 1 else 0.0, view, state)
    if pid == 0:
        if kind == R.K_ALL:
            state, ans = _random_all(state, view, view[R.VIEW_LEN :])
            return ans, state
        if kind == R.K_OFFER:
            state, ans = _random_offer(state, view, row[1])
            return ans, state
        state, u = _uniform(state)
        return np.int64(R.ACCEPT if u < row[0] else R.DUEL), state
    if kind == R.K_ALL:
        return _place_all(view), state
    at = _HAGGLE_AT[pid] if pid < 5 else 0
    haggle = int(row[at])
    if kind == R.K_OFFER:
        if haggle == 3 and (_contestants(view) > 2 or view[R.ST_OFFER_DUEL]):
            ans = H.exact_offer(view, view[R.VIEW_LEN + SCR_PARENT : R.VIEW_LEN + SCRATCH_LEN])
            if ans != -2:
                return ans, state
            return _rational_offer(view, view[R.VIEW_LEN :]), state  # too many divisions (H.MAX_DIVISIONS)
        if haggle == 0 or haggle == 3:  # two contestants: the rational offer is the exact one (and cheaper)
            return _rational_offer(view, view[R.VIEW_LEN :]), state
        return _keep_all(view), state
    if haggle == 3:
        return H.exact_answer(view, row[at + 1], view[R.V_SEAT]), state
    if haggle == 1:
        return np.int64(R.ACCEPT), state
    if haggle == 2:
        return np.int64(R.DUEL), state
    return _rational_answer(view, row[at + 1], view[R.V_SEAT]), state


@njit(cache=True, _nrt=False)
def play_or_place(pid, kind, x0, x1, view, state):
    """:func:`decide` for the card to play (``K_PLAY``) and the free card's bar (``K_FREE``), the policy's
    parameter row reduced to its first two entries ``x0``, ``x1`` (all these decisions read)."""
    if pid == 0:
        if kind == R.K_PLAY:
            state, j = _below(state, R.HAND)
            return np.int64(j), state
        state, b = _random_bar(state, view)
        return np.int64(b), state
    if kind == R.K_FREE:
        return np.int64(_place_free(view)), state
    if pid == 1:
        return np.int64(_greedy(view, x0, x1)), state
    if pid == 2:
        return np.int64(_crowd(view, int(x0))), state
    if pid == 3:
        return np.int64(_bigpot(view, x0)), state
    if pid == 4:
        return np.int64(_hunter(view, x0)), state
    return np.int64(-1), state
