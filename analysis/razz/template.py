"""The file ``razzmatazz razz new-policy NAME`` writes: a Razz policy of the user's own that plays as written."""

TEMPLATE = '''"""Your own Razz policy '$name', written by ``razzmatazz razz new-policy``.

Play it, list it, tune its parameter:

    razzmatazz razz play --plugin $file --policy $name --policy tag --players 2
    razzmatazz razz policies --plugin $file

The first run after each edit of this file compiles the engine for your ``decide`` (about a minute);
later runs load it from the cache (seconds). The folder is ``$$RAZZMATAZZ_CACHE_DIR``, by default
``~/.cache/razzmatazz/plugins``.

What ``decide`` is shown: ``view``, an int64 array of what the seat may see at this decision (layout:
``razzmatazz.core.razz.rules``, the ``V_*`` names): its own cards (``V_OWN``, 7 slots in stud order,
-1 if not dealt), every seat's up cards (``V_UP``), the chips to call (``V_TO_CALL``), the pot
(``V_POT``), whether it may raise (``V_CAN_RAISE``), whether it is the bring-in (``V_BRING_IN``), the
street (``V_STREET``, 3 to 7) and more. A card is ``4 * rank + suit`` with rank 0 the ace. Never the
others' down cards. The helpers of ``razzmatazz.core.razz.policies`` read the view.

What it answers: ``(move, state)``: ``R.FOLD``, ``R.CALL`` (check or call) or ``R.RAISE`` (bet,
complete or raise). The engine plays the nearest legal move: a fold with nothing to call is a check,
a raise that is not allowed is a call. ``state`` is the seat's random stream: pass it on, or draw with
``state, u = P._uniform(state)`` (``u`` uniform in [0, 1)).

``row`` holds the parameters in the order of the spec's ``Param`` list (``row[0]`` is max_card).
"""

from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R

POLICIES = [
    PolicySpec(
        "$name",
        1000,  # ids from 1000 on; a second policy of this file takes 1001, and decide reads pid
        (Param("max_card", 8, 5, 13, "plays on while every card it holds is this rank or lower", integer=True),),
        "raises while it holds no pair and no card above max_card; otherwise checks when it can, else folds",
    ),
]


@njit
def decide(pid, row, view, state):
    """Raise with a live low draw (no pair, every card at most max_card); check if free; else fold."""
    m1, m2, m3, m4, k = P.own_layers(view)  # ranks held once, twice, ... (bit r: rank r + 1)
    low = (1 << int(row[0])) - 1  # the ranks ace to max_card
    if m2 == 0 and (m1 & ~low) == 0:
        return R.RAISE, state
    if view[R.V_TO_CALL] == 0:
        return R.CALL, state
    return R.FOLD, state
'''
