"""The toy game's decision-point interface (``core/positions.py``): a game stopped at any decision.

A position is the engine's own game array (:mod:`.layout`, ``PS_*``): the deck and where its next card is, each
seat's first card, card and decision, the seat to move, each seat's policy random state and, at the end, the
results. The kernel plays its games with these same functions (:func:`.flow.begin_game`,
:func:`.flow.decide_and_apply`), so stepping a game here is the game the kernel plays. Moves: :data:`.rules.STAND`
and :data:`.rules.DRAW`.

An observation (``OB_*``) is what the seat has seen: its own first card and card, every seat's decision so far,
the discards shown (with ``discards down`` only its own), the seat to move, how many cards are gone from the
deck, its own policy state, the game's index and the settings. :func:`determinize` deals the cards it has not
seen (the others' cards, hidden discards, the rest of the deck) at random and draws the others' policy states.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.rng import deal_from, game_state, next_u64
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import policies
from razzmatazz.core.toy import rules as R

POS_LEN = E.POS_LEN
VIEW_LEN = R.VIEW_LEN
MAX_MOVES = 2
NO_USER = policies.no_user_policy

OB_SEAT = 0
OB_ACTOR = 1
OB_NEXT = 2  # cards gone from the deck
OB_POLICY = 3  # the seat's policy random state
OB_GAME = 4
OB_FIRST = 5  # the seat's first card
OB_CARD = 6  # the seat's card now
OB_DREW = 7  # MAX_PLAYERS: every seat's decision so far
OB_DISCARD = OB_DREW + R.MAX_PLAYERS  # MAX_PLAYERS: the discards the seat saw (0: none or unseen)
OB_CFG = OB_DISCARD + R.MAX_PLAYERS
OBS_LEN = OB_CFG + R.N_CFG


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
    """Game ``game`` of the run (no duplicate deals), at its first decision."""
    cfg, deal_key, policy_keys, log = ro
    E.begin_game(cfg, pos, game, game_state(deal_key, game), policy_keys, log)


@njit(cache=True)
def actor(ro, pos):
    return pos[E.PS_ACTOR]


@njit(cache=True)
def view(ro, pos, seat, out):
    """What ``seat``'s policy is shown at this decision."""
    E.fill_view(ro[0], pos, seat, out)


@njit(cache=True)
def legal(ro, pos, out):
    """Stand or draw; nothing once the game is over."""
    if pos[E.PS_ACTOR] < 0:
        return 0
    out[0] = R.STAND
    out[1] = R.DRAW
    return 2


@njit(cache=True)
def apply(ro, pos, move):
    cfg, _, _, log = ro
    row, scratch = np.zeros(1), np.zeros(VIEW_LEN, np.int64)
    E.play_move(cfg, pos, move, row, scratch, log, policies.no_user_policy)


@njit(cache=True)
def step(ro, pos, pids, params, user):
    """The actor's policy (player order ``pids``: player p sits in seat (p + game) mod N) moves; returns it."""
    cfg, _, _, log = ro
    n = cfg[R.C_PLAYERS]
    p = (pos[E.PS_ACTOR] - pos[E.PS_GAME]) % n
    handled, move = SR.step(cfg, pos, pids, params, user)  # a search seat searches
    if handled:
        return move
    scratch = np.empty(VIEW_LEN, np.int64)
    return E.decide_and_apply(cfg, pos, pids[p], params[p], scratch, log, user)


@njit(cache=True)
def playout(ro, pos, pids, params, user):
    while pos[E.PS_ACTOR] >= 0:
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
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    E.tally_game(cfg, pos, out, block, block_win)
    E.tally_block(cfg, out, block, block_win)


@njit(cache=True)
def check(ro, pos):
    """0 if consistent; 1 a value is not held ``copies`` times by the hands, discards and the deck left, 2 a
    card or decision out of range, 3 the deck's next card or the actor out of place."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    size = R.N_VALUES * cfg[R.C_COPIES]
    count = np.zeros(R.N_VALUES + 1, np.int64)
    draws = 0
    for s in range(n):
        card, first, drew = pos[E.PS_CARD + s], pos[E.PS_FIRST + s], pos[E.PS_DREW + s]
        if not (1 <= card <= R.N_VALUES and 1 <= first <= R.N_VALUES and R.UNDECIDED <= drew <= R.DRAW):
            return 2
        if drew != R.DRAW and card != first:
            return 2
        count[card] += 1
        if drew == R.DRAW:
            count[first] += 1
            draws += 1
    if pos[E.PS_SIZE] != size or pos[E.PS_NEXT] != n + draws:
        return 3
    for i in range(pos[E.PS_NEXT], size):
        card = pos[E.PS_DECK + i]
        if not 1 <= card <= R.N_VALUES:
            return 2
        count[card] += 1
    for v in range(1, R.N_VALUES + 1):
        if count[v] != cfg[R.C_COPIES]:
            return 1
    a = pos[E.PS_ACTOR]
    for s in range(n):
        if (pos[E.PS_DREW + s] == R.UNDECIDED) != (a >= 0 and s >= a):
            return 3
    return 0


@njit(cache=True)
def observation(ro, pos, seat, out):
    """Everything ``seat`` knows (the ``OB_*`` layout); returns OBS_LEN."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    out[:] = 0
    out[OB_SEAT] = seat
    out[OB_ACTOR] = pos[E.PS_ACTOR]
    out[OB_NEXT] = pos[E.PS_NEXT]
    out[OB_POLICY] = pos[E.PS_POLICY + seat]
    out[OB_GAME] = pos[E.PS_GAME]
    out[OB_FIRST] = pos[E.PS_FIRST + seat]
    out[OB_CARD] = pos[E.PS_CARD + seat]
    for o in range(R.MAX_PLAYERS):
        out[OB_DREW + o] = pos[E.PS_DREW + o] if o < n else R.UNDECIDED
        if o < n and pos[E.PS_DREW + o] == R.DRAW and (o == seat or cfg[R.C_DISCARDS] == 0):
            out[OB_DISCARD + o] = pos[E.PS_FIRST + o]
    for i in range(R.N_CFG):
        out[OB_CFG + i] = cfg[i]
    return OBS_LEN


@njit(cache=True)
def determinize(ro, obs, seat, key, draw, pos):
    """A full position agreeing with ``obs`` (seat ``seat``'s observation), from ``obs`` alone: the cards the seat
    has not seen (the others' first cards and cards, discards not shown, the rest of the deck) dealt at random
    from what is left of the deck, and the others' policy states drawn, all from stream ``(key, draw)``."""
    cfg = ro[0]
    n = cfg[R.C_PLAYERS]
    copies = cfg[R.C_COPIES]
    size = R.N_VALUES * copies
    pos[:] = 0
    pos[E.PS_GAME] = obs[OB_GAME]
    pos[E.PS_ACTOR] = obs[OB_ACTOR]
    pos[E.PS_NEXT] = obs[OB_NEXT]
    pos[E.PS_SIZE] = size
    left = np.full(R.N_VALUES + 1, copies, np.int64)  # what the seat has not seen, by value
    left[0] = 0
    left[obs[OB_CARD]] -= 1
    for o in range(n):
        pos[E.PS_DREW + o] = obs[OB_DREW + o]
        if obs[OB_DISCARD + o] > 0:
            left[obs[OB_DISCARD + o]] -= 1
    pool = pos[E.PS_SWAP : E.PS_SWAP + size]  # scratch: the unseen cards, then shuffled
    m = 0
    for v in range(1, R.N_VALUES + 1):
        for _ in range(left[v]):
            pool[m] = v
            m += 1
    swap = np.zeros(size, np.int64)
    state = deal_from(game_state(key, draw), pool[:m], m, swap)
    j = 0
    for o in range(n):
        if o == seat:
            pos[E.PS_FIRST + o] = obs[OB_FIRST]
            pos[E.PS_CARD + o] = obs[OB_CARD]
            continue
        pos[E.PS_CARD + o] = pool[j]
        j += 1
        if obs[OB_DREW + o] != R.DRAW:
            pos[E.PS_FIRST + o] = pos[E.PS_CARD + o]
        elif obs[OB_DISCARD + o] > 0:
            pos[E.PS_FIRST + o] = obs[OB_DISCARD + o]
        else:
            pos[E.PS_FIRST + o] = pool[j]
            j += 1
    for i in range(obs[OB_NEXT], size):  # the deck left; the cards gone before it are not kept
        pos[E.PS_DECK + i] = pool[j]
        j += 1
    for i in range(size):
        pool[i] = 0
    for o in range(n):
        if o == seat:
            pos[E.PS_POLICY + o] = obs[OB_POLICY]
        else:
            state, x = next_u64(state)
            pos[E.PS_POLICY + o] = np.int64(x)


from razzmatazz.core.toy import search as SR  # noqa: E402  (it imports this module; step's search seats)
