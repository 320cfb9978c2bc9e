"""An example of your own Razz policy, played by ``razzmatazz razz play --plugin``.

A plugin file defines ``POLICIES`` (specs with ids from 1000 on) and one jitted ``decide``
with the built-in signature ``(policy id, parameter row, view, random state) -> (move, state)``.
The view is what the seat may see (layout in ``razzmatazz.core.razz.rules``: ``V_*``); the
helpers of ``razzmatazz.core.razz.policies`` read it. Try::

    razzmatazz razz play --plugin examples/razz_policy.py --policy wheel-chaser --policy tag --players 2
"""

from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R

POLICIES = [
    PolicySpec(
        "wheel-chaser",
        1000,
        (
            Param("max_card", 5, 5, 13, "plays only cards this low or lower", integer=True),
            Param("bluff", 0.1, 0, 1, "chance of raising anyway"),
        ),
        "plays only wheel draws: raises with them, folds everything else, bluffs now and then",
    ),
]


@njit
def decide(pid, row, view, state):
    """Raise while every card held is at most max_card (a live wheel draw); otherwise bluff or fold."""
    m1, m2, m3, m4, k = P.own_layers(view)
    state, u = P._uniform(state)
    limit = (1 << int(row[0])) - 1
    if m2 == 0 and (m1 & ~limit) == 0:
        return R.RAISE, state
    if u < row[1]:
        return R.RAISE, state
    return R.FOLD, state
