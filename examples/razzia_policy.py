"""An example of your own Razzia policy, played by ``razzmatazz razzia play --plugin``.

A plugin file defines ``POLICIES`` (specs with ids from 1000 on) and one jitted ``decide`` with
the built-in signature ``(policy id, parameter row, view, random state) -> (answer, state)``. The
view is what the seat may see (layout in ``razzmatazz.core.razzia.rules``: ``ST_*`` and ``V_*``);
``V_KIND`` says what is asked: the free money card's bar, the card to play (a hand slot), an offer
or an answer. Here only the card is chosen our way; the rest is left to the built-in ``greedy``
policy with rational haggling. Try::

    razzmatazz razzia play --plugin examples/razzia_policy.py --policy raider --policy greedy
"""

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R

POLICIES = [
    PolicySpec(
        "raider",
        1000,
        (Param("pot", 6, 0, 60, "plays a police card at a bar holding at least this many $5,000s", integer=True),),
        "a police card at the richest bar it can raid once the pot is big enough, else its highest gambler",
    ),
]


@njit
def decide(pid, row, view, state):
    """Police on a big pot, else the highest gambling card; greedy's answers for everything else."""
    if view[R.V_KIND] != R.K_PLAY:
        return P.decide(1, np.array([0.5, 0.15, 0.0, 1.0]), view, state)
    seat = view[R.V_SEAT]
    best_police, police_pot = -1, -1
    best_gambler, gambler_value = 0, -1
    for slot in range(R.HAND):
        card = view[R.ST_HAND + seat * R.HAND + slot]
        if card < 0:
            continue
        bar, kind, value = card // 16, (card // 8) % 2, card % 8
        pot = view[R.ST_BAR_UNITS + bar]
        if kind == R.POLICE and pot >= row[0] and pot > police_pot:
            best_police, police_pot = slot, pot
        if kind == R.GAMBLER and value > gambler_value:
            best_gambler, gambler_value = slot, value
    return np.int64(best_police if best_police >= 0 else best_gambler), state
