"""The Razzia engine: settles bars, plays whole games between policies and sums what happened.

:func:`settle_bar` settles one bar (B1-B6, H1-H9) with decisions from policies or scripts and dice
from the dice stream or scripts; :func:`resolve_bar` is its entry point for Python (``razzia
explain``, the scenario files). :func:`play_game` plays one game (K1-K8, R1-R9, E1-E4, V1-V4)
following, draw for draw and decision for decision, the order written in the docstring of
``tests/reference/razzia.py``, one decision at a time (:func:`begin`, :func:`step`: what
:mod:`.state` stops at). :func:`play_games` plays games ``start..stop-1`` of a run and returns
integer sums; :class:`GameJob` is what the batch runner runs. Game ``g`` shuffles from stream
``razzia/deal`` and rolls from ``razzia/dice``, both at index ``g`` (``g // N`` with duplicate
deals, so the N rotations of a deal also share the dice); the policy in seat s draws from
``razzia/policy`` (s) at index g. Player ``p`` sits in seat ``(p + g) mod N``.

Counts (one int64 vector, offsets from :func:`layout`; money in units of $5,000):

* ``player`` and ``seat``: N rows of ``P_*``: games, money won (the money cards; with ``leftover
  split`` each player also gets leftover / N, see ``P_MLEFT`` and ``G_LEFTOVER*``), money², win
  (:data:`WIN` = 840 for a sole winner, 840 // k for k sharing), win², Σ money x leftover, bars won.
* ``croupier``: per clockwise distance from the round's croupier (0 = the croupier) ``rounds``,
  money won in those rounds, and Σ (money won in a round)².
* ``global``: the counters ``G_*`` (games, blocks, rounds, leftover and leftover², reshuffles,
  shared wins, and the haggling counters: haggles (bars with two or more contestants and money),
  calls for a duel without an offer, answers accepted, answers declined, duels, duels with a
  caller, duels the caller won, knockouts, multi-duel roll-offs, distance roll-offs).
* ``police``, ``gambler_police``, ``gambler_free``: study tables of every card played, police
  cards, gambling cards at a bar where police was also played, gambling cards without police:
  ``[value 1-6][money bucket][other cards at the bar 0-7][plays, plays that won money, money won]``;
  the money at the bar when it is settled, in units, is bucketed by :data:`BUCKETS` (0, 1-2, 3-4,
  5-6, 7-8, 9-12, 13+). Police values 1-2 occur only with a changed cards table.
* ``cross``: per block (a game, or the N games of one duplicate deal) the sums ``Σ X_p X_q`` of each
  player's money (cards won), then of each player's win: intervals for any contrast over blocks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from razzmatazz.core.bound import bind
from razzmatazz.core.errors import InputError
from razzmatazz.core.jit import njit
from razzmatazz.core.job import GameJob as BaseJob
from razzmatazz.core.job import Lane, always, plugged, searching
from razzmatazz.core.policy import Policy, with_nrt
from razzmatazz.core.razzia import policies
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.ask import _ask as _ask
from razzmatazz.core.razzia.ask import _ask_card as _ask_card
from razzmatazz.core.razzia.bars import _all_to as _all_to
from razzmatazz.core.razzia.bars import _answered as _answered
from razzmatazz.core.razzia.bars import _caller as _caller
from razzmatazz.core.razzia.bars import _decision_view as _decision_view
from razzmatazz.core.razzia.bars import _division_ok as _division_ok
from razzmatazz.core.razzia.bars import _duel as _duel
from razzmatazz.core.razzia.bars import _duels as _duels
from razzmatazz.core.razzia.bars import _haggle_close as _haggle_close
from razzmatazz.core.razzia.bars import _haggle_open as _haggle_open
from razzmatazz.core.razzia.bars import _knockout_order as _knockout_order
from razzmatazz.core.razzia.bars import _legal_offer as _legal_offer
from razzmatazz.core.razzia.bars import _offer_made as _offer_made
from razzmatazz.core.razzia.bars import _open_bar as _open_bar
from razzmatazz.core.razzia.bars import _order_rolloff as _order_rolloff
from razzmatazz.core.razzia.bars import _parts as _parts
from razzmatazz.core.razzia.bars import _pay_bar as _pay_bar
from razzmatazz.core.razzia.bars import _police_mask as _police_mask
from razzmatazz.core.razzia.bars import _proposer as _proposer
from razzmatazz.core.razzia.bars import _resolve_bar as _resolve_bar
from razzmatazz.core.razzia.bars import _roll as _roll
from razzmatazz.core.razzia.bars import _units as _units
from razzmatazz.core.razzia.bars import offer_code as offer_code
from razzmatazz.core.razzia.bars import offer_count as offer_count
from razzmatazz.core.razzia.bars import offer_division as offer_division
from razzmatazz.core.razzia.bars import settle_bar as settle_bar
from razzmatazz.core.razzia.layout import BUCKET_NAMES as BUCKET_NAMES
from razzmatazz.core.razzia.layout import BUCKETS as BUCKETS
from razzmatazz.core.razzia.layout import DECK_ROOM as DECK_ROOM
from razzmatazz.core.razzia.layout import G_ACCEPTS as G_ACCEPTS
from razzmatazz.core.razzia.layout import G_BLOCKS as G_BLOCKS
from razzmatazz.core.razzia.layout import G_CALLED as G_CALLED
from razzmatazz.core.razzia.layout import G_CALLER_WINS as G_CALLER_WINS
from razzmatazz.core.razzia.layout import G_DECLINES as G_DECLINES
from razzmatazz.core.razzia.layout import G_DUELS as G_DUELS
from razzmatazz.core.razzia.layout import G_GAMES as G_GAMES
from razzmatazz.core.razzia.layout import G_HAGGLES as G_HAGGLES
from razzmatazz.core.razzia.layout import G_KNOCKOUTS as G_KNOCKOUTS
from razzmatazz.core.razzia.layout import G_LEFTOVER as G_LEFTOVER
from razzmatazz.core.razzia.layout import G_LEFTOVER2 as G_LEFTOVER2
from razzmatazz.core.razzia.layout import G_NO_OFFER as G_NO_OFFER
from razzmatazz.core.razzia.layout import G_ORDER_ROLLOFFS as G_ORDER_ROLLOFFS
from razzmatazz.core.razzia.layout import G_RESHUFFLES as G_RESHUFFLES
from razzmatazz.core.razzia.layout import G_ROLLOFFS as G_ROLLOFFS
from razzmatazz.core.razzia.layout import G_ROUNDS as G_ROUNDS
from razzmatazz.core.razzia.layout import G_SHARED as G_SHARED
from razzmatazz.core.razzia.layout import H_BARS_WON as H_BARS_WON
from razzmatazz.core.razzia.layout import H_MONEY as H_MONEY
from razzmatazz.core.razzia.layout import H_WIN as H_WIN
from razzmatazz.core.razzia.layout import K_OVER as K_OVER
from razzmatazz.core.razzia.layout import LOWEST as LOWEST
from razzmatazz.core.razzia.layout import N_BUCKETS as N_BUCKETS
from razzmatazz.core.razzia.layout import N_CFIELDS as N_CFIELDS
from razzmatazz.core.razzia.layout import N_CTRL as N_CTRL
from razzmatazz.core.razzia.layout import N_GFIELDS as N_GFIELDS
from razzmatazz.core.razzia.layout import N_OTHERS as N_OTHERS
from razzmatazz.core.razzia.layout import N_PFIELDS as N_PFIELDS
from razzmatazz.core.razzia.layout import N_RES as N_RES
from razzmatazz.core.razzia.layout import N_TABLE as N_TABLE
from razzmatazz.core.razzia.layout import NSD as NSD
from razzmatazz.core.razzia.layout import P_BARS_WON as P_BARS_WON
from razzmatazz.core.razzia.layout import P_GAMES as P_GAMES
from razzmatazz.core.razzia.layout import P_MLEFT as P_MLEFT
from razzmatazz.core.razzia.layout import P_MONEY as P_MONEY
from razzmatazz.core.razzia.layout import P_MONEY2 as P_MONEY2
from razzmatazz.core.razzia.layout import P_WIN as P_WIN
from razzmatazz.core.razzia.layout import P_WIN2 as P_WIN2
from razzmatazz.core.razzia.layout import POPCOUNT as POPCOUNT
from razzmatazz.core.razzia.layout import SCRIPT_ASK as SCRIPT_ASK
from razzmatazz.core.razzia.layout import SCRIPT_DIVISION as SCRIPT_DIVISION
from razzmatazz.core.razzia.layout import SCRIPT_NO_OFFER as SCRIPT_NO_OFFER
from razzmatazz.core.razzia.layout import T_MONEY as T_MONEY
from razzmatazz.core.razzia.layout import T_PLAYS as T_PLAYS
from razzmatazz.core.razzia.layout import T_WON as T_WON
from razzmatazz.core.razzia.layout import W_ACTOR as W_ACTOR
from razzmatazz.core.razzia.layout import W_ANS as W_ANS
from razzmatazz.core.razzia.layout import W_AT as W_AT
from razzmatazz.core.razzia.layout import W_BAR as W_BAR
from razzmatazz.core.razzia.layout import W_BARS as W_BARS
from razzmatazz.core.razzia.layout import W_BOUND as W_BOUND
from razzmatazz.core.razzia.layout import W_CALLED as W_CALLED
from razzmatazz.core.razzia.layout import W_CFG as W_CFG
from razzmatazz.core.razzia.layout import W_CONTEST as W_CONTEST
from razzmatazz.core.razzia.layout import W_COUNTS as W_COUNTS
from razzmatazz.core.razzia.layout import W_CTRL as W_CTRL
from razzmatazz.core.razzia.layout import W_DEAL as W_DEAL
from razzmatazz.core.razzia.layout import W_DECL as W_DECL
from razzmatazz.core.razzia.layout import W_DICE as W_DICE
from razzmatazz.core.razzia.layout import W_DISCARD as W_DISCARD
from razzmatazz.core.razzia.layout import W_FAR as W_FAR
from razzmatazz.core.razzia.layout import W_FIRST as W_FIRST
from razzmatazz.core.razzia.layout import W_GOT as W_GOT
from razzmatazz.core.razzia.layout import W_GROUP as W_GROUP
from razzmatazz.core.razzia.layout import W_HERE as W_HERE
from razzmatazz.core.razzia.layout import W_K as W_K
from razzmatazz.core.razzia.layout import W_KIND as W_KIND
from razzmatazz.core.razzia.layout import W_KO as W_KO
from razzmatazz.core.razzia.layout import W_LEFT as W_LEFT
from razzmatazz.core.razzia.layout import W_LOG as W_LOG
from razzmatazz.core.razzia.layout import W_LOG_ROWS as W_LOG_ROWS
from razzmatazz.core.razzia.layout import W_MDECK as W_MDECK
from razzmatazz.core.razzia.layout import W_MM as W_MM
from razzmatazz.core.razzia.layout import W_MTOP as W_MTOP
from razzmatazz.core.razzia.layout import W_NCARDS as W_NCARDS
from razzmatazz.core.razzia.layout import W_OCC as W_OCC
from razzmatazz.core.razzia.layout import W_OCROU as W_OCROU
from razzmatazz.core.razzia.layout import W_OFF as W_OFF
from razzmatazz.core.razzia.layout import W_OFFSETS as W_OFFSETS
from razzmatazz.core.razzia.layout import W_OGLOB as W_OGLOB
from razzmatazz.core.razzia.layout import W_ORDER as W_ORDER
from razzmatazz.core.razzia.layout import W_OTAB as W_OTAB
from razzmatazz.core.razzia.layout import W_OTHERS as W_OTHERS
from razzmatazz.core.razzia.layout import W_PAID as W_PAID
from razzmatazz.core.razzia.layout import W_POLICE as W_POLICE
from razzmatazz.core.razzia.layout import W_POS as W_POS
from razzmatazz.core.razzia.layout import W_POT as W_POT
from razzmatazz.core.razzia.layout import W_PROPOSER as W_PROPOSER
from razzmatazz.core.razzia.layout import W_PSCR as W_PSCR
from razzmatazz.core.razzia.layout import W_PSTATE as W_PSTATE
from razzmatazz.core.razzia.layout import W_RANKED as W_RANKED
from razzmatazz.core.razzia.layout import W_RES as W_RES
from razzmatazz.core.razzia.layout import W_ROLLS as W_ROLLS
from razzmatazz.core.razzia.layout import W_ROT as W_ROT
from razzmatazz.core.razzia.layout import W_STEP as W_STEP
from razzmatazz.core.razzia.layout import W_STOCK as W_STOCK
from razzmatazz.core.razzia.layout import W_SWAP as W_SWAP
from razzmatazz.core.razzia.layout import W_TOTALS as W_TOTALS
from razzmatazz.core.razzia.layout import W_UNITS as W_UNITS
from razzmatazz.core.razzia.layout import W_UNRES as W_UNRES
from razzmatazz.core.razzia.layout import W_USED as W_USED
from razzmatazz.core.razzia.layout import W_VIEW as W_VIEW
from razzmatazz.core.razzia.layout import W_WON0 as W_WON0
from razzmatazz.core.razzia.layout import WIN as WIN
from razzmatazz.core.razzia.layout import _count as _count
from razzmatazz.core.razzia.layout import _log as _log
from razzmatazz.core.razzia.layout import _logged as _logged
from razzmatazz.core.razzia.layout import _workspace as _workspace
from razzmatazz.core.razzia.layout import blocks as blocks
from razzmatazz.core.razzia.layout import count_offsets as count_offsets
from razzmatazz.core.razzia.layout import layout as layout
from razzmatazz.core.razzia.layout import player_of as player_of
from razzmatazz.core.razzia.layout import set_workspace as set_workspace
from razzmatazz.core.razzia.layout import table_index as table_index
from razzmatazz.core.razzia.layout import view as view
from razzmatazz.core.razzia.policies import USER_ID
from razzmatazz.core.rng import game_state
from razzmatazz.core.trace import Trace

# ---------------------------------------------------------------------------------------------
# A whole game, decision by decision
# ---------------------------------------------------------------------------------------------
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
    """H2: the proposer's legal ``answer`` (:func:`_legal_offer`); the contestants answer, or the duels."""
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
    """The actor makes the legal ``move`` (as :func:`act`, an offer given by its code, :func:`offer_code`)."""
    if w[W_KIND] == R.K_OFFER and move != R.NO_OFFER:
        offer_division(w, move)
        move = 0
    act(w, move, dice_script)


@njit(cache=True, _nrt=False, inline="always")
def step(w, pids, params, user, dice_script, codes, searcher):
    """The actor's policy (the lineup's ``pids``/``params``, see :func:`player_of`) answers the decision
    posed, its answer is made legal (an illegal one replaced as :mod:`.rules` says; a user's division
    checked) and played; returns it, an offer as its code (:func:`offer_code`) if ``codes``.

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


@njit(cache=True, _nrt=False, inline="always")
def _tally(out, base, w, s, leftover):
    """Seat ``s``'s results (``W_RES`` of ``w``) added to the ``P_*`` counts at ``out[base:]``."""
    money = w[W_RES + s * N_RES + H_MONEY]
    win = w[W_RES + s * N_RES + H_WIN]
    out[base + P_GAMES] += 1
    out[base + P_MONEY] += money
    out[base + P_MONEY2] += money * money
    out[base + P_WIN] += win
    out[base + P_WIN2] += win * win
    out[base + P_MLEFT] += money * leftover
    out[base + P_BARS_WON] += w[W_RES + s * N_RES + H_BARS_WON]


# Inlined: numba optimizes again the whole tree of functions a compiled function calls, so each thin level over
# the game (this loop, the trace, the search's decide) cost a full pass over it; inlined, Razzia's kernels
# compile in 146 s instead of 202 s (scripts/compile_times.py, BENCHMARKS.md 2026-12-06 third entry).
@njit(cache=True, inline="always")
def _play_games(
    cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, searcher
):
    n = cfg[R.C_PLAYERS]
    lay_seat, lay_crou, lay_glob, lay_tab, lay_cross, size = count_offsets(n)
    w = _workspace(cfg, size, lay_crou, lay_glob, lay_tab, 1)
    o_seat = W_COUNTS + lay_seat
    o_cross = W_COUNTS + lay_cross
    no_dice = np.zeros((0, 1), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        block[:] = 0
        block_win[:] = 0
        for g in range(item * per_item, (item + 1) * per_item):
            seat_policies(w, g, n, policy_keys)
            leftover = play_game(
                w,
                game_state(deal_key, item),
                game_state(dice_key, item),
                lineup_pids,
                lineup_params,
                no_dice,
                user,
                searcher,
            )
            _count(w, G_GAMES, 1)
            for s in range(n):
                p = player_of(w, s)
                _tally(w, W_COUNTS + p * N_PFIELDS, w, s, leftover)
                _tally(w, o_seat + s * N_PFIELDS, w, s, leftover)
                block[p] += w[W_RES + s * N_RES + H_MONEY]
                block_win[p] += w[W_RES + s * N_RES + H_WIN]
        _count(w, G_BLOCKS, 1)
        for p in range(n):
            for q in range(n):
                w[o_cross + p * n + q] += block[p] * block[q]
                w[o_cross + n * n + p * n + q] += block_win[p] * block_win[q]
    return w[W_COUNTS : W_COUNTS + size].copy()


@njit(cache=True, nogil=True)
def play_games_by(
    cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, searcher
):
    """:func:`play_games` with the users' policy function ``user`` and the ``searcher`` (see :func:`step`)
    given as arguments (compiled again in each process; the cached kernels of ``search`` and
    :func:`_play_builtin` name theirs as module attributes instead)."""
    return _play_games(
        cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, searcher
    )


# The built-in kernels below (no user's policy, no search seat) name the no-user function and the searcher
# :func:`no_search` as attributes of their modules: numba caches a kernel across processes only if it hands
# on no function it was given as an argument or names as a bare global (both are lowered as an address of
# this process, and a signature with a function in it is a new cache entry in every process); a module's
# attribute is a constant. See the same note in :mod:`.search`.
_ENGINE = sys.modules[__name__]


@njit(cache=True, nogil=True)
def _play_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    return _play_games(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        policies.no_user_policy,
        _ENGINE.no_search,
    )


def play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """Integer sums (see the module doc) for items ``start..stop-1`` with the built-in policies.

    An item is one game, or with ``duplicate`` one deal (and dice) played N times with the players rotated.
    """
    return _play_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop)


@njit(nogil=True)
def play_games_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        user,
        _ENGINE.no_search,
    )


@njit(cache=True, inline="always")
def _trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, searcher):
    n = cfg[R.C_PLAYERS]
    rounds = cfg[R.C_NMONEY] // cfg[R.C_PER_ROUND] + 1
    w = _workspace(
        cfg, n * N_CFIELDS + N_GFIELDS + 3 * N_TABLE, 0, n * N_CFIELDS, n * N_CFIELDS + N_GFIELDS, 64 + rounds * 800
    )
    seat_policies(w, g, n, policy_keys)
    item = g // n if duplicate else g
    play_game(
        w,
        game_state(deal_key, item),
        game_state(dice_key, item),
        lineup_pids,
        lineup_params,
        np.zeros((0, 1), np.int64),
        user,
        searcher,
    )
    return _logged(w), w[W_RES : W_RES + n * N_RES].reshape((n, N_RES)).copy()


@njit(cache=True)
def _trace_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    return _trace(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        g,
        policies.no_user_policy,
        _ENGINE.no_search,
    )


def trace_game(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g) -> Trace:
    """Game ``g`` of a run played again with its log: (log rows, per-seat results ``H_*``)."""
    return Trace(*_trace_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g))


@njit
def trace_game_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    """:func:`trace_game` with a user's policy function (see :func:`play_games_with`)."""
    return _trace(
        cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, _ENGINE.no_search
    )


# ---------------------------------------------------------------------------------------------
# One bar from Python (razzia explain, the scenario files)
# ---------------------------------------------------------------------------------------------


def _is_card(value: object, denoms: list[int]) -> bool:
    """Is ``value`` (dollars) exactly a money card of the table, a whole number (no text, no truncation)?"""
    return (
        isinstance(value, (int, np.integer))
        and not isinstance(value, bool)
        and value % R.UNIT == 0
        and value // R.UNIT in denoms
    )


def resolve_bar(
    settings: R.Settings,
    croupier: int,
    money,
    cards,
    offer=None,
    answers=None,
    dice=None,
    *,
    bar: int = 0,
    lineup: tuple[Policy, ...] | None = None,
    seed: int = 0,
    game: int = 0,
):
    """Settle one bar from Python (``razzia explain``, the scenario files) with scripted decisions.

    ``money``: the bar's money cards in dollars; ``cards``: (seat, kind "gambler"/"police" or 0/1,
    value) per card played there; ``offer``: {seat: [money cards]} (the division), ``"none"`` (the
    proposer calls a duel, offer_duel only), or None (ask the proposer's policy); ``answers``: {seat:
    "accept"/"duel"} (a contestant not listed is asked); ``dice``: {seat: [rolls]} (a seat's rolls
    after these are drawn from the dice stream ``razzia/dice`` game ``game`` under ``seed``). Missing
    decisions are taken by ``lineup`` (one policy per seat; default: ``greedy`` everywhere) with the
    policy streams of ``seed``. Returns a dict: ``payout`` {seat: dollars}, ``remains`` (money cards
    left, dollars), ``proposer`` (None if nobody haggled), ``log`` (rows, money in units), ``dice_left``
    {seat: rolls not used}.

    The kernel is :func:`_resolve_bar` (arrays: money in units, per money card the seat it goes to
    (-1 ask, -2 no offer), answers per seat 0 ask / 1 accept / 2 duel, dice[seat, i] (-1 absent)).
    """
    n = settings.players
    denoms = settings.denominations()
    if not all(_is_card(v, denoms) for v in money):
        raise InputError("money cards must be values of the money table (whole dollars)")
    units = np.array([int(v) // R.UNIT for v in money], np.int64)
    seats, kinds, values = [], [], []
    for card in cards:
        if isinstance(card, dict):
            card = (card["seat"], card["kind"], card["value"])
        s, kind, v = card
        kind = R.KINDS.index(kind) if isinstance(kind, str) and kind in R.KINDS else kind
        if not (0 <= int(s) < n) or kind not in (0, 1) or not 1 <= int(v) <= 6 or int(s) in seats:
            raise InputError(f"a card is (seat 0-{n - 1}, gambler or police, value 1-6), one a seat; got {card!r}")
        seats.append(int(s))
        kinds.append(int(kind))
        values.append(int(v))
    if not 0 <= croupier < n or not 0 <= bar < R.MAX_BARS:
        raise InputError(f"the croupier must be a seat 0-{n - 1} and the bar 0-5")
    per_card = np.full(len(units), -1, np.int64)
    if offer == "none":
        per_card[:] = -2
    elif offer is not None:
        left = list(units)
        per_card[:] = -3
        for seat, vals in offer.items():
            for v in vals:
                if not _is_card(v, denoms):
                    raise InputError("an offer gives money cards of the money table (whole dollars)")
                u = int(v) // R.UNIT
                i = next((i for i, x in enumerate(units) if x == u and per_card[i] == -3), None)
                if i is None or not 0 <= int(seat) < n:
                    raise InputError("the offer does not divide exactly the bar's money cards")
                per_card[i] = int(seat)
                left.remove(u)
        if left:
            raise InputError("the offer does not divide exactly the bar's money cards")
    ans = np.zeros(n, np.int64)
    for seat, a in (answers or {}).items():
        if a not in ("accept", "duel"):
            raise InputError(f"an answer is accept or duel, got {a!r}")
        ans[int(seat)] = R.ACCEPT if a == "accept" else R.DUEL
    width = max([len(v) for v in (dice or {}).values()] + [1])
    script = np.full((n, width), -1, np.int64)
    for seat, rolls in (dice or {}).items():
        for i, r in enumerate(rolls):
            if not 1 <= int(r) <= 6:
                raise InputError(f"a die shows 1-6, got {r!r}")
            script[int(seat), i] = int(r)
    if lineup is None:
        lineup = tuple(Policy(policies.GREEDY, policies.GREEDY.defaults()) for _ in range(n))
    job = GameJob(settings, tuple(lineup), seed, 1)
    a = job.kernel_args()
    cfg, dice_key, pids, params = a.cfg, a.dice_key, a.lineup_pids, a.lineup_params
    if job.searching:  # a bar settles without searching: a search seat plays as its rollout model
        from razzmatazz.core.razzia.search import model

        pids, params = model(pids, params)
    pstate = np.array([game_state(a.policy_keys[s], game) for s in range(n)], np.uint64)
    payout, remains, proposer, _, log, used = _resolve_bar(
        cfg,
        bar,
        croupier,
        units,
        np.array(seats, np.int64),
        np.array(kinds, np.int64),
        np.array(values, np.int64),
        per_card,
        ans,
        script,
        pids,
        params,
        pstate,
        np.uint64(game_state(dice_key, game)),
    )
    dice_left = {s: [int(r) for r in script[s, used[s] :] if r >= 1] for s in range(n)}
    return {
        "payout": {s: int(payout[s]) * R.UNIT for s in range(n)},
        "remains": [int(v) * R.UNIT for v in remains],
        "proposer": None if proposer < 0 else int(proposer),
        "log": log,
        "dice_left": {s: d for s, d in dice_left.items() if d},
    }


class Args(NamedTuple):
    """The Razzia kernels' leading arguments (:meth:`GameJob.kernel_args`)."""

    cfg: np.ndarray
    deal_key: np.uint64
    dice_key: np.uint64
    policy_keys: np.ndarray
    lineup_pids: np.ndarray
    lineup_params: np.ndarray
    duplicate: bool


@dataclass(frozen=True, eq=False)
class GameJob(BaseJob[Args]):
    """``n_items`` games (or duplicate deals of N games each) of one lineup, for the batch runner.

    Player ``p`` of ``lineup`` sits in seat ``(p + g) mod N`` in game ``g``. ``user`` is the jitted
    function that plays policy ids from ``USER_ID`` (users' own policies). Its lanes (``LANES``, below): the
    fast lane (:mod:`.fast`, the same sums) where it supports the settings and lineup, the search
    (:mod:`.search`), users' plugins, the built-in engine (:func:`play_games`).
    """

    GAME = "razzia"
    STREAMS = ("deal", "dice")
    Args = Args
    settings: R.Settings

    def policy_row(self, policy: Policy) -> np.ndarray:
        """The row the kernels read (:func:`.policies.kernel_row`)."""
        return policies.kernel_row(policy)


def _fast_takes(job: GameJob) -> bool:
    from razzmatazz.core.razzia import fast  # it imports this module

    return fast.supports(job.settings, job.kernel_args().lineup_pids, job.user)


def _fast_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    from razzmatazz.core.razzia import fast

    a = job.kernel_args()
    return fast.play_games(a.cfg, *fast.decks(a.cfg), *a[1:], start, stop)


def _user(job: GameJob) -> Callable:
    return policies.no_user_policy if job.user is None else with_nrt(job.user)


def _search_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    from razzmatazz.core.razzia import search

    return search.play_games(*job.kernel_args(), start, stop, _user(job))


def _search_trace(job: GameJob, g: int) -> Trace:
    from razzmatazz.core.razzia import search

    return search.trace_game(*job.kernel_args(), g, _user(job))


def _plugin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return bind(play_games_with, with_nrt(job.user))(*job.kernel_args(), start, stop)


def _plugin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*bind(trace_game_with, with_nrt(job.user))(*job.kernel_args(), g))


def _builtin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return play_games(*job.kernel_args(), start, stop)


def _builtin_trace(job: GameJob, g: int) -> Trace:
    return trace_game(*job.kernel_args(), g)


GameJob.LANES = (
    Lane("fast", _fast_takes, _fast_run),  # the same sums as the general engine, which traces its games
    Lane("search", searching, _search_run, _search_trace),
    Lane("plugin", plugged, _plugin_run, _plugin_trace),
    Lane("built-in", always, _builtin_run, _builtin_trace),
)
