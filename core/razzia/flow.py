"""A whole Razzia game, decision by decision: the deck, the rounds, the bars in turn and the end (K1-K8,
R1-R9, E1-E4, V1-V4).

:func:`play_game` plays one game following, draw for draw and decision for decision, the order written in
the docstring of ``tests/reference/razzia.py``, one decision at a time (:func:`begin`, :func:`step`: what
:mod:`.state` stops at). The bars are settled by :mod:`.bars`; the kernels that play runs of games are in
:mod:`.kernels`.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.ask import _ask, _ask_card
from razzmatazz.core.razzia.bars import (
    _answered,
    _haggle_close,
    _haggle_open,
    _legal_offer,
    _offer_made,
    _open_bar,
    _pay_bar,
    _police_mask,
    offer_code,
    offer_division,
)
from razzmatazz.core.razzia.layout import (
    BUCKETS,
    DECK_ROOM,
    G_LEFTOVER,
    G_LEFTOVER2,
    G_RESHUFFLES,
    G_ROUNDS,
    G_SHARED,
    H_BARS_WON,
    H_MONEY,
    H_WIN,
    K_OVER,
    LOWEST,
    N_BUCKETS,
    N_CFIELDS,
    N_CTRL,
    N_OTHERS,
    N_RES,
    N_TABLE,
    POPCOUNT,
    T_MONEY,
    T_PLAYS,
    T_WON,
    W_ACTOR,
    W_AT,
    W_BAR,
    W_BARS,
    W_CFG,
    W_CONTEST,
    W_CTRL,
    W_DEAL,
    W_DICE,
    W_DISCARD,
    W_FIRST,
    W_HERE,
    W_K,
    W_KIND,
    W_LEFT,
    W_MDECK,
    W_MM,
    W_MTOP,
    W_NCARDS,
    W_OCC,
    W_OCROU,
    W_ORDER,
    W_OTAB,
    W_OTHERS,
    W_PAID,
    W_POLICE,
    W_POS,
    W_PROPOSER,
    W_PSTATE,
    W_RES,
    W_ROT,
    W_STEP,
    W_STOCK,
    W_SWAP,
    W_UNITS,
    W_WON0,
    WIN,
    _count,
    _log,
    player_of,
)
from razzmatazz.core.razzia.policies import USER_ID
from razzmatazz.core.rng import game_state

# A game is a course of decisions (``W_KIND``: the free card's bar or a spielbox round's money, each
# card played, each offer and each answer), the chance events between them (shuffles, dice) drawn from
# the streams whose states the workspace keeps. :func:`begin` deals a game and runs to its first decision;
# :func:`step` asks the seat to move (``W_ACTOR``), makes its answer legal and plays it (:func:`act`), which
# runs on to the next decision. :func:`play_game` steps until the end; ``state.py`` stops at any decision
# and plays chosen moves with :func:`apply`. The hot path is inlined (``inline="always"``): the kernel
# runs within a few per cent of the nested loops it replaced.


@njit(cache=True, _nrt=False)
def _shuffle(w, lo, m):
    """Shuffle ``w[lo:lo + m]`` with the deal stream (its state in ``W_DEAL``)."""
    state = R.shuffle(np.uint64(w[W_DEAL]), w[lo : lo + m], m, w[W_SWAP : W_SWAP + DECK_ROOM])
    w[W_DEAL] = np.int64(state)


@njit(cache=True, _nrt=False)
def _reshuffle(w):
    """R7: the stock is empty: the shuffled discard pile becomes the stock."""
    m = w[W_POS + 2]
    for i in range(m):
        w[W_STOCK + i] = w[W_DISCARD + i]
    _shuffle(w, W_STOCK, m)
    w[W_POS] = 0
    w[W_POS + 1] = m
    w[W_POS + 2] = 0
    for i in range(2 * R.MAX_BARS):
        w[R.ST_GONE + i] = 0
    _log(w, R.L_RESHUFFLE, -1, m, 0, 0)
    w[W_POS + 3] += 1


@njit(cache=True, _nrt=False, inline="always")
def _top(w):
    """The top card of the stock (``W_POS``: top, cards in the stock, cards on the discard pile), which
    is not empty (see :func:`_reshuffle`)."""
    card = w[W_STOCK + w[W_POS]]
    w[W_POS] += 1
    w[W_POS + 1] -= 1
    return card


@njit(cache=True, _nrt=False)
def _refill(w, first):
    """R6: everyone back to five cards, one at a time, clockwise from ``first``."""
    n = w[R.ST_PLAYERS]
    for i in range(n):
        s = (first + i) % n
        for j in range(R.HAND):
            if w[R.ST_HAND + s * R.HAND + j] < 0:
                if w[W_POS + 1] == 0:
                    _reshuffle(w)
                w[R.ST_HAND + s * R.HAND + j] = _top(w)


@njit(cache=True, _nrt=False)
def _discard_played(w):
    """R5: the cards on the table go to the discard pile."""
    for s in range(w[R.ST_PLAYERS]):
        code = w[R.ST_TABLE + s]
        if code >= 0:
            w[W_DISCARD + w[W_POS + 2]] = code
            w[W_POS + 2] += 1
            w[R.ST_GONE + 2 * R.card_bar(code) + R.card_kind(code)] += 1
            w[R.ST_TABLE + s] = -1
    w[R.ST_REVEALED] = 0


@njit(cache=True, _nrt=False, inline="always")
def _place(w, bar, d, seat, decided):
    """A money card of denomination ``d`` to ``bar``."""
    w[R.ST_MONEY + bar * R.MAX_DENOMS + d] += 1
    w[R.ST_BAR_UNITS + bar] += w[R.ST_DENOM + d]
    w[W_NCARDS + bar] += 1
    _log(w, R.L_MONEY, seat, bar, w[R.ST_DENOM + d], decided)


@njit(cache=True, _nrt=False, inline="always")
def _study(w, o_tab, value, units, others, won):
    """A card of ``value`` played at a bar of ``units`` with ``others`` other cards, that won ``won``."""
    base = o_tab + (((value - 1) * N_BUCKETS + BUCKETS[min(units, 13)]) * N_OTHERS + min(others, N_OTHERS - 1)) * 3
    w[base + T_PLAYS] += 1
    w[base + T_WON] += won > 0
    w[base + T_MONEY] += won


@njit(cache=True, _nrt=False)
def _new_game(w):
    """K1-K7: the state of a new game, the bars in play, the shuffled stock and money deck (its size in
    ``W_MM``), the deal."""
    n = w[W_CFG + R.C_PLAYERS]
    nb = w[W_CFG + R.C_NBARS]
    nd = w[W_CFG + R.C_NDENOM]
    for i in range(R.ST_LEN):
        w[i] = 0
    for i in range(W_KIND, W_CTRL + N_CTRL):
        w[i] = 0
    for b in range(R.MAX_BARS):
        w[W_NCARDS + b] = 0
    for i in range(R.MAX_PLAYERS * R.HAND):
        w[R.ST_HAND + i] = -1
    for s in range(R.MAX_PLAYERS):
        w[R.ST_TABLE + s] = -1
    for d in range(nd):
        w[R.ST_DENOM + d] = w[W_CFG + R.C_DENOM + d]
    w[R.ST_PLAYERS] = n
    w[R.ST_NBARS] = nb
    w[R.ST_NDENOM] = nd
    w[R.ST_OFFER_DUEL] = w[W_CFG + R.C_OFFER_DUEL]
    w[R.ST_DUEL_TIE] = w[W_CFG + R.C_DUEL_TIE]
    w[R.ST_ONE_DECLINES] = w[W_CFG + R.C_ONE_DECLINES]
    w[R.ST_MULTI] = w[W_CFG + R.C_MULTI]
    w[R.ST_MANY] = w[W_CFG + R.C_MANY]
    # K3: bars in play
    for b in range(R.MAX_BARS):
        w[W_BARS + b] = b if b < nb else 0
    if nb < R.MAX_BARS and w[W_CFG + R.C_DROPPED] != 0:
        for b in range(R.MAX_BARS):
            w[W_BARS + b] = b
        _shuffle(w, W_BARS, R.MAX_BARS)
        for x in range(1, nb):  # the bars in play, left to right
            y = x
            while y > 0 and w[W_BARS + y - 1] > w[W_BARS + y]:
                t = w[W_BARS + y]
                w[W_BARS + y] = w[W_BARS + y - 1]
                w[W_BARS + y - 1] = t
                y -= 1
    mask = 0
    for i in range(nb):
        mask |= 1 << w[W_BARS + i]
    w[R.ST_BARS] = mask
    # K2, K4: the stock, bar by bar, row by row
    m = 0
    for i in range(nb):
        for r in range(w[W_CFG + R.C_NCARD_ROWS]):
            kind = w[W_CFG + R.C_CARD_ROWS + 3 * r]
            v = w[W_CFG + R.C_CARD_ROWS + 3 * r + 1]
            for _ in range(w[W_CFG + R.C_CARD_ROWS + 3 * r + 2]):
                w[W_STOCK + m] = R.card_code(w[W_BARS + i], kind, v)
                m += 1
            if i == 0:
                if kind == R.GAMBLER:
                    w[R.ST_COLOUR_G] += w[W_CFG + R.C_CARD_ROWS + 3 * r + 2]
                else:
                    w[R.ST_COLOUR_P] += w[W_CFG + R.C_CARD_ROWS + 3 * r + 2]
    _shuffle(w, W_STOCK, m)
    w[W_POS] = 0
    w[W_POS + 1] = m
    w[W_POS + 2] = 0
    w[W_POS + 3] = 0
    # K5, K6: the money deck
    mm = 0
    for r in range(w[W_CFG + R.C_NMONEY_ROWS]):
        for _ in range(w[W_CFG + R.C_MONEY_ROWS + 2 * r + 1]):
            w[W_MDECK + mm] = w[W_CFG + R.C_MONEY_ROWS + 2 * r]
            mm += 1
    _shuffle(w, W_MDECK, mm)
    w[W_MM] = mm
    # K7: the deal, five passes clockwise from the first croupier's left
    for _ in range(R.HAND):
        for i in range(n):
            s = (1 + i) % n
            for j in range(R.HAND):
                if w[R.ST_HAND + s * R.HAND + j] < 0:
                    if w[W_POS + 1] == 0:
                        _reshuffle(w)
                    w[R.ST_HAND + s * R.HAND + j] = _top(w)
                    break


@njit(cache=True, _nrt=False, inline="always")
def _pose(w, kind, seat):
    """The next decision: ``kind`` (``K_*``), asked of ``seat``."""
    w[W_KIND] = kind
    w[W_ACTOR] = seat


@njit(cache=True, _nrt=False)
def begin(w, deal_state, dice_state, dice_script):
    """A new game in ``w`` (the seat rotation ``W_ROT`` and the policies' states ``W_PSTATE`` set), from
    the deal and dice streams' states, run to its first decision."""
    w[W_DEAL] = np.int64(deal_state)
    w[W_DICE] = np.int64(dice_state)
    _new_game(w)
    _begin_round(w, dice_script)


@njit(cache=True, _nrt=False)
def _begin_round(w, dice_script):
    """R1-R2: round ``ST_ROUND`` begins, its money comes out (a decision of the croupier's, or placed)."""
    n = w[R.ST_PLAYERS]
    rnd = w[R.ST_ROUND]
    c = rnd % n
    w[R.ST_CROUPIER] = c
    k = min(w[W_CFG + R.C_PER_ROUND], w[W_MM] - w[W_MTOP])
    w[W_FIRST] = w[W_MTOP]
    w[W_MTOP] += k
    last = w[W_MTOP] == w[W_MM]
    w[R.ST_LAST_ROUND] = last
    w[R.ST_MONEY_LEFT] = w[W_MM] - w[W_MTOP]
    w[R.ST_STOCK] = w[W_POS + 1]
    w[R.ST_DISCARD] = w[W_POS + 2]
    _log(w, R.L_ROUND, c, rnd, k, last)
    if not _money_out(w):
        _begin_play(w)


@njit(cache=True, _nrt=False)
def _money_out(w):
    """R1, E1, V1: the round's money cards (``W_FIRST:W_MTOP`` of the money deck) to the bars; returns
    whether the croupier decides where (``K_ALL`` or ``K_FREE`` posed, the cards shown in ``V_DRAWN`` or
    ``V_VALUE``)."""
    nb = w[R.ST_NBARS]
    first = w[W_FIRST]
    k = w[W_MTOP] - first
    if k < w[W_CFG + R.C_PER_ROUND]:
        for i in range(k):
            _place(w, w[W_BARS + i], w[W_MDECK + first + i], -1, 0)
        return False
    if w[W_CFG + R.C_SPIELBOX]:
        w[R.V_NDRAWN] = k
        for i in range(k):
            w[R.V_DRAWN + i] = w[R.ST_DENOM + w[W_MDECK + first + i]]
        _pose(w, R.K_ALL, w[R.ST_CROUPIER])
        return True
    for i in range(nb):
        _place(w, w[W_BARS + i], w[W_MDECK + first + i], -1, 0)
    if w[W_CFG + R.C_FREE] == 0:
        w[R.V_VALUE] = w[R.ST_DENOM + w[W_MDECK + first + nb]]
        _pose(w, R.K_FREE, w[R.ST_CROUPIER])
        return True
    for i in range(nb):
        w[W_ORDER + i] = w[W_BARS + i]
    _shuffle(w, W_ORDER, nb)
    _place(w, w[W_ORDER], w[W_MDECK + first + nb], -1, 1)
    return False


@njit(cache=True, _nrt=False, inline="always")
def _begin_play(w):
    """R3: the croupier's left plays first."""
    w[W_STEP] = 0
    _pose(w, R.K_PLAY, (w[R.ST_CROUPIER] + 1) % w[R.ST_PLAYERS])


@njit(cache=True, _nrt=False, inline="always")
def _played(w, slot, dice_script):
    """R3-R4: the actor puts the card of hand slot ``slot`` face down; once all have, they are turned over
    and the bars settled."""
    n = w[R.ST_PLAYERS]
    s = w[W_ACTOR]
    h = R.ST_HAND + s * R.HAND
    code = w[h + slot]
    for j in range(slot, R.HAND - 1):
        w[h + j] = w[h + j + 1]
    w[h + R.HAND - 1] = -1
    w[R.ST_TABLE + s] = code
    _log(w, R.L_PLAY, s, R.card_bar(code), R.card_kind(code), R.card_value(code))
    w[W_STEP] += 1
    if w[W_STEP] < n:
        _pose(w, R.K_PLAY, s + 1 if s + 1 < n else 0)  # clockwise
        return
    w[R.ST_REVEALED] = 1
    for o in range(n):
        w[W_WON0 + o] = w[R.ST_WON + o]
    occupied = 0
    for b in range(R.MAX_BARS):
        w[W_AT + b] = 0
    for o in range(n):
        code = w[R.ST_TABLE + o]
        if code >= 0:
            w[W_AT + R.card_bar(code)] |= 1 << o
            occupied |= 1 << R.card_bar(code)
    w[W_OCC] = occupied
    w[W_POLICE] = _police_mask(w)
    _next_bar(w, dice_script)


@njit(cache=True, _nrt=False)
def _next_bar(w, dice_script):
    """R8: the bars with cards (``W_OCC``), left to right (``W_BARS`` is in ascending order), up to the next
    haggle's offer (posed) or the end of the round."""
    while w[W_OCC]:
        b = LOWEST[w[W_OCC]]
        w[W_OCC] &= w[W_OCC] - 1
        here = w[W_AT + b]
        w[W_BAR] = b
        w[W_HERE] = here
        w[W_UNITS] = w[R.ST_BAR_UNITS + b]
        w[W_OTHERS] = POPCOUNT[here] - 1
        contest, k = _open_bar(w, b, here, w[W_POLICE])
        if k >= 2:
            _pose(w, R.K_OFFER, _haggle_open(w, b, contest, k, dice_script))
            return
        if k == 1:
            _pay_bar(w, b, contest, k)
        _study_bar(w)
    _end_round(w, dice_script)


@njit(cache=True, _nrt=False, inline="always")
def _study_bar(w):
    """The study tables of the cards played at the bar just settled (``W_BAR``, ``W_HERE``)."""
    here = w[W_HERE]
    police = w[W_POLICE]
    gamblers = w[W_OTAB] + (N_TABLE if here & police else 2 * N_TABLE)
    m = here
    while m:
        s = LOWEST[m]
        m &= m - 1
        code = w[R.ST_TABLE + s]
        table = w[W_OTAB] if R.card_kind(code) == R.POLICE else gamblers
        _study(w, table, R.card_value(code), w[W_UNITS], w[W_OTHERS], w[W_PAID + s])


@njit(cache=True, _nrt=False, inline="always")
def _next_answer(w, dice_script):
    """H2-H3: the next contestant clockwise from the proposer's left (``W_STEP``) is asked to answer; after
    the last, the haggle ends."""
    n = w[R.ST_PLAYERS]
    i = w[W_STEP]
    while i < n:
        o = (w[W_PROPOSER] + i) % n
        if (w[W_CONTEST] >> o) & 1:
            w[W_STEP] = i
            _pose(w, R.K_ANSWER, o)
            return
        i += 1
    _bar_settled(w, dice_script)


@njit(cache=True, _nrt=False)
def _bar_settled(w, dice_script):
    """H3-H9: the haggle at ``W_BAR`` ends, its contestants are paid; on to the next bar."""
    _haggle_close(w, dice_script)
    _pay_bar(w, w[W_BAR], w[W_CONTEST], w[W_K])
    _study_bar(w)
    _next_bar(w, dice_script)


@njit(cache=True, _nrt=False)
def _end_round(w, dice_script):
    """R5-R7: the croupier counts, discard and refill; the next round, or the end (E1-E4)."""
    n = w[R.ST_PLAYERS]
    c = w[R.ST_CROUPIER]
    for s in range(n):
        won = w[R.ST_WON + s] - w[W_WON0 + s]
        base = w[W_OCROU] + ((s - c) % n) * N_CFIELDS
        w[base] += 1
        w[base + 1] += won
        w[base + 2] += won * won
    last = w[R.ST_LAST_ROUND]
    if last:
        _discard_played(w)
    elif w[W_CFG + R.C_RESHUFFLE] == 0:
        _discard_played(w)
        _refill(w, (c + 2) % n)
    else:
        _refill(w, (c + 2) % n)
        _discard_played(w)
    if last:
        _end_game(w)
    else:
        w[R.ST_ROUND] += 1
        _begin_round(w, dice_script)


@njit(cache=True, _nrt=False)
def _end_game(w):
    """E1-E4: the leftover (``W_LEFT``), the winners, the per-seat results (``W_RES``) and the game's counts."""
    n = w[R.ST_PLAYERS]
    leftover = 0
    for i in range(w[R.ST_NBARS]):
        leftover += w[R.ST_BAR_UNITS + w[W_BARS + i]]
    _log(w, R.L_END, -1, leftover, 0, 0)
    best = -1
    for s in range(n):
        best = max(best, w[R.ST_WON + s])
    tied = 0
    most = -1
    for s in range(n):
        if w[R.ST_WON + s] == best:
            tied |= 1 << s
            most = max(most, w[R.ST_BARS_WON + s])
    if w[W_CFG + R.C_FINAL_TIES] == 1:
        for s in range(n):
            if (tied >> s) & 1 and w[R.ST_BARS_WON + s] < most:
                tied &= ~(1 << s)
    kk = POPCOUNT[tied]
    for s in range(n):
        w[W_RES + s * N_RES + H_MONEY] = w[R.ST_WON + s]
        w[W_RES + s * N_RES + H_WIN] = WIN // kk if (tied >> s) & 1 else 0
        w[W_RES + s * N_RES + H_BARS_WON] = w[R.ST_BARS_WON + s]
    _count(w, G_ROUNDS, w[R.ST_ROUND] + 1)
    _count(w, G_LEFTOVER, leftover)
    _count(w, G_LEFTOVER2, leftover * leftover)
    _count(w, G_RESHUFFLES, w[W_POS + 3])
    _count(w, G_SHARED, kk > 1)
    w[W_LEFT] = leftover
    _pose(w, K_OVER, -1)


@njit(cache=True, _nrt=False, inline="always")
def _legal_slot(w, answer):
    """R3: a hand slot holding a card, else slot 0."""
    ok = 0 <= answer < R.HAND and w[R.ST_HAND + w[W_ACTOR] * R.HAND + answer] >= 0
    return answer if ok else np.int64(0)


@njit(cache=True, _nrt=False, inline="always")
def _legal_bar(w, answer):
    """R1: a bar in play, else the leftmost."""
    ok = 0 <= answer < R.MAX_BARS and ((w[R.ST_BARS] >> answer) & 1) == 1
    return answer if ok else w[W_BARS]


@njit(cache=True, _nrt=False)
def _placement(w, ans):
    """V1: the spielbox placement ``ans`` (card i to the bar in bits 3i..3i+2) if it is one (every bar in
    play gets a card), else the cards in order to the bars left to right, the last to the leftmost."""
    k = w[R.V_NDRAWN]
    nb = w[R.ST_NBARS]
    mask = w[R.ST_BARS]
    hit = 0
    ok = ans >= 0
    for i in range(k):
        t = (ans >> np.int64(3 * i)) & 7
        if t >= R.MAX_BARS or not (mask >> t) & 1:
            ok = False
        hit |= 1 << t
    if ok and hit == mask:
        return ans & ((np.int64(1) << np.int64(3 * k)) - 1)
    ans = np.int64(0)
    for i in range(k):
        ans |= w[W_BARS + (i if i < nb else 0)] << np.int64(3 * i)
    return ans


@njit(cache=True, _nrt=False)
def _free_placed(w, bar):
    """R1: the croupier puts the free card at ``bar``; the cards are played."""
    _place(w, bar, w[W_MDECK + w[W_FIRST] + w[R.ST_NBARS]], w[R.ST_CROUPIER], 1)
    _begin_play(w)


@njit(cache=True, _nrt=False)
def _all_placed(w, placement):
    """V1: the croupier places the round's cards; the cards are played."""
    for i in range(w[W_MTOP] - w[W_FIRST]):
        _place(w, (placement >> np.int64(3 * i)) & 7, w[W_MDECK + w[W_FIRST] + i], w[R.ST_CROUPIER], 1)
    _begin_play(w)


@njit(cache=True, _nrt=False, inline="always")
def _offered(w, answer, dice_script):
    """H2: the proposer's legal ``answer`` (:func:`.bars._legal_offer`); the contestants answer, or the duels."""
    if _offer_made(w, answer):
        w[W_STEP] = 1
        _next_answer(w, dice_script)
    else:
        _bar_settled(w, dice_script)


@njit(cache=True, _nrt=False, inline="always")
def _replied(w, answer, dice_script):
    """H3: the actor accepts or duels (``answer``); the next contestant answers."""
    _answered(w, w[W_ACTOR], answer)
    w[W_STEP] += 1
    _next_answer(w, dice_script)


@njit(cache=True, _nrt=False)
def act(w, answer, dice_script):
    """The actor's legal ``answer`` (a hand slot, a bar, a spielbox placement, an offer with its division in
    ``V_OFFER`` or ``NO_OFFER``, ``ACCEPT`` or ``DUEL``) is played; the game runs on to its next decision."""
    kind = w[W_KIND]
    if kind == R.K_PLAY:
        _played(w, answer, dice_script)
    elif kind == R.K_FREE:
        _free_placed(w, answer)
    elif kind == R.K_ALL:
        _all_placed(w, answer)
    elif kind == R.K_OFFER:
        _offered(w, answer, dice_script)
    elif kind == R.K_ANSWER:
        _replied(w, answer, dice_script)


@njit(cache=True, _nrt=False)
def apply(w, move, dice_script):
    """The actor makes the legal ``move`` (as :func:`act`, an offer given by its code, :func:`.bars.offer_code`)."""
    if w[W_KIND] == R.K_OFFER and move != R.NO_OFFER:
        offer_division(w, move)
        move = 0
    act(w, move, dice_script)


@njit(cache=True, _nrt=False, inline="always")
def step(w, pids, params, user, dice_script, codes, searcher):
    """The actor's policy (the lineup's ``pids``/``params``, see :func:`.layout.player_of`) answers the decision
    posed, its answer is made legal (an illegal one replaced as :mod:`.rules` says; a user's division
    checked) and played; returns it, an offer as its code (:func:`.bars.offer_code`) if ``codes``.

    First ``searcher(w, s, pids, params, user) -> (handled, move)`` is asked (the search player's hook,
    :mod:`.search`, which handles its own seats); a handled ``move`` (legal) is applied as :func:`apply`
    applies it. The searcher :func:`no_search` (rollouts, kernels without a search seat) declines."""
    kind = w[W_KIND]
    s = w[W_ACTOR]
    handled, move = searcher(w, s, pids, params, user)
    if handled:
        apply(w, move, dice_script)
        return move
    if kind == R.K_PLAY:
        answer = _legal_slot(w, _ask_card(w, s, R.K_PLAY, 0, 0, pids, params, user))
        _played(w, answer, dice_script)
        return answer
    if kind == R.K_ANSWER:
        answer = _ask(w, s, R.K_ANSWER, R.V_BAR, R.VIEW_LEN, pids, params, user)
        answer = np.int64(R.DUEL if answer == R.DUEL else R.ACCEPT)
        _replied(w, answer, dice_script)
        return answer
    if kind == R.K_OFFER:
        answer = _ask(w, s, R.K_OFFER, R.V_BAR, R.V_OFFER, pids, params, user)
        answer = _legal_offer(w, answer, pids[player_of(w, s)] < USER_ID)
        move = offer_code(w) if codes and answer != R.NO_OFFER else answer
        _offered(w, answer, dice_script)
        return move
    if kind == R.K_FREE:
        answer = _legal_bar(w, _ask_card(w, s, R.K_FREE, R.V_VALUE, R.V_VALUE + 1, pids, params, user))
        _free_placed(w, answer)
        return answer
    answer = _placement(w, _ask(w, s, R.K_ALL, R.V_NDRAWN, R.V_DRAWN + w[R.V_NDRAWN], pids, params, user))
    _all_placed(w, answer)
    return answer


@njit(cache=True, _nrt=False)
def no_search(w, s, pids, params, user):
    """The searcher of kernels and rollouts without the search player: it declines (see :func:`step`)."""
    return False, np.int64(0)


@njit(cache=True, _nrt=False)
def play_game(w, deal_state, dice_state, pids, params, no_dice, user, searcher):
    """One game in the workspace ``w`` (the seat rotation and the policies' stream states set, see
    :func:`seat_policies`; ``no_dice``: an empty dice script, shape (0, 1); ``searcher``: see :func:`step`):
    per-seat results (``H_*``) in
    ``W_RES``, croupier, global and study counts added to the counts (the police table at ``W_OTAB``, the
    two gambler tables follow it). Returns the leftover."""
    begin(w, deal_state, dice_state, no_dice)
    while w[W_KIND] != K_OVER:
        step(w, pids, params, user, no_dice, False, searcher)
    return w[W_LEFT]


@njit(cache=True, _nrt=False)
def seat_policies(w, g, n, policy_keys):
    """The seats of game ``g`` (player p sits in seat (p + g) mod n): the rotation into ``W_ROT``, the seats'
    policy stream states into ``W_PSTATE``."""
    w[W_ROT] = g % n
    for s in range(n):
        w[W_PSTATE + s] = np.int64(game_state(policy_keys[s], g))
