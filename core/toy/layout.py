"""The toy game's layouts: the counts vector the kernels sum into and the position a game lives in.

Counts (one int64 vector, blocks from :func:`blocks`): per player (the lineup's order) and per seat ``games,
payoff, payoff², win, win², draws`` (chips won less the ante; a win is :data:`WIN` for a sole winner, WIN / k
for k sharing); global counters ``G_*``; the card table ``[first card 1-10][dealt, drawn, payoff]`` (how often
a first card of that value was dealt, how often its seat drew, the payoff it ended with); and per block (a game,
or the N games of one duplicate deal) the cross sums ``Σ X_p X_q`` of each player's payoff, then of each player's
win, from which any group of players or difference between two gets an interval over independent blocks.

A game in progress is one int64 array ``pos`` (the ``PS_*`` fields): the game's index, the seat to move, the
deck and where the next card is, each seat's card, decision and discard, each seat's policy random state and,
once the game is over, the per-seat results (``H_*``, :func:`results`).
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.counts import Blocks, Counts, offset_table, offsets
from razzmatazz.core.jit import njit
from razzmatazz.core.toy import rules as R

WIN = 60
"""A sole winner's win count; k players sharing a win get WIN // k each (60 divides by 1-5)."""
P_GAMES, P_PAYOFF, P_PAYOFF2, P_WIN, P_WIN2, P_DRAWS = range(6)
N_PFIELDS = 6
G_GAMES, G_BLOCKS, G_DRAWS, G_SHARED, G_BEST = range(5)
"""Games, blocks, draws, games whose win was shared, the sum of the winning card."""
N_GFIELDS = 5
T_DEALT, T_DRAWN, T_PAYOFF = range(3)
N_TABLE = R.N_VALUES * 3
# per-seat results of one game (res rows)
H_PAYOFF, H_WIN, H_CARD, H_CHIPS = range(4)
N_RES = 4

# a position: one game in progress (core/positions.py)
PS_GAME = 0  # the game's index in the run
PS_ACTOR = 1  # the seat to move, -1 once the game is over
PS_NEXT = 2  # the deck's next card
PS_SIZE = 3  # the deck's size (copies x 10)
PS_POLICY = 4  # MAX_PLAYERS: each seat's policy random state
PS_FIRST = PS_POLICY + R.MAX_PLAYERS  # MAX_PLAYERS: each seat's first card
PS_CARD = PS_FIRST + R.MAX_PLAYERS  # MAX_PLAYERS: each seat's card now
PS_DREW = PS_CARD + R.MAX_PLAYERS  # MAX_PLAYERS: each seat's decision (R.UNDECIDED, R.STAND, R.DRAW)
PS_RES = PS_DREW + R.MAX_PLAYERS  # MAX_PLAYERS x N_RES: per-seat results (H_*, :func:`results`)
PS_DECK = PS_RES + R.MAX_PLAYERS * N_RES  # MAX_DECK: the shuffled deck (its first PS_SIZE cards)
PS_SWAP = PS_DECK + R.MAX_DECK  # MAX_DECK: scratch of the shuffle
POS_LEN = PS_SWAP + R.MAX_DECK


def blocks(n_players: int) -> Blocks:
    """The count vector's blocks for ``n_players``: (name, shape), in order."""
    n = n_players
    return (
        ("player", (n, N_PFIELDS)),
        ("seat", (n, N_PFIELDS)),
        ("global", (N_GFIELDS,)),
        ("table", (R.N_VALUES, 3)),
        ("cross", (n, n)),
        ("cross_win", (n, n)),
    )


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    return offsets(blocks(n_players))


_OFFSETS = offset_table(blocks, ("seat", "global", "table", "cross"), R.MAX_PLAYERS)


@njit(cache=True)
def count_offsets(n):
    """The kernels' :func:`layout` for ``n`` players: the offsets of the blocks ``seat``, ``global``, ``table``,
    ``cross`` and the length (``player`` starts at 0, ``cross_win`` follows ``cross``). Read from ``_OFFSETS``,
    which :func:`blocks` makes: a new block is one line there."""
    o = _OFFSETS[n]
    return o[0], o[1], o[2], o[3], o[4]


def view(counts: np.ndarray, n_players: int) -> Counts:
    """The blocks of a run's counts by name (``view(c, n)["player"][p, P_PAYOFF]``)."""
    return Counts(counts, blocks(n_players))


@njit(cache=True, inline="always")
def results(pos):
    """The per-seat results of the game (rows of ``H_*`` columns) inside the position."""
    return pos[PS_RES : PS_RES + R.MAX_PLAYERS * N_RES].reshape((R.MAX_PLAYERS, N_RES))
