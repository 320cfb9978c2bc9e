"""Razzia's layouts: the counts vector the kernels sum into and the workspace a game lives in.

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

The workspace (offsets ``W_*``, below) and its small helpers: the log (:func:`_log`), the global counters
(:func:`_count`), the lineup's player in a seat (:func:`player_of`).
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.counts import Blocks, Counts, offset_table, offsets
from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import policies
from razzmatazz.core.razzia import rules as R

WIN = 840
"""A sole winner's win count; k players sharing a win get WIN // k each (840 divides by 1-8)."""
P_GAMES, P_MONEY, P_MONEY2, P_WIN, P_WIN2, P_MLEFT, P_BARS_WON = range(7)
N_PFIELDS = 7
N_CFIELDS = 3  # rounds, money, money² per distance from the croupier
(
    G_GAMES,
    G_BLOCKS,
    G_ROUNDS,
    G_LEFTOVER,
    G_LEFTOVER2,
    G_RESHUFFLES,
    G_SHARED,
    G_HAGGLES,
    G_NO_OFFER,
    G_ACCEPTS,
    G_DECLINES,
    G_DUELS,
    G_CALLED,
    G_CALLER_WINS,
    G_KNOCKOUTS,
    G_ROLLOFFS,
    G_ORDER_ROLLOFFS,
) = range(17)
N_GFIELDS = 17
BUCKETS = np.array([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 6], np.int64)
"""Money bucket of 0..13+ units: 0, 1-2, 3-4, 5-6, 7-8, 9-12, 13+."""
BUCKET_NAMES = ("0", "1-2", "3-4", "5-6", "7-8", "9-12", "13+")
N_BUCKETS = 7
N_OTHERS = 8
T_PLAYS, T_WON, T_MONEY = range(3)
N_TABLE = 6 * N_BUCKETS * N_OTHERS * 3
# per-seat results of one game (res columns)
H_MONEY, H_WIN, H_BARS_WON = range(3)
N_RES = 3
POPCOUNT = np.array([bin(m).count("1") for m in range(256)], np.int64)
"""Seats in a seat mask (masks of up to 8 seats)."""
LOWEST = np.array([(m & -m).bit_length() - 1 for m in range(256)], np.int64)
"""The lowest seat of a seat mask (-1 for none)."""
SCRIPT_ASK, SCRIPT_DIVISION, SCRIPT_NO_OFFER = range(3)


def blocks(n_players: int) -> Blocks:
    """The count vector's blocks for ``n_players``: (name, shape), in order."""
    n = n_players
    table = (6, N_BUCKETS, N_OTHERS, 3)
    return (
        ("player", (n, N_PFIELDS)),
        ("seat", (n, N_PFIELDS)),
        ("croupier", (n, N_CFIELDS)),
        ("global", (N_GFIELDS,)),
        ("police", table),
        ("gambler_police", table),
        ("gambler_free", table),
        ("cross", (n, n)),
        ("cross_win", (n, n)),
    )


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    return offsets(blocks(n_players))


_OFFSETS = offset_table(blocks, ("seat", "croupier", "global", "police", "cross"), R.MAX_PLAYERS)


@njit(cache=True)
def count_offsets(n):
    """The kernels' :func:`layout` for ``n`` players: the offsets of the blocks ``seat``, ``croupier``, ``global``,
    ``police`` (the three study tables follow), ``cross`` and the length (``player`` starts at 0, ``cross_win``
    follows ``cross``). Read from ``_OFFSETS``,
    which :func:`blocks` makes: a new block is one line there."""
    o = _OFFSETS[n]
    return o[0], o[1], o[2], o[3], o[4], o[5]


def view(counts: np.ndarray, n_players: int) -> Counts:
    """The blocks of a run's counts by name (``view(c, n)["player"][p, P_MONEY]``)."""
    return Counts(counts, blocks(n_players))


def table_index(value: int, units: int, others: int, field: int) -> int:
    """Offset inside a study table of (card value, money at the bar in units, other cards, field)."""
    return (((value - 1) * N_BUCKETS + int(BUCKETS[min(units, 13)])) * N_OTHERS + others) * 3 + field


# ---------------------------------------------------------------------------------------------
# The workspace: one int64 array per chunk
# ---------------------------------------------------------------------------------------------
# Everything a game needs lives in one array ``w`` allocated once per chunk (offsets ``W_*``): the state
# and the decision fields first, so that the built-in policies can be asked with ``w`` itself (no copy
# into a view), then scratch, decks, counts and log. The game loop (:func:`.flow.play_game` and everything it
# calls) is compiled without NRT, numba's reference counting, whose calls cost more than the rules: it
# allocates nothing, and its functions say ``_nrt=False`` themselves, since numba otherwise compiles a
# function with the flags of its first caller. Users' policies are compiled with NRT (``with_nrt``).

NSD = R.MAX_PLAYERS * R.MAX_DENOMS
"""Entries of a division or of the cards won at a bar: seat x denomination."""
DECK_ROOM = 256
"""Room for the stock, the discard pile and the money deck (>= MAX_BARS x MAX_PER_COLOUR and MAX_MONEY)."""
W_PSCR = R.VIEW_LEN  # the built-in policies' scratch space (policies.SCRATCH_LEN)
W_VIEW = W_PSCR + policies.SCRATCH_LEN  # a user's policy's view
W_CFG = W_VIEW + R.VIEW_LEN  # the settings row (C_*)
W_PSTATE = W_CFG + R.N_CFG  # per seat: its policy stream's state (uint64 bits)
W_RES = W_PSTATE + R.MAX_PLAYERS  # per seat: the game's results (H_*)
W_OFFSETS = W_RES + R.MAX_PLAYERS * N_RES  # where the counts (croupier, global, police table) and the log are
W_OCROU, W_OGLOB, W_OTAB, W_LOG, W_LOG_ROWS = range(W_OFFSETS, W_OFFSETS + 5)
W_GOT = W_OFFSETS + 5  # seat x denomination: the cards each seat won at the bar being settled
W_PAID = W_GOT + NSD  # per seat: the units it won at the bar being settled
W_OFF = W_PAID + R.MAX_PLAYERS  # the offer script (resolve_bar): SCRIPT_*, then a division
W_ANS = W_OFF + 1 + NSD  # per seat: the answer script, 0 ask, 1 accept, 2 duel
W_USED = W_ANS + R.MAX_PLAYERS  # per seat: the scripted dice used
W_POS = W_USED + R.MAX_PLAYERS  # top of the stock, cards in the stock, cards discarded, reshuffles
W_BARS = W_POS + 4  # the bars in play, left to right
W_WON0 = W_BARS + R.MAX_BARS  # per seat: its ST_WON when the round began
W_AT = W_WON0 + R.MAX_PLAYERS  # per bar: mask of the seats whose card this round is there
W_NCARDS = W_AT + R.MAX_BARS  # per bar: the money cards there
W_FAR = W_NCARDS + R.MAX_BARS  # H1 per seat: how far from the croupier (a larger key is further)
W_GROUP = W_FAR + R.MAX_PLAYERS  # a roll-off group (H1 circular)
W_POT = W_GROUP + R.MAX_PLAYERS  # per denomination: the money at stake in the duels
W_ORDER = W_POT + R.MAX_DENOMS  # the proposer, then the decliners clockwise; the random free card's bars
W_TOTALS = W_ORDER + R.MAX_PLAYERS  # multi-duel roll-off totals
W_ROLLS = W_TOTALS + R.MAX_PLAYERS  # roll-off rolls (H1)
W_BOUND = W_ROLLS + R.MAX_PLAYERS  # roll-off group bounds (9)
W_UNRES = W_BOUND + R.MAX_PLAYERS + 1  # roll-off unresolved groups (9)
W_KO = W_UNRES + R.MAX_PLAYERS + 1  # the knockout order
W_RANKED = W_KO + R.MAX_PLAYERS  # contestants ranked by value
W_CTRL = W_RANKED + R.MAX_PLAYERS  # the course of the game (below)
(
    W_DEAL,
    W_DICE,
    W_ROT,
    W_KIND,
    W_ACTOR,
    W_STEP,
    W_MM,
    W_MTOP,
    W_FIRST,
    W_OCC,
    W_POLICE,
    W_BAR,
    W_HERE,
    W_UNITS,
    W_OTHERS,
    W_CONTEST,
    W_K,
    W_PROPOSER,
    W_CALLED,
    W_DECL,
    W_LEFT,
) = range(W_CTRL, W_CTRL + 21)
"""The course of the game: the deal and dice streams' states (uint64 bits); the seat rotation (seat s holds
player (s - rot) mod N); the decision pending (``K_*``, :data:`K_OVER` once the game is over) and the seat to
answer it; the step inside the phase (the cards played this round; the next responder's clockwise distance
from the proposer); the money deck's size, next card and this round's first card; the bars still to settle
this round (mask) and the police played; the bar being settled: its seats, its money before, other cards;
its haggle: contestants, how many, the proposer, a call for a duel, the decliners; the leftover at the end."""
N_CTRL = 21
W_STOCK = W_CTRL + N_CTRL
W_DISCARD = W_STOCK + DECK_ROOM
W_SWAP = W_DISCARD + DECK_ROOM
W_MDECK = W_SWAP + DECK_ROOM  # the money deck (denomination indices)
W_COUNTS = W_MDECK + DECK_ROOM  # the counts (in a layout of the caller's), then the log rows
K_OVER = -1
"""``W_KIND`` once the game is over."""


@njit(cache=True)
def _workspace(cfg, n_counts, o_crou, o_glob, o_tab, log_rows):
    """The workspace of ``cfg`` (layout ``W_*``): ``n_counts`` counts (the croupier, global and study counts
    at the offsets ``o_*`` among them), then ``log_rows`` log rows of 5 (row 0 holds the count; a log of
    one row records nothing)."""
    w = np.zeros(W_COUNTS + n_counts + 5 * log_rows, np.int64)
    set_workspace(w, cfg, n_counts, o_crou, o_glob, o_tab, log_rows)
    return w


@njit(cache=True, _nrt=False)
def set_workspace(w, cfg, n_counts, o_crou, o_glob, o_tab, log_rows):
    """:func:`_workspace` in the zeroed array ``w`` (at least as long)."""
    for i in range(R.N_CFG):
        w[W_CFG + i] = cfg[i]
    w[W_OCROU] = W_COUNTS + o_crou
    w[W_OGLOB] = W_COUNTS + o_glob
    w[W_OTAB] = W_COUNTS + o_tab
    w[W_LOG] = W_COUNTS + n_counts
    w[W_LOG_ROWS] = log_rows


@njit(cache=True)
def _logged(w):
    """The rows logged (a copy)."""
    rows = w[w[W_LOG] : w[W_LOG] + 5 * w[W_LOG_ROWS]].reshape((w[W_LOG_ROWS], 5))
    return rows[1 : rows[0, 0] + 1].copy()


@njit(cache=True, _nrt=False, inline="always")
def _log(w, kind, seat, a, b, c):
    """Append a log row (as ``rules.log_row``)."""
    rows = w[W_LOG_ROWS]
    if rows <= 1:
        return
    base = w[W_LOG]
    k = w[base] + 1
    if k < rows:
        w[base] = k
        w[base + 5 * k] = kind
        w[base + 5 * k + 1] = seat
        w[base + 5 * k + 2] = a
        w[base + 5 * k + 3] = b
        w[base + 5 * k + 4] = c


@njit(cache=True, _nrt=False, inline="always")
def _count(w, field, x):
    """Add ``x`` to the global count ``field`` (``G_*``)."""
    w[w[W_OGLOB] + field] += x


@njit(cache=True, _nrt=False, inline="always")
def player_of(w, s):
    """The lineup's player in seat ``s`` (its row of the policy ids and parameters)."""
    p = s - w[W_ROT]
    return p + w[R.ST_PLAYERS] if p < 0 else p
