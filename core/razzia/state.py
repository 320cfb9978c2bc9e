"""Razzia's decision-point interface (:mod:`razzmatazz.core.positions`): a game stopped at any decision.

A position is the general engine's workspace of one game (:mod:`.engine`, offsets ``W_*``): the state
(``rules.ST_*``: hands, cards on the table, money at the bars, winnings, round and croupier), the decision
posed (``W_KIND``, ``W_ACTOR``) and its question (``V_*``: the free card, a spielbox round's money, the
haggle's bar, proposer, contestants, cards and offer), the course of the game (``W_CTRL``: the step inside a
round, the bar being settled, its haggle, the deal and dice streams' states), the stock, discard pile and
money deck, every seat's policy stream state (``W_PSTATE``), the seat rotation, and this game's counts
(croupier, global and study tables at :data:`C_CROU`, :data:`C_GLOB`, :data:`C_TAB` after ``W_COUNTS``).
The engine's kernel plays every game through the same :func:`.engine.begin` and :func:`.engine.step`, so
stepping a position makes the kernel's decisions and draws.

Moves, as the policies answer (an illegal answer replaced as :mod:`.rules` says): ``K_PLAY`` a hand slot
0-4; ``K_FREE`` a bar in play; ``K_ALL`` a spielbox placement (card i to the bar in bits 3i..3i+2, every
bar in play at least once); ``K_OFFER`` the code of a division (:func:`.engine.offer_code`; 0 gives all to
the proposer) or ``NO_OFFER`` (-1, with ``offer_duel``); ``K_ANSWER`` 1 accept or 2 duel. A bar's offers
can outnumber :data:`MAX_MOVES`: :func:`legal` returns how many there are and writes as many as fit.

The observation (offsets ``B_*``) is what a seat has seen, with perfect recall: the state with the
other hands and the cards still face down blanked (everyone's winnings stay in: every settlement is
public, R9, although with ``open_money`` off the policies' view hides them), the question posed, the
course of the game without the streams' states, the discard pile, the money deck's remaining cards
(not their order), this round's money cards, each seat's number of cards in hand and face down, its
own policy state and the game's counts so far. Answers to the offer being answered are hidden from the
other seats until all are in (H2-H3: none sees another's answer), and so are they in the counts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.harness import close_block
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.rng import deal_from, game_state, next_u64

C_CROU = 0  # the game's counts after W_COUNTS: croupier (MAX_PLAYERS x N_CFIELDS), global, study tables
C_GLOB = C_CROU + R.MAX_PLAYERS * E.N_CFIELDS
C_TAB = C_GLOB + E.N_GFIELDS
N_COUNTS = C_TAB + 3 * E.N_TABLE
POS_LEN = E.W_COUNTS + N_COUNTS + 5  # the counts, then a log of one row (which records nothing)
VIEW_LEN = R.VIEW_LEN
MAX_MOVES = 15120
"""Room for every legal move but a rich bar's offers: a spielbox round's placements are at most 15,120
(seven cards onto six bars)."""
NO_USER = P.no_user_policy

N_DEC = R.VIEW_LEN - R.V_VALUE
N_PUB = E.W_GROUP - E.W_POS  # W_POS, W_BARS, W_WON0, W_AT, W_NCARDS, W_FAR
N_SETTLE = E.W_OFF - E.W_GOT  # W_GOT, W_PAID
OB_ST = 0  # the state (rules.ST_*), the other hands and face-down cards -1
OB_DEC = OB_ST + R.ST_LEN  # the question's fields V_VALUE..VIEW_LEN
OB_CTRL = OB_DEC + N_DEC  # the course of the game (W_CTRL), the streams' states 0, hidden answers out of W_DECL
OB_PUB = OB_CTRL + E.N_CTRL  # W_POS .. W_FAR
OB_SETTLE = OB_PUB + N_PUB  # W_GOT, W_PAID
OB_RES = OB_SETTLE + N_SETTLE  # W_RES
OB_PSTATE = OB_RES + R.MAX_PLAYERS * E.N_RES  # the seat's policy stream state
OB_HAND = OB_PSTATE + 1  # per seat: cards in hand
OB_DOWN = OB_HAND + R.MAX_PLAYERS  # per seat: 1 if its card on the table is face down (to this seat)
OB_DISCARD = OB_DOWN + R.MAX_PLAYERS  # the discard pile, in order (W_POS + 2 cards)
OB_MONEY = OB_DISCARD + E.DECK_ROOM  # per denomination: the money deck's cards still to come
OB_ROUND = OB_MONEY + R.MAX_DENOMS  # this round's money cards (W_FIRST..W_MTOP of the money deck)
OB_COUNTS = OB_ROUND + R.MAX_BARS + 1  # the game's counts (N_COUNTS)
OBS_LEN = OB_COUNTS + N_COUNTS


def read_only(job) -> tuple:
    """``ro``: the settings row, the deal and dice keys, the policy keys, an empty dice script."""
    a = job.kernel_args()
    return a.cfg, np.uint64(a.deal_key), np.uint64(a.dice_key), a.policy_keys, np.zeros((0, 1), np.int64)


def lineup(job) -> tuple[np.ndarray, np.ndarray]:
    """The lineup's policy ids and parameter rows, in player order."""
    a = job.kernel_args()
    return a.lineup_pids, a.lineup_params


def counts_len(ro: tuple) -> int:
    return E.layout(int(ro[0][R.C_PLAYERS]))["size"]


@njit(cache=True)
def start(ro, pids, params, game, pos):
    """Game ``game`` of the run (not duplicate), dealt and run to its first decision."""
    cfg = ro[0]
    pos[:] = 0
    E.set_workspace(pos, cfg, N_COUNTS, C_CROU, C_GLOB, C_TAB, 1)
    E.seat_policies(pos, game, cfg[R.C_PLAYERS], ro[3])
    E.begin(pos, game_state(ro[1], game), game_state(ro[2], game), ro[4])


@njit(cache=True)
def actor(ro, pos):
    return pos[E.W_ACTOR]


@njit(cache=True)
def _question(kind, pos):
    """The fields ``lo:hi`` of the question ``kind`` a user's policy is shown (as :func:`.engine.decide`)."""
    if kind == R.K_FREE:
        return R.V_VALUE, R.V_VALUE + 1
    if kind == R.K_ALL:
        return R.V_NDRAWN, R.V_DRAWN + pos[R.V_NDRAWN]
    if kind == R.K_OFFER:
        return R.V_BAR, R.V_OFFER
    if kind == R.K_ANSWER:
        return R.V_BAR, R.VIEW_LEN
    return 0, 0


@njit(cache=True)
def view(ro, pos, seat, out):
    """The view (R9) a user's policy in ``seat`` gets for the decision posed."""
    kind = pos[E.W_KIND]
    R.fill_view(ro[0], pos, seat, kind, out)
    lo, hi = _question(kind, pos)
    for i in range(lo, hi):
        out[i] = pos[i]


@njit(cache=True)
def _put(out, n, move):
    if n < out.shape[0]:
        out[n] = move
    return n + 1


@njit(cache=True)
def _placements(pos, out):
    """V1: every placement of a spielbox round's cards that gives each bar in play one or more."""
    k = pos[R.V_NDRAWN]
    nb = pos[R.ST_NBARS]
    digits = np.zeros(k, np.int64)
    n = 0
    while True:
        hit = 0
        code = np.int64(0)
        for i in range(k):
            b = pos[E.W_BARS + digits[i]]
            hit |= 1 << b
            code |= b << np.int64(3 * i)
        if hit == pos[R.ST_BARS]:
            n = _put(out, n, code)
        i = 0
        while i < k and digits[i] == nb - 1:
            digits[i] = 0
            i += 1
        if i == k:
            return n
        digits[i] += 1


@njit(cache=True)
def legal(ro, pos, out):
    """The actor's legal moves, as many as fit in ``out``; returns how many there are."""
    kind = pos[E.W_KIND]
    n = 0
    if kind == R.K_PLAY:
        for j in range(R.HAND):
            if pos[R.ST_HAND + pos[E.W_ACTOR] * R.HAND + j] >= 0:
                n = _put(out, n, j)
    elif kind == R.K_FREE:
        for i in range(pos[R.ST_NBARS]):
            n = _put(out, n, pos[E.W_BARS + i])
    elif kind == R.K_ALL:
        n = _placements(pos, out)
    elif kind == R.K_OFFER:
        if pos[E.W_CFG + R.C_OFFER_DUEL]:
            n = _put(out, n, R.NO_OFFER)
        total = E.offer_count(pos)
        for code in range(min(total, out.shape[0] - n)):
            out[n + code] = code
        n += total
    elif kind == R.K_ANSWER:
        n = _put(out, n, R.ACCEPT)
        n = _put(out, n, R.DUEL)
    return n


@njit(cache=True)
def apply(ro, pos, move):
    E.apply(pos, move, ro[4])


@njit(cache=True)
def step(ro, pos, pids, params, user):
    return E.step(pos, pids, params, user, ro[4], True, SR.hook)


@njit(cache=True)
def playout(ro, pos, pids, params, user):
    while pos[E.W_KIND] != E.K_OVER:
        E.step(pos, pids, params, user, ro[4], False, SR.hook)


@njit(cache=True)
def step_builtin(ro, pos, pids, params):
    return step(ro, pos, pids, params, P.no_user_policy)


@njit(cache=True)
def playout_builtin(ro, pos, pids, params):
    playout(ro, pos, pids, params, P.no_user_policy)


@njit(cache=True)
def tally(ro, pos, out):
    """The finished game's counts added to ``out`` (:func:`.engine.layout`), as the kernel adds them."""
    n = ro[0][R.C_PLAYERS]
    o_seat, o_crou, o_glob, o_tab, o_cross, _ = E.count_offsets(n)
    money = np.zeros(n, np.int64)
    win = np.zeros(n, np.int64)
    for s in range(n):
        p = E.player_of(pos, s)
        E._tally(out, p * E.N_PFIELDS, pos, s, pos[E.W_LEFT])
        E._tally(out, o_seat + s * E.N_PFIELDS, pos, s, pos[E.W_LEFT])
        money[p] = pos[E.W_RES + s * E.N_RES + E.H_MONEY]
        win[p] = pos[E.W_RES + s * E.N_RES + E.H_WIN]
    for i in range(n * E.N_CFIELDS):
        out[o_crou + i] += pos[E.W_COUNTS + C_CROU + i]
    for i in range(E.N_GFIELDS):
        out[o_glob + i] += pos[E.W_COUNTS + C_GLOB + i]
    out[o_glob + E.G_GAMES] += 1
    out[o_glob + E.G_BLOCKS] += 1
    for i in range(3 * E.N_TABLE):
        out[o_tab + i] += pos[E.W_COUNTS + C_TAB + i]
    close_block(out, n, o_cross, money, win)


# ---------------------------------------------------------------------------------------------
# Consistency, observation, determinization
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _deck(cfg, pos):
    """How many of each card code the game's deck holds (the bars in play ``W_BARS``)."""
    count = np.zeros(128, np.int64)
    for i in range(cfg[R.C_NBARS]):
        for r in range(cfg[R.C_NCARD_ROWS]):
            code = R.card_code(pos[E.W_BARS + i], cfg[R.C_CARD_ROWS + 3 * r], cfg[R.C_CARD_ROWS + 3 * r + 1])
            count[code] += cfg[R.C_CARD_ROWS + 3 * r + 2]
    return count


@njit(cache=True)
def _money_table(cfg):
    """How many money cards of each denomination the game has."""
    count = np.zeros(R.MAX_DENOMS, np.int64)
    for r in range(cfg[R.C_NMONEY_ROWS]):
        count[cfg[R.C_MONEY_ROWS + 2 * r]] += cfg[R.C_MONEY_ROWS + 2 * r + 1]
    return count


@njit(cache=True)
def _pending(pos):
    """This round's money cards not yet at a bar (W_MDECK indices lo:hi): the free card or a spielbox round."""
    first = pos[E.W_FIRST]
    if pos[E.W_KIND] == R.K_FREE:
        return first + pos[R.ST_NBARS], first + pos[R.ST_NBARS] + 1
    if pos[E.W_KIND] == R.K_ALL:
        return first, pos[E.W_MTOP]
    return 0, 0


@njit(cache=True)
def _cards_ok(cfg, pos):
    """Every playing card once: the stock, the hands (cards first, then empty slots), the table, the discards."""
    count = _deck(cfg, pos)
    top, stock, discards = pos[E.W_POS], pos[E.W_POS + 1], pos[E.W_POS + 2]
    if min(top, stock, discards) < 0 or top + stock > E.DECK_ROOM or discards > E.DECK_ROOM:
        return False
    for i in range(stock + discards + R.MAX_PLAYERS * (R.HAND + 1)):
        if i < stock:
            c = pos[E.W_STOCK + top + i]
        elif i < stock + discards:
            c = pos[E.W_DISCARD + i - stock]
        else:
            c = pos[R.ST_HAND + i - stock - discards]  # the hands, then the table (ST_TABLE follows ST_HAND)
            j = i - stock - discards
            if j < R.MAX_PLAYERS * R.HAND and j % R.HAND and c >= 0 and pos[R.ST_HAND + j - 1] < 0:
                return False  # a card after an empty slot
            if c < 0:
                continue
        if not 0 <= c < count.shape[0]:
            return False
        count[c] -= 1
    return not count.any()


@njit(cache=True)
def _money_ok(cfg, pos):
    """The money deck is the money table's cards; the cards to come, not yet placed and at the bars are among
    them; with the winnings they make the table's total."""
    nd = cfg[R.C_NDENOM]
    table = _money_table(cfg)
    left = table.copy()
    if pos[E.W_MM] != cfg[R.C_NMONEY] or not 0 <= pos[E.W_FIRST] <= pos[E.W_MTOP] <= pos[E.W_MM]:
        return False
    for i in range(pos[E.W_MM]):
        if not 0 <= pos[E.W_MDECK + i] < nd:
            return False
        left[pos[E.W_MDECK + i]] -= 1
    if left.any():
        return False
    lo, hi = _pending(pos)
    units = 0
    for i in range(pos[E.W_MTOP], pos[E.W_MM] + hi - lo):
        c = pos[E.W_MDECK + (i if i < pos[E.W_MM] else lo + i - pos[E.W_MM])]
        left[c] += 1
        units += pos[R.ST_DENOM + c]
    for b in range(R.MAX_BARS):
        bar_units = 0
        cards = 0
        for d in range(nd):
            left[d] += pos[R.ST_MONEY + b * R.MAX_DENOMS + d]
            bar_units += pos[R.ST_MONEY + b * R.MAX_DENOMS + d] * pos[R.ST_DENOM + d]
            cards += pos[R.ST_MONEY + b * R.MAX_DENOMS + d]
        if bar_units != pos[R.ST_BAR_UNITS + b] or cards != pos[E.W_NCARDS + b]:
            return False
        units += bar_units
    for s in range(cfg[R.C_PLAYERS]):
        units += pos[R.ST_WON + s]
    total = 0
    for d in range(nd):
        total += table[d] * pos[R.ST_DENOM + d]
    return (left <= table).all() and units == total


@njit(cache=True)
def _actor_ok(cfg, pos):
    """The seat to move may: the croupier places money, a seat without a card down plays, the proposer
    offers, a contestant answers; nobody once the game is over."""
    kind = pos[E.W_KIND]
    s = pos[E.W_ACTOR]
    if kind == E.K_OVER:
        return s == -1
    if not 0 <= s < cfg[R.C_PLAYERS]:
        return False
    if kind == R.K_FREE or kind == R.K_ALL:
        return s == pos[R.ST_CROUPIER]
    if kind == R.K_PLAY:
        return pos[R.ST_TABLE + s] < 0 and pos[R.ST_HAND + s * R.HAND] >= 0
    if kind == R.K_OFFER:
        return s == pos[E.W_PROPOSER]
    if kind == R.K_ANSWER:
        return s != pos[E.W_PROPOSER] and ((pos[E.W_CONTEST] >> s) & 1) == 1
    return False


@njit(cache=True)
def check(ro, pos):
    """0 if ``pos`` is consistent, else 1 (playing cards), 2 (money cards) or 3 (the seat to move)."""
    cfg = ro[0]
    if not _cards_ok(cfg, pos):
        return 1
    if not _money_ok(cfg, pos):
        return 2
    if not _actor_ok(cfg, pos):
        return 3
    return 0


@njit(cache=True)
def _hidden_answers(pos, seat):
    """The mask of the contestants who answered the offer being answered, unseen by ``seat``."""
    if pos[E.W_KIND] != R.K_ANSWER:
        return 0
    n = pos[R.ST_PLAYERS]
    m = 0
    for i in range(1, pos[E.W_STEP]):
        o = (pos[E.W_PROPOSER] + i) % n
        if o != seat and (pos[E.W_CONTEST] >> o) & 1:
            m |= 1 << o
    return m


@njit(cache=True)
def _face_down(pos, seat, o):
    """Is seat ``o``'s card on the table face down to ``seat``?"""
    return o != seat and pos[R.ST_TABLE + o] >= 0 and pos[R.ST_REVEALED] == 0


@njit(cache=True)
def observation(ro, pos, seat, out):
    """Everything ``seat`` has seen (offsets ``B_*``); returns :data:`OBS_LEN`."""
    n = pos[R.ST_PLAYERS]
    out[:OBS_LEN] = 0
    for i in range(R.ST_LEN):
        out[OB_ST + i] = pos[i]
    for o in range(n):
        out[OB_HAND + o] = 0
        for j in range(R.HAND):
            if pos[R.ST_HAND + o * R.HAND + j] >= 0:
                out[OB_HAND + o] += 1
            if o != seat:
                out[OB_ST + R.ST_HAND + o * R.HAND + j] = -1
        if _face_down(pos, seat, o):
            out[OB_DOWN + o] = 1
            out[OB_ST + R.ST_TABLE + o] = -1
    out[OB_DEC : OB_DEC + N_DEC] = pos[R.V_VALUE : R.VIEW_LEN]
    out[OB_CTRL : OB_CTRL + E.N_CTRL] = pos[E.W_CTRL : E.W_CTRL + E.N_CTRL]
    out[OB_CTRL + E.W_DEAL - E.W_CTRL] = 0
    out[OB_CTRL + E.W_DICE - E.W_CTRL] = 0
    out[OB_PUB : OB_PUB + N_PUB] = pos[E.W_POS : E.W_GROUP]
    out[OB_SETTLE : OB_SETTLE + N_SETTLE] = pos[E.W_GOT : E.W_OFF]
    out[OB_RES:OB_PSTATE] = pos[E.W_RES : E.W_RES + R.MAX_PLAYERS * E.N_RES]
    out[OB_PSTATE] = pos[E.W_PSTATE + seat]
    for i in range(pos[E.W_POS + 2]):
        out[OB_DISCARD + i] = pos[E.W_DISCARD + i]
    for i in range(pos[E.W_MTOP], pos[E.W_MM]):
        out[OB_MONEY + pos[E.W_MDECK + i]] += 1
    for i in range(pos[E.W_FIRST], pos[E.W_MTOP]):
        out[OB_ROUND + i - pos[E.W_FIRST]] = pos[E.W_MDECK + i]
    out[OB_COUNTS : OB_COUNTS + N_COUNTS] = pos[E.W_COUNTS : E.W_COUNTS + N_COUNTS]
    hidden = _hidden_answers(pos, seat)
    declined = pos[E.W_DECL] & hidden
    out[OB_CTRL + E.W_DECL - E.W_CTRL] &= ~hidden
    out[OB_COUNTS + C_GLOB + E.G_DECLINES] -= E.POPCOUNT[declined]
    out[OB_COUNTS + C_GLOB + E.G_ACCEPTS] -= E.POPCOUNT[hidden] - E.POPCOUNT[declined]
    return OBS_LEN


@njit(cache=True)
def _unseen(cfg, obs, pos):
    """The playing cards the seat has not seen (the deck less its hand, the cards face up and the discards)."""
    count = _deck(cfg, pos)
    for i in range(obs[OB_PUB + 2]):
        count[obs[OB_DISCARD + i]] -= 1
    for i in range(R.MAX_PLAYERS * R.HAND + R.MAX_PLAYERS):  # ST_HAND, then ST_TABLE
        if obs[OB_ST + R.ST_HAND + i] >= 0:
            count[obs[OB_ST + R.ST_HAND + i]] -= 1
    pool = np.zeros(count.sum(), np.int64)
    m = 0
    for c in range(count.shape[0]):
        for _ in range(count[c]):
            pool[m] = c
            m += 1
    return pool


@njit(cache=True)
def _deal_unseen(cfg, obs, seat, pos, state):
    """The unseen cards, shuffled, to the other hands, the face-down cards and the stock."""
    pool = _unseen(cfg, obs, pos)
    swap = np.zeros(pool.shape[0] + 1, np.int64)
    state = deal_from(state, pool, pool.shape[0], swap)
    m = 0
    for o in range(cfg[R.C_PLAYERS]):
        if o == seat:
            continue
        for j in range(obs[OB_HAND + o]):
            pos[R.ST_HAND + o * R.HAND + j] = pool[m]
            m += 1
        if obs[OB_DOWN + o]:
            pos[R.ST_TABLE + o] = pool[m]
            m += 1
    for i in range(pos[E.W_POS + 1]):
        pos[E.W_STOCK + pos[E.W_POS] + i] = pool[m]
        m += 1
    return state


@njit(cache=True)
def _deal_money(cfg, obs, pos, state):
    """The money deck: the cards dealt before this round (in table order), this round's, the rest shuffled."""
    first, mtop, mm = pos[E.W_FIRST], pos[E.W_MTOP], pos[E.W_MM]
    before = _money_table(cfg)
    for i in range(mtop - first):
        pos[E.W_MDECK + first + i] = obs[OB_ROUND + i]
        before[obs[OB_ROUND + i]] -= 1
    i = 0
    j = mtop
    for d in range(R.MAX_DENOMS):
        for _ in range(before[d] - obs[OB_MONEY + d]):
            pos[E.W_MDECK + i] = d
            i += 1
        for _ in range(obs[OB_MONEY + d]):
            pos[E.W_MDECK + j] = d
            j += 1
    return deal_from(state, pos[E.W_MDECK + mtop : E.W_MDECK + mm], mm - mtop, pos[E.W_SWAP : E.W_SWAP + E.DECK_ROOM])


@njit(cache=True)
def _draw_answers(pos, seat, state):
    """The answers ``seat`` has not seen, accept or duel with even chances, into W_DECL and the counts."""
    hidden = _hidden_answers(pos, seat)
    while hidden:
        o = E.LOWEST[hidden]
        hidden &= hidden - 1
        state, x = next_u64(state)
        duel = x >> np.uint64(63)
        pos[E.W_DECL] |= np.int64(duel) << o
        pos[E.W_COUNTS + C_GLOB + (E.G_DECLINES if duel else E.G_ACCEPTS)] += 1
    return state


@njit(cache=True)
def determinize(ro, obs, seat, key, draw, pos):
    """A position ``seat`` cannot tell from the one ``obs`` was taken of, built from ``obs`` alone: the
    unseen cards dealt at random, the money deck to come shuffled, the other seats' policy states, the
    answers it has not seen and the deal and dice streams drawn, all from the stream ``(key, draw)``."""
    cfg = ro[0]
    pos[:] = 0
    E.set_workspace(pos, cfg, N_COUNTS, C_CROU, C_GLOB, C_TAB, 1)
    pos[: R.ST_LEN] = obs[OB_ST : OB_ST + R.ST_LEN]
    pos[R.V_VALUE : R.VIEW_LEN] = obs[OB_DEC : OB_DEC + N_DEC]
    pos[E.W_CTRL : E.W_CTRL + E.N_CTRL] = obs[OB_CTRL : OB_CTRL + E.N_CTRL]
    pos[E.W_POS : E.W_GROUP] = obs[OB_PUB : OB_PUB + N_PUB]
    pos[E.W_GOT : E.W_OFF] = obs[OB_SETTLE : OB_SETTLE + N_SETTLE]
    pos[E.W_RES : E.W_RES + R.MAX_PLAYERS * E.N_RES] = obs[OB_RES:OB_PSTATE]
    for i in range(pos[E.W_POS + 2]):
        pos[E.W_DISCARD + i] = obs[OB_DISCARD + i]
    pos[E.W_COUNTS : E.W_COUNTS + N_COUNTS] = obs[OB_COUNTS : OB_COUNTS + N_COUNTS]
    _draw(cfg, obs, seat, key, draw, pos)


@njit(cache=True)
def redeal(ro, obs, seat, key, draw, pos):
    """:func:`determinize`'s draw ``draw`` on ``pos``, a position it built from the same ``obs`` and nothing
    but :func:`.search.played_by_model` played on: the same position, without clearing it and copying the
    public parts again (the search's samples). The policies' scratch and a user's view, written before they
    are read, are left as they are."""
    pos[E.W_CTRL : E.W_CTRL + E.N_CTRL] = obs[OB_CTRL : OB_CTRL + E.N_CTRL]
    for g in (E.G_DECLINES, E.G_ACCEPTS):
        pos[E.W_COUNTS + C_GLOB + g] = obs[OB_COUNTS + C_GLOB + g]
    _draw(ro[0], obs, seat, key, draw, pos)


@njit(cache=True)
def _draw(cfg, obs, seat, key, draw, pos):
    """The hidden parts of :func:`determinize`'s position from the stream ``(key, draw)``."""
    state = game_state(key, draw)
    state = _deal_unseen(cfg, obs, seat, pos, state)
    state = _deal_money(cfg, obs, pos, state)
    state = _draw_answers(pos, seat, state)
    for s in range(cfg[R.C_PLAYERS]):
        state, x = next_u64(state)
        pos[E.W_PSTATE + s] = obs[OB_PSTATE] if s == seat else np.int64(x)
    state, x = next_u64(state)
    pos[E.W_DEAL] = np.int64(x)
    state, x = next_u64(state)
    pos[E.W_DICE] = np.int64(x)


from razzmatazz.core.razzia import search as SR  # noqa: E402  (it imports this module; step's search seats)
