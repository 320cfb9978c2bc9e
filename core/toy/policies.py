"""The toy game's policies: ``decide(id, params, view, state) -> (move, state)``, one dispatcher inside numba.

A policy sees only its seat's view (:mod:`.rules`, ``V_*``) and draws randomness from its seat's stream
(``state``, SplitMix64). It answers :data:`.rules.STAND` or :data:`.rules.DRAW`; anything else is played as
a stand (``seeds/toy.md``, T4). Ids are stable: never renumber, only add. Users' policies take ids from
:data:`USER_ID`. ``search`` is not decided here: its seats are played by :mod:`.search`, which searches from
the seat's observation (a ``search`` id asked here stands).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec, Registry
from razzmatazz.core.rng import next_u64
from razzmatazz.core.search import budget_params
from razzmatazz.core.toy import rules as R

USER_ID = 1000
"""Policy ids from here on belong to users' own policies."""
_S11 = np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0

REGISTRY = Registry("toy")
RANDOM = REGISTRY.add(PolicySpec("random", 0, (), "stands or draws with even chances"))
STAND = REGISTRY.add(PolicySpec("stand", 1, (), "keeps its first card"))
REDRAW = REGISTRY.add(
    PolicySpec(
        "redraw",
        2,
        (Param("below", 6, 1, 11, "draws again when its card is below this", integer=True),),
        "draws once more when its card is below the threshold",
    )
)
ODDS = REGISTRY.add(
    PolicySpec(
        "odds",
        3,
        (Param("edge", 0.5, 0, 1, "draws when a fresh card beats its own with more than this chance"),),
        "counts the cards it has not seen (its own and the discards shown are out of the deck) and draws when a "
        "fresh card is higher than its own with more than the edge's chance",
    )
)
SEARCH = REGISTRY.add(
    PolicySpec(
        "search",
        4,
        (
            *budget_params(32, 0, 1),
            Param(
                "rollout",
                3,
                0,
                3,
                "the built-in policy (id) that plays a search seat in the rollouts, at its defaults",
                integer=True,
            ),
        ),
        "samples the unseen cards from its seat's observation, plays stand and draw on against the lineup's "
        "policies and keeps the better by win rate, then chips (one round: every depth plays to the showdown; "
        "core/toy/search.py)",
    )
)
SEARCH_STRONG = REGISTRY.preset(
    "search-strong",
    "search:samples=128",
    "search at a strong budget: 128 samples a decision; +0.2 win points over the default in odds' seat of the "
    "default mix at 3 players, established, at 4 times its time",
)
SEARCH_ID = SEARCH.id
SEARCH_ROLLOUT = 2
"""Where a search row holds its rollout policy's id; :func:`kernel_row` puts that policy's row after it."""
SEARCH_MODEL = 3


def kernel_row(policy) -> np.ndarray:
    """The parameter row the kernels get for ``policy``: its row; for ``search`` the row followed by its
    rollout policy's default row (how the rollouts play another search seat)."""
    if policy.spec.id != SEARCH_ID:
        return policy.row
    return np.r_[policy.row, REGISTRY.by_id(int(policy.row[SEARCH_ROLLOUT])).defaults()]


@njit(cache=True)
def no_user_policy(pid, row, view, state):
    """The user function of a run without users' policies (never called)."""
    return np.int64(-1), state


@njit(cache=True, inline="always")
def _uniform(state):
    state, x = next_u64(state)
    return state, (x >> _S11) * _INV53


@njit(cache=True)
def chance_higher(view):
    """The chance that a card drawn from the cards the seat has not seen is higher than its own: every value has
    ``copies`` cards, less the seat's own card and the discards it was shown."""
    copies = view[R.V_COPIES]
    card = view[R.V_CARD]
    unseen = R.N_VALUES * copies - 1
    higher = (R.N_VALUES - card) * copies
    for s in range(view[R.V_PLAYERS]):
        d = view[R.V_DISCARD + s]
        if d > 0:
            unseen -= 1
            if d > card:
                higher -= 1
    return higher / unseen if unseen > 0 else 0.0


@njit(cache=True)
def decide(pid, row, view, state):
    """The answer of built-in policy ``pid`` to the view's decision, and the new stream state."""
    if pid == 0:
        state, u = _uniform(state)
        return np.int64(R.DRAW if u < 0.5 else R.STAND), state
    if pid == 2:
        return np.int64(R.DRAW if view[R.V_CARD] < row[0] else R.STAND), state
    if pid == 3:
        return np.int64(R.DRAW if chance_higher(view) > row[0] else R.STAND), state
    return np.int64(R.STAND), state
