"""Riffifi's layouts: the counts vector the kernels sum into and the position a game lives in.

Counts (one int64 vector, offsets from :func:`layout`): per player (the lineup's order) and per
seat ``games, score, score², win, win², chips of each colour, ticks`` (a win is 60 for a sole
winner, 60/k for k sharing); per start position (0 = the player who starts the deal) ``deals``
and the per-game sum of its chips and that sum squared; global counters ``G_*``; the card table
``[orbit 0-11][value 1-8][plays, paid, chips]`` (orbit 0 is every player's first card of a deal);
and per block (a game, or the N games of one duplicate deal) the cross sums ``Σ X_p X_q`` of
each player's score, then of each player's win, from which any group of players or difference
between two gets an interval over independent blocks.

A game in progress is one int64 array ``pos``: the live state of the deal, then the ``PS_*`` fields (streams,
the dealt hands, the turn's context, the game's results, :func:`results`); :func:`_workspace` allocates it with
the kernels' scratch.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.counts import Blocks, Counts, offset_table, offsets
from razzmatazz.core.jit import njit
from razzmatazz.core.riffifi import rules as R

WIN = 60
"""A sole winner's win count; k players sharing a win get WIN // k each (60 divides by 1-5)."""
P_GAMES, P_SCORE, P_SCORE2, P_WIN, P_WIN2, P_CHIPS, P_TICKS = 0, 1, 2, 3, 4, 5, 10
N_PFIELDS = 11
N_POSFIELDS = 3  # deals, per-game chips, per-game chips squared
(
    G_GAMES,
    G_BLOCKS,
    G_DEALS,
    G_REDEALS,
    G_OFFICER_DEALS,
    G_OFFICER_SUM,
    G_OFFICER_SQ,
    G_UNDERCUTS,
    G_ASIDE,
    G_OFFICER_HITS,
    G_LAPSED,
    G_MIDDLE,
) = range(12)
N_GFIELDS = 12
ORBITS = 12
T_PLAYS, T_PAID, T_CHIPS = range(3)
N_TABLE = ORBITS * R.N_VALUES * 3
# per-seat results of one game (res rows)
H_SCORE, H_WIN, H_TICKS, H_CHIPS = 0, 1, 2, 3  # H_CHIPS..H_CHIPS+4
N_RES = 8

# a position: one game in progress (core/positions.py); the live state (R.VIEW_LEN) first, then
PS_DEAL_RNG = R.VIEW_LEN  # the deal stream's state (its uint64 bits)
PS_POLICY = PS_DEAL_RNG + 1  # 5: each seat's policy random state
PS_DEALT = PS_POLICY + R.MAX_PLAYERS  # 5: the hands of the last fresh deal, passed left (G1)
PS_SHOWN = PS_DEALT + R.MAX_PLAYERS  # 5: per dealt hand, its cards seen face up in the earlier deals it was played
PS_GAME = PS_SHOWN + R.MAX_PLAYERS  # the game's index in the run
PS_PHASE = PS_GAME + 1  # PH_TURN (a seat's turn), PH_END (the deal's last orbit, D9) or PH_OVER
PS_ORBIT = PS_PHASE + 1  # the orbit of the turn
PS_END_T = PS_ORBIT + 1  # PH_END: the collector's place in the last orbit
PS_BEFORE = PS_END_T + 1  # the claim being collected: chips of its colour the collector held before,
PS_VALUE = PS_BEFORE + 1  # its value
PS_CLAIM_ORBIT = PS_VALUE + 1  # and the orbit its card was played in (at most ORBITS - 1)
PS_HOLDER = PS_CLAIM_ORBIT + 1  # the seat dealt the Officer this deal (its PS_MARK card), -1 none
PS_OFFICER_SUM = PS_HOLDER + 1  # the Officer holders' points over the others' (G_OFFICER_SUM), this game
PS_POS_SUM = PS_OFFICER_SUM + 1  # 5: points per start position (0 = the start player), this game
PS_RES = PS_POS_SUM + R.MAX_PLAYERS  # 5 x N_RES: per-seat results (H_*, :func:`results`)
PS_HANDS = PS_RES + R.MAX_PLAYERS * N_RES  # 5: scratch (a new deal's hands, a deal's points)
PS_KEY = PS_HANDS + R.MAX_PLAYERS  # 5: scratch
PS_ASIDE_ORBIT = PS_KEY + R.MAX_PLAYERS  # 41: per card, the orbit in which it was last set aside (D3)
PS_GLOB = PS_ASIDE_ORBIT + R.OFFICER + 1  # N_GFIELDS: the global counters of this game (positions only;
PS_TABLE = PS_GLOB + N_GFIELDS  # N_TABLE: its card table     the kernels count into their own sums)
PS_DECK = PS_TABLE + N_TABLE  # 41: scratch of a shuffle
PS_SWAP = PS_DECK + R.OFFICER + 1  # 41: scratch of a shuffle
PS_MARK = PS_SWAP + R.OFFICER + 1  # the card PS_HOLDER holds: the Officer, or with officer_as_one its 1
POS_LEN = PS_MARK + 1
PH_TURN, PH_END, PH_OVER = range(3)
LOG_PER_DEAL = 700
"""More log rows than a deal can write: 40 turns of at most 15 rows (turn, retire, claim, two lapses, takes from
the middle, four opponents and three odd chips, play, undercut), the end orbit and the deal's two rows."""


def blocks(n_players: int) -> Blocks:
    """The count vector's blocks for ``n_players``: (name, shape), in order."""
    n = n_players
    return (
        ("player", (n, N_PFIELDS)),
        ("seat", (n, N_PFIELDS)),
        ("position", (n, N_POSFIELDS)),
        ("global", (N_GFIELDS,)),
        ("table", (ORBITS, R.N_VALUES, 3)),
        ("cross", (n, n)),
        ("cross_win", (n, n)),
    )


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    return offsets(blocks(n_players))


_OFFSETS = offset_table(blocks, ("seat", "position", "global", "table", "cross"), R.MAX_PLAYERS)


@njit(cache=True)
def count_offsets(n):
    """The kernels' :func:`layout` for ``n`` players: the offsets of the blocks ``seat``, ``position``,
    ``global``, ``table``, ``cross`` and the length (``player`` starts at 0, ``cross_win`` follows ``cross``;
    read from ``_OFFSETS``, made from :func:`blocks`)."""
    o = _OFFSETS[n]
    return o[0], o[1], o[2], o[3], o[4], o[5]


def view(counts: np.ndarray, n_players: int) -> Counts:
    """The blocks of a run's counts by name (``view(c, n)["player"][p, P_SCORE]``)."""
    return Counts(counts, blocks(n_players))


@njit(cache=True, inline="always")
def results(pos):
    """The per-seat results of the game (rows of ``H_*`` columns) inside the position."""
    return pos[PS_RES : PS_RES + R.MAX_PLAYERS * N_RES].reshape((R.MAX_PLAYERS, N_RES))


@njit(cache=True)
def _workspace(n, width):
    pos = np.zeros(POS_LEN, np.int64)  # the game in progress (the live state first)
    view = np.zeros(R.VIEW_LEN, np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, width), np.float64)
    return pos, view, pids, params
