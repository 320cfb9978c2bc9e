"""What every game's play loop shares: the seats of game ``g``, the player in a seat, and a block's cross sums.

A game's log (a trace's rows of five numbers) is written by :func:`log_row`.

A run is items ``start..stop-1``; an item is one game, or with duplicate deals one deal played N times
(:func:`games_of`), player ``p`` sitting in seat ``(p + g) mod N`` in game ``g`` (:func:`seat_policies`,
:func:`player_at`). Each game's loop adds a game's results to its per-player and per-seat counts and to the
item's ``block`` sums, then :func:`close_block` adds the item's cross products, from which the analysis
side draws paired intervals. The functions are inlined into each game's kernels (numba compiles them there;
a shared loop taking the game as a function argument would be compiled again in every process).
"""

from __future__ import annotations

from razzmatazz.core.jit import njit


@njit(cache=True, inline="always")
def games_of(item, n, duplicate):
    """The games of ``item``: ``range(first, last)`` bounds (N games of one deal with duplicate deals)."""
    per_item = n if duplicate else 1
    return item * per_item, (item + 1) * per_item


@njit(cache=True, inline="always")
def deal_of(g, n, duplicate):
    """The item (deal) game ``g`` plays: ``g // N`` with duplicate deals, else ``g``."""
    return g // n if duplicate else g


@njit(cache=True, inline="always")
def player_at(s, g, n):
    """The player in seat ``s`` in game ``g``."""
    r = g % n
    return s - r if s >= r else s - r + n


@njit(cache=True, inline="always")
def seat_policies(g, n, lineup_pids, lineup_params, pids, params):
    """Fill the seats' policy ids and parameter rows for game ``g`` from the lineup's (player order)."""
    r = g % n
    for p in range(n):
        s = p + r if p + r < n else p + r - n
        pids[s] = lineup_pids[p]
        params[s] = lineup_params[p]


@njit(cache=True, inline="always")
def close_block(out, n, o_cross, block, block_win):
    """Add a finished item's cross sums to ``out`` (the ``cross`` block at ``o_cross``, ``cross_win`` after it)
    and clear ``block`` and ``block_win`` for the next."""
    for p in range(n):
        for q in range(n):
            out[o_cross + p * n + q] += block[p] * block[q]
            out[o_cross + n * n + p * n + q] += block_win[p] * block_win[q]
    for p in range(n):
        block[p] = 0
        block_win[p] = 0


@njit(cache=True, inline="always")
def log_row(log, kind, seat, a, b, c):
    """Append a row to ``log`` (row 0 holds the count); a log of one row records nothing."""
    if log.shape[0] <= 1:
        return
    k = log[0, 0] + 1
    if k < log.shape[0]:
        log[0, 0] = k
        log[k, 0] = kind
        log[k, 1] = seat
        log[k, 2] = a
        log[k, 3] = b
        log[k, 4] = c
