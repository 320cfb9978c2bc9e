"""Riffifi's fast lane: whole games between built-in policies at the common settings, with the same
integer sums as :func:`.engine.play_games`, bit for bit, about twice as fast.

:class:`.engine.GameJob` runs its chunks here when :func:`supports` says the table and lineup allow it:
built-in policies only, no Officer, paid cards to the pile (D8) and the chips scoring; the player count,
the chips per colour, redeals, ``reveal-own``, the end of a deal, who gives an odd chip (D6: the
collector's policy, or clockwise), the hand passing, the start player and the tally of the ticks counted
are followed through the settings row. Everything else (the Officer, ``after-claim stay``, the ticks
scoring, users' policies, traces, ``riffifi explain``) is the general engine's. The same games: the same
streams, draws, decisions and counts, checked against the general engine at every player count for every
built-in policy (``tests/riffifi/test_fast.py``), and so against the reference engine too.

What makes it faster is the design of ``scripts/ceiling/riffifi_nb.py``: one kernel that allocates
nothing inside a game, no switches or log in the turn, and the table packed in words. ``up`` holds a
byte per colour (the face-up card's value in the low nibble, 9 for none, its owner above), ``stay``
the cards of each colour that would lie face up if played, and a colour's chips are the bytes of one
word (seats 0-4, the middle at byte 5). The built-in policies' answers are computed on that packed
state by the same rules as :mod:`.policies` (:mod:`.fast_choose`, whose names this module re-exports),
with selects where a branch would be mispredicted in a mixed lineup, and the survival odds of ``thief``
and ``expect``, which depend only on the hand sizes, come from tables made by
:func:`.policies.survival_table` before the first game; the tests would see any difference.
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from razzmatazz.core.harness import games_of
from razzmatazz.core.jit import njit
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.fast_choose import _ALL as _ALL
from razzmatazz.core.riffifi.fast_choose import _EXPECT as _EXPECT
from razzmatazz.core.riffifi.fast_choose import _HIGH_BITS as _HIGH_BITS
from razzmatazz.core.riffifi.fast_choose import _HOLDLOW as _HOLDLOW
from razzmatazz.core.riffifi.fast_choose import _LOW_53 as _LOW_53
from razzmatazz.core.riffifi.fast_choose import _LOWEST as _LOWEST
from razzmatazz.core.riffifi.fast_choose import _MIDDLE as _MIDDLE
from razzmatazz.core.riffifi.fast_choose import _NEAR_53 as _NEAR_53
from razzmatazz.core.riffifi.fast_choose import _NTH8 as _NTH8
from razzmatazz.core.riffifi.fast_choose import _ONE_PER_COLOUR as _ONE_PER_COLOUR
from razzmatazz.core.riffifi.fast_choose import _POP8 as _POP8
from razzmatazz.core.riffifi.fast_choose import _RANDOM as _RANDOM
from razzmatazz.core.riffifi.fast_choose import _S53 as _S53
from razzmatazz.core.riffifi.fast_choose import _THIEF as _THIEF
from razzmatazz.core.riffifi.fast_choose import _UNDERCUT as _UNDERCUT
from razzmatazz.core.riffifi.fast_choose import _choose as _choose
from razzmatazz.core.riffifi.fast_choose import _fold as _fold
from razzmatazz.core.riffifi.fast_choose import _givers as _givers
from razzmatazz.core.riffifi.fast_choose import _has_pdep as _has_pdep
from razzmatazz.core.riffifi.fast_choose import _highest as _highest
from razzmatazz.core.riffifi.fast_choose import _holdlow as _holdlow
from razzmatazz.core.riffifi.fast_choose import _leader as _leader
from razzmatazz.core.riffifi.fast_choose import _lowest as _lowest
from razzmatazz.core.riffifi.fast_choose import _lowest_up as _lowest_up
from razzmatazz.core.riffifi.fast_choose import _nth_card as _nth_card
from razzmatazz.core.riffifi.fast_choose import _nth_card_counted as _nth_card_counted
from razzmatazz.core.riffifi.fast_choose import _nth_card_pdep as _nth_card_pdep
from razzmatazz.core.riffifi.fast_choose import _pdep as _pdep
from razzmatazz.core.riffifi.fast_choose import _random_card as _random_card
from razzmatazz.core.riffifi.fast_choose import _scored as _scored
from razzmatazz.core.riffifi.fast_choose import _undercut as _undercut
from razzmatazz.core.rng import game_state

_UP_EMPTY = 0x7979797979
"""Every colour's byte of ``up`` with nothing face up (value 9, owner 7)."""
_OWNERS = 0x7070707070
_DUMMY = 1 << 47
"""Added to the owned-card mask so that "no claim" reads as colour 5, whose chip word stays empty."""
_INV = np.array([0, 1024, 512, 342, 256, 205, 171, 147], np.int64)
"""``(x * _INV[k]) >> 10 == x // k`` for the shares of a claim (x <= 12; ``k`` counts seats holding the same)."""


FOLLOWED = (
    "players",
    "chips_per_colour",
    "redeal",
    "reveal_own",
    "end",
    "tie",
    "passing",
    "start",
    "tick_at",
    "max_deals",
    "tally",
)
"""Settings the fast lane follows through the settings row (``tick_at``, ``max_deals`` and ``tally`` are read
only by the ticks scoring, which is the general engine's)."""
GENERAL = ("officer", "after_claim", "scoring", "officer_as_one")
"""Settings the fast lane plays only at their defaults: any other value sends the game to the general engine.
Every field of :class:`~razzmatazz.core.riffifi.rules.Settings` is in exactly one of the two lists (tested),
so a new switch cannot run in the fast lane until it is classified."""
_DEFAULTS = R.Settings()


def supports(settings: R.Settings, pids: np.ndarray, user) -> bool:
    """Can the fast lane play this table and lineup (policy ids ``pids``, ``user`` a user's policy function
    or None)?"""
    if user is not None or bool(((pids < 0) | (pids > _EXPECT)).any()):
        return False
    return all(getattr(settings, name) == getattr(_DEFAULTS, name) for name in GENERAL)


@njit(cache=True, _nrt=False, inline="always")
def _give(need, k, richer, equal, before):
    """What an opponent holding ``k`` gives to a claim of ``need`` more (D5-D6): all of it if ``need`` covers
    the ``richer`` chips of richer opponents and the ``equal`` opponents holding ``k``, else an even share of
    the rest, one more if fewer than the odd chips of those holding ``k`` come ``before`` it clockwise."""
    rest = max(need - richer, 0)
    share = (rest * _INV[equal]) >> 10
    return k if rest >= equal * k else share + np.int64(before < rest - share * equal)


@njit(cache=True, _nrt=False, inline="always")
def _slots(w, s, n):
    """The opponents of ``s`` clockwise in four slots: each one's shift in a chip word and its chips in ``w`` (a
    slot with no opponent reads 0)."""
    q1 = 8 * (s + 1 if s + 1 < n else s + 1 - n)
    q2 = 8 * (s + 2 if s + 2 < n else s + 2 - n)
    q3 = 8 * (s + 3 if s + 3 < n else s + 3 - n)
    q4 = 8 * (s + 4 if s + 4 < n else s + 4 - n)
    k1 = (w >> q1) & 0xFF
    k2 = (w >> q2) & 0xFF
    k3 = (w >> q3) & 0xFF & -np.int64(n > 3)
    k4 = (w >> q4) & 0xFF & -np.int64(n > 4)
    return q1, q2, q3, q4, k1, k2, k3, k4


@njit(cache=True, _nrt=False, inline="always")
def _steal(w, s, n, need):
    """Chips a claim of ``need`` more takes from the opponents in the chip word ``w`` (D5-D6), odd chips given
    clockwise; returns (w without them, chips taken).

    Without branches: the opponents clockwise from ``s`` fill four slots (a slot with no opponent reads 0 and gives 0,
    which changes nothing for the others), and each gives by :func:`_give` from pairwise comparisons."""
    q1, q2, q3, q4, k1, k2, k3, k4 = _slots(w, s, n)
    r1, r2, r3, r4, n1, n2, n3, n4 = _tiers(k1, k2, k3, k4)
    e12, e13, e23 = np.int64(k1 == k2), np.int64(k1 == k3), np.int64(k2 == k3)
    g1 = _give(need, k1, r1, n1, 0)
    g2 = _give(need, k2, r2, n2, e12)
    g3 = _give(need, k3, r3, n3, e13 + e23)
    g4 = _give(need, k4, r4, n4, np.int64(k1 == k4) + np.int64(k2 == k4) + np.int64(k3 == k4))
    return w - (g1 << q1) - (g2 << q2) - (g3 << q3) - (g4 << q4), g1 + g2 + g3 + g4


@njit(cache=True, _nrt=False, inline="always")
def _tiers(k1, k2, k3, k4):
    """Per slot of :func:`_slots`: the chips of the richer opponents, then the opponents holding as many (itself
    included), by pairwise comparisons."""
    e12 = np.int64(k1 == k2)
    e13 = np.int64(k1 == k3)
    e14 = np.int64(k1 == k4)
    e23 = np.int64(k2 == k3)
    e24 = np.int64(k2 == k4)
    e34 = np.int64(k3 == k4)
    return (
        (k2 > k1) * k2 + (k3 > k1) * k3 + (k4 > k1) * k4,
        (k1 > k2) * k1 + (k3 > k2) * k3 + (k4 > k2) * k4,
        (k1 > k3) * k1 + (k2 > k3) * k2 + (k4 > k3) * k4,
        (k1 > k4) * k1 + (k2 > k4) * k2 + (k3 > k4) * k3,
        1 + e12 + e13 + e14,
        1 + e12 + e23 + e24,
        1 + e13 + e23 + e34,
        1 + e14 + e24 + e34,
    )


@njit(cache=True, _nrt=False, inline="always")
def _odd(need, k, richer, equal):
    """Odd chips of the tier of opponents holding ``k`` (``equal`` of them, ``richer`` chips above them) when a
    claim of ``need`` more empties the richer ones but not this tier, else 0."""
    rest = need - richer
    if rest <= 0 or rest >= equal * k:
        return 0
    return rest - ((rest * _INV[equal]) >> 10) * equal


@njit(cache=True, _nrt=False, inline="always")
def _steal_chosen(w, s, n, need, pid, score, total, ps):
    """:func:`_steal` with the odd chips given by the seats :func:`_givers` picks; returns (w, taken, stream)."""
    q1, q2, q3, q4, k1, k2, k3, k4 = _slots(w, s, n)
    r1, r2, r3, r4, n1, n2, n3, n4 = _tiers(k1, k2, k3, k4)
    o1, o2, o3, o4 = _odd(need, k1, r1, n1), _odd(need, k2, r2, n2), _odd(need, k3, r3, n3), _odd(need, k4, r4, n4)
    b1 = b2 = b3 = b4 = 0
    odd = max(max(o1, o2), max(o3, o4))
    if odd > 0:  # rare: a tie with odd chips
        tied = (
            (np.int64(o1 > 0) << (q1 >> 3))
            | (np.int64(o2 > 0) << (q2 >> 3))
            | (np.int64(o3 > 0) << (q3 >> 3))
            | (np.int64(o4 > 0) << (q4 >> 3))
        )
        chosen, ps = _givers(pid, tied, odd, s, n, score, total, ps)
        b1, b2, b3, b4 = (
            8 * (1 - ((chosen >> (q1 >> 3)) & 1)),
            8 * (1 - ((chosen >> (q2 >> 3)) & 1)),
            8 * (1 - ((chosen >> (q3 >> 3)) & 1)),
            8 * (1 - ((chosen >> (q4 >> 3)) & 1)),
        )
    g1 = _give(need, k1, r1, n1, b1)
    g2 = _give(need, k2, r2, n2, b2)
    g3 = _give(need, k3, r3, n3, b3)
    g4 = _give(need, k4, r4, n4, b4)
    return w - (g1 << q1) - (g2 << q2) - (g3 << q3) - (g4 << q4), g1 + g2 + g3 + g4, ps


@njit(cache=True, _nrt=False, inline="always")
def _collect(up, stay, chips, orb, s, n, tab, chooser, pid, score, ps):
    """Seat ``s`` collects its face-up card if it has one (D4-D8); returns (up, stay, chips lapsed, stream).

    Without a claim it reads colour 5 (value 0, an empty chip word) and changes nothing, so that the common
    path has no branch; ``tab`` is the card table with a value-0 column (:func:`_play_items` folds it). With
    ``chooser`` (``tie chooser``) the odd chips of a tie are given by the seats policy ``pid`` picks, which may
    draw from its stream ``ps``; ``score`` holds each seat's points of the earlier deals."""
    x = up ^ (0x1010101010 * s)
    c = trailing_zeros((~((x & _OWNERS) + _OWNERS) & _HIGH_BITS) | _DUMMY) >> 3
    sh = 8 * c
    value = (up >> sh) & 15
    up = (up & ~(np.int64(0xFF) << sh)) | ((np.int64(0x79) << sh) & _ALL)  # face down
    stay |= (np.int64(0xFF) << sh) & _ALL
    w = chips[c]
    need = min(value, R.CAP - ((w >> (8 * s)) & 0xFF))
    gained = min(need, (w >> _MIDDLE) & 0xFF)
    w -= gained << _MIDDLE
    if need > gained:
        if chooser:
            total = chips[0] + chips[1] + chips[2] + chips[3] + chips[4]
            w, taken, ps = _steal_chosen(w, s, n, need - gained, pid, score, total, ps)
        else:
            w, taken = _steal(w, s, n, need - gained)
        gained += taken
    chips[c] = w + (gained << (8 * s))
    t = (orb[c] * 9 + value) * 3
    tab[t + E.T_PAID] += 1
    tab[t + E.T_CHIPS] += gained
    return up, stay, value - gained, ps


@njit(cache=True, _nrt=False, inline="always")
def _place(up, stay, public, reveal, orb, tab, s, card, orbit):
    """Seat ``s`` plays ``card``: it lies face up unless a lower card of its colour does (D1-D3, without
    branches); returns (up, stay, public, 1 if it lies face up, 1 if it turned a card down)."""
    c = card >> 3
    v = (card & 7) + 1
    sh = 8 * c
    b = (up >> sh) & 0xFF
    up_value = b & 15
    place = np.int64(v < up_value)
    tab[(orbit * 9 + v) * 3 + E.T_PLAYS] += 1
    public |= (np.int64(1) << card) & -(place | reveal)
    up ^= ((b ^ (v | (s << 4))) & -place) << sh
    stay ^= ((((stay >> sh) & 0xFF) ^ ((1 << (v - 1)) - 1)) & -place) << sh
    orb[c] = orbit if place else orb[c]
    return up, stay, public, place, place & (up_value < 9)


@njit(cache=True, _nrt=False)
def _play_deal(cfg, n, start, hands, played, chips, orb, seat_pid, seat_player, params, surv, pstate, score, tab):
    """Play one deal's turns from its start (D1-D8); returns what :func:`_end_deal` reads: (up, stay, undercuts,
    cards set aside, chips lapsed)."""
    reveal = np.int64(cfg[R.C_REVEAL_OWN] != 0)
    chooser = cfg[R.C_TIE] == R.TIE_CHOOSER
    up = np.int64(_UP_EMPTY)
    stay = np.int64(_ALL)
    public = np.int64(0)
    undercuts, placed, lapsed = 0, 0, 0
    size = cfg[R.C_HAND]
    total = cfg[R.C_CHIPS]
    s = start
    for orbit in range(size):
        for i in range(n):
            up, stay, lapse, pstate[s] = _collect(
                up, stay, chips, orb, s, n, tab, chooser, seat_pid[s], score, pstate[s]
            )
            lapsed += lapse
            hand = hands[s]
            p = seat_player[s]
            hidden = ~(hand | played[s] | public)
            card, pstate[s] = _choose(
                seat_pid[s],
                params,
                p,
                hand,
                size - orbit,
                s,
                n,
                up,
                stay,
                chips,
                total,
                hidden,
                surv,
                ((p * size + orbit) * n + i) * 8,
                pstate[s],
            )
            card = E._legal_card(card, hand)
            bit = np.int64(1) << card
            hands[s] = hand & ~bit
            played[s] |= bit
            up, stay, public, place, under = _place(up, stay, public, reveal, orb, tab, s, card, orbit)
            placed += place
            undercuts += under
            s = s + 1 if s + 1 < n else 0
    return up, stay, undercuts, n * size - placed, lapsed


@njit(cache=True, _nrt=False)
def _play_deal_random(cfg, n, start, hands, chips, orb, pstate, score, tab):
    """:func:`_play_deal` when every seat plays ``random``: no policy to ask, no seen cards to keep (a loop of
    its own because that made random play about 17 % faster)."""
    up = np.int64(_UP_EMPTY)
    stay = np.int64(_ALL)
    public = np.int64(0)
    undercuts, placed, lapsed = 0, 0, 0
    size = cfg[R.C_HAND]
    chooser = cfg[R.C_TIE] == R.TIE_CHOOSER
    s = start
    for orbit in range(size):
        for _ in range(n):
            up, stay, lapse, pstate[s] = _collect(up, stay, chips, orb, s, n, tab, chooser, _RANDOM, score, pstate[s])
            lapsed += lapse
            hand = hands[s]
            card, pstate[s] = _random_card(hand, size - orbit, pstate[s])
            hands[s] = hand & ~(np.int64(1) << card)
            up, stay, public, place, under = _place(up, stay, public, 0, orb, tab, s, card, orbit)
            placed += place
            undercuts += under
            s = s + 1 if s + 1 < n else 0
    return up, stay, undercuts, n * size - placed, lapsed


@njit(cache=True, _nrt=False, inline="always")
def _end_deal(
    cfg, n, start, up, stay, chips, orb, tab, out, o_glob, undercuts, aside, lapsed, chooser, seat_pid, score, pstate
):
    """The end orbit's claims (D9) and the deal's counts."""
    if cfg[R.C_END] == 0:
        for t in range(n):
            s = start + t if start + t < n else start + t - n
            up, stay, lapse, pstate[s] = _collect(
                up, stay, chips, orb, s, n, tab, chooser, seat_pid[s], score, pstate[s]
            )
            lapsed += lapse
    out[o_glob + E.G_UNDERCUTS] += undercuts
    out[o_glob + E.G_ASIDE] += aside
    out[o_glob + E.G_LAPSED] += lapsed


@njit(cache=True, _nrt=False)
def _play_game(
    cfg,
    deal_state,
    deck,
    swap,
    dealt,
    hands,
    played,
    chips,
    orb,
    seat_pid,
    seat_player,
    params,
    surv,
    pstate,
    res,
    score,
    ticks,
    pos_sum,
    tab,
    out,
    o_pos,
    o_glob,
    random_only,
):
    """One game (G1-G3, G5), per seat results in ``res`` (the engine's ``H_*`` columns)."""
    n = cfg[R.C_PLAYERS]
    passing = cfg[R.C_PASSING] == 0
    tick_at = cfg[R.C_TICK_AT]
    by_deal = cfg[R.C_TALLY] == R.TALLY_DEAL
    chooser = cfg[R.C_TIE] == R.TIE_CHOOSER
    for s in range(n):
        for f in range(E.N_RES):
            res[s, f] = 0
        score[s] = 0
        ticks[s] = 0
        pos_sum[s] = 0
    for deal in range(n):
        if deal == 0 or not passing:
            deal_state, redeals = E.deal_hands(cfg, deal_state, deck, swap, dealt)
            out[o_glob + E.G_REDEALS] += redeals
        for s in range(n):
            hands[s] = dealt[s - deal if s >= deal else s - deal + n] if passing else dealt[s]
            played[s] = 0
        for c in range(R.N_COLOURS):
            chips[c] = cfg[R.C_CHIPS] << _MIDDLE
        start = deal if cfg[R.C_START] == 0 else 0
        if random_only:
            up, stay, undercuts, aside, lapsed = _play_deal_random(cfg, n, start, hands, chips, orb, pstate, score, tab)
        else:
            up, stay, undercuts, aside, lapsed = _play_deal(
                cfg, n, start, hands, played, chips, orb, seat_pid, seat_player, params, surv, pstate, score, tab
            )
        _end_deal(
            cfg,
            n,
            start,
            up,
            stay,
            chips,
            orb,
            tab,
            out,
            o_glob,
            undercuts,
            aside,
            lapsed,
            chooser,
            seat_pid,
            score,
            pstate,
        )
        total = chips[0] + chips[1] + chips[2] + chips[3] + chips[4]
        out[o_glob + E.G_MIDDLE] += (total >> _MIDDLE) & 0xFF
        out[o_glob + E.G_DEALS] += 1
        for s in range(n):
            points = (total >> (8 * s)) & 0xFF
            score[s] += points
            pos_sum[s - start if s >= start else s - start + n] += points
            for c in range(R.N_COLOURS):
                x = (chips[c] >> (8 * s)) & 0xFF
                res[s, E.H_CHIPS + c] += x
                ticks[s] |= np.int64((x if by_deal else res[s, E.H_CHIPS + c]) >= tick_at) << c
    best, k = 0, 0
    for s in range(n):
        best = max(best, score[s])
    for s in range(n):
        k += score[s] == best
    share = E.WIN // k
    for s in range(n):
        res[s, E.H_SCORE] = score[s]
        res[s, E.H_WIN] = share if score[s] == best else 0
        res[s, E.H_TICKS] = _POP8[ticks[s]]
        out[o_pos + s * E.N_POSFIELDS] += n
        out[o_pos + s * E.N_POSFIELDS + 1] += pos_sum[s]
        out[o_pos + s * E.N_POSFIELDS + 2] += pos_sum[s] * pos_sum[s]


@njit(cache=True)
def survival_rows(cfg, lineup_pids, lineup_params):
    """Per lineup player, the survival odds its policy uses at each turn ``(orbit * n + i) * 8 + u`` (``i``: the
    turn's place in the orbit, ``u``: unseen lower cards), from :func:`.policies.survival_table`; 1.0 where
    its policy uses none."""
    n = cfg[R.C_PLAYERS]
    size = cfg[R.C_HAND]
    surv = np.ones(n * size * n * 8, np.float64)
    view = np.zeros(R.VIEW_LEN, np.int64)
    view[R.ST_PLAYERS] = n
    for p in range(n):
        pid = lineup_pids[p]
        if pid != _THIEF and pid != _EXPECT:
            continue
        aggression = lineup_params[p, 4] if pid == _THIEF else lineup_params[p, 0]
        for orbit in range(size):
            for i in range(n):
                view[R.V_SEAT] = i
                for o in range(n):
                    view[R.V_HAND_N + o] = size - orbit - (1 if o < i else 0)
                table = P.survival_table(view, aggression)
                for u in range(8):
                    surv[((p * size + orbit) * n + i) * 8 + u] = table[u]
    return surv


@njit(cache=True, _nrt=False)
def _play_items(
    cfg,
    deal_key,
    policy_keys,
    lineup_pids,
    params,
    surv,
    duplicate,
    start,
    stop,
    out,
    deck,
    swap,
    dealt,
    hands,
    played,
    chips,
    orb,
    seat_pid,
    seat_player,
    pstate,
    res,
    score,
    ticks,
    pos_sum,
    tab,
    block,
    block_win,
):
    n = cfg[R.C_PLAYERS]
    o_seat, o_pos, o_glob, o_table, o_cross, _ = E.count_offsets(n)
    random_only = True
    for p in range(n):
        random_only = random_only and lineup_pids[p] == _RANDOM
    for item in range(start, stop):
        first, last = games_of(item, n, duplicate)
        for g in range(first, last):
            r = g % n
            for p in range(n):
                s = p + r if p + r < n else p + r - n
                seat_pid[s] = lineup_pids[p]
                seat_player[s] = p
            for s in range(n):
                pstate[s] = game_state(policy_keys[s], g)
            _play_game(
                cfg,
                game_state(deal_key, item),
                deck,
                swap,
                dealt,
                hands,
                played,
                chips,
                orb,
                seat_pid,
                seat_player,
                params,
                surv,
                pstate,
                res,
                score,
                ticks,
                pos_sum,
                tab,
                out,
                o_pos,
                o_glob,
                random_only,
            )
            E.tally_game(out, res, n, r, o_seat, o_glob, block, block_win)
        E.tally_block(out, n, o_glob, o_cross, block, block_win)
    for orbit in range(E.ORBITS):
        for v in range(1, R.N_VALUES + 1):
            for f in range(3):
                out[o_table + (orbit * R.N_VALUES + v - 1) * 3 + f] += tab[(orbit * 9 + v) * 3 + f]


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """:func:`.engine.play_games` for a table and lineup :func:`supports` accepts."""
    n = cfg[R.C_PLAYERS]
    out = np.zeros(E.count_offsets(n)[-1], np.int64)
    m = R.MAX_PLAYERS
    seats = np.zeros((10, m), np.int64)  # per seat: dealt, hand, played, pid, player, score, ticks, pos, block x2
    colours = np.zeros((2, R.N_COLOURS + 1), np.int64)  # chip words and orbits, with colour 5 for "no claim"
    _play_items(
        cfg,
        deal_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        survival_rows(cfg, lineup_pids, lineup_params),
        duplicate,
        start,
        stop,
        out,
        np.zeros(R.OFFICER + 1, np.int64),
        np.zeros(R.OFFICER + 1, np.int64),
        seats[0],
        seats[1],
        seats[2],
        colours[0],
        colours[1],
        seats[3],
        seats[4],
        np.zeros(m, np.uint64),
        np.zeros((m, E.N_RES), np.int64),
        seats[5],
        seats[6],
        seats[7],
        np.zeros(E.ORBITS * 9 * 3, np.int64),
        seats[8],
        seats[9],
    )
    return out
