"""Razzia's search player (policy ``search``, :data:`.policies.SEARCH`): determinized rollouts.

At each of its decisions the engine (:func:`.engine.step`) asks :func:`hook`, which builds the seat's
observation (:func:`.state.observation`: what the seat has seen of this game, nothing else; the chunk's
counts and the last game's results, which the kernel's workspace also holds, are blanked) and hands it
to :func:`decide` with the public game parameters (the settings row, the lineup's ids and rows, the
user's function) and nothing hidden. :func:`decide`:

1. draws a key from the seat's own policy stream (the only randomness of the decision);
2. draws ``samples`` positions from the observation (:func:`.state.determinize`, stream ``(key, i)``);
   with ``played`` (the default) the cards the seats before it put face down this round are then drawn as
   the field's model plays them (:func:`played_by_model`: the card dealt back into the hand, the model
   plays one), not at random;
3. plays every candidate move on from each, against the model of the field: the lineup's policies in
   the other seats, in its own seat (and any other ``search`` seat) its ``rollout`` policy at its
   defaults; every candidate of a sample from the same position and streams (common random numbers);
   ``depth`` 0 plays to the end of the game, ``depth`` k to the end of the current round and k - 1 more,
   where ``lead`` decides: 2 the chance of finishing first (:func:`win_chance`: the money held, each
   hand's strength still to play, a normal spread of the money to come), 1 the leader wins (ties shared),
   0 the money held; 3 (the default) as 2, but the last round's bars still to settle at its first haggle
   are settled in expectation (:func:`settle_expected`: exact duel odds, a risk-neutral haggle's split)
   instead of played with dice. With ``lead`` 3 and one round, a card to play needs no rollout: the others'
   cards, which cannot depend on its own (face down), are drawn once a sample (:func:`play_round`) and each
   card is scored on the revealed table (:func:`played_leaf`; the same score as the rollout where a haggle
   follows). Samples after the first are drawn in place (:func:`.state.redeal`);
4. keeps the candidate with the best mean win, then mean money (:func:`razzmatazz.core.search.best`).

Candidates: every card in hand (one per distinct card), every bar for the free card, accept and duel;
a spielbox round's placements all if at most :data:`ALL_PLACEMENTS`, else the largest card to each bar
and the others to the bars left to right; an offer's divisions all if at most :data:`ALL_OFFERS`, else
all to the proposer, the divisions the rollout policy makes with each haggling style (``haggle`` 0 to
:data:`HAGGLES` - 1: a style that does not exist keeps all) and, with ``offer_duel``, no offer.

The loop over samples is :func:`razzmatazz.core.search.searcher`'s, the same in every game; this module
supplies its hooks (``first``, ``redraw``: the draws and the field's face-down cards; ``moves``: the
candidates; ``evaluate``: each candidate's value on a sample, rolled out or scored on the revealed table).

Rollouts play through :func:`.engine.step` with the searcher :func:`.engine.no_search`, a second
dispatcher without the search player: a rollout never searches.
"""

from __future__ import annotations

import math
import sys

import numpy as np

from razzmatazz.core import search as SH
from razzmatazz.core.bound import either
from razzmatazz.core.jit import njit
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import haggle as H
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia import state as S
from razzmatazz.core.rng import next_u64
from razzmatazz.core.trace import Trace

ALL_OFFERS = 16
"""An offer with at most this many legal moves has them all as candidates."""
ALL_PLACEMENTS = 64
"""A spielbox round with at most this many placements has them all as candidates."""
GREEDY_ID = P.GREEDY.id
HAGGLES = 6
"""The haggling styles asked of the rollout policy for an offer's candidates (0 to HAGGLES - 1)."""


@njit(cache=True, _nrt=False)
def copy_live(src, dst):
    """The parts of position ``src`` that a game played on reads, into ``dst`` (a position of the same
    layout): the state and question, the settings row to the money deck's header, the live stock,
    discards and money deck. Scratch, the user's view, the counts and the log are not copied (they are
    written before they are read, or only added to)."""
    for i in range(R.VIEW_LEN):
        dst[i] = src[i]
    for i in range(E.W_CFG, E.W_STOCK):
        dst[i] = src[i]
    for i in range(src[E.W_POS] + src[E.W_POS + 1]):
        dst[E.W_STOCK + i] = src[E.W_STOCK + i]
    for i in range(src[E.W_POS + 2]):
        dst[E.W_DISCARD + i] = src[E.W_DISCARD + i]
    for i in range(src[E.W_MM]):
        dst[E.W_MDECK + i] = src[E.W_MDECK + i]


@njit(cache=True, _nrt=True)
def model(pids, params):
    """The lineup the rollouts play: every ``search`` player replaced by its rollout policy and row."""
    return SH.field_model(pids, params, P.SEARCH_ID, P.SEARCH_ROLLOUT, P.SEARCH_MODEL)


@njit(cache=True)
def _unique_cards(pos, seat, out):
    """The hand slots of ``seat`` holding a card no earlier slot holds."""
    n = 0
    h = R.ST_HAND + seat * R.HAND
    for j in range(R.HAND):
        c = pos[h + j]
        if c < 0:
            continue
        dup = False
        for i in range(j):
            dup = dup or pos[h + i] == c
        if not dup:
            out[n] = j
            n += 1
    return n


@njit(cache=True)
def _placement_to(pos, bar):
    """A spielbox round's largest card to ``bar``, the others to the bars left to right."""
    k = pos[R.V_NDRAWN]
    big = 0
    for i in range(k):
        if pos[R.V_DRAWN + i] > pos[R.V_DRAWN + big]:
            big = i
    code = np.int64(0)
    b = 0
    for i in range(k):
        t = bar
        if i != big:
            t = pos[E.W_BARS + b]
            b += 1
        code |= np.int64(t) << np.int64(3 * i)
    return code


@njit(cache=True)
def _add(out, n, move):
    """``move`` appended to the candidates ``out[:n]`` unless listed; returns the count."""
    for i in range(n):
        if out[i] == move:
            return n
    out[n] = move
    return n + 1


@njit(cache=True, _nrt=True)
def _offers(pos, seat, mpid, mrow, out):
    """An offer's candidates (see the module doc) into ``out``; returns how many."""
    n = _add(out, 0, np.int64(0))
    if pos[E.W_CFG + R.C_OFFER_DUEL]:
        n = _add(out, n, np.int64(R.NO_OFFER))
    pid = mpid if 1 <= mpid < P.SEARCH_ID else np.int64(GREEDY_ID)
    at = P._HAGGLE_AT[pid]
    row = np.zeros(max(mrow.shape[0], at + 2), np.float64)
    if pid == mpid:
        row[: mrow.shape[0]] = mrow
    else:
        row[at + 1] = 1.0
    tmp = pos.copy()
    for h in range(HAGGLES):
        row[at] = h
        tmp[R.V_KIND] = R.K_OFFER
        tmp[R.V_SEAT] = seat
        tmp[R.V_OFFER : R.VIEW_LEN] = 0
        ans, _ = P.decide(pid, row, tmp, np.uint64(0))
        if ans == R.NO_OFFER:
            if pos[E.W_CFG + R.C_OFFER_DUEL]:
                n = _add(out, n, np.int64(R.NO_OFFER))
        else:
            n = _add(out, n, E.offer_code(tmp))
    return n


@njit(cache=True, _nrt=True)
def candidates(ro, pos, seat, mpid, mrow):
    """The candidate moves of ``seat``, the actor of ``pos`` (see the module doc)."""
    kind = pos[E.W_KIND]
    out = np.zeros(max(ALL_PLACEMENTS, ALL_OFFERS, HAGGLES + 2, R.MAX_BARS) + 1, np.int64)
    if kind == R.K_PLAY:
        n = _unique_cards(pos, seat, out)
    elif kind == R.K_ALL:
        n = S.legal(ro, pos, out)
        if n > ALL_PLACEMENTS:
            n = 0
            for i in range(pos[R.ST_NBARS]):
                out[n] = _placement_to(pos, pos[E.W_BARS + i])
                n += 1
    elif kind == R.K_OFFER:
        n = S.legal(ro, pos, out[: ALL_OFFERS + 1])
        if n > ALL_OFFERS:
            n = _offers(pos, seat, mpid, mrow, out)
    else:
        n = S.legal(ro, pos, out)
    return out[:n].copy()


_HX, _HW = np.polynomial.hermite.hermgauss(10)
_QZ = _HX * np.sqrt(2.0)  # nodes and weights of E[f(Z)], Z standard normal
_QW = _HW / np.sqrt(np.pi)
_FLOOR = 8.0
"""Units added to the money to come in the spread (the duels and haggles still to play)."""
_GAMBLER = 0.5
"""A gambler's strength to hold, relative to a police card of its value."""


_PHI_STEP = 64.0
_PHI_X = 8.0
_PHI = 0.5 * np.array([math.erfc(-(i / _PHI_STEP - _PHI_X) / math.sqrt(2.0)) for i in range(1026)])
"""The normal distribution function at -8, -8 + 1/64, ..., 8 + 1/64."""


@njit(cache=True, _nrt=False)
def _phi(x):
    """The standard normal distribution function, interpolated in a table (error below 1e-5)."""
    t = (x + _PHI_X) * _PHI_STEP
    if t <= 0.0:
        return 0.0
    if t >= _PHI.shape[0] - 2:
        return 1.0
    i = int(t)
    return _PHI[i] + (t - i) * (_PHI[i + 1] - _PHI[i])


@njit(cache=True, _nrt=False)
def _standing(pos, s, later):
    """Seat ``s``'s money held plus its hand's strength to come: ``later`` units a police card of value 6,
    a gambler :data:`_GAMBLER` times a police card of its value."""
    t = float(pos[R.ST_WON + s])
    h = R.ST_HAND + s * R.HAND
    for j in range(R.HAND):
        c = pos[h + j]
        if c >= 0:
            v = later * R.card_value(c) / 6.0
            t += v if R.card_kind(c) == R.POLICE else _GAMBLER * v
    return t


@njit(cache=True, _nrt=False)
def money_total(pos):
    """The units of the whole money deck (the game's money)."""
    total = 0
    for i in range(pos[E.W_MM]):
        total += pos[R.ST_DENOM + pos[E.W_MDECK + i]]
    return total


@njit(cache=True, _nrt=False)
def _deck_units(pos):
    """The units still in the money deck."""
    deck = 0
    for i in range(pos[E.W_MTOP], pos[E.W_MM]):
        deck += pos[R.ST_DENOM + pos[E.W_MDECK + i]]
    return deck


@njit(cache=True, _nrt=False)
def _first(gaps, n, seat):
    """P(``seat`` finishes first) when seat o is ``gaps[o]`` standard deviations behind it and every player's
    money to come is independent normal noise (Gauss-Hermite quadrature)."""
    p = 0.0
    for q in range(_QZ.shape[0]):
        prod = 1.0
        for o in range(n):
            if o != seat:
                prod *= _phi(gaps[o] + _QZ[q])
        p += _QW[q] * prod
    return p


@njit(cache=True, _nrt=False)
def win_chance(pos, seat, keep, spread, gaps):
    """The chance that ``seat`` finishes first from ``pos`` (a round's start): every player's standing
    (:func:`_standing`, cards worth ``keep`` units times the share of the game's money still in the deck)
    plus independent normal money to come, standard deviation ``spread`` x sqrt(the units to come + 8).
    ``keep`` is per unit of the game's money (:func:`money_total`); ``gaps`` is scratch, one a player."""
    deck = _deck_units(pos)
    come = deck
    for b in range(R.MAX_BARS):
        come += pos[R.ST_BAR_UNITS + b]
    later = keep * deck
    sigma = spread * math.sqrt(come + _FLOOR)
    n = pos[R.ST_PLAYERS]
    mine = _standing(pos, seat, later)
    for o in range(n):
        gaps[o] = (mine - _standing(pos, o, later)) / sigma
    return _first(gaps, n, seat)


@njit(cache=True, _nrt=False)
def _split(pos, contest, proposer, units, gains):
    """A haggle over ``units`` among the seats ``contest`` (at least two) in expectation, into ``gains``: each
    responder gets p / (1 - p) times the proposer's share, p its chance to win a duel against the proposer
    (H5, the duel's tie rule); what a risk-neutral responder needs to accept, all of it divided."""
    n = pos[R.ST_PLAYERS]
    pv = R.card_value(pos[R.ST_TABLE + proposer])
    tie = pos[R.ST_DUEL_TIE] == 0
    total = 1.0
    for s in range(n):
        if s != proposer and (contest >> s) & 1:
            num, den = H.duel_fraction(R.card_value(pos[R.ST_TABLE + s]), pv, tie)
            p = min(num / den, 0.999)
            total += p / (1.0 - p)
    share = units / total
    gains[proposer] += share
    for s in range(n):
        if s != proposer and (contest >> s) & 1:
            num, den = H.duel_fraction(R.card_value(pos[R.ST_TABLE + s]), pv, tie)
            p = min(num / den, 0.999)
            gains[s] += share * p / (1.0 - p)


@njit(cache=True, _nrt=False)
def _proposer_of(pos, contest):
    """H1 without roll-offs: the contestant with the highest card, ties to the furthest clockwise from the
    croupier."""
    n = pos[R.ST_PLAYERS]
    c = pos[R.ST_CROUPIER]
    prop, key = -1, -1
    for s in range(n):
        if (contest >> s) & 1:
            k = R.card_value(pos[R.ST_TABLE + s]) * 16 + (s - c) % n
            if k > key:
                prop, key = s, k
    return prop


@njit(cache=True, _nrt=False)
def _bar_expected(pos, here, police, units, gains):
    """B1-B6 for one bar in expectation: ``here`` the seats whose card is there, ``police`` those who played
    police; the contestants' expected money into ``gains``. Returns the units that leave the bar."""
    gam = here & ~police
    if gam == 0 or units == 0:  # B1, B3, B6: the money stays
        return 0
    contest = here & police if here & police else gam  # B4, B5
    if contest & (contest - 1):
        _split(pos, contest, _proposer_of(pos, contest), units, gains)
    else:
        gains[E.LOWEST[contest]] += units  # B2
    return units


@njit(cache=True, _nrt=False)
def _on_bars(pos):
    """The units on all the bars."""
    total = 0
    for b in range(R.MAX_BARS):
        total += pos[R.ST_BAR_UNITS + b]
    return total


@njit(cache=True, _nrt=False)
def settle_expected(pos, gains):
    """At a haggle's offer (``K_OFFER``, the round's cards revealed): what each seat gets, in expectation, from
    the bar being haggled over and the bars still to settle this round (:func:`_bar_expected`, :func:`_split`),
    into ``gains`` (floats, one a player); returns the units that stay on the bars."""
    for o in range(pos[R.ST_PLAYERS]):
        gains[o] = 0.0
    bar = pos[E.W_BAR]
    left = _on_bars(pos) - pos[R.ST_BAR_UNITS + bar]
    _split(pos, pos[E.W_CONTEST], pos[E.W_PROPOSER], pos[R.ST_BAR_UNITS + bar], gains)
    for b in range(R.MAX_BARS):
        if (pos[E.W_OCC] >> b) & 1:
            left -= _bar_expected(pos, pos[E.W_AT + b], pos[E.W_POLICE], pos[R.ST_BAR_UNITS + b], gains)
    return left


@njit(cache=True, _nrt=False)
def settle_revealed(pos, gains):
    """:func:`settle_expected` with every seat's card of the round on the table (``ST_TABLE``) and no bar
    settled yet: every bar in expectation."""
    n = pos[R.ST_PLAYERS]
    police = 0
    for o in range(n):
        gains[o] = 0.0
        c = pos[R.ST_TABLE + o]
        if c >= 0 and R.card_kind(c) == R.POLICE:
            police |= 1 << o
    left = _on_bars(pos)
    for b in range(R.MAX_BARS):
        here = 0
        for o in range(n):
            c = pos[R.ST_TABLE + o]
            if c >= 0 and R.card_bar(c) == b:
                here |= 1 << o
        if here:
            left -= _bar_expected(pos, here, police, pos[R.ST_BAR_UNITS + b], gains)
    return left


@njit(cache=True, _nrt=False)
def _chance_after(pos, seat, keep, spread, gaps, gains, left):
    """:func:`win_chance` with ``gains`` added to the money held and ``left`` units staying on the bars: the
    money to come is the deck's and what stays (none after the last round). Returns (the chance, ``seat``'s
    expected money)."""
    deck = _deck_units(pos)
    later = keep * deck
    come = deck if pos[R.ST_LAST_ROUND] else deck + left
    sigma = spread * math.sqrt(come + _FLOOR)
    n = pos[R.ST_PLAYERS]
    mine = _standing(pos, seat, later) + gains[seat]
    for o in range(n):
        gaps[o] = (mine - _standing(pos, o, later) - gains[o]) / sigma
    return _first(gaps, n, seat), pos[R.ST_WON + seat] + gains[seat]


@njit(cache=True, _nrt=False)
def settled_chance(pos, seat, keep, spread, gaps, gains):
    """The chance of finishing first at a haggle's offer, the round settled in expectation
    (:func:`settle_expected`, :func:`_chance_after`)."""
    return _chance_after(pos, seat, keep, spread, gaps, gains, settle_expected(pos, gains))


@njit(cache=True, _nrt=False)
def play_round(pos, seat, mpids, mparams, user):
    """The seats after ``seat`` (to play in ``pos``, a ``K_PLAY`` position) to the round's end put their card
    face down as the model lineup plays them (as :func:`.engine.step` does; they cannot see ``seat``'s card)."""
    n = pos[R.ST_PLAYERS]
    first = (pos[R.ST_CROUPIER] + 1) % n  # R3
    o = seat + 1 if seat + 1 < n else 0
    while o != first:
        pos[E.W_ACTOR] = o
        slot = E._legal_slot(pos, E._ask_card(pos, o, R.K_PLAY, 0, 0, mpids, mparams, user))
        _to_table(pos, o, slot)
        o = o + 1 if o + 1 < n else 0
    pos[E.W_ACTOR] = seat
    pos[R.V_KIND] = R.K_PLAY
    pos[R.V_SEAT] = seat


@njit(cache=True, _nrt=False, inline="always")
def _to_table(pos, s, slot):
    """Seat ``s``'s card of hand slot ``slot`` put face down (R3, as :func:`.engine._played`)."""
    h = R.ST_HAND + s * R.HAND
    pos[R.ST_TABLE + s] = pos[h + slot]
    for j in range(slot, R.HAND - 1):
        pos[h + j] = pos[h + j + 1]
    pos[h + R.HAND - 1] = -1


@njit(cache=True, _nrt=False)
def played_leaf(pos, seat, slot, keep, spread, gaps, gains, hand):
    """(win count, money) of ``seat`` playing hand slot ``slot`` in ``pos`` where every other seat has put its
    card down (:func:`play_round`): the round settled in expectation (:func:`settle_revealed`), as a ``lead`` 3
    rollout scores it at its first haggle. ``pos`` is left as it was; ``hand`` is scratch (one hand)."""
    h = R.ST_HAND + seat * R.HAND
    for j in range(R.HAND):
        hand[j] = pos[h + j]
    _to_table(pos, seat, slot)
    left = settle_revealed(pos, gains)
    p, money = _chance_after(pos, seat, keep, spread, gaps, gains, left)
    for j in range(R.HAND):
        pos[h + j] = hand[j]
    pos[R.ST_TABLE + seat] = -1
    return np.int64(round(E.WIN * p)), np.int64(round(money))


@njit(cache=True, _nrt=False)
def leaf(pos, seat, lead, keep, spread, gaps, gains):
    """(win count, money) of ``seat`` where a rollout stops: the game's result once it is over; else with
    ``lead`` 0 the money held, 1 a win for the leader (:data:`.engine.WIN` shared among those tied), 2
    :data:`.engine.WIN` times its :func:`win_chance` (``keep`` per unit of the game's money), 3 at a haggle's
    offer the same with the round settled in expectation (:func:`settled_chance`), elsewhere as 2."""
    if pos[E.W_KIND] == E.K_OVER:
        return pos[E.W_RES + seat * E.N_RES + E.H_WIN], pos[E.W_RES + seat * E.N_RES + E.H_MONEY]
    if lead == 0:
        return 0, pos[R.ST_WON + seat]
    if lead == 3 and pos[E.W_KIND] == R.K_OFFER:
        p, money = settled_chance(pos, seat, keep, spread, gaps, gains)
        return np.int64(round(E.WIN * p)), np.int64(round(money))
    if lead >= 2:
        return np.int64(round(E.WIN * win_chance(pos, seat, keep, spread, gaps))), pos[R.ST_WON + seat]
    top = -1
    tied = 0
    for s in range(pos[R.ST_PLAYERS]):
        m = pos[R.ST_WON + s]
        if m > top:
            top, tied = m, 1
        elif m == top:
            tied += 1
    mine = pos[R.ST_WON + seat]
    return (E.WIN // tied if mine == top else 0), mine


@njit(cache=True, _nrt=False)
def rollout(pos, seat, stop_round, lead, keep, spread, gaps, gains, mpids, mparams, user, no_dice):
    """Play ``pos`` on with the model lineup until the game is over or round ``stop_round`` begins (-1: to
    the end), with ``lead`` 3 until a haggle's offer in the round before it; returns :func:`leaf`."""
    settle_at = stop_round - 1 if lead == 3 and stop_round >= 0 else -2
    while pos[E.W_KIND] != E.K_OVER and (stop_round < 0 or pos[R.ST_ROUND] < stop_round):
        if pos[E.W_KIND] == R.K_OFFER and pos[R.ST_ROUND] == settle_at:
            break
        E.step(pos, mpids, mparams, user, no_dice, False, E.no_search)
    return leaf(pos, seat, lead, keep, spread, gaps, gains)


@njit(cache=True, _nrt=False)
def played_by_model(pos, mpids, mparams, user):
    """The face-down cards of the seats that played before the actor this round (a ``K_PLAY`` position
    from :func:`.state.determinize`, which deals them at random), replaced by the card the model lineup
    plays from its hand and that card: the hidden cards drawn as likely as the field's play makes them."""
    if pos[E.W_KIND] != R.K_PLAY or pos[R.ST_REVEALED]:
        return
    n = pos[R.ST_PLAYERS]
    actor, kind, asked = pos[E.W_ACTOR], pos[R.V_KIND], pos[R.V_SEAT]
    o = (pos[R.ST_CROUPIER] + 1) % n  # R3: the croupier's left plays first
    while o != actor:
        c = pos[R.ST_TABLE + o]
        if c >= 0:
            h = R.ST_HAND + o * R.HAND
            m = 0
            while m < R.HAND and pos[h + m] >= 0:
                m += 1
            if m < R.HAND:
                pos[h + m] = c
                pos[R.ST_TABLE + o] = -1
                pos[E.W_ACTOR] = o
                _to_table(pos, o, E._legal_slot(pos, E._ask_card(pos, o, R.K_PLAY, 0, 0, mpids, mparams, user)))
        o = o + 1 if o + 1 < n else 0
    pos[E.W_ACTOR] = actor
    pos[R.V_KIND] = kind
    pos[R.V_SEAT] = asked


@njit(cache=True, _nrt=True, inline="always")
def decide(obs, cfg, seat, pids, params, user):
    """The search player's move for ``seat`` from its observation ``obs`` alone (see the module doc), and
    its policy stream's new state. ``cfg``, ``pids``, ``params`` and ``user`` are the game's public
    parameters: the settings row and the lineup (in player order, rows of :func:`.policies.kernel_row`)."""
    n = cfg[R.C_PLAYERS]
    p = (seat - obs[S.OB_CTRL + E.W_ROT - E.W_CTRL]) % n
    samples, depth = SH.budget(params[p])
    state, key = next_u64(np.uint64(obs[S.OB_PSTATE]))
    mpids, mparams = model(pids, params)
    stop_round = obs[S.OB_ST + R.ST_ROUND] + depth if depth > 0 else -1
    ctx = (cfg, p, params[p], depth, stop_round, mpids, mparams)
    moves, wins, pays, kept = sample_values((cfg,), obs, seat, ctx, user, key, samples, params[p, P.SEARCH_RACE])
    if moves.shape[0] == 1:
        return moves[0], state
    return moves[SH.best(wins, pays, kept)], state


# The search's hooks (razzmatazz.core.search.searcher); ctx = (cfg, p, row, depth, stop_round, mpids, mparams).
POS_LEN = S.POS_LEN


@njit(cache=True, _nrt=True, inline="always")
def first(ro, obs, seat, ctx, user, key, base):
    S.determinize(ro, obs, seat, key, 0, base)
    if ctx[2][P.SEARCH_PLAYED] != 0:
        played_by_model(base, ctx[5], ctx[6], user)


@njit(cache=True, _nrt=True, inline="always")
def moves(ro, base, seat, ctx):
    return candidates(ro, base, seat, ctx[5][ctx[1]], ctx[6][ctx[1]])


@njit(cache=True, _nrt=True, inline="always")
def scratch(ro, obs, seat, ctx, user, key, base):
    """(work, gaps, gains, hand, no_dice, keep per unit of the game's money, revealed: one round a sample)."""
    cfg, row = ctx[0], ctx[2]
    work = np.zeros(S.POS_LEN, np.int64)
    E.set_workspace(work, cfg, S.N_COUNTS, S.C_CROU, S.C_GLOB, S.C_TAB, 1)
    keep = row[P.SEARCH_KEEP] / max(money_total(base), 1)
    revealed = np.int64(row[P.SEARCH_LEAD]) == 3 and ctx[3] == 1 and base[E.W_KIND] == R.K_PLAY
    gaps, gains = np.zeros(R.MAX_PLAYERS), np.zeros(R.MAX_PLAYERS)
    return work, gaps, gains, np.zeros(R.HAND, np.int64), np.zeros((0, 1), np.int64), keep, revealed


@njit(cache=True, inline="always")
def draws(ctx, samples):
    return samples


@njit(cache=True, _nrt=True, inline="always")
def redraw(ro, obs, seat, ctx, user, key, i, base, scratch, samples, kept):
    if i > 0:
        S.redeal(ro, obs, seat, key, i, base)
        if ctx[2][P.SEARCH_PLAYED] != 0:
            played_by_model(base, ctx[5], ctx[6], user)
    return SH.KEEP


@njit(cache=True, _nrt=True, inline="always")
def evaluate(ro, base, seat, ctx, user, moves, scratch, win, pay):
    row, stop_round, mpids, mparams = ctx[2], ctx[4], ctx[5], ctx[6]
    lead, spread = np.int64(row[P.SEARCH_LEAD]), row[P.SEARCH_SPREAD]
    work, gaps, gains, hand, no_dice, keep, revealed = scratch
    if revealed:  # the others' cards do not depend on its own (face down): one round a sample
        copy_live(base, work)
        play_round(work, seat, mpids, mparams, user)
        for c in range(moves.shape[0]):
            win[c], pay[c] = played_leaf(work, seat, moves[c], keep, spread, gaps, gains, hand)
        return
    for c in range(moves.shape[0]):
        copy_live(base, work)
        E.apply(work, moves[c], no_dice)
        win[c], pay[c] = rollout(work, seat, stop_round, lead, keep, spread, gaps, gains, mpids, mparams, user, no_dice)


RACE_ON_WINS = True
"""The race (``race``) settles on the win scores, which choose first (:func:`razzmatazz.core.search.best`)."""
sample_values = SH.searcher(sys.modules[__name__], inline="always")


@njit(cache=True, _nrt=True)
def seat_observation(w, s):
    """What seat ``s`` of the game in ``w`` (a kernel's workspace or a position) has seen of this game: its
    observation, the counts and the results of earlier games (which a kernel's workspace holds) blanked."""
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation((w,), w, s, obs)
    obs[S.OB_RES : S.OB_PSTATE] = 0
    obs[S.OB_COUNTS :] = 0
    return obs


@njit(cache=True, _nrt=True)
def hook(w, s, pids, params, user):
    """The searcher of :func:`.engine.step`: a ``search`` seat ``s``'s move from its observation (:func:`decide`),
    its stream's state updated in ``w``; any other seat is declined (False)."""
    if pids[E.player_of(w, s)] != P.SEARCH_ID:
        return False, np.int64(0)
    obs = seat_observation(w, s)
    move, state = decide(obs, w[E.W_CFG : E.W_CFG + R.N_CFG].copy(), s, pids, params, user)
    w[E.W_PSTATE + s] = np.int64(state)
    return True, move


@njit(cache=True, _nrt=True)
def choose(pos, pids, params):
    """The move the search player in the actor's seat of position ``pos`` makes (not played; its stream
    advanced in ``pos``) with the built-in policies as the field, for tests and notebooks."""
    return hook(pos, pos[E.W_ACTOR], pids, params, P.no_user_policy)[1]


# The kernels below name the searcher (and, without a user's policy, the user function) as attributes of
# their modules: compiling the search player takes minutes, and numba caches a kernel across processes
# only if it hands on no function it was given as an argument or names as a bare global (both are lowered
# as an address of this process); a module's attribute is a constant. With a user's policy the function
# is an argument, compiled again in each process.
_SEARCH = sys.modules[__name__]


@njit(cache=True, nogil=True)
def _play_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    return E._play_games(
        cfg,
        deal_key,
        dice_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        P.no_user_policy,
        _SEARCH.hook,
    )


@njit(cache=True)
def _trace_builtin(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    return E._trace(
        cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, P.no_user_policy, _SEARCH.hook
    )


@njit(nogil=True)
def _play_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    return E.play_games_by(
        cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, _SEARCH.hook
    )


@njit
def _trace_with(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    return E._trace(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, _SEARCH.hook)


def play_games(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user=None):
    """:func:`.engine.play_games` for a lineup with ``search`` seats (``user``: the users' policy function,
    None or :func:`.policies.no_user_policy` if none), the searcher :func:`hook`."""
    kernel = either(_play_builtin, _play_with, user, P.no_user_policy)
    return kernel(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop)


def trace_game(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user=None) -> Trace:
    """:func:`.engine.trace_game` for a lineup with ``search`` seats."""
    kernel = either(_trace_builtin, _trace_with, user, P.no_user_policy)
    return Trace(*kernel(cfg, deal_key, dice_key, policy_keys, lineup_pids, lineup_params, duplicate, g))
