"""An outside opponent for Razz: ``oneply``, a one-ply Monte Carlo equity player.

Written only through the public plugin interface (``POLICIES`` and one jitted ``decide``), independent of
the project's search player: it imports no search, position or engine module, only the view layout
(``core.razz.rules``), the random stream (``core.rng``) and the low-hand layer helpers
(``core.razz.evaluate``). It is used to check that the project's ``search`` beats players written outside it.

At each decision it sees only its view (its own cards, every up card, bets, pot). It draws ``samples``
deals of the cards its seat has not seen (the live opponents' down cards and every card still to come),
scores its share of the showdown against the opponents it counts (the best ace-to-five lows of seven
cards, ties split), and compares that equity with the price:

- it bets, completes or raises when the equity beats a fair share of the pot, ``(1 + aggression) / n``
  with ``n`` the players it counts at the showdown (itself included);
- otherwise it checks when that is free, calls when ``equity * (pot + call) >= odds * call`` and folds
  when not.

Whom it counts: on 3rd street the players who have put chips in this round (the bring-in, completers,
callers) and those still to act whose door card is ``threat`` or lower (higher doors are expected to
fold); from 4th street on every player still in. Reads: an opponent who has shown interest (on 3rd
street put in a full small bet, later any player still in) is dealt down cards of ``read`` or lower,
not pairing its up cards or each other, when a few tries find one (``read=13`` draws them uniformly).

Parameters (ranks are card values, ace 1 .. king 13):

- ``samples`` (128): deals drawn per decision;
- ``aggression`` (-0.2): margin over the fair share before it bets or raises (below 0: it bets a little
  under its fair share, for the folds it gets);
- ``odds`` (1.2): multiple of the pot odds its equity must reach to call;
- ``threat`` (6): on 3rd street, players still to act count as opponents with a door this low or lower;
- ``read`` (9): highest down card it gives an opponent who has shown interest (13: no read);
- ``tries`` (8): draws tried for each read down card before the last one is taken as it is.

The defaults were set by ``razzmatazz sweep razz`` in seat 1 against textbook-tuned x 2, reader-tuned, tag
and rock-tuned (six-handed, 40,000 to 60,000 duplicate hands a point): the read is worth most (no read
loses 12 to 16 bb/100 against read 9), then aggression and samples; odds and threat hardly matter.

Try::

    razzmatazz razz play --plugin opponents/razz_oneply.py --policy oneply --policy textbook-tuned --players 6
"""

import numpy as np
from numba import njit

from razzmatazz.core.policy import Param, PolicySpec
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.evaluate import add_rank, best_layers
from razzmatazz.core.rng import next_u64

POLICIES = [
    PolicySpec(
        "oneply",
        1000,
        (
            Param("samples", 128, 4, 1024, "deals of the unseen cards drawn per decision", integer=True),
            Param("aggression", -0.2, -0.5, 1.5, "bets or raises when its equity is above (1 + aggression) / n"),
            Param("odds", 1.2, 0.3, 3.0, "calls when equity * (pot + call) >= odds * call"),
            Param("threat", 6, 1, 13, "3rd street: players still to act count with a door this low or lower"),
            Param("read", 9, 1, 13, "highest down card given to an opponent who has shown interest (13: none)"),
            Param("tries", 8, 1, 64, "draws tried for each read down card before one is taken as it is", integer=True),
        ),
        "one-ply Monte Carlo equity player written outside the search player: samples the unseen cards, "
        "bets its equity over a fair share, calls on pot odds, folds otherwise (opponents/razz_oneply.py)",
    ),
]

_INV53 = 1.0 / 9007199254740992.0
_S11 = np.uint64(11)


@njit(inline="always")
def _below(state, n):
    """A random integer in [0, n) and the stream's new state."""
    state, x = next_u64(state)
    return state, min(np.int64(((x >> _S11) * _INV53) * n), n - 1)


@njit
def _key(m1, m2, m3, m4):
    """Order key of the best five-card low of a holding (smaller is better; equal keys tie)."""
    c1, c2, c3, c4 = best_layers(m1, m2, m3, m4, 5)
    return R.layers_key(c1, c2, c3, c4, 5)


@njit
def _equity(view, row, state):
    """The seat's sampled showdown share against the opponents it counts, their number and the new state."""
    n_players = view[R.V_PLAYERS]
    me = view[R.V_SEAT]
    st = view[R.V_STREET]
    samples = np.int64(row[0])
    threat = np.int64(row[3]) - 1
    read = np.int64(row[4]) - 1
    tries = np.int64(row[5])

    seen = np.zeros(52, np.bool_)
    own1 = own2 = own3 = own4 = 0
    for j in range(7):
        c = view[R.V_OWN + j]
        if c >= 0:
            seen[c] = True
            own1, own2, own3, own4 = add_rank(own1, own2, own3, own4, c >> 2)
    community = view[R.V_COMMUNITY]
    if community >= 0:
        seen[community] = True
        own1, own2, own3, own4 = add_rank(own1, own2, own3, own4, community >> 2)
    dealt = 0  # cards physically dealt so far (every seat's, folded ones included)
    for s in range(n_players):
        ups = 0
        for j in range(4):
            c = view[R.V_UP + 4 * s + j]
            if c >= 0:
                seen[c] = True
                ups += 1
        dealt += 2 + ups + (1 if st == 7 and community < 0 and view[R.V_STATUS + s] != R.FOLDED else 0)

    # the opponents counted at the showdown, their up cards' layers and whether they are read
    om1 = np.zeros(R.MAX_PLAYERS, np.int64)
    om2 = np.zeros(R.MAX_PLAYERS, np.int64)
    om3 = np.zeros(R.MAX_PLAYERS, np.int64)
    om4 = np.zeros(R.MAX_PLAYERS, np.int64)
    board = np.zeros(R.MAX_PLAYERS, np.int64)
    reads = np.zeros(R.MAX_PLAYERS, np.bool_)
    n_opp = 0
    n_in = 0
    for s in range(n_players):
        if view[R.V_STATUS + s] == R.FOLDED:
            continue
        n_in += 1
        if s == me:
            continue
        if st == 3:
            acted = view[R.V_BETS + s] > 0
            if not acted and (view[R.V_UP + 4 * s] >> 2) > threat:
                continue
            interested = view[R.V_BETS + s] >= view[R.V_BET_SIZE]
        else:
            interested = True
        m1 = m2 = m3 = m4 = 0
        for j in range(4):
            c = view[R.V_UP + 4 * s + j]
            if c >= 0:
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, c >> 2)
        board[n_opp] = m1
        if community >= 0:
            m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, community >> 2)
        om1[n_opp], om2[n_opp], om3[n_opp], om4[n_opp] = m1, m2, m3, m4
        reads[n_opp] = interested and read < 12
        n_opp += 1
    if n_opp == 0:
        return 1.0, 0, state

    # the cards to come: one community 7th card when the deck cannot give everyone still in a 7th card
    shared = 0
    if community < 0 and st < 7:
        if 52 - dealt - n_in * (6 - st) < n_in:
            shared = 1
    future = 0 if st == 7 else 7 - st - shared
    downs = 3 if st == 7 and community < 0 else 2

    deck = np.empty(52, np.int64)
    n = 0
    for c in range(52):
        if not seen[c]:
            deck[n] = c
            n += 1
    if n < shared + future * (n_opp + 1) + downs * n_opp:  # never short with the engine's deck; a guard
        return 0.5, n_opp, state

    total = 0.0
    for _ in range(samples):
        j = 0
        cm1, cm2, cm3, cm4 = own1, own2, own3, own4
        extra = -1
        if shared:
            state, k = _below(state, n - j)
            k += j
            deck[j], deck[k] = deck[k], deck[j]
            extra = deck[j] >> 2
            j += 1
            cm1, cm2, cm3, cm4 = add_rank(cm1, cm2, cm3, cm4, extra)
        for _f in range(future):
            state, k = _below(state, n - j)
            k += j
            deck[j], deck[k] = deck[k], deck[j]
            cm1, cm2, cm3, cm4 = add_rank(cm1, cm2, cm3, cm4, deck[j] >> 2)
            j += 1
        best = _key(cm1, cm2, cm3, cm4)
        mine = best
        n_best = 1
        for i in range(n_opp):
            m1, m2, m3, m4 = om1[i], om2[i], om3[i], om4[i]
            if extra >= 0:
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, extra)
            first = -1
            for d in range(downs + future):
                for t in range(tries):
                    state, k = _below(state, n - j)
                    k += j
                    if d >= 2 or not reads[i] or t == tries - 1:
                        break
                    r = deck[k] >> 2
                    if r <= read and not (board[i] >> r) & 1 and r != first:
                        break
                deck[j], deck[k] = deck[k], deck[j]
                if d == 0:
                    first = deck[j] >> 2
                m1, m2, m3, m4 = add_rank(m1, m2, m3, m4, deck[j] >> 2)
                j += 1
            key = _key(m1, m2, m3, m4)
            if key < best:
                best = key
                n_best = 1
            elif key == best:
                n_best += 1
        if best == mine:
            total += 1.0 / n_best
    return total / samples, n_opp, state


@njit
def decide(pid, row, view, state):
    """Bet or raise with equity above a fair share, call on pot odds, check when free, fold otherwise."""
    e, n_opp, state = _equity(view, row, state)
    call = view[R.V_TO_CALL]
    if view[R.V_CAN_RAISE] and e * (n_opp + 1) > 1.0 + row[1]:
        return R.RAISE, state
    if call == 0 or view[R.V_BRING_IN]:
        return R.CALL, state
    if e * (view[R.V_POT] + call) >= row[2] * call:
        return R.CALL, state
    return R.FOLD, state
