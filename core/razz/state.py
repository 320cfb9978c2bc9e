"""Razz at a decision point: the interface of :mod:`razzmatazz.core.positions` for one hand of a run.

A position is one hand in one flat int64 array (offsets ``P_*``). The hand is played by the
engine's own steps (:mod:`.engine`: ``_setup``, ``_show``, ``_repair``, ``_bring_in_move``,
``_move``, ``_deal_street``, ``_showdown``; the kernel writes the betting steps out in its loop for
speed); only the loop over seats is unrolled here into "advance to the next decision". Stepping a
hand makes exactly the kernel's decisions (``tests/conformance/test_positions.py`` pins it).

Layout: the header (game, rotation, actor, the betting round's state: street, cursor seat, idle
seats, level, bets made, completed, bet size, bring-in seat, players in and able, deck top,
community card, G6 flags, log rows, deal stream state), then each seat's policy random state
(uint64 bits), the deck (52, dealt cards first; a reshuffled pool in ``deck[52 - m:]``), the
engine's workspace rows ``W_*`` (10 x 8), the hands (8 x 7, stud order, -1 not dealt), the public
view (``rules.V_*`` with ``V_OWN`` = -1), the per-seat results ``H_*`` (8 x 5) and the log
(``rules.LOG_ROWS`` rows of 4, row 0 = count, as ``GameJob.trace`` writes it). The workspace rows
``W_ROUND`` and ``W_CAPPED`` (column ``street - 3``) are the hand's street counts, set as the kernel
sets them: a round counts when its first decision is offered (:func:`_offer`), and is capped when it
ends with ``cap`` or more bets made (:func:`_advance`); :func:`tally` adds them in.

An observation is the header without the deal stream, the seat, its policy state, the hands
as the seat knows them (-2: dealt but unseen; at a showdown the shown hands are known), the
workspace, view, results and the log with the unseen cards as -2.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.harness import close_block
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import policies
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.ranking import tables
from razzmatazz.core.rng import deal_from, game_state, next_u64

(
    PS_GAME,
    PS_ROT,
    PS_ACTOR,
    PS_STREET,
    PS_SEAT,
    PS_IDLE,
    PS_LEVEL,
    PS_MADE,
    PS_COMPLETED,
    PS_SIZE,
    PS_BRING,
    PS_NIN,
    PS_NABLE,
    PS_TOP,
    PS_COMMUNITY,
    PS_FLAGS,
    PS_LOG_ROWS,
    PS_DEAL,
) = range(18)
MP = R.MAX_PLAYERS
PS_PSTATE = PS_DEAL + 1
PS_DECK = PS_PSTATE + MP
PS_WS = PS_DECK + 52
PS_HANDS = PS_WS + E.N_WS * MP
PS_VIEW = PS_HANDS + 7 * MP
PS_RES = PS_VIEW + R.VIEW_LEN
PS_LOG = PS_RES + 5 * MP
POS_LEN = PS_LOG + 4 * R.LOG_ROWS

OB_SEAT = PS_DEAL
OB_PSTATE = OB_SEAT + 1
OB_HANDS = OB_PSTATE + 1
OB_WS = OB_HANDS + 7 * MP
OB_VIEW = OB_WS + E.N_WS * MP
OB_RES = OB_VIEW + R.VIEW_LEN
OB_LOG = OB_RES + 5 * MP
OBS_LEN = OB_LOG + 4 * R.LOG_ROWS

HIDDEN = -2
"""A card the observing seat has not seen."""
VIEW_LEN = R.VIEW_LEN
MAX_MOVES = 3
NO_USER = policies.no_user_policy
BAD_CARDS, BAD_CHIPS, BAD_ACTOR, BAD_VIEW = 1, 2, 3, 4
"""Codes of :func:`check`: a card missing or twice, chips not conserved, the actor cannot move, view and
workspace disagree."""


def read_only(job) -> tuple:
    """``ro`` of a :class:`.engine.GameJob`: settings row, deal key, policy keys and the evaluator tables."""
    a = job.kernel_args()
    return (a.cfg, a.deal_key, a.policy_keys, *tables())


def lineup(job) -> tuple[np.ndarray, np.ndarray]:
    """The lineup's policy ids and parameter rows, player order."""
    a = job.kernel_args()
    return a.lineup_pids, a.lineup_params


def counts_len(ro: tuple) -> int:
    return E.layout(int(ro[0][R.C_PLAYERS]))["size"]


# --- the regions of a position -----------------------------------------------------------------


@njit(cache=True)
def _ws(pos):
    return pos[PS_WS : PS_WS + E.N_WS * MP].reshape((E.N_WS, MP))


@njit(cache=True)
def _hands(pos):
    return pos[PS_HANDS : PS_HANDS + 7 * MP].reshape((MP, 7))


@njit(cache=True)
def _view(pos):
    return pos[PS_VIEW : PS_VIEW + R.VIEW_LEN]


@njit(cache=True)
def _res(pos):
    return pos[PS_RES : PS_RES + 5 * MP].reshape((MP, 5))


@njit(cache=True)
def _log(pos):
    k = pos[PS_LOG_ROWS]
    return pos[PS_LOG : PS_LOG + 4 * k].reshape((k, 4))


@njit(cache=True)
def _deck(pos):
    return pos[PS_DECK : PS_DECK + 52]


@njit(cache=True)
def _u64(x):
    return np.uint64(x)


@njit(cache=True)
def _i64(x):
    return np.int64(x)


# --- playing -----------------------------------------------------------------------------------


@njit(cache=True)
def start(ro, pids, params, game, pos):
    """Hand ``game`` of the run (deck ``game``, rotation ``game mod N``), at its first decision."""
    begin(ro, game, game, pos, R.LOG_ROWS)


@njit(cache=True)
def begin(ro, deal, game, pos, log_rows):
    """Hand ``game`` dealt from deck ``deal`` (duplicate deals share one), logging ``log_rows`` rows."""
    cfg, deal_key, policy_keys = ro[0], ro[1], ro[2]
    n = cfg[R.C_PLAYERS]
    pos[:PS_LOG] = 0
    pos[PS_VIEW : PS_VIEW + R.VIEW_LEN] = -1
    pos[PS_GAME] = game
    pos[PS_ROT] = game % n
    pos[PS_LOG_ROWS] = log_rows
    if log_rows > 0:
        pos[PS_LOG] = 0
    pos[PS_DEAL] = _i64(E.shuffle(deal_key, deal, _deck(pos), np.empty(52, np.int64)))
    for s in range(n):
        pos[PS_PSTATE + s] = _i64(game_state(policy_keys[s], game))
    _deal_in(ro, pos)


@njit(cache=True)
def begin_deck(ro, deck, game, pos, log_rows):
    """Hand ``game`` dealt from ``deck`` (the cards in dealing order), logging ``log_rows`` rows; the deal and
    policy streams start at 0 (a replay of a hand whose cards are known, :func:`.search.consistent`)."""
    n = ro[0][R.C_PLAYERS]
    pos[:PS_LOG] = 0
    pos[PS_VIEW : PS_VIEW + R.VIEW_LEN] = -1
    pos[PS_GAME] = game
    pos[PS_ROT] = game % n
    pos[PS_LOG_ROWS] = log_rows
    if log_rows > 0:
        pos[PS_LOG] = 0
    _deck(pos)[:] = deck
    _deal_in(ro, pos)


@njit(cache=True)
def _deal_in(ro, pos):
    """Antes, 3rd street and the bring-in from the position's deck, up to the first decision."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    game = pos[PS_GAME]
    b = E._setup(cfg, game % n, _deck(pos), _ws(pos), _hands(pos), _view(pos), _log(pos), _res(pos))
    pos[PS_TOP] = 3 * n
    pos[PS_COMMUNITY] = -1
    _round(cfg, pos, 3, b, b)
    _advance(ro, pos)


@njit(cache=True)
def _round(cfg, pos, street, first, bring_in):
    """A betting round begins at ``first`` (3rd street: with the bring-in seat's decision)."""
    n = cfg[R.C_PLAYERS]
    ws = _ws(pos)
    for s in range(n):
        ws[E.W_ACTED, s] = 0
    pos[PS_STREET] = street
    pos[PS_LEVEL] = 0
    pos[PS_MADE] = 0
    pos[PS_COMPLETED] = street > 3
    pos[PS_SIZE] = cfg[R.C_SMALL] if street <= 4 else cfg[R.C_BIG]
    pos[PS_BRING] = bring_in
    pos[PS_NIN], pos[PS_NABLE] = E._counts(ws, n)
    pos[PS_SEAT] = first
    pos[PS_IDLE] = 0
    if bring_in >= 0:
        _view(pos)[R.V_BRING_IN] = 1


@njit(cache=True)
def _offer(cfg, pos, s):
    """Seat ``s`` is to decide: its decision fields go into the view."""
    E._show(
        cfg,
        pos[PS_STREET],
        s,
        _ws(pos),
        _view(pos),
        pos[PS_LEVEL],
        pos[PS_MADE],
        pos[PS_SIZE],
        cfg[R.C_CAP],
        pos[PS_BRING],
        pos[PS_COMPLETED] != 0,
        pos[PS_NIN],
        pos[PS_NABLE],
    )
    _ws(pos)[E.W_ROUND, pos[PS_STREET] - 3] = 1  # a decision is asked: the round counts (engine module doc)
    pos[PS_ACTOR] = s


@njit(cache=True)
def _next_seat(cfg, pos):
    """The seat that acts next in this round (the kernel's loop), or -1 when the round is over."""
    n = cfg[R.C_PLAYERS]
    ws = _ws(pos)
    s, idle = pos[PS_SEAT], pos[PS_IDLE]
    while idle < n and pos[PS_NIN] > 1:
        if E._must_act(ws, s, pos[PS_LEVEL], pos[PS_NABLE]):
            pos[PS_SEAT] = s
            pos[PS_IDLE] = 0
            return s
        idle += 1
        s = (s + 1) % n
    return -1


@njit(cache=True)
def _advance(ro, pos):
    """Play the rounds, deals and showdown up to the next decision (actor set) or the end (actor -1)."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    ws, hands, view, log = _ws(pos), _hands(pos), _view(pos), _log(pos)
    while True:
        s = pos[PS_BRING] if view[R.V_BRING_IN] else _next_seat(cfg, pos)
        if s >= 0:
            _offer(cfg, pos, s)
            return
        ws[E.W_CAPPED, pos[PS_STREET] - 3] = 1 if pos[PS_MADE] >= cfg[R.C_CAP] else 0
        E._end_round(n, ws, view)
        street = pos[PS_STREET] + 1
        if street > 7 or E._count_in(ws, n) <= 1:
            E._showdown(n, pos[PS_COMMUNITY], ws, hands, ro[3], ro[4], log, _res(pos))
            pos[PS_ACTOR] = -1
            return
        pos[PS_TOP], pos[PS_COMMUNITY], pos[PS_FLAGS] = E._deal_street(
            cfg, street, _deck(pos), pos[PS_TOP], _u64(pos[PS_DEAL]), ws, hands, view, log
        )
        first = R.opener_seat(hands[:, 2:6], ws[E.W_STATUS], n, min(street - 2, 4))
        E._log(log, R.L_STREET, street, first, 0)
        _round(cfg, pos, street, first, -1)


@njit(cache=True)
def actor(ro, pos):
    return pos[PS_ACTOR]


@njit(cache=True)
def view(ro, pos, seat, out):
    """The view of the current decision with ``seat``'s own cards (the actor's is what its policy sees)."""
    v, hands = _view(pos), _hands(pos)
    for i in range(R.VIEW_LEN):
        out[i] = v[i]
    for j in range(7):
        out[R.V_OWN + j] = hands[seat, j]


@njit(cache=True)
def legal(ro, pos, out):
    """The moves the engine plays as given (G10; any other answer is played as the nearest of these)."""
    if pos[PS_ACTOR] < 0:
        return 0
    v = _view(pos)
    k = 0
    if v[R.V_TO_CALL] > 0 and not v[R.V_BRING_IN]:
        out[k] = R.FOLD
        k += 1
    out[k] = R.CALL
    k += 1
    if v[R.V_CAN_RAISE]:
        out[k] = R.RAISE
        k += 1
    return k


@njit(cache=True)
def apply(ro, pos, move):
    """The actor plays ``move`` (an illegal one as the engine repairs it), then the hand goes on."""
    _apply(ro, pos, move)


@njit(cache=True)
def _apply(ro, pos, move):
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    s = pos[PS_ACTOR]
    ws, view, log, res = _ws(pos), _view(pos), _log(pos), _res(pos)
    a = E._repair(view, move, view[R.V_TO_CALL], view[R.V_CAN_RAISE])
    ws[E.W_DECISIONS, s] += 1
    if view[R.V_BRING_IN]:
        level, made, completed = E._bring_in_move(cfg, a, s, pos[PS_SIZE], ws, view, log, res)
    else:
        level, made, completed = E._move(
            pos[PS_STREET], s, a, pos[PS_LEVEL], pos[PS_MADE], pos[PS_COMPLETED] != 0, pos[PS_SIZE], ws, view, log, res
        )
        pos[PS_NIN], pos[PS_NABLE] = E._counts(ws, n)
    pos[PS_LEVEL], pos[PS_MADE], pos[PS_COMPLETED] = level, made, completed
    pos[PS_SEAT] = (s + 1) % n
    pos[PS_IDLE] = 0
    _advance(ro, pos)
    return a


@njit(cache=True)
def step(ro, pos, pids, params, user):
    """The actor's policy (player ``(seat - rotation) mod N`` of the lineup) decides as in the kernel; a
    ``search`` player searches (:func:`.search.choose`)."""
    handled, move = SR.searched(ro, pos, pids, params, user)
    if handled:
        return _apply(ro, pos, move)
    return step_plain(ro, pos, pids, params, user)


@njit(cache=True)
def step_plain(ro, pos, pids, params, user):
    """:func:`step` without the search player (the rollouts' step: a search seat there is its rollout policy)."""
    s = pos[PS_ACTOR]
    p = (s - pos[PS_ROT]) % ro[0][R.C_PLAYERS]
    v, hands = _view(pos), _hands(pos)
    for j in range(7):
        v[R.V_OWN + j] = hands[s, j]
    a, state = E._ask(pids[p], params[p], v, _u64(pos[PS_PSTATE + s]), user)
    pos[PS_PSTATE + s] = _i64(state)
    for j in range(7):
        v[R.V_OWN + j] = -1
    return _apply(ro, pos, a)


@njit(cache=True)
def playout(ro, pos, pids, params, user):
    while pos[PS_ACTOR] >= 0:
        step(ro, pos, pids, params, user)


@njit(cache=True)
def playout_plain(ro, pos, pids, params):
    """:func:`playout_builtin` without the search player (the search player's rollouts)."""
    playout_plain_with(ro, pos, pids, params, policies.no_user_policy)


@njit(cache=True)
def playout_plain_with(ro, pos, pids, params, user):
    """:func:`playout_plain` with a plugin's policy function ``user``."""
    while pos[PS_ACTOR] >= 0:
        step_plain(ro, pos, pids, params, user)


@njit(cache=True)
def step_builtin(ro, pos, pids, params):
    return step(ro, pos, pids, params, policies.no_user_policy)


@njit(cache=True)
def playout_builtin(ro, pos, pids, params):
    playout(ro, pos, pids, params, policies.no_user_policy)


@njit(cache=True)
def tally(ro, pos, out):
    """Add the finished hand to ``out`` as the kernel counts it (one hand is one block)."""
    n = ro[0][R.C_PLAYERS]
    o_seat, o_glob, o_cross, _, o_streets, _ = E.count_offsets(n)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    E.tally_hand(out, o_seat, o_glob, o_streets, pos[PS_ROT], n, _res(pos), pos[PS_FLAGS], _ws(pos), block, block_win)
    out[o_glob + E.G_BLOCKS] += 1
    close_block(out, n, o_cross, block, block_win)


# --- consistency -------------------------------------------------------------------------------


@njit(cache=True)
def check(ro, pos):
    """0, or the first broken invariant: ``BAD_CARDS``, ``BAD_CHIPS``, ``BAD_ACTOR``, ``BAD_VIEW``."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    if not _cards_ok(n, pos):
        return BAD_CARDS
    if not _chips_ok(cfg, pos):
        return BAD_CHIPS
    ws, a = _ws(pos), pos[PS_ACTOR]
    if a >= n or (a >= 0 and ws[E.W_STATUS, a] != R.IN):
        return BAD_ACTOR
    v = _view(pos)
    for s in range(n):
        if v[R.V_STATUS + s] != ws[E.W_STATUS, s] or v[R.V_PUT + s] != ws[E.W_PUT, s]:
            return BAD_VIEW
        for j in range(4):
            if v[R.V_UP + 4 * s + j] != _hands(pos)[s, 2 + j]:
                return BAD_VIEW
    return 0


@njit(cache=True)
def _cards_ok(n, pos):
    """Every card once among the hands (after a reshuffle: of the players dealt 7th street) and the undealt deck."""
    hands, deck, top = _hands(pos), _deck(pos), pos[PS_TOP]
    if not 0 <= top <= 52:
        return False
    seen = np.zeros(52, np.int64)
    shuffled = pos[PS_FLAGS] >> 1
    for s in range(n):
        if shuffled and hands[s, 6] < 0:  # its cards went into the reshuffled pool
            continue
        for j in range(7):
            c = hands[s, j]
            if c >= 52 or c < -1:
                return False
            if c >= 0:
                seen[c] += 1
    for i in range(top, 52):
        if not 0 <= deck[i] < 52:
            return False
        seen[deck[i]] += 1
    c = pos[PS_COMMUNITY]
    if c >= 0 and (top >= 52 or deck[top] != c or _view(pos)[R.V_COMMUNITY] != c):
        return False
    for c in range(52):
        if seen[c] != 1:
            return False
    return True


@njit(cache=True)
def _chips_ok(cfg, pos):
    """Stacks and pot make the starting chips; the pot is what was put in; at the end it is all won back."""
    n = cfg[R.C_PLAYERS]
    ws = _ws(pos)
    total = 0
    start = 0
    put = 0
    won = 0
    for s in range(n):
        total += ws[E.W_STACK, s] + ws[E.W_PUT, s]
        start += cfg[R.C_PLAYER_STACKS + s]
        put += ws[E.W_PUT, s]
        won += ws[E.W_WON, s]
    if total != start or _view(pos)[R.V_POT] != put:
        return False
    return pos[PS_ACTOR] >= 0 or won == put


# --- what a seat knows -------------------------------------------------------------------------


@njit(cache=True)
def _shown(ro, pos):
    """Whether the hand has ended in a showdown (every hand still in is shown)."""
    return pos[PS_ACTOR] < 0 and E._count_in(_ws(pos), ro[0][R.C_PLAYERS]) > 1


@njit(cache=True)
def observation(ro, pos, seat, out):
    """What ``seat`` has seen: the layout in the module doc; returns ``OBS_LEN``."""
    out[:OBS_LEN] = 0
    out[:PS_DEAL] = pos[:PS_DEAL]
    out[OB_SEAT] = seat
    out[OB_PSTATE] = pos[PS_PSTATE + seat]
    hands, ws = _hands(pos), _ws(pos)
    shown = _shown(ro, pos)
    for s in range(MP):
        for j in range(7):
            c = hands[s, j]
            known = c < 0 or s == seat or 2 <= j <= 5 or (shown and ws[E.W_STATUS, s] != R.FOLDED)
            out[OB_HANDS + 7 * s + j] = c if known else HIDDEN
    out[OB_WS:OB_VIEW] = pos[PS_WS:PS_HANDS]
    out[OB_VIEW:OB_RES] = pos[PS_VIEW:PS_RES]
    out[OB_RES:OB_LOG] = pos[PS_RES:PS_LOG]
    if pos[PS_LOG_ROWS] > 0:
        rows = pos[PS_LOG] + 1
        out[OB_LOG : OB_LOG + 4 * rows] = pos[PS_LOG : PS_LOG + 4 * rows]
        for i in range(1, rows):
            o = OB_LOG + 4 * i
            if out[o] == R.L_DEAL and out[o + 1] >= 0 and out[OB_HANDS + 7 * out[o + 1] + out[o + 3]] == HIDDEN:
                out[o + 2] = HIDDEN
    return OBS_LEN


@njit(cache=True)
def determinize(ro, obs, seat, key, draw, pos):
    """A position agreeing with ``obs``: unseen cards, deck order, the other seats' policy states and the
    deal stream drawn from stream ``(key, draw)`` (uniformly among the cards ``seat`` has not seen)."""
    n = ro[0][R.C_PLAYERS]
    pos[:] = 0
    pos[:PS_DEAL] = obs[:PS_DEAL]
    pos[PS_WS:PS_HANDS] = obs[OB_WS:OB_VIEW]
    pos[PS_HANDS:PS_VIEW] = obs[OB_HANDS:OB_WS]
    pos[PS_VIEW:PS_LOG] = obs[OB_VIEW:OB_LOG]
    pos[PS_LOG:] = obs[OB_LOG:]
    state = game_state(key, draw)
    for s in range(n):
        state, x = next_u64(state)
        pos[PS_PSTATE + s] = obs[OB_PSTATE] if s == seat else _i64(x)
    state, x = next_u64(state)
    pos[PS_DEAL] = _i64(x)
    _draw_cards(n, pos, state)
    log = _log(pos)
    if log.shape[0] > 0:
        for i in range(1, log[0, 0] + 1):
            if log[i, 0] == R.L_DEAL and log[i, 2] == HIDDEN:
                log[i, 2] = _hands(pos)[log[i, 1], log[i, 3]]


@njit(cache=True)
def _unseen(n, hands, community, slots):
    """The cards not among ``hands[:n, slots]`` nor the community card, ascending."""
    seen = np.zeros(52, np.bool_)
    if community >= 0:
        seen[community] = True
    for s in range(n):
        for j in slots:
            if hands[s, j] >= 0:
                seen[hands[s, j]] = True
    return np.nonzero(~seen)[0].astype(np.int64)


@njit(cache=True)
def _fill(n, hands, slots, cards, state):
    """Shuffle ``cards`` from ``state`` and deal them to the hidden ``slots`` in dealing order; returns
    (state, cards used)."""
    state = deal_from(state, cards, cards.shape[0], np.empty(cards.shape[0], np.int64))
    k = 0
    for j in slots:
        for s in range(n):
            if hands[s, j] == HIDDEN:
                hands[s, j] = cards[k]
                k += 1
    return state, k


@njit(cache=True)
def _dealt_order(n, hands, deck, stop, last_slot):
    """``deck[:stop]``: the cards of slots ``0..last_slot`` in dealing order (slot by slot, seat by seat)."""
    k = 0
    for j in range(last_slot + 1):
        for s in range(n):
            if hands[s, j] >= 0 and k < stop:
                deck[k] = hands[s, j]
                k += 1
    return k


@njit(cache=True)
def _draw_cards(n, pos, state):
    """The hidden cards and the undealt deck of a determinized position (see :func:`determinize`)."""
    hands, deck = _hands(pos), _deck(pos)
    community = pos[PS_COMMUNITY]
    if not pos[PS_FLAGS] >> 1:
        cards = _unseen(n, hands, community, np.arange(7))
        state, k = _fill(n, hands, np.arange(7), cards, state)
        k0 = _dealt_order(n, hands, deck, 52, 6)
        if community >= 0:
            deck[k0] = community
            k0 += 1
        deck[k0:] = cards[k:]
        return
    # reshuffled at 7th street: the down cards come from the deck before, the 7th cards from the pool
    cards = _unseen(n, hands, community, np.arange(7))
    state, _ = _fill(n, hands, np.arange(6), cards, state)
    pool = np.ones(52, np.bool_)
    for s in range(n):
        if hands[s, 6] != -1:  # in the hand at the reshuffle
            for j in range(6):
                pool[hands[s, j]] = False
    m = int(pool.sum())
    _dealt_order(n, hands, deck, 52 - m, 5)
    for s in range(n):
        if hands[s, 6] >= 0:
            pool[hands[s, 6]] = False
    cards = np.nonzero(pool)[0].astype(np.int64)
    state, k = _fill(n, hands, np.arange(6, 7), cards, state)
    i = 52 - m
    for s in range(n):
        if hands[s, 6] >= 0:
            deck[i] = hands[s, 6]
            i += 1
    deck[i:] = cards[k:]


from razzmatazz.core.razz import search as SR  # noqa: E402  (it imports this module; step's search seats)
