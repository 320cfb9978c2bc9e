"""Razz's layouts: the counts vector the kernels sum into, the workspace rows a hand lives in, and the log.

Counts (one int64 vector, blocks named by :func:`blocks`, read with :func:`view`): per player (the lineup's order)
``hands, net, net², vpip, showdowns, showdowns won, won without showdown``; per seat the
same; ``hands, blocks, community cards, reshuffles``; per block (one
hand, or the N hands of one duplicate deal) the cross sums ``Σ X_p X_q`` of each player's
net chips, then of each player's hands won (a pot or a share of it), from which any difference
between two players gets a paired interval; and per street (``streets``, rows 3rd to 7th street)
``rounds, capped``:

- ``rounds``: the betting rounds of that street in which at least one decision was asked (the
  bring-in's own decision counts). That is the rounds that begin with at least two players neither
  folded nor all-in: every hand's 3rd street, and each later street that is dealt while two players
  can still bet (a street dealt to one player who can bet and others all-in has no round).
- ``capped``: those rounds in which the completions, bets and raises made (the view's
  ``V_BETS_MADE``; the bring-in is not one) reached the cap (``Settings.cap``, the view's ``V_CAP``).
  With ``uncapped_heads_up`` a round counts when that number reached the cap, also where the cap was
  lifted because two players were left (the betting may then go beyond it): ``capped`` counts the
  rounds with ``cap`` or more bets, a cap war, whether or not the cap stopped a raise.

Each hand writes them in the workspace (rows ``W_ROUND``, ``W_CAPPED``, column ``street - 3``) as it
plays, the kernel in :func:`.betting._betting`, the decision-point steps in :mod:`.state`, and
:func:`.kernels._tally_streets` adds them in.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.counts import Blocks, Counts, offset_table, offsets
from razzmatazz.core.razz.rules import MAX_PLAYERS

# per-player fields
P_HANDS, P_NET, P_NET2, P_VPIP, P_SHOWDOWN, P_SD_WON, P_WON_NO_SD = range(7)
N_PFIELDS = 7
# per-seat fields: the same as per player
Q_HANDS, Q_NET, Q_NET2, Q_VPIP, Q_SHOWDOWN, Q_SD_WON, Q_WON_NO_SD = range(7)
N_QFIELDS = N_PFIELDS
# global fields
G_HANDS, G_BLOCKS, G_COMMUNITY, G_RESHUFFLE = range(4)
N_GFIELDS = 4
# per-seat results of one hand (play_hand's res rows)
H_NET, H_VPIP, H_SHOWDOWN, H_SD_WON, H_WON_NO_SD = range(5)
# per-street fields (the ``streets`` block, one row per street 3..7)
ST_ROUNDS, ST_CAPPED = range(2)
N_STFIELDS = 2
N_STREETS = 5
# workspace rows (per seat; W_ROUND and W_CAPPED: per street, column street - 3, see the module doc)
W_STATUS, W_STACK, W_PUT, W_BET, W_ACTED, W_CLASS, W_WON, W_DECISIONS, W_ROUND, W_CAPPED = range(10)
N_WS = 10


def blocks(n_players: int) -> Blocks:
    """The count vector's blocks for ``n_players``: (name, shape), in order."""
    n = n_players
    return (
        ("player", (n, N_PFIELDS)),
        ("seat", (n, N_QFIELDS)),
        ("global", (N_GFIELDS,)),
        ("cross", (n, n)),
        ("cross_win", (n, n)),
        ("streets", (N_STREETS, N_STFIELDS)),
    )


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    return offsets(blocks(n_players))


_OFFSETS = offset_table(blocks, ("seat", "global", "cross", "cross_win", "streets"), MAX_PLAYERS)


@njit(cache=True)
def count_offsets(n):
    """The kernels' :func:`layout` for ``n`` players: the offsets of the blocks ``seat``, ``global``, ``cross``,
    ``cross_win``, ``streets`` and the length (``player`` starts at 0). Read from ``_OFFSETS``,
    which :func:`blocks` makes: a new block is one line there."""
    o = _OFFSETS[n]
    return o[0], o[1], o[2], o[3], o[4], o[5]


def view(counts: np.ndarray, n_players: int) -> Counts:
    """The blocks of a run's counts by name (``view(c, n)["player"][p, P_NET]``)."""
    return Counts(counts, blocks(n_players))


@njit(cache=True)
def _log(log, kind, seat, a, b):
    if log.shape[0] == 0:
        return
    i = log[0, 0] + 1
    if i < log.shape[0]:
        log[i, 0] = kind
        log[i, 1] = seat
        log[i, 2] = a
        log[i, 3] = b
        log[0, 0] = i
