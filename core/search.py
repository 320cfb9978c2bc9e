"""The search player, one algorithm for every game, and what its games share.

A search player decides by determinized samples: at a decision it draws positions consistent with its seat's
observation (the game's ``state.determinize``, never the true position), values every candidate move on each of
them against a model of the field, and keeps the candidate with the best result for the game's objective: the
win first, the payoff second. Within a sample every candidate starts from the same position with the same
streams (common random numbers), so their difference is measured more precisely than either alone.

:func:`searcher` is that algorithm, compiled over a game's hooks (its ``core/<game>/search.py`` module):

- ``POS_LEN``: a position's length;
- ``first(ro, obs, seat, ctx, user, key, base)``: the first sample, drawn into ``base``;
- ``moves(ro, base, seat, ctx)``: the candidate moves (an array; one means nothing to search);
- ``scratch(ro, obs, seat, ctx, user, key, base)``: the decision's working arrays (a tuple);
- ``draws(ctx, samples)``: how many draws ``samples`` samples may take (more where the game rejects some);
- ``redraw(ro, obs, seat, ctx, user, key, i, base, scratch, samples, kept)``: draw ``i`` into ``base`` (draw 0
  is ``first``'s, which a game may keep or fit again) and say :data:`KEEP`, :data:`SKIP` (the game's consistency
  filter rejects it) or :data:`STOP` (out of tries: the samples kept decide);
- ``evaluate(ro, base, seat, ctx, user, moves, scratch, win, pay)``: every candidate's value on the sample,
  its win count (the game's unit) and payoff (integers) into ``win`` and ``pay``; what it changes in ``base``
  (Razz deals the cards to come anew there) lasts only until the next draw;
- optionally ``RACE_ON_WINS`` (default False): the early stop races the win counts instead of the payoffs (a game
  whose win counts are scores, as Razzia's finishing-first chance).

``ctx`` is the game's tuple of the decision's parameters (budget row, field model); ``user`` the users'
policy function. The rest of this module: the budget (:func:`budget`), the choice (:func:`best`), the
early stop (:func:`settled`) and the field model (:func:`field_model`).
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param


def budget_params(samples: int, depth: int, max_depth: int) -> tuple[Param, Param]:
    """The ``samples`` and ``depth`` parameters of a game's ``search`` spec, with these defaults."""
    return (
        Param("samples", samples, 1, 4096, "determinizations of the hidden cards per decision", integer=True),
        Param(
            "depth",
            depth,
            0,
            max_depth,
            "rounds played on per rollout: 0 to the end of the game, k the "
            "current round and k - 1 more, then the score held decides",
            integer=True,
        ),
    )


@njit(cache=True)
def budget(row):
    """(samples, depth) of a search row (:func:`budget_params` first)."""
    return max(1, np.int64(row[0])), max(0, np.int64(row[1]))


KEEP, SKIP, STOP = 1, 0, -1
"""What a game's ``redraw`` says of a draw: value it, draw again, or stop drawing."""
RACE_FROM, RACE_EVERY = 8, 4
"""A race (``race`` above 0) may stop once this many samples are kept, and is checked every so many."""


def searcher(game: Any, inline: Literal["never", "always"] = "never") -> Any:
    """The search over ``game``'s hooks (see the module doc): a numba function
    ``(ro, obs, seat, ctx, user, key, samples, race) -> (moves, wins, pays, kept)``, the candidates and each
    kept sample's values (rows ``:kept``). With one candidate nothing is sampled (kept 0). ``race`` > 0 stops
    once the best payoff (with the game's ``RACE_ON_WINS``, win score) leads every other by more than ``race``
    standard errors (:func:`settled`)."""
    on_wins = bool(getattr(game, "RACE_ON_WINS", False))

    @njit(cache=True, inline=inline)
    def sample_values(ro, obs, seat, ctx, user, key, samples, race):
        base = np.zeros(game.POS_LEN, np.int64)
        game.first(ro, obs, seat, ctx, user, key, base)
        moves = game.moves(ro, base, seat, ctx)
        k = moves.shape[0]
        wins = np.zeros((samples, k), np.int64)
        pays = np.zeros((samples, k), np.int64)
        if k == 1:
            return moves, wins, pays, 0
        scratch = game.scratch(ro, obs, seat, ctx, user, key, base)
        raced = wins if on_wins else pays  # what the race (race > 0) compares
        sums = np.zeros(k, np.int64)
        kept = 0
        for i in range(game.draws(ctx, samples)):
            if kept == samples:
                break
            got = game.redraw(ro, obs, seat, ctx, user, key, i, base, scratch, samples, kept)
            if got == SKIP:
                continue
            if got == STOP:
                break
            game.evaluate(ro, base, seat, ctx, user, moves, scratch, wins[kept], pays[kept])
            sums += raced[kept]
            kept += 1
            if race > 0 and kept >= RACE_FROM and kept % RACE_EVERY == 0 and settled(raced[:kept], sums, race):
                break
        return moves, wins, pays, kept

    return sample_values


@njit(cache=True)
def best(wins, pays, kept):
    """The index of the best candidate over samples ``:kept``: the highest win total, then payoff total (every
    candidate has the same samples); the first listed among equals."""
    w = wins[:kept].sum(axis=0)
    p = pays[:kept].sum(axis=0)
    pick = 0
    for c in range(1, w.shape[0]):
        if w[c] > w[pick] or (w[c] == w[pick] and p[c] > p[pick]):
            pick = c
    return pick


@njit(cache=True)
def settled(values, sums, race):
    """Whether the candidate of the highest payoff so far leads every other by more than ``race`` standard errors
    of their paired difference over the samples (``values``: payoff per sample and candidate; ``sums``: their
    totals)."""
    n, k = values.shape
    top = 0
    for c in range(1, k):
        if sums[c] > sums[top]:
            top = c
    for c in range(k):
        if c == top:
            continue
        mean = (sums[top] - sums[c]) / n
        if mean <= 0:
            return False
        ss = 0.0
        for i in range(n):
            d = values[i, top] - values[i, c] - mean
            ss += d * d
        if mean * mean * n * (n - 1) <= race * race * ss:
            return False
    return True


@njit(cache=True)
def field_model(pids, params, search_id, rollout_at, model_at):
    """The lineup a search player's rollouts play: every seat of policy ``search_id`` replaced by its rollout
    policy (the id in column ``rollout_at`` of its row) with that policy's row (its row from ``model_at`` on),
    the other seats as they are."""
    mp = pids.copy()
    mr = np.zeros_like(params)
    for p in range(pids.shape[0]):
        if pids[p] == search_id:
            mp[p] = np.int64(params[p, rollout_at])
            for j in range(params.shape[1] - model_at):
                mr[p, j] = params[p, model_at + j]
        else:
            mr[p, :] = params[p, :]
    return mp, mr
