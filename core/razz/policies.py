"""Heuristic Razz policies: ``decide(id, params, view, state) -> (move, state)``, one dispatcher.

A policy sees only its seat's view (layout in :mod:`.rules`: its own cards, every up card,
bets, pot, street) and draws randomness from its seat's stream (``state``, SplitMix64). It
returns ``FOLD``, ``CALL`` (check, call, post the bring-in) or ``RAISE`` (bet, raise,
complete); the engine plays an impossible move as the nearest legal one (G10).

Ranks in parameters are card values: ace 1, 2..10, jack 11, queen 12, king 13. A *qualifying*
start is three different ranks no higher than ``max_card``; a low is *live* while the cards
to come can still make five different ranks no higher than ``max_card``; *ahead* means the
seat's up cards beat every other board still in the hand (boards with boards), or its own best
cards beat the best every other player still in can hold from the cards the seat has not seen (G5
order; so at most two seats are ahead at once: the best board and a hand no other can beat). Ids
are stable: never renumber, only add. A user's own policies take ids from :data:`USER_ID` and run
in their own jitted function (see ``analysis.razz_game``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec, Registry
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.evaluate import add_rank, best_layers, lowest_bits, popcount
from razzmatazz.core.rng import next_u64
from razzmatazz.core.search import budget_params

USER_ID = 1000
"""Policy ids from here on belong to users' own policies."""
_INV53 = 1.0 / 9007199254740992.0
_S11 = np.uint64(11)

REGISTRY = Registry("razz")
_MAX = Param("max_card", 8, 5, 13, "highest rank of a qualifying start and of the low it draws to", integer=True)
_RIVER = Param("river_card", 9, 5, 13, "on 7th street, continue with a made low this high or better", integer=True)
STATION = REGISTRY.add(PolicySpec("station", 0, (), "calling station: never folds, never raises"))
RANDOM = REGISTRY.add(
    PolicySpec(
        "random",
        1,
        (
            Param("fold", 0.2, 0, 1, "chance of folding when facing a bet"),
            Param("raise", 0.2, 0, 1, "chance of betting or raising when allowed (checked first)"),
        ),
        "random legal moves",
    )
)
ROCK = REGISTRY.add(
    PolicySpec("rock", 2, (_MAX, _RIVER), "tight-passive: plays qualifying starts, calls while live, never raises")
)
TAG = REGISTRY.add(
    PolicySpec(
        "tag",
        3,
        (_MAX, _RIVER),
        "tight-aggressive: raises qualifying starts, bets when ahead on board, calls while live, folds otherwise",
    )
)
STEAL = REGISTRY.add(
    PolicySpec(
        "steal",
        4,
        (
            Param("door", 6, 1, 13, "steal with a door card this low or lower", integer=True),
            Param(
                "against", 10, 1, 13, "only when every other door card still in is this high or higher", integer=True
            ),
            Param("behind", 2, 0, 7, "at most this many players still to act after it", integer=True),
            Param("max_card", 9, 5, 13, "otherwise plays tag with this start limit", integer=True),
            _RIVER,
        ),
        "loose/steal: completes an unopened pot from late position with a low door card against high "
        "door cards; otherwise plays tag",
    )
)
READER = REGISTRY.add(
    PolicySpec(
        "reader",
        5,
        (
            Param("target", 8, 5, 13, "the low it draws to", integer=True),
            Param(
                "odds", 1.0, 0, 10, "calls when the chance to make its low times the pot is at least odds x the call"
            ),
        ),
        "board reader: counts its live cards (own, every up card, folded cards), calls on pot odds, "
        "bets when ahead on board with a likely low",
    )
)
SCRIPT_MOVES = 24
SCRIPT = REGISTRY.add(
    PolicySpec(
        "script",
        6,
        tuple(
            Param(
                f"m{i}",
                1,
                0,
                2,
                f"move of its decision {i}: 0 fold, 1 check/call/bring-in, 2 bet/raise/complete",
                integer=True,
            )
            for i in range(1, SCRIPT_MOVES + 1)
        ),
        "plays the moves given, in order (m1=2,m2=0 raises then folds), then checks and calls; "
        "for walking through a line of play",
    )
)

SEARCH = REGISTRY.add(
    PolicySpec(
        "search",
        7,
        (
            *budget_params(16, 0, 0),
            Param(
                "rollout",
                3,
                0,
                5,
                "the built-in policy (id: 0 station, 1 random, 2 rock, 3 tag, 4 steal, 5 reader) that plays the "
                "search seat in its rollouts, at its defaults",
                integer=True,
            ),
            Param(
                "race",
                0.0,
                0.0,
                10.0,
                "stop sampling once the best move leads each other move by this many standard errors of their "
                "paired difference (checked every 4 samples from 8 on); 0 always draws every sample",
            ),
            Param(
                "futures",
                1,
                1,
                64,
                "deals of the cards still to come played from each sample of the hidden cards dealt (the field's "
                "play so far does not depend on them, so they need no consistency check)",
                integer=True,
            ),
            Param(
                "fit",
                16,
                0,
                256,
                "draws per other seat to find hidden cards its play so far agrees with, seat by seat (each seat's "
                "play depends only on its own cards); 0 draws whole positions until every seat agrees at once",
                integer=True,
            ),
        ),
        "at each decision, samples the cards its seat has not seen (each other seat's drawn again until its play "
        "so far agrees with them), plays fold, call and raise on against the lineup's policies to the end of the "
        "hand and keeps the move of the most chips (core/razz/search.py)",
    )
)
SEARCH_STRONG = REGISTRY.preset(
    "search-strong",
    "search:samples=32",
    "search at a strong budget (32 samples, all drawn): beats the tough field's best tuned heuristics "
    "(textbook-tuned, steal-tuned) six-handed and heads-up by an established margin in chips (BENCHMARKS.md)",
)
SEARCH_DEEP = REGISTRY.preset(
    "search-deep",
    "search:samples=32,futures=4",
    "search above search-strong: 32 samples of the hidden cards dealt, each played with 4 deals of the cards to "
    "come; beats search-strong by an established margin at about 3 times its time (BENCHMARKS.md)",
)
TEXTBOOK = REGISTRY.add(
    PolicySpec(
        "textbook",
        8,
        (
            _MAX,
            _RIVER,
            Param("door", 6, 1, 13, "steals an unopened pot with a door card this low or lower", integer=True),
            Param(
                "against", 10, 1, 13, "only when every other door card still in is this high or higher", integer=True
            ),
            Param("behind", 2, 0, 7, "at most this many players still to act after it when it steals", integer=True),
        ),
        "textbook tight-aggressive: completes qualifying starts and steals from late position with a low door "
        "against high doors; against a completion re-raises with three cards all below the completer's door "
        "and calls with a qualifying start; later bets when ahead (the best board, or a hand no other can "
        "beat), folds to a bet while live or when a live board beats its best cards, calls otherwise",
    )
)
_TUNED = (
    "tuned six-handed against the tough field by `razzmatazz tune razz --objective payoff` (seeds/razz.md, "
    '"Tuned presets and the fields")'
)
TEXTBOOK_TUNED = REGISTRY.preset(
    "textbook-tuned",
    "textbook:max_card=8,river_card=10,door=12,against=1,behind=3",
    f"textbook stealing any unopened pot with a door of queen or lower from the last three seats; {_TUNED}",
)
READER_TUNED = REGISTRY.preset("reader-tuned", "reader:odds=1.24", f"reader asking for better pot odds; {_TUNED}")
STEAL_TUNED = REGISTRY.preset(
    "steal-tuned",
    "steal:door=9,against=1,behind=6,max_card=8,river_card=8",
    f"steal completing any unopened pot with a door of nine or lower from almost any seat; {_TUNED}",
)
ROCK_TUNED = REGISTRY.preset("rock-tuned", "rock:river_card=8", f"rock folding a nine on 7th street; {_TUNED}")
SEARCH_ID = SEARCH.id
SEARCH_ROLLOUT = 2
"""Where a search row holds its rollout policy's id; :func:`kernel_row` puts that policy's row after it."""
SEARCH_RACE = 3
SEARCH_FUTURES = 4
SEARCH_FIT = 5
SEARCH_MODEL = 6


def kernel_row(policy) -> np.ndarray:
    """The parameter row the kernels get for ``policy``: its row; for ``search`` the row followed by its
    rollout policy's default row (what the rollouts play its seat with)."""
    if policy.spec.id != SEARCH_ID:
        return policy.row
    return np.r_[policy.row, REGISTRY.by_id(int(policy.row[SEARCH_ROLLOUT])).defaults()]


@njit(cache=True)
def no_user_policy(pid, row, view, state):
    """The user function of a run without users' policies (never called)."""
    return R.CALL, state


@njit(cache=True)
def _uniform(state):
    state, x = next_u64(state)
    return state, (x >> _S11) * _INV53


@njit(cache=True)
def own_layers(view):
    """Layer masks (ranks held at least once, twice, three, four times) of the seat's cards with the
    community card, and how many cards that is."""
    m1 = m2 = m3 = m4 = 0
    k = 0
    for j in range(8):
        c = view[R.V_OWN + j] if j < 7 else view[R.V_COMMUNITY]
        if c >= 0:
            b = 1 << (c >> 2)
            m4 |= m3 & b
            m3 |= m2 & b
            m2 |= m1 & b
            m1 |= b
            k += 1
    return m1, m2, m3, m4, k


@njit(cache=True)
def made_low(m1):
    """Value (1-13) of the highest card of the best five different ranks, or 99 with fewer than five."""
    if popcount(m1) < 5:
        return 99
    five = lowest_bits(m1, 5)
    r = 12
    while not five & (1 << r):
        r -= 1
    return r + 1


@njit(cache=True)
def best_key(m1, m2, m3, m4, j):
    """:func:`rules.board_key` of the best ``j`` cards of a holding (different ranks first, lowest first)."""
    c1, c2, c3, c4 = best_layers(m1, m2, m3, m4, j)
    return R.layers_key(c1, c2, c3, c4, j)


@njit(cache=True)
def n_up(view):
    """Up cards each player still in shows now."""
    return min(view[R.V_STREET] - 2, 4)


@njit(cache=True)
def board_ahead(view):
    """The seat's up cards beat every other board still in the hand (boards with boards, G5 order)."""
    j = n_up(view)
    me = view[R.V_SEAT]
    mine = R.board_key(view, R.V_UP + 4 * me, R.V_UP + 4 * me + j)
    for s in range(view[R.V_PLAYERS]):
        if s != me and view[R.V_STATUS + s] != R.FOLDED:
            if R.board_key(view, R.V_UP + 4 * s, R.V_UP + 4 * s + j) <= mine:
                return False
    return True


@njit(cache=True)
def seen_copies(view):
    """Copies of each rank (0-12) in the seat's sight: its own cards, the community card, every up card."""
    seen = np.zeros(13, np.int64)
    me = view[R.V_SEAT]
    for j in range(7):
        c = view[R.V_OWN + j]
        if c >= 0:
            seen[c >> 2] += 1
    if view[R.V_COMMUNITY] >= 0:
        seen[view[R.V_COMMUNITY] >> 2] += 1
    for s in range(view[R.V_PLAYERS]):
        if s != me:
            for j in range(4):
                c = view[R.V_UP + 4 * s + j]
                if c >= 0:
                    seen[c >> 2] += 1
    return seen


@njit(cache=True)
def best_possible_key(view, s, k, seen):
    """:func:`rules.board_key` of the best ``min(k, 5)`` cards seat ``s`` can hold with ``k`` cards: its up
    cards (and the community card) with its hidden cards drawn from the copies the viewer has not seen,
    lowest ranks it does not show first."""
    m1 = m2 = m3 = m4 = 0
    n = 0
    for j in range(4):
        c = view[R.V_UP + 4 * s + j]
        if c >= 0:
            m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, c >> 2)
            n += 1
    if view[R.V_COMMUNITY] >= 0:
        m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, view[R.V_COMMUNITY] >> 2)
        n += 1
    left = seen.copy()
    for layer in range(4):  # new ranks first, then second copies, ...
        for r in range(13):
            if n >= k:
                break
            b = 1 << r
            held = ((m1 & b) != 0) + ((m2 & b) != 0) + ((m3 & b) != 0) + ((m4 & b) != 0)
            if held == layer and left[r] < 4:
                left[r] += 1
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, r)
                n += 1
    return best_key(m1, m2, m3, m4, min(n, 5))


@njit(cache=True)
def locked(view, m1, m2, m3, m4, k):
    """The seat's best cards (five, or all it has) beat the best every other player still in can hold."""
    j = min(k, 5)
    mine = best_key(m1, m2, m3, m4, j)
    seen = seen_copies(view)
    me = view[R.V_SEAT]
    for s in range(view[R.V_PLAYERS]):
        if s != me and view[R.V_STATUS + s] != R.FOLDED:
            if best_possible_key(view, s, k, seen) <= mine:
                return False
    return True


@njit(cache=True)
def ahead(view, m1, m2, m3, m4, k):
    """Whether the seat is ahead: its board beats every other board still in (boards with boards), or its
    own cards beat the best every other player still in can hold (:func:`locked`). At most one seat has
    the best board, and a locked seat beats every other seat's real hand, so two seats are never both
    ahead of each other on board, nor both locked."""
    return board_ahead(view) or locked(view, m1, m2, m3, m4, k)


@njit(cache=True)
def qualifies(view, max_card):
    """The first three cards are three different ranks no higher than ``max_card``."""
    m = 0
    for j in range(3):
        m |= 1 << (view[R.V_OWN + j] >> 2)
    return popcount(m & ((1 << max_card) - 1)) == 3


@njit(cache=True)
def live(m1, max_card, street):
    """Five different ranks no higher than ``max_card`` are still possible with the cards to come."""
    return 5 - popcount(m1 & ((1 << max_card) - 1)) <= 7 - street


@njit(cache=True)
def _comb(n, k):
    if k < 0 or k > n:
        return 0.0
    c = 1.0
    for i in range(k):
        c = c * (n - i) / (i + 1)
    return c


@njit(cache=True)
def chance_of_low(view, m1, k, target):
    """Chance that the cards to come bring the missing low ranks (hypergeometric on live cards).

    Live cards: cards of the missing ranks no higher than ``target`` that are not in sight
    (the seat's own cards and every up card, folded players' included).
    """
    held = m1 & ((1 << target) - 1)
    need = 5 - popcount(held)
    draws = 7 - view[R.V_STREET]
    if need <= 0:
        return 1.0
    if need > draws:
        return 0.0
    seen_low = 0
    seen = k
    me = view[R.V_SEAT]
    for s in range(view[R.V_PLAYERS]):
        if s == me:
            continue
        for j in range(4):
            c = view[R.V_UP + 4 * s + j]
            if c >= 0:
                seen += 1
                r = c >> 2
                if r < target and not held & (1 << r):
                    seen_low += 1
    outs = 4 * (target - popcount(held)) - seen_low
    unseen = 52 - seen
    total = _comb(unseen, draws)
    p = 0.0
    for x in range(need, draws + 1):
        p += _comb(outs, x) * _comb(unseen - outs, draws - x)
    return p / total if total > 0 else 0.0


@njit(cache=True)
def _tag(view, m1, m2, m3, m4, k, max_card, river):
    st = view[R.V_STREET]
    if st == 3:
        return R.RAISE if qualifies(view, max_card) else R.FOLD
    if st < 7:
        if not live(m1, max_card, st):
            return R.FOLD
        return R.RAISE if ahead(view, m1, m2, m3, m4, k) else R.CALL
    if made_low(m1) <= river:
        return R.RAISE if ahead(view, m1, m2, m3, m4, k) else R.CALL
    return R.FOLD


@njit(cache=True)
def steal_spot(view, door, against, behind):
    """An unopened 3rd street, the seat's door ``door`` or lower, at most ``behind`` players still to act,
    and every other door still in ``against`` or higher."""
    if view[R.V_COMPLETED] or (view[R.V_OWN + 2] >> 2) >= door or view[R.V_TO_ACT] > behind:
        return False
    me = view[R.V_SEAT]
    for s in range(view[R.V_PLAYERS]):
        if s != me and view[R.V_STATUS + s] != R.FOLDED and (view[R.V_UP + 4 * s] >> 2) + 1 < against:
            return False
    return True


@njit(cache=True)
def completer_door(view):
    """Rank (0-12) of the lowest door among the other seats still in whose bet is the level, or 13 if none."""
    me = view[R.V_SEAT]
    d = 13
    for s in range(view[R.V_PLAYERS]):
        if s != me and view[R.V_STATUS + s] != R.FOLDED and view[R.V_BETS + s] == view[R.V_LEVEL]:
            d = min(d, view[R.V_UP + 4 * s] >> 2)
    return d


@njit(cache=True)
def start_top(view):
    """Rank (0-12) of the highest of the seat's first three cards if they are three different ranks, else 13."""
    m = 0
    top = 0
    for j in range(3):
        r = view[R.V_OWN + j] >> 2
        m |= 1 << r
        top = max(top, r)
    return top if popcount(m) == 3 else 13


@njit(cache=True)
def beaten_by_live_board(view, m1, m2, m3, m4, max_card):
    """Another board still in is live (no pair, no card above ``max_card``) and beats the seat's best cards
    of as many cards."""
    j = n_up(view)
    mine = best_key(m1, m2, m3, m4, j)
    me = view[R.V_SEAT]
    for s in range(view[R.V_PLAYERS]):
        if s == me or view[R.V_STATUS + s] == R.FOLDED:
            continue
        b = 0
        live_board = True
        for i in range(j):
            r = view[R.V_UP + 4 * s + i] >> 2
            if r >= max_card or b & (1 << r):
                live_board = False
            b |= 1 << r
        if live_board and R.board_key(view, R.V_UP + 4 * s, R.V_UP + 4 * s + j) < mine:
            return True
    return False


@njit(cache=True)
def _textbook(view, m1, m2, m3, m4, k, row):
    st = view[R.V_STREET]
    max_card = np.int64(row[0])
    free = view[R.V_TO_CALL] == 0 or view[R.V_BRING_IN]
    quit = R.CALL if free else R.FOLD
    if st == 3:
        q = qualifies(view, max_card)
        if not view[R.V_COMPLETED]:
            return R.RAISE if q or steal_spot(view, row[2], row[3], row[4]) else quit
        top, d = start_top(view), completer_door(view)
        if q and top < d:
            return R.RAISE
        return R.CALL if q or (top < d and top <= max_card) else quit
    if st < 7:
        if not live(m1, max_card, st) or (not free and beaten_by_live_board(view, m1, m2, m3, m4, max_card)):
            return quit
        return R.RAISE if ahead(view, m1, m2, m3, m4, k) else R.CALL
    if made_low(m1) <= row[1]:
        return R.RAISE if ahead(view, m1, m2, m3, m4, k) else R.CALL
    return quit


@njit(cache=True)
def decide(pid, row, view, state):
    """The built-in policy ``pid``'s move for ``view``, and its stream's new state."""
    st = view[R.V_STREET]
    if pid == 0:  # station
        return R.CALL, state
    if pid == 1:  # random
        state, u = _uniform(state)
        if view[R.V_CAN_RAISE] and u < row[1]:
            return R.RAISE, state
        state, u = _uniform(state)
        if view[R.V_TO_CALL] > 0 and u < row[0]:
            return R.FOLD, state
        return R.CALL, state
    if pid == 6:  # script
        i = view[R.V_DECISIONS]
        return (np.int64(row[i]) if i < row.shape[0] else R.CALL), state
    m1, m2, m3, m4, k = own_layers(view)
    if pid == 2:  # rock
        max_card = np.int64(row[0])
        if st == 3:
            return (R.CALL if qualifies(view, max_card) else R.FOLD), state
        if st < 7:
            return (R.CALL if live(m1, max_card, st) else R.FOLD), state
        return (R.CALL if made_low(m1) <= row[1] else R.FOLD), state
    if pid == 3:  # tag
        return _tag(view, m1, m2, m3, m4, k, np.int64(row[0]), row[1]), state
    if pid == 4:  # steal
        if st == 3 and steal_spot(view, row[0], row[1], row[2]):
            return R.RAISE, state
        return _tag(view, m1, m2, m3, m4, k, np.int64(row[3]), row[4]), state
    if pid == 5:  # reader
        target = np.int64(row[0])
        if st == 7:
            if made_low(m1) <= target + 1:
                return (R.RAISE if ahead(view, m1, m2, m3, m4, k) else R.CALL), state
            return R.FOLD, state
        p = chance_of_low(view, m1, k, target)
        if p >= 0.5 and ahead(view, m1, m2, m3, m4, k):
            return R.RAISE, state
        call = view[R.V_TO_CALL]
        if call == 0 or p * (view[R.V_POT] + call) >= row[1] * call:
            return R.CALL, state
        return R.FOLD, state
    if pid == 8:  # textbook
        return _textbook(view, m1, m2, m3, m4, k, row), state
    return R.CALL, state
