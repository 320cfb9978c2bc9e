"""The file ``razzmatazz toy new-policy NAME`` writes: a toy policy of the user's own that plays as written."""

TEMPLATE = '''"""Your own toy policy '$name', written by ``razzmatazz toy new-policy``.

Play it, list it:

    razzmatazz toy play --plugin $file --policy $name --policy redraw
    razzmatazz toy policies --plugin $file

The first run after each edit of this file compiles the engine for your ``decide`` (a minute or less);
later runs load it from the cache. The folder is ``$$RAZZMATAZZ_CACHE_DIR``, by default
``~/.cache/razzmatazz/plugins``.

What ``decide`` is shown: ``view``, an int64 array of what the seat may see (layout:
``razzmatazz.core.toy.rules``, the ``V_*`` names): its own card (``V_CARD``, 1-10), every seat's
decision so far (``V_DREW + seat``: -1 not yet, 0 stood, 1 drew), the discards shown
(``V_DISCARD + seat``, 0 none), the cards left in the deck (``V_LEFT``) and the copies of each value
(``V_COPIES``). Never the others' cards.

What it answers: ``(move, state)``: ``R.STAND`` (0) or ``R.DRAW`` (1); anything else stands. ``state``
is the seat's random stream: pass it on.

``row`` holds the parameters in the order of the spec's ``Param`` list (``row[0]`` is below).
"""

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.toy import rules as R

POLICIES = [
    PolicySpec(
        "$name",
        1000,  # ids from 1000 on; a second policy of this file takes 1001, and decide reads pid
        (Param("below", 6, 1, 11, "draws when its card is below this, or below a discard it was shown", integer=True),),
        "draws below the threshold, or below the highest discard shown",
    ),
]


@njit
def decide(pid, row, view, state):
    """Draw when the card is below row[0] or below the highest discard shown, else stand."""
    card = view[R.V_CARD]
    shown = 0
    for s in range(view[R.V_PLAYERS]):
        shown = max(shown, view[R.V_DISCARD + s])
    if card < row[0] or card < shown:
        return np.int64(R.DRAW), state
    return np.int64(R.STAND), state
'''
