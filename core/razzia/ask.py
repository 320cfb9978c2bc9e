"""Asking a seat's policy for its decision, in the workspace (:mod:`.layout`): a built-in policy on the live
state, a user's policy on the seat's view (R9)."""

from __future__ import annotations

import numpy as np

from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import policies
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.layout import W_CFG, W_PSTATE, W_VIEW, player_of
from razzmatazz.core.razzia.policies import USER_ID


@njit(cache=True, _nrt=False)
def _ask(w, s, kind, lo, hi, pids, params, user):
    """Seat ``s``'s answer to the decision ``kind`` whose fields the caller wrote into ``w[lo:hi]``.

    A built-in policy answers on the live state (it reads only what the seat may see, see
    ``policies.decide``); a user's policy on the seat's view (R9) with those fields, the division it
    writes as proposer copied back to ``V_OFFER``. ``pids`` and ``params`` are the lineup's (see
    :func:`.layout.player_of`)."""
    p = player_of(w, s)
    pid = pids[p]
    row = params[p]
    state = np.uint64(w[W_PSTATE + s])
    if pid >= USER_ID:
        view = w[W_VIEW : W_VIEW + R.VIEW_LEN]
        R.fill_view(w[W_CFG : W_CFG + R.N_CFG], w, s, kind, view)
        for i in range(lo, hi):
            view[i] = w[i]
        ans, state = user(pid, row, view, state)
        if kind == R.K_OFFER:
            for i in range(R.V_OFFER, R.VIEW_LEN):
                w[i] = view[i]
    else:
        w[R.V_KIND] = kind
        w[R.V_SEAT] = s
        ans, state = policies.decide(pid, row, w, state)
    w[W_PSTATE + s] = np.int64(state)
    return ans


@njit(cache=True, _nrt=False, inline="always")
def _ask_card(w, s, kind, lo, hi, pids, params, user):
    """The card to play (``K_PLAY``) or the free card's bar (``K_FREE``): users' policies through
    :func:`_ask` (fields ``lo:hi`` of the question kept), built-ins straight to
    :func:`.policies.play_or_place` (the cheapest call)."""
    p = player_of(w, s)
    if pids[p] >= USER_ID:
        return _ask(w, s, kind, lo, hi, pids, params, user)
    w[R.V_KIND] = kind
    w[R.V_SEAT] = s
    answer, state = policies.play_or_place(
        pids[p], kind, params[p, 0], params[p, 1] if params.shape[1] > 1 else 0.0, w, np.uint64(w[W_PSTATE + s])
    )
    w[W_PSTATE + s] = np.int64(state)
    return answer
