"""The file ``razzmatazz razzia new-policy NAME`` writes: a Razzia policy of the user's own that plays as written."""

TEMPLATE = '''"""Your own Razzia policy '$name', written by ``razzmatazz razzia new-policy``.

Play it, list it:

    razzmatazz razzia play --plugin $file --policy $name --policy greedy
    razzmatazz razzia policies --plugin $file

The first run after each edit of this file compiles the engine for your ``decide`` (about a minute);
later runs load it from the cache (seconds). The folder is ``$$RAZZMATAZZ_CACHE_DIR``, by default
``~/.cache/razzmatazz/plugins``.

What ``decide`` is shown: ``view``, an int64 array of what the seat may see (layout:
``razzmatazz.core.razzia.rules``, the ``ST_*`` and ``V_*`` names): its own hand (``ST_HAND``, ``HAND``
slots per seat, -1 if empty; a card is ``16 * bar + 8 * kind + value``, kind ``R.GAMBLER`` or
``R.POLICE``), the money at each bar (``ST_BAR_UNITS``, in $$5,000s), the seat (``V_SEAT``), and what
is asked (``V_KIND``): ``R.K_FREE`` the free money card's bar, ``R.K_PLAY`` the card to play (a slot
of the hand), ``R.K_OFFER`` an offer, ``R.K_ANSWER`` an answer. Never the others' hands.

What it answers: ``(answer, state)``, an integer as the question asks. ``state`` is the seat's random
stream: pass it on. Here only the card is chosen; every other question goes to the built-in policy 1
(``greedy``) with rational haggling, through ``P.decide``.

``row`` holds the parameters in the order of the spec's ``Param`` list (``row[0]`` is pot).
"""

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R

POLICIES = [
    PolicySpec(
        "$name",
        1000,  # ids from 1000 on; a second policy of this file takes 1001, and decide reads pid
        (Param("pot", 4, 0, 60, "plays a police card at a bar holding at least this many units", integer=True),),
        "a police card at the richest bar once its pot is big enough, else its highest gambling card",
    ),
]


@njit
def decide(pid, row, view, state):
    """Police on a big pot, else the highest gambling card; greedy's answers to every other question."""
    if view[R.V_KIND] != R.K_PLAY:
        return P.decide(1, np.array([0.5, 0.15, 0.0, 1.0]), view, state)
    seat = view[R.V_SEAT]
    police, police_pot = -1, -1
    gambler, gambler_value = 0, -1
    for slot in range(R.HAND):
        card = view[R.ST_HAND + seat * R.HAND + slot]
        if card < 0:
            continue
        bar, kind, value = card // 16, (card // 8) % 2, card % 8
        pot = view[R.ST_BAR_UNITS + bar]
        if kind == R.POLICE and pot >= row[0] and pot > police_pot:
            police, police_pot = slot, pot
        if kind == R.GAMBLER and value > gambler_value:
            gambler, gambler_value = slot, value
    return np.int64(police if police >= 0 else gambler), state
'''
