"""Razz's luck terms (issue 38): AIVAT's chance terms, pot x all-in equity the value, read from a hand's log.

At every deal of cards (3rd street's three to every seat, then a card to each player still in) each player still
in gets ``pot x (v_before - v_after)``: ``pot`` the chips in the middle as the deal begins, ``v`` the player's
all-in equity among the players still in (the chance its low wins a showdown of random completions from the cards
not dealt, a tie shared). The engine deals uniformly from the cards not dealt, so ``E[v_after | before] =
v_before``: each term has mean zero whatever the players do, and a payoff plus its terms estimates the payoff's
expectation with less of the cards' luck in it (Burch, Schmid, Moravcik, Morrill, Bowling, "AIVAT", AAAI 2018).

The equity is estimated from ``samples`` completions drawn from the stream ``razz/luck`` (game g): an error of mean
zero, which keeps the terms' mean at zero. Before a deal, ``v`` is the last deal's estimate when nobody has folded
since (the same state, so an error enters once); before 3rd street it is 1/N. A deal gets no term where the cards
not dealt cannot complete every hand still in (eight players: the deck can run short on 7th street, and the
completions would not model the community card), which is known before the deal, so the mean stays zero.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.evaluate import class_of_cards
from razzmatazz.core.rng import deal_from, game_state, undeal


@njit(cache=True)
def equities(hands, counts, live, n, dealt, samples, state, nopair, paired, out):
    """Each live seat's all-in equity into ``out`` (exact when every card is dealt); returns the stream's state.

    ``hands`` (rows of 7, ``counts[s]`` cards dealt to seat s), ``dealt[c]`` whether card c is out of the deck.
    """
    pool = np.empty(52, np.int64)
    m = 0
    for c in range(52):
        if not dealt[c]:
            pool[m] = c
            m += 1
    need = 0
    for s in range(n):
        out[s] = 0.0
        if live[s]:
            need += 7 - counts[s]
    trials = 1 if need == 0 else samples
    swap = np.empty(max(need, 1), np.int64)
    hand = np.empty(7, np.int64)
    cls = np.zeros(n, np.int64)
    for _ in range(trials):
        state = deal_from(state, pool[:m], need, swap)
        top = 0
        best = 1 << 30
        for s in range(n):
            if not live[s]:
                continue
            for j in range(7):
                if j < counts[s]:
                    hand[j] = hands[s, j]
                else:
                    hand[j] = pool[top]
                    top += 1
            cls[s] = class_of_cards(hand, nopair, paired)
            best = min(best, cls[s])
        winners = 0
        for s in range(n):
            if live[s] and cls[s] == best:
                winners += 1
        for s in range(n):
            if live[s] and cls[s] == best:
                out[s] += 1.0 / winners
        undeal(pool[:m], need, swap)
    for s in range(n):
        out[s] /= trials
    return state


@njit(cache=True)
def hand_terms(log, n, key, g, samples, nopair, paired):
    """Each seat's luck terms over one hand, from its log rows (``rules.L_*``, without the count row)."""
    hands = np.full((n, 7), -1, np.int64)
    counts = np.zeros(n, np.int64)
    live = np.ones(n, np.bool_)
    dealt = np.zeros(52, np.bool_)
    bets = np.zeros(n, np.int64)
    before = np.full(n, 1.0 / n)
    after = np.zeros(n)
    terms = np.zeros(n)
    state = game_state(key, g)
    pot, scale = 0, 0
    fresh, dealing, counted = True, False, False
    for i in range(log.shape[0]):
        kind, s, a = log[i, 0], log[i, 1], log[i, 2]
        if kind == R.L_DEAL and s >= 0:
            if not dealing:  # the deal begins: v before it, at the pot now
                dealing, scale = True, pot
                counted = _completes(counts, live, n, dealt)
                if counted and not fresh:
                    state = equities(hands, counts, live, n, dealt, samples, state, nopair, paired, before)
            hands[s, counts[s]] = a
            counts[s] += 1
            dealt[a] = True
            continue
        if dealing:  # the deal is over: v after it, and each player's term
            dealing, fresh = False, True
            if counted:
                state = equities(hands, counts, live, n, dealt, samples, state, nopair, paired, after)
                for q in range(n):
                    if live[q]:
                        terms[q] += scale * (before[q] - after[q])
                        before[q] = after[q]
            else:
                fresh = False
        if kind == R.L_DEAL:  # a community card: no term (see the module doc)
            dealt[a] = True
        elif kind == R.L_ANTE or kind == R.L_BRING_IN or kind == R.L_CALL:
            pot += a
            bets[s] += a
        elif kind == R.L_RAISE:
            pot += a - bets[s]
            bets[s] = a
        elif kind == R.L_STREET:
            bets[:] = 0
        elif kind == R.L_FOLD:
            live[s] = False
            fresh = False
    return terms


@njit(cache=True)
def _completes(counts, live, n, dealt):
    """Whether the cards not dealt can complete every hand still in."""
    need = 0
    for s in range(n):
        if live[s]:
            need += 7 - counts[s]
    return need <= 52 - dealt.sum()
