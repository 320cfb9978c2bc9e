"""Riffifi's decision-point interface (``core/positions.py``): a game stopped at any decision.

A position is the engine's own game array (:mod:`.engine`, ``PS_*``): the live state of the deal
with the pending decision (``R.V_KIND``: a card, the Officer's target or who gives an odd chip, asked
of ``R.V_SEAT``), the deal stream, each seat's policy random state, the dealt hands passed left, the
turn's context and the game's results so far. The kernel plays its games with these same functions
(:func:`.engine.begin_game`, :func:`.engine.decide_and_apply`), so stepping a game here is the game
the kernel plays. Moves are the policies' answers: a card id, a colour or -1 (the Officer's target), a
seat (K_SPLIT); an impossible one is repaired as the engine does (:func:`.engine.repair`).

An observation (``OB_*``) is the seat's view (its hand and plays, everything face up and who played
it, chips, points, hand sizes, the decision), the whole hands it held earlier in this round of passed
hands and the cards of each hand shown in earlier deals, when the others set cards aside unseen, its
own policy state, the game's public counts and the settings. :func:`determinize` draws the rest.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import policies
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.rng import deal_from, game_state, next_u64

POS_LEN = E.POS_LEN
VIEW_LEN = R.VIEW_LEN
MAX_MOVES = 12
"""The most legal moves: a 12-card hand (three players)."""
NO_USER = policies.no_user_policy

OB_STATE = 0  # VIEW_LEN: the seat's view, V_SEAT the actor, V_HAND_N as the engine keeps it
OB_SEAT = VIEW_LEN
OB_POLICY = OB_SEAT + 1  # the seat's policy random state
OB_HELD = OB_POLICY + 1  # 5: each seat's whole hand of this deal if the seat held it in this round, else 0
OB_SHOWN = OB_HELD + R.MAX_PLAYERS  # 5: PS_SHOWN (public)
OB_HIDDEN = OB_SHOWN + R.MAX_PLAYERS  # 5: per seat, the orbits (bit mask) of its cards set aside unseen
OB_ASIDE = OB_HIDDEN + R.MAX_PLAYERS  # 41: the orbits of the seat's own cards set aside unseen
OB_GAME = OB_ASIDE + R.OFFICER + 1  # the public game fields PS_GAME..PS_HANDS (PS_HOLDER blanked)
OB_GLOB = OB_GAME + E.PS_HANDS - E.PS_GAME
OB_TABLE = OB_GLOB + E.N_GFIELDS  # the card table without the others' unseen cards
OB_CFG = OB_TABLE + E.N_TABLE
OBS_LEN = OB_CFG + R.N_CFG

_ALL = (np.int64(1) << np.int64(R.OFFICER + 1)) - 1
_ONES = np.int64(sum(1 << (c * R.N_VALUES) for c in range(R.N_COLOURS)))
_OFFICER_BIT = np.int64(1) << np.int64(R.OFFICER)
_TRIES = 1000
"""Draws of :func:`determinize` before it keeps one that breaks the redeal rule (C3)."""


def read_only(job) -> tuple:
    """``(settings row, deal key, policy keys per seat, a log that records nothing)`` of a GameJob."""
    a = job.kernel_args()
    return a.cfg, np.uint64(a.deal_key), a.policy_keys, np.zeros((1, 5), np.int64)


def lineup(job) -> tuple[np.ndarray, np.ndarray]:
    """The lineup's policy ids and parameter rows, in player order."""
    a = job.kernel_args()
    return a.lineup_pids, a.lineup_params


def counts_len(ro) -> int:
    return E.layout(int(ro[0][R.C_PLAYERS]))["size"]


@njit(cache=True)
def start(ro, pids, params, game, pos):
    """Game ``game`` of the run (no duplicate deals), up to its first decision."""
    cfg, deal_key, policy_keys, log = ro
    pos[:] = 0
    E.begin_game(cfg, pos, game, game_state(deal_key, game), policy_keys, log, pos, E.PS_TABLE, E.PS_GLOB)


@njit(cache=True)
def actor(ro, pos):
    return pos[R.V_SEAT] if pos[R.V_KIND] >= 0 else -1


@njit(cache=True)
def view(ro, pos, seat, out):
    """What ``seat``'s policy is shown at this decision (a user's policy's view)."""
    R.fill_view(pos, seat, pos[R.V_KIND], out)
    out[R.V_COLOUR] = pos[R.V_COLOUR]
    out[R.V_ODD] = pos[R.V_ODD]
    out[R.V_TIED] = pos[R.V_TIED]


@njit(cache=True)
def _bits(m, out, k):
    """The set bits of ``m`` (card ids or seats) from ``out[k]`` on; returns the new count."""
    while m:
        out[k] = R.lowest_card(m)
        m &= m - 1
        k += 1
    return k


@njit(cache=True)
def legal(ro, pos, out):
    """The actor's moves: cards in hand; -1 or a colour with a face-up card; a tied seat."""
    kind = pos[R.V_KIND]
    if kind == R.K_PLAY:
        return _bits(pos[R.ST_HAND + pos[R.V_SEAT]], out, 0)
    if kind == R.K_TARGET:
        out[0] = R.NO_TARGET
        k = 1
        for c in range(R.N_COLOURS):
            if pos[R.ST_UP_OWNER + c] >= 0:
                out[k] = c
                k += 1
        return k
    if kind == R.K_SPLIT:
        return _bits(pos[R.V_TIED], out, 0)
    return 0


@njit(cache=True)
def apply(ro, pos, move):
    cfg, _, _, log = ro
    row, view = np.zeros(1), np.zeros(VIEW_LEN, np.int64)
    E.play_move(cfg, pos, move, row, view, log, pos, E.PS_TABLE, E.PS_GLOB, policies.no_user_policy)


@njit(cache=True)
def step(ro, pos, pids, params, user):
    """The actor's policy (player order ``pids``: player p sits in seat (p + game) mod N) moves; returns the move."""
    cfg, _, _, log = ro
    n = cfg[R.C_PLAYERS]
    p = (pos[R.V_SEAT] - pos[E.PS_GAME]) % n
    handled, move = SR.step(cfg, pos, pids, params, user)  # a search seat searches
    if handled:
        return move
    scratch = np.empty(VIEW_LEN, np.int64)
    return E.decide_and_apply(cfg, pos, pids[p], params[p], scratch, log, pos, E.PS_TABLE, E.PS_GLOB, user)


@njit(cache=True)
def playout(ro, pos, pids, params, user):
    while pos[R.V_KIND] >= 0:
        step(ro, pos, pids, params, user)


@njit(cache=True)
def step_builtin(ro, pos, pids, params):
    return step(ro, pos, pids, params, policies.no_user_policy)


@njit(cache=True)
def playout_builtin(ro, pos, pids, params):
    playout(ro, pos, pids, params, policies.no_user_policy)


@njit(cache=True)
def tally(ro, pos, out):
    """Add the finished game's counts to ``out`` (the kernel's layout, one block a game)."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    o_seat, o_pos, o_glob, o_table, _, _ = E.count_offsets(n)
    for i in range(E.N_GFIELDS):
        out[o_glob + i] += pos[E.PS_GLOB + i]
    for i in range(E.N_TABLE):
        out[o_table + i] += pos[E.PS_TABLE + i]
    E.count_game(cfg, pos, out, o_pos, o_glob)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    E.tally_game(out, E.results(pos), n, pos[E.PS_GAME] % n, o_seat, o_glob, block, block_win)
    E.tally_block(out, n, o_glob, o_table + E.N_TABLE, block, block_win)


@njit(cache=True)
def ones_in_play(cfg):
    """How many 1s a deal holds (C2, C4)."""
    if cfg[R.C_PLAYERS] == 3:
        return 0 if cfg[R.C_OFFICER] else 1
    return 4 if cfg[R.C_OFFICER] else R.N_COLOURS


@njit(cache=True)
def _check_cards(cfg, pos):
    """0 if the hands and played cards hold every card of the deal once, else a code (1-5)."""
    n = cfg[R.C_PLAYERS]
    seen = np.int64(0)
    for s in range(R.MAX_PLAYERS):
        hand, played = pos[R.ST_HAND + s], pos[R.ST_PLAYED + s]
        if (hand | played) & seen or hand & played or (s >= n and (hand or played)):
            return 1
        seen |= hand | played
    for s in range(n):
        if R.popcount(pos[R.ST_HAND + s] | pos[R.ST_PLAYED + s]) != cfg[R.C_HAND]:
            return 2
    rest = _ALL & ~_ONES & ~_OFFICER_BIT  # every card but the 1s and the Officer is dealt
    if seen & rest != rest or R.popcount(seen & _ONES) != ones_in_play(cfg):
        return 3
    if bool(seen & _OFFICER_BIT) != bool(cfg[R.C_OFFICER]) or pos[R.ST_PUBLIC] & ~seen:
        return 4
    for c in range(R.N_COLOURS):
        owner = pos[R.ST_UP_OWNER + c]
        if owner >= 0:
            card = R.bit(c * R.N_VALUES + pos[R.ST_UP_VALUE + c] - 1)
            if owner >= n or not pos[R.ST_PLAYED + owner] & pos[R.ST_PUBLIC] & card:
                return 5
    return 0


@njit(cache=True)
def _check_chips(cfg, pos):
    """0 if every colour's chips add up to the chips per colour, none negative, else 6."""
    for c in range(R.N_COLOURS):
        total = 0
        for h in range(R.MIDDLE + 1):
            k = R.chips(pos, h, c)
            if k < 0 or (cfg[R.C_PLAYERS] <= h < R.MIDDLE and k):
                return 6
            total += k
        if total != cfg[R.C_CHIPS]:
            return 6
    return 0


@njit(cache=True)
def _check_turn(cfg, pos):
    """0 if the actor may make the pending decision (or the game is over), else a code (7-9)."""
    n = cfg[R.C_PLAYERS]
    kind, s = pos[R.V_KIND], pos[R.V_SEAT]
    if kind < 0:
        return 0 if pos[E.PS_PHASE] == E.PH_OVER else 7
    if not 0 <= s < n or kind > R.K_SPLIT:
        return 7
    for o in range(n):
        if R.popcount(pos[R.ST_HAND + o]) != pos[R.V_HAND_N + o] + (kind == R.K_TARGET and o == s):
            return 8
    hand = pos[R.ST_HAND + s]
    if kind == R.K_PLAY:
        return 0 if hand else 9
    if kind == R.K_TARGET:
        return 0 if hand & _OFFICER_BIT else 9
    tied, c = pos[R.V_TIED], pos[R.V_COLOUR]
    if pos[R.V_ODD] <= 0 or R.popcount(tied) < pos[R.V_ODD] or (tied >> s) & 1 or tied >> n:
        return 9
    for o in range(n):
        if (tied >> o) & 1 and R.chips(pos, o, c) <= 0:
            return 9
    return 0


@njit(cache=True)
def check(ro, pos):
    """0 if consistent; 1-5 the cards (each once, hand sizes, the deck, the public and face-up cards), 6 the
    chips, 7-9 the decision (the actor, hand sizes, a move the actor can make)."""
    cfg = ro[0]
    code = _check_cards(cfg, pos)
    if code == 0:
        code = _check_chips(cfg, pos)
    if code == 0:
        code = _check_turn(cfg, pos)
    return code


@njit(cache=True)
def _held(cfg, pos, seat, o):
    """Seat ``o``'s whole hand of this deal if ``seat`` held it earlier in this round of passed hands, else 0."""
    n = cfg[R.C_PLAYERS]
    k = pos[R.ST_DEAL] % n if cfg[R.C_PASSING] == 0 else 0
    if (o - seat) % n > k:
        return np.int64(0)
    return pos[R.ST_HAND + o] | pos[R.ST_PLAYED + o]


@njit(cache=True)
def observation(ro, pos, seat, out):
    """Everything ``seat`` knows (the ``OB_*`` layout); returns OBS_LEN."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    out[:] = 0
    R.fill_view(pos, seat, pos[R.V_KIND], out)
    for i in range(R.V_SEAT, VIEW_LEN):  # the decision and the hand sizes as the engine keeps them
        out[i] = pos[i]
    out[OB_SEAT] = seat
    out[OB_POLICY] = pos[E.PS_POLICY + seat]
    for i in range(E.PS_GAME, E.PS_HANDS):
        out[OB_GAME + i - E.PS_GAME] = pos[i]
    out[OB_GAME + E.PS_HOLDER - E.PS_GAME] = 0
    for i in range(E.N_GFIELDS):
        out[OB_GLOB + i] = pos[E.PS_GLOB + i]
    for i in range(E.N_TABLE):
        out[OB_TABLE + i] = pos[E.PS_TABLE + i]
    for o in range(n):
        out[OB_HELD + o] = _held(cfg, pos, seat, o)
        out[OB_SHOWN + o] = pos[E.PS_SHOWN + o]
        hidden = pos[R.ST_PLAYED + o] & ~pos[R.ST_PUBLIC]
        while hidden:
            card = R.lowest_card(hidden)
            hidden &= hidden - 1
            orbit = pos[E.PS_ASIDE_ORBIT + card]
            if o == seat:
                out[OB_ASIDE + card] = orbit
            else:
                out[OB_HIDDEN + o] |= np.int64(1) << orbit
                out[OB_TABLE + _plays(orbit, card)] -= 1
    for i in range(R.N_CFG):
        out[OB_CFG + i] = cfg[i]
    return OBS_LEN


@njit(cache=True, inline="always")
def _plays(orbit, card):
    """Offset in the card table of the plays of ``card``'s value in ``orbit``."""
    return (min(orbit, E.ORBITS - 1) * R.N_VALUES + card % R.N_VALUES) * 3 + E.T_PLAYS


@njit(cache=True)
def _choose(state, m, k, deck, swap):
    """``k`` cards of the mask ``m`` drawn uniformly (a mask), and the new stream state."""
    size = _bits(m, deck, 0)
    state = deal_from(state, deck[:size], k, swap)
    chosen = np.int64(0)
    for j in range(k):
        chosen |= R.bit(deck[j])
    return state, chosen


@njit(cache=True)
def _slots(obs, n):
    """Per seat: the cards it must hold in hand or have set aside unseen (what the seat knows of its hand),
    its hand size and its number of unseen cards set aside."""
    seat, kind, actor_ = obs[OB_SEAT], obs[R.V_KIND], obs[R.V_SEAT]
    k = obs[R.ST_DEAL] % n if obs[OB_CFG + R.C_PASSING] == 0 else 0
    forced = np.zeros(R.MAX_PLAYERS, np.int64)
    hand_n = np.zeros(R.MAX_PLAYERS, np.int64)
    aside_n = np.zeros(R.MAX_PLAYERS, np.int64)
    for o in range(n):
        if o == seat:
            continue
        forced[o] = (obs[OB_HELD + o] | obs[OB_SHOWN + (o - k) % n]) & ~obs[R.ST_PLAYED + o]
        hand_n[o] = obs[R.V_HAND_N + o]
        if kind == R.K_TARGET and o == actor_:  # it is playing the Officer
            forced[o] |= _OFFICER_BIT
            hand_n[o] += 1
        aside_n[o] = R.popcount(obs[OB_HIDDEN + o])
    return forced, hand_n, aside_n


@njit(cache=True)
def _draw(state, obs, n, forced, hand_n, aside_n, cards, deck, spare, swap):
    """One draw of every seat's cards (``cards``: hand, then set aside unseen), with the new stream state; the
    last value says whether the draw keeps the rules the seat knows were kept (the Officer in a hand, C3)."""
    seat = obs[OB_SEAT]
    seen = obs[R.ST_HAND + seat] | obs[R.ST_PLAYED + seat] | obs[R.ST_PUBLIC]
    pool = _ALL & ~seen
    if not obs[OB_CFG + R.C_OFFICER]:
        pool &= ~_OFFICER_BIT
    free = 0
    for o in range(n):
        pool &= ~forced[o]
        free += hand_n[o] + aside_n[o] - R.popcount(forced[o])
    state, ones = _choose(state, pool & _ONES, free - R.popcount(pool & ~_ONES), deck, swap)
    m = _bits((pool & ~_ONES) | ones, deck, 0)
    state = deal_from(state, deck[:m], m, swap)
    j = 0
    ok = True
    for o in range(n):
        if o == seat:
            continue
        mine = forced[o]
        for _ in range(hand_n[o] + aside_n[o] - R.popcount(forced[o])):
            mine |= R.bit(deck[j])
            j += 1
        if hand_n[o] == 0 and mine & _OFFICER_BIT:
            ok = False
        state, aside = _choose(state, mine & ~_OFFICER_BIT, aside_n[o], spare, swap)
        cards[o, 0] = mine & ~aside
        cards[o, 1] = aside
        if obs[OB_CFG + R.C_REDEAL] and not R.colour_counts_ok(mine | obs[R.ST_PLAYED + o]):
            ok = False
    return state, ok


@njit(cache=True)
def _place(pos, obs, o, cards):
    """Seat ``o``'s drawn hand and unseen cards set aside, at the orbits the seat saw them set aside."""
    pos[R.ST_HAND + o] = cards[o, 0]
    pos[R.ST_PLAYED + o] = obs[R.ST_PLAYED + o] | cards[o, 1]
    orbits, aside = obs[OB_HIDDEN + o], cards[o, 1]
    while aside:
        card = R.lowest_card(aside)
        aside &= aside - 1
        orbit = R.lowest_card(orbits)
        orbits &= orbits - 1
        pos[E.PS_ASIDE_ORBIT + card] = orbit
        pos[E.PS_TABLE + _plays(orbit, card)] += 1


@njit(cache=True)
def _copy_public(obs, pos):
    """The position's fields the observation holds as they are."""
    pos[:] = 0
    for i in range(VIEW_LEN):
        pos[i] = obs[OB_STATE + i]
    for i in range(E.PS_GAME, E.PS_HANDS):
        pos[i] = obs[OB_GAME + i - E.PS_GAME]
    for i in range(E.N_GFIELDS):
        pos[E.PS_GLOB + i] = obs[OB_GLOB + i]
    for i in range(E.N_TABLE):
        pos[E.PS_TABLE + i] = obs[OB_TABLE + i]
    for o in range(R.MAX_PLAYERS):
        pos[E.PS_SHOWN + o] = obs[OB_SHOWN + o]
    for card in range(R.OFFICER + 1):
        pos[E.PS_ASIDE_ORBIT + card] = obs[OB_ASIDE + card]
    seat = obs[OB_SEAT]
    pos[E.PS_POLICY + seat] = obs[OB_POLICY]


@njit(cache=True)
def determinize(ro, obs, seat, key, draw, pos):
    """A full position agreeing with ``obs`` (seat ``seat``'s observation), from ``obs`` alone: the cards the seat
    has not seen dealt uniformly to the others' hands and unseen cards set aside (each hand holding what the seat
    knows of it, the Officer in a hand, C3 kept), the future deals and the others' policy states drawn, all from
    stream ``(key, draw)``."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    _copy_public(obs, pos)
    forced, hand_n, aside_n = _slots(obs, n)
    cards = np.zeros((R.MAX_PLAYERS, 2), np.int64)
    deck = np.zeros(R.OFFICER + 1, np.int64)
    spare = np.zeros(R.OFFICER + 1, np.int64)
    swap = np.zeros(R.OFFICER + 1, np.int64)
    state = game_state(key, draw)
    for _ in range(_TRIES):
        state, ok = _draw(state, obs, n, forced, hand_n, aside_n, cards, deck, spare, swap)
        if ok:
            break
    k = pos[R.ST_DEAL] % n if cfg[R.C_PASSING] == 0 else 0
    pos[E.PS_MARK] = R.OFFICER  # which 1 officer_as_one marks is not the seat's to know: rollouts count none
    pos[E.PS_HOLDER] = -1
    for o in range(n):
        if o != seat:
            _place(pos, obs, o, cards)
        whole = pos[R.ST_HAND + o] | pos[R.ST_PLAYED + o]
        pos[E.PS_DEALT + (o - k) % n] = whole
        if whole & _OFFICER_BIT:
            pos[E.PS_HOLDER] = o
    state, x = next_u64(state)
    pos[E.PS_DEAL_RNG] = np.int64(x)
    for o in range(n):
        if o != seat:
            state, x = next_u64(state)
            pos[E.PS_POLICY + o] = np.int64(x)


from razzmatazz.core.riffifi import search as SR  # noqa: E402  (it imports this module; step's search seats)
