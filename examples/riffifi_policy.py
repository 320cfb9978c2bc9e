"""An example of your own Riffifi policy, played by ``razzmatazz riffifi play --plugin``.

A plugin file defines ``POLICIES`` (specs with ids from 1000 on) and one jitted ``decide``
with the built-in signature ``(policy id, parameter row, view, random state) -> (answer, state)``.
The view is what the seat may see (layout in ``razzmatazz.core.riffifi.rules``: ``ST_*`` and
``V_*``); ``V_KIND`` says what is asked: a card to play, the Officer's target, or who gives an
odd chip. The helpers of ``razzmatazz.core.riffifi.policies`` read the view. Try::

    razzmatazz riffifi play --plugin examples/riffifi_policy.py --policy big-spender --policy expect
"""

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R

POLICIES = [
    PolicySpec(
        "big-spender",
        1000,
        (
            Param(
                "min_value",
                6,
                1,
                8,
                "plays its highest card that stays face up if it is at least this high",
                integer=True,
            ),
        ),
        "greedy: plays its highest card that stays face up, else its lowest card; the Officer hits the largest claim",
    ),
]


@njit
def decide(pid, row, view, state):
    """The highest card that stays face up (if high enough), else the lowest; built-in answers otherwise."""
    if view[R.V_KIND] != R.K_PLAY:
        return P.decide(1, row, view, state)  # the 'lowest' policy's Officer target and tie choice
    hand = view[R.ST_HAND + view[R.V_SEAT]] & ((np.int64(1) << np.int64(R.OFFICER)) - 1)
    best, value = -1, 0
    h = hand
    while h:
        card = R.lowest_card(h)
        h &= h - 1
        v = card % R.N_VALUES + 1
        if v > value and P.stays_up(view, card):
            best, value = card, v
    if best >= 0 and value >= row[0]:
        return np.int64(best), state
    if hand:
        return np.int64(P._lowest(hand)), state
    return np.int64(R.OFFICER), state
