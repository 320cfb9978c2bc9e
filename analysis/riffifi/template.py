"""The file ``razzmatazz riffifi new-policy NAME`` writes: a Riffifi policy of the user's own that plays as
written."""

TEMPLATE = '''"""Your own Riffifi policy '$name', written by ``razzmatazz riffifi new-policy``.

Play it, list it:

    razzmatazz riffifi play --plugin $file --policy $name --policy expect
    razzmatazz riffifi policies --plugin $file

The first run after each edit of this file compiles the engine for your ``decide`` (a minute or two);
later runs load it from the cache (seconds). The folder is ``$$RAZZMATAZZ_CACHE_DIR``, by default
``~/.cache/razzmatazz/plugins``.

What ``decide`` is shown: ``view``, an int64 array of what the seat may see (layout:
``razzmatazz.core.riffifi.rules``, the ``ST_*`` and ``V_*`` names): its own hand as a bit mask
(``ST_HAND + seat``; card ``c`` is held when bit ``c`` is set; its value is ``c % R.N_VALUES + 1``,
``R.OFFICER`` is the Officer), the cards face up, what has been seen of the hands passed round
(``V_KNOWN``), the seat (``V_SEAT``), and what is asked (``V_KIND``): ``R.K_PLAY`` a card to play,
``R.K_TARGET`` the Officer's target, ``R.K_SPLIT`` who gives an odd chip of a tie. Never the others'
hands. The helpers of ``razzmatazz.core.riffifi.policies`` read the view (``P.stays_up``: would this
card stay face up).

What it answers: ``(answer, state)``: a card it holds, a target, a tied seat. ``state`` is the
seat's random stream: pass it on. Here the Officer's target and the tie go to the built-in policy 1
(``lowest``) through ``P.decide``.

``row`` holds the parameters in the order of the spec's ``Param`` list (``row[0]`` is min_value).
"""

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R

POLICIES = [
    PolicySpec(
        "$name",
        1000,  # ids from 1000 on; a second policy of this file takes 1001, and decide reads pid
        (Param("min_value", 5, 1, 8, "plays its highest card that stays face up if it is this high", integer=True),),
        "its highest card that stays face up if high enough, else its lowest card",
    ),
]


@njit
def decide(pid, row, view, state):
    """The highest card that stays face up (if at least min_value), else the lowest; built-in answers to the
    other questions."""
    if view[R.V_KIND] != R.K_PLAY:
        return P.decide(1, row, view, state)
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
'''
