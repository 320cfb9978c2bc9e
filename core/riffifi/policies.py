"""Heuristic Riffifi policies: ``decide(id, params, view, state) -> (answer, state)``, one dispatcher.

A policy sees only its seat's view (layout in :mod:`.rules`) and draws randomness from its seat's
stream (``state``, SplitMix64). The view's ``V_KIND`` says what is asked:

- ``K_PLAY``: the card id to play from the hand (the Officer is :data:`.rules.OFFICER`);
- ``K_TARGET``: the colour whose face-up card the Officer turns down, or -1 for none;
- ``K_SPLIT`` (``tie chooser``, the default): the tied seat in ``V_TIED`` that gives one of the
  ``V_ODD`` odd chips of colour ``V_COLOUR`` (``random``: any at random; the others: the leader).

An impossible answer is played as the first legal one (``seeds/riffifi.md``). *Survival* of a
card is the chance that no opponent plays a lower card of its colour before the seat's next
turn, estimated from the unseen lower cards of that colour and the cards left in each hand;
``recall`` estimates it with the seat's memory of the hands passed round (``V_KNOWN``).
Ids are stable: never renumber, only add. Users' policies take ids from :data:`USER_ID`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec, Registry
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.rng import next_u64
from razzmatazz.core.search import budget_params

USER_ID = 1000
"""Policy ids from here on belong to users' own policies."""
_INV53 = 1.0 / 9007199254740992.0
_S11 = np.uint64(11)
_NONE = -1

REGISTRY = Registry("riffifi")
_OFFICER_AT = Param(
    "officer_at",
    1,
    1,
    8,
    "the smallest opponent claim the Officer may turn down (when it is played: officer_weight)",
    integer=True,
)
_OFFICER_WEIGHT = Param(
    "officer_weight",
    2.0,
    0,
    10,
    "the Officer's score: this times the claim it turns down, against the chips the card it replaces would "
    "collect times that card's survival (10: the Officer on the first claim of officer_at or more)",
)
RANDOM = REGISTRY.add(
    PolicySpec("random", 0, (), "plays a random card; the Officer hits a random face-up card of an opponent")
)
LOWEST = REGISTRY.add(
    PolicySpec(
        "lowest", 1, (_OFFICER_AT, _OFFICER_WEIGHT), "plays its lowest card (the colour that would stay face up first)"
    )
)
UNDERCUT = REGISTRY.add(
    PolicySpec(
        "undercut",
        2,
        (
            Param("min_claim", 3, 1, 8, "undercuts an opponent's face-up card of at least this value", integer=True),
            _OFFICER_AT,
            _OFFICER_WEIGHT,
        ),
        "undercuts the largest face-up claim of an opponent with its highest card that still goes under; "
        "otherwise plays the lowest card that stays face up",
    )
)
HOLDLOW = REGISTRY.add(
    PolicySpec(
        "holdlow",
        3,
        (
            Param("keep", 2, 0, 6, "low cards kept back for the last turns", integer=True),
            _OFFICER_AT,
            _OFFICER_WEIGHT,
        ),
        "keeps its lowest cards for the end and plays the highest other card that stays face up",
    )
)
THIEF = REGISTRY.add(
    PolicySpec(
        "thief",
        4,
        (
            Param("steal", 1.0, 0, 3, "weight of a chip taken from an opponent (it costs them one too)"),
            Param("lead", 1.0, 0, 5, "penalty for claiming a colour it already leads"),
            Param("deny", 0.5, 0, 2, "weight of an opponent's claim it turns down"),
            _OFFICER_AT,
            Param(
                "aggression",
                0.7,
                0,
                1,
                "chance that an opponent holding a lower card of the colour plays it (its survival pessimism)",
            ),
            _OFFICER_WEIGHT,
        ),
        "steal-aware: scores each card by survival x chips it would take (chips from opponents count "
        "extra), avoids colours it leads, likes turning down opponents' claims",
    )
)
EXPECT = REGISTRY.add(
    PolicySpec(
        "expect",
        5,
        (
            Param("aggression", 0.3, 0, 1, "chance that an opponent holding a lower card of the colour plays it"),
            Param("deny", 2.0, 0, 3, "weight of an opponent's claim it turns down"),
            Param("save", 0.0, 0, 2, "value of keeping a low card for later, per point below 5"),
            _OFFICER_AT,
            _OFFICER_WEIGHT,
        ),
        "one-ply expectation: for every card, the chips it collects (cap, middle and stealing played out) "
        "times its survival, plus the claims it turns down, minus the low cards it spends (defaults: the best of a "
        "27-point sweep against undercut, thief and lowest, four players)",
    )
)

SEARCH = REGISTRY.add(
    PolicySpec(
        "search",
        6,
        (
            *budget_params(2, 1, 20),
            Param(
                "rollout",
                5,
                0,
                5,
                "the built-in policy (id) that plays the search seat in its rollouts, at its defaults",
                integer=True,
            ),
            Param(
                "lead",
                0,
                0,
                1,
                "a rollout cut short by depth: 1 counts leading in points (ticks variant: ticks, then "
                "points) as a win, 0 lets the points alone decide",
                integer=True,
            ),
            Param(
                "orbit",
                0,
                0,
                1,
                "1: a rollout stops at the seat's next card (its claim collected) or the deal's end, and the "
                "points and chips held then decide (a short-sighted planner); 0: depth decides",
                integer=True,
            ),
        ),
        "at each decision, samples the unseen cards from its seat's observation, plays each card (the Officer on each "
        "target) on against the lineup's policies and keeps the best by win rate, then points over the opponents' "
        "(core/riffifi/search.py)",
    )
)
RECALL = REGISTRY.add(
    PolicySpec(
        "recall",
        7,
        (
            Param("aggression", 0.3, 0, 1, "chance that an opponent holding a lower card of the colour plays it"),
            Param("steal", 1.0, 0, 3, "weight of a chip taken from an opponent (it costs them one too)"),
            Param("lead", 0.0, 0, 5, "penalty for claiming a colour it already leads"),
            Param("deny", 2.0, 0, 3, "weight of an opponent's claim it turns down"),
            Param("save", 0.0, 0, 2, "value of keeping a low card for later, per point below 5"),
            _OFFICER_AT,
            _OFFICER_WEIGHT,
        ),
        "expect and thief's one-ply score with a memory: with the hands passed round (G1 pass) it knows the whole "
        "hands it held in earlier deals and every card shown from each hand, so an opponent known to hold a lower "
        "card threatens a card for certain and one known not to, not at all; the unknown rest as expect reckons "
        "(defaults: expect's)",
    )
)


THIEF_TUNED = REGISTRY.preset(
    "thief-tuned",
    "thief:steal=0.246,lead=2.26,deny=1.98,aggression=0.274",
    "thief tuned against expect, undercut, lowest (4 players): +18.7 win points, established; +12.5 at 5 "
    "players (seeds/riffifi.md)",
)
EXPECT_TUNED = REGISTRY.preset(
    "expect-tuned",
    "expect:aggression=0.098,deny=2.925,save=0.03",
    "expect tuned against undercut, lowest, thief (4 players): +2.8 win points, established; +2.8 at 5 "
    "players, but -3.9 at 3 (seeds/riffifi.md)",
)
SEARCH_STRONG = REGISTRY.preset(
    "search-strong",
    "search:samples=8",
    "search at a strong budget: 8 samples a decision; +8.5 win points over the default in its seat of the default "
    "mix at 4 players, established, at 3 times its time (BENCHMARKS.md)",
)
PLANNER = REGISTRY.preset(
    "planner",
    "search:samples=1,orbit=1",
    "a short-sighted planner that remembers: one sample of the unseen cards, drawn with the memory of the hands "
    "passed round, each card played on to its next turn against the lineup's policies, the most chips then "
    "(seeds/riffifi.md)",
)
SEARCH_ID = SEARCH.id
SEARCH_ROLLOUT = 2
"""Where a search row holds its rollout policy's id; :func:`kernel_row` puts that policy's row after it."""
SEARCH_LEAD = 3
SEARCH_ORBIT = 4
SEARCH_MODEL = 5


def kernel_row(policy) -> np.ndarray:
    """The parameter row the kernels get for ``policy``: its row; for ``search`` the row followed by its
    rollout policy's default row (what the engine plays the seat with where it does not search)."""
    if policy.spec.id != SEARCH_ID:
        return policy.row
    return np.r_[policy.row, REGISTRY.by_id(int(policy.row[SEARCH_ROLLOUT])).defaults()]


_CARDS = (np.int64(1) << np.int64(R.OFFICER)) - 1
"""Mask of the 40 coloured cards (not the Officer)."""
_OFFICER_AT_INDEX = np.array([0, 0, 1, 1, 3, 3, 0, 5], np.int64)
"""Where each built-in policy's row holds officer_at (random and search have none)."""
_OFFICER_WEIGHT_INDEX = np.array([0, 1, 2, 2, 5, 4, 0, 6], np.int64)
"""Where each built-in policy's row holds officer_weight."""
SURVIVAL_MODEL = 0.3
"""The aggression of the survival model the Officer's score weighs a card by (expect's default)."""


@njit(cache=True)
def no_user_policy(pid, row, view, state):
    """The user function of a run without users' policies (never called)."""
    return np.int64(-1), state


@njit(cache=True, inline="always")
def _uniform(state):
    state, x = next_u64(state)
    return state, (x >> _S11) * _INV53


_popcount = R.popcount


@njit(cache=True, inline="always")
def _nth_bit(m, i):
    """The card id of the ``i``-th set bit of ``m`` (counting from the lowest)."""
    for _ in range(i):
        m &= m - 1
    return R.lowest_card(m)


@njit(cache=True, inline="always")
def _value(card):
    return card % R.N_VALUES + 1


@njit(cache=True, inline="always")
def stays_up(view, card):
    """True if ``card`` would lie face up when played (no lower card of its colour is face up)."""
    c = card // R.N_VALUES
    return view[R.ST_UP_OWNER + c] < 0 or _value(card) < view[R.ST_UP_VALUE + c]


@njit(cache=True, inline="always")
def opponent_claim(view, c):
    """Value of an opponent's unpaid face-up card of colour ``c``, or 0."""
    owner = view[R.ST_UP_OWNER + c]
    if owner < 0 or owner == view[R.V_SEAT] or view[R.ST_UP_PAID + c]:
        return 0
    return view[R.ST_UP_VALUE + c]


@njit(cache=True)
def best_target(view):
    """The colour of the largest opponent claim (ties: the lowest colour), and its value."""
    best, value = _NONE, 0
    for c in range(R.N_COLOURS):
        v = opponent_claim(view, c)
        if v > value:
            best, value = c, v
    return best, value


@njit(cache=True, inline="always")
def collectable(view, c, value):
    """Chips seat ``V_SEAT`` would collect for a claim of ``value`` in colour ``c`` now, and how many
    of them come from opponents."""
    s = view[R.V_SEAT]
    own = view[R.ST_CHIPS + s * R.N_COLOURS + c]
    need = min(value, R.CAP - own)
    if need <= 0:
        return 0, 0
    middle = view[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS + c]
    others = 0
    for o in range(view[R.ST_PLAYERS]):
        if o != s:
            others += view[R.ST_CHIPS + o * R.N_COLOURS + c]
    got = min(need, middle + others)
    return got, max(0, got - middle)


@njit(cache=True)
def unseen(view):
    """Cards the seat has not seen: not in its hand, not played by it, not public."""
    s = view[R.V_SEAT]
    seen = view[R.ST_HAND + s] | view[R.ST_PLAYED + s] | view[R.ST_PUBLIC]
    everything = (np.int64(1) << np.int64(R.OFFICER + 1)) - 1
    return everything & ~seen


@njit(cache=True, inline="always")
def _power(x, k, y):
    """``y`` multiplied by ``x`` ``k`` times, in that order (so powers continue one another exactly)."""
    for _ in range(k):
        y *= x
    return y


@njit(cache=True, inline="always")
def _survive(miss, low, common, aggression, n, h1, h2, h3, h4):
    """Chance that no opponent plays a lower card: opponent i (``h_i`` cards) holds none with chance
    ``miss ** h_i``; ``common`` is ``miss ** low`` (``low``: the smallest ``h_i``)."""
    p = 1.0 - aggression * (1.0 - _power(miss, h1 - low, common))
    if n > 2:
        p *= 1.0 - aggression * (1.0 - _power(miss, h2 - low, common))
    if n > 3:
        p *= 1.0 - aggression * (1.0 - _power(miss, h3 - low, common))
    if n > 4:
        p *= 1.0 - aggression * (1.0 - _power(miss, h4 - low, common))
    return p


@njit(cache=True, inline="always")
def _clockwise(s, i, n):
    """The seat ``i`` places clockwise from ``s`` (0 < i < n), without a division."""
    return s + i if s + i < n else s + i - n


@njit(cache=True)
def survival_table(view, aggression):
    """``table[u]``: chance that no opponent plays one of ``u`` unseen lower cards of a colour before the
    seat's next turn (each opponent holding one with replacement odds plays it with ``aggression``).

    A tuple, not an array: the engine's hot loop allocates nothing (it is compiled without NRT). The
    seven powers run side by side up to the smallest hand, then each opponent's is finished.
    """
    s = view[R.V_SEAT]
    n = view[R.ST_PLAYERS]
    h1 = view[R.V_HAND_N + _clockwise(s, 1, n)]
    h2 = view[R.V_HAND_N + _clockwise(s, 2, n)] if n > 2 else 0
    h3 = view[R.V_HAND_N + _clockwise(s, 3, n)] if n > 3 else 0
    h4 = view[R.V_HAND_N + _clockwise(s, 4, n)] if n > 4 else 0
    total = h1 + h2 + h3 + h4
    if total == 0:
        return (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    low = min(min(h1, h2 if n > 2 else h1), min(h3 if n > 3 else h1, h4 if n > 4 else h1))
    m1, m2, m3, m4 = 1.0 - 1 / total, 1.0 - 2 / total, 1.0 - 3 / total, 1.0 - 4 / total
    m5, m6, m7 = 1.0 - 5 / total, 1.0 - 6 / total, 1.0 - 7 / total
    c1 = c2 = c3 = c4 = c5 = c6 = c7 = 1.0
    for _ in range(low):
        c1 *= m1
        c2 *= m2
        c3 *= m3
        c4 *= m4
        c5 *= m5
        c6 *= m6
        c7 *= m7
    return (
        1.0,
        _survive(m1, low, c1, aggression, n, h1, h2, h3, h4),
        _survive(m2, low, c2, aggression, n, h1, h2, h3, h4),
        _survive(m3, low, c3, aggression, n, h1, h2, h3, h4),
        _survive(m4, low, c4, aggression, n, h1, h2, h3, h4),
        _survive(m5, low, c5, aggression, n, h1, h2, h3, h4),
        _survive(m6, low, c6, aggression, n, h1, h2, h3, h4),
        _survive(m7, low, c7, aggression, n, h1, h2, h3, h4),
    )


@njit(cache=True, inline="always")
def unseen_lower(view, hidden, card):
    """How many cards of ``card``'s colour below it the seat has not seen (``hidden``: :func:`unseen`)."""
    c = card // R.N_VALUES
    lower_mask = (np.int64(1) << np.int64(_value(card) - 1)) - 1
    return _popcount((hidden >> np.int64(c * R.N_VALUES)) & lower_mask)


@njit(cache=True)
def survival(view, card, aggression):
    """Chance that no opponent plays a lower card of ``card``'s colour before the seat's next turn."""
    u = unseen_lower(view, unseen(view), card)
    return survival_table(view, aggression)[u] if u else 1.0


@njit(cache=True)
def leader(view, tied):
    """The seat of ``tied`` with the most points so far (earlier deals and chips now); on equal points the one
    nearest the collector's left (so that among equals the choice is the ``clockwise`` rule's)."""
    best, most = -1, -1
    s, n = view[R.V_SEAT], view[R.ST_PLAYERS]
    for i in range(1, n):
        o = _clockwise(s, i, n)
        if (tied >> o) & 1:
            pts = view[R.ST_SCORE + o]
            for c in range(R.N_COLOURS):
                pts += view[R.ST_CHIPS + o * R.N_COLOURS + c]
            if pts > most:
                best, most = o, pts
    return best


@njit(cache=True)
def with_officer(view, hand, card, at, weight):
    """The Officer as a scored move against ``card``, the card the policy would play (-1: none left): the
    Officer is played when it is the last card, or when the largest opponent claim it can turn down is at least
    ``at`` and ``weight`` times it beats what ``card`` is worth: the chips it would collect now
    (:func:`card_chips`) times its chance to survive to the seat's next turn (:func:`survival`, aggression
    :data:`SURVIVAL_MODEL`); else ``card``."""
    if not (hand >> np.int64(R.OFFICER)) & 1:
        return card
    if card < 0:
        return np.int64(R.OFFICER)
    _, value = best_target(view)
    if value >= at and weight * value > card_chips(view, card) * survival(view, card, SURVIVAL_MODEL):
        return np.int64(R.OFFICER)
    return card


@njit(cache=True, inline="always")
def card_chips(view, card):
    """The chips ``card`` would collect now (from the middle and opponents) if it stays face up, else 0."""
    if not stays_up(view, card):
        return 0
    got, _ = collectable(view, card // R.N_VALUES, _value(card))
    return got


@njit(cache=True)
def _lowest(hand):
    """The lowest card by value (ties: the lowest colour), not the Officer."""
    best, bv = -1, 99
    h = hand & _CARDS
    while h:
        c = R.lowest_card(h)
        h &= h - 1
        if _value(c) < bv:
            best, bv = c, _value(c)
    return best


@njit(cache=True)
def _lowest_up(view, hand):
    """The lowest card that stays face up, else the lowest card."""
    best, bv = -1, 99
    h = hand & _CARDS
    while h:
        c = R.lowest_card(h)
        h &= h - 1
        if _value(c) < bv and stays_up(view, c):
            best, bv = c, _value(c)
    return best if best >= 0 else _lowest(hand)


@njit(cache=True)
def _undercut(view, hand, min_claim):
    """Highest card going under the largest opponent claim of at least ``min_claim``, or -1."""
    best, best_claim, best_v = -1, 0, 0
    h = hand & _CARDS
    while h:
        c = R.lowest_card(h)
        h &= h - 1
        claim = opponent_claim(view, c // R.N_VALUES)
        v = _value(c)
        if claim >= min_claim and v < claim and (claim > best_claim or (claim == best_claim and v > best_v)):
            best, best_claim, best_v = c, claim, v
    return best


@njit(cache=True)
def _holdlow(view, hand, keep):
    n_cards = _popcount(hand & ~(np.int64(1) << np.int64(R.OFFICER)))
    reserved: np.int64 | int = 0  # a mask of cards (numba types it int64)
    if n_cards > keep:
        rest = hand
        for _ in range(keep):
            low = _lowest(rest)
            rest &= ~(np.int64(1) << np.int64(low))
            reserved |= np.int64(1) << np.int64(low)
    free = hand & ~reserved
    best, bv = -1, -1
    h = free & _CARDS
    while h:
        c = R.lowest_card(h)
        h &= h - 1
        if _value(c) > bv and stays_up(view, c):
            best, bv = c, _value(c)
    if best < 0:  # nothing free stays up: spend the highest free card
        h = free & _CARDS
        while h:
            c = R.lowest_card(h)
            h &= h - 1
            if _value(c) > bv:
                best, bv = c, _value(c)
    return best if best >= 0 else _lowest(hand)


@njit(cache=True, inline="always")
def remembered(view, o):
    """What seat ``V_SEAT`` knows of seat ``o``'s hand of this deal from the earlier deals: every card shown from
    it (``V_KNOWN``) and, if it held that hand itself (:func:`.rules.held_earlier`), the whole hand. On the
    engine's live state the whole hand is the hand plus its plays; on a view it is in ``V_KNOWN``."""
    known = view[R.V_KNOWN + o]
    if R.held_earlier(view[R.V_SEAT], o, view[R.ST_PLAYERS], view[R.V_ROUND]):
        known |= view[R.ST_HAND + o] | view[R.ST_PLAYED + o]
    return known


@njit(cache=True)
def recall_survival(view, card, hidden, aggression):
    """:func:`survival` with the seat's memory: an opponent known to hold (or to have set aside unseen) a lower
    card of the colour plays it with ``aggression``; the unseen lower cards no hand is known to hold are spread
    over the others' unknown cards (each opponent's hand size less the cards known to be in it) with
    replacement odds, as :func:`survival_table` spreads them."""
    s, n = view[R.V_SEAT], view[R.ST_PLAYERS]
    c = card // R.N_VALUES
    lower = ((np.int64(1) << np.int64(_value(card) - 1)) - 1) << np.int64(c * R.N_VALUES)
    known_all: np.int64 | int = 0
    slots = 0
    for i in range(1, n):
        o = _clockwise(s, i, n)
        k = remembered(view, o) & hidden
        known_all |= k
        slots += max(0, view[R.V_HAND_N + o] - _popcount(k))
    u = _popcount(hidden & lower & ~known_all)
    miss = 1.0 - u / slots if slots > 0 else 1.0
    p = 1.0
    for i in range(1, n):
        o = _clockwise(s, i, n)
        k = remembered(view, o) & hidden
        if k & lower:
            p *= 1.0 - aggression
        elif u > 0:
            p *= 1.0 - aggression * (1.0 - _power(miss, max(0, view[R.V_HAND_N + o] - _popcount(k)), 1.0))
    return p


@njit(cache=True, inline="always")
def _score(view, card, surv, hidden, steal, lead, deny, save):
    """Expected chips of playing ``card`` (see THIEF and EXPECT); ``surv`` from :func:`survival_table`, or
    negative: the survival with memory (:func:`recall_survival`) at aggression ``-surv[0]``."""
    c = card // R.N_VALUES
    v = _value(card)
    if not stays_up(view, card):
        return -0.01 * v  # set aside at once: spend the highest such card
    got, stolen = collectable(view, c, v)
    gain = got + steal * stolen
    s = view[R.V_SEAT]
    if lead > 0.0:
        mine = view[R.ST_CHIPS + s * R.N_COLOURS + c]
        for o in range(view[R.ST_PLAYERS]):
            if o != s and view[R.ST_CHIPS + o * R.N_COLOURS + c] >= mine:
                mine = -1
                break
        if mine > 0:
            gain -= lead
    denied = 0
    if view[R.ST_UP_OWNER + c] >= 0:
        denied = opponent_claim(view, c)
    p = surv[unseen_lower(view, hidden, card)] if surv[0] > 0.0 else recall_survival(view, card, hidden, -surv[0])
    return p * gain + deny * denied - save * max(0, 5 - v)


@njit(cache=True)
def _best_scored(view, hand, aggression, steal, lead, deny, save, memory):
    """The card of the highest :func:`_score`; with ``memory`` its survival is :func:`recall_survival`'s."""
    best, top = -1, -1e300
    if memory:
        surv = (-aggression, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    else:
        surv = survival_table(view, aggression)
    hidden = unseen(view)
    h = hand & _CARDS
    while h:
        card = R.lowest_card(h)
        h &= h - 1
        x = _score(view, card, surv, hidden, steal, lead, deny, save)
        if x > top:
            best, top = card, x
    return best


@njit(cache=True, inline="always")
def _random_bit(state, m):
    k = _popcount(m)
    if k == 0:
        return state, -1
    state, u = _uniform(state)
    return state, _nth_bit(m, min(int(u * k), k - 1))


@njit(cache=True, inline="always")
def _play(pid, row, view, state):
    s = view[R.V_SEAT]
    hand = view[R.ST_HAND + s]
    if pid == 0:
        return _random_bit(state, hand)
    if pid == 1:
        card = _lowest_up(view, hand)
    elif pid == 2:
        card = _undercut(view, hand, row[0])
        if card < 0:
            card = _lowest_up(view, hand)
    elif pid == 3:
        card = _holdlow(view, hand, int(row[0]))
    elif pid == 4:
        card = _best_scored(view, hand, row[4], row[0], row[1], row[2], 0.0, False)
    elif pid == 5:
        card = _best_scored(view, hand, row[0], 1.0, 0.0, row[1], row[2], False)
    elif pid == 7:
        card = _best_scored(view, hand, row[0], row[1], row[2], row[3], row[4], True)
    else:
        return state, -1
    return state, with_officer(view, hand, card, row[_OFFICER_AT_INDEX[pid]], row[_OFFICER_WEIGHT_INDEX[pid]])


@njit(cache=True, inline="always")
def play(pid, row, view, state):
    """:func:`decide` for ``K_PLAY`` alone, inlined into the engine's turn (the call cost more than a
    random policy's answer)."""
    state, card = _play(pid, row, view, state)
    return np.int64(card), state


@njit(cache=True)
def decide(pid, row, view, state):
    """The answer of built-in policy ``pid`` to the decision in ``view``, and the new stream state."""
    kind = view[R.V_KIND]
    if kind == R.K_PLAY:
        return play(pid, row, view, state)
    if kind == R.K_TARGET:
        if pid == 0:
            m = 0
            for c in range(R.N_COLOURS):
                if opponent_claim(view, c) > 0:
                    m |= 1 << c
            state, c = _random_bit(state, m)
            return np.int64(c), state
        c, _ = best_target(view)
        return np.int64(c), state
    if pid == 0:
        state, o = _random_bit(state, view[R.V_TIED])
        return np.int64(o), state
    return np.int64(leader(view, view[R.V_TIED])), state
