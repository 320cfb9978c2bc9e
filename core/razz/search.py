"""Razz's search player (``search``, :mod:`razzmatazz.core.search` for what the games share).

At a decision the player takes its seat's observation (:func:`.state.observation`: its own cards, every up
card, every action), draws ``samples`` positions that agree with it (:func:`.state.determinize`: the down
cards of the others and the cards to come drawn among the cards the seat has not seen; never the true
position), plays each legal move (fold, call, raise) on from each of them to the end of the hand with
the field model (the lineup's own policies, every ``search`` seat played by its rollout policy) and keeps
the move of the most chips on average (ties: the first listed, fold before call before raise). A fold needs
no rollout: the seat loses what it has put in, whatever the others do. Every move
starts from the same sample with the same streams, so their difference is measured with common random
numbers. The draws come from the search seat's own policy stream, one draw a decision.

A sample must be one where the field model, dealt those cards, would have taken every action the hand has
seen (:func:`consistent`: the hand replayed from its deal; the ``random`` players' moves and the seat's own
taken as logged). A seat's play depends only on its own cards and what every seat sees, so the samples are
drawn seat by seat (:func:`fitted`, ``fit`` draws a seat, default 16): each other seat's hidden cards are
drawn again until its own play agrees. With ``fit=0`` whole positions are drawn until the whole table
agrees at once (after ``MAX_TRIES`` draws a sample the samples kept decide, or, if none was kept, uniform
draws): six-handed, fewer than half the uniform draws agree late in a hand, and most decisions ran out of
tries before they had their samples. A seat's check needs no replay of the hand: what each seat was shown
at its decisions is recorded once a decision (:func:`moments`) and its model asked again with the drawn
cards (:func:`agrees`). ``depth`` is 0: every rollout runs to the end of the hand. ``futures`` plays
several deals of the cards to come from each sample (:func:`new_future`: the field's play so far does not
depend on them, so they need no check), and ``race`` stops drawing once the best move's lead is clear
(:func:`razzmatazz.core.search.settled`). The default budget (16 samples) keeps 1,000 six-handed hands/s and
beats the former ``search-strong`` (32 samples drawn whole, ``search:samples=32,fit=0``); ``search-strong``
(32) and ``search-deep`` (32 samples with 4 futures each) are stronger and slower (BENCHMARKS.md, issue 37).

The loop over samples is :func:`razzmatazz.core.search.searcher`'s, the same in every game; this module
supplies its hooks: the draw and the consistency filter (``first``, ``redraw``), the legal moves (``moves``)
and each move's chips on a sample (``evaluate``).

A lineup with a ``search`` seat plays through the positions (:func:`play_games`), hand by hand as the kernel
deals them, with the kernel's counts (a lineup without one gives exactly the kernel's sums, tested).
"""

from __future__ import annotations

import sys

import numpy as np
from numba import njit

from razzmatazz.core.harness import close_block, deal_of, games_of
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import state as S
from razzmatazz.core.rng import below, deal_from, game_state, next_u64
from razzmatazz.core.search import KEEP, SKIP, STOP, best, budget, field_model, searcher


@njit(cache=True)
def model(pids, params):
    """The lineup the rollouts play: every ``search`` player replaced by its rollout policy and row."""
    return field_model(pids, params, P.SEARCH_ID, P.SEARCH_ROLLOUT, P.SEARCH_MODEL)


RANDOM_ID = 1
"""The ``random`` policy's id: its moves are taken as logged when a hand is replayed (they tell nothing)."""
MAX_TRIES = 8
"""Draws per sample kept: a decision draws at most ``MAX_TRIES * samples`` positions to find its samples."""


@njit(cache=True)
def _logged_move(kind):
    """The move (``rules.FOLD``, ``CALL`` or ``RAISE``) an action row of kind ``kind`` records."""
    if kind == R.L_FOLD:
        return R.FOLD
    if kind == R.L_RAISE:
        return R.RAISE
    return R.CALL


@njit(cache=True)
def consistent(ro, sample, seat, mpids, mparams, replay):
    """Whether the field model, dealt the cards of ``sample``, takes every action its log shows so far: the
    hand is replayed from its deal (in ``replay``), the moves of ``seat`` and of the ``random`` players as
    logged, every other seat's by its model policy, and every log row must come out as logged."""
    return _consistent(ro, sample, seat, mpids, mparams, replay, P.no_user_policy, -1)


@njit(cache=True)
def _consistent(ro, sample, seat, mpids, mparams, replay, user, check):
    """:func:`consistent` with the plugin's policy function ``user`` in the field model; ``check`` >= 0 plays
    only that seat's model, every other seat's moves taken as logged (whether that seat's play agrees: the
    replay :func:`agrees` is tested against)."""
    if sample[S.PS_LOG_ROWS] == 0:
        return True
    rows = sample[S.PS_LOG]
    n = ro[0][R.C_PLAYERS]
    S.begin_deck(ro, sample[S.PS_DECK : S.PS_DECK + 52], sample[S.PS_GAME], replay, rows + 1)
    done = 0
    while True:
        k = min(replay[S.PS_LOG], rows)
        for i in range(done + 1, k + 1):
            for j in range(4):
                if replay[S.PS_LOG + 4 * i + j] != sample[S.PS_LOG + 4 * i + j]:
                    return False
        done = k
        if k >= rows or replay[S.PS_ACTOR] < 0:
            return k >= rows
        s = replay[S.PS_ACTOR]
        p = (s - replay[S.PS_ROT]) % n
        if s == seat or mpids[p] == RANDOM_ID or (check >= 0 and s != check):
            S.apply(ro, replay, _logged_move(sample[S.PS_LOG + 4 * (k + 1)]))
        else:
            S.step_plain(ro, replay, mpids, mparams, user)


@njit(cache=True)
def moments(ro, sample, seat, mpids, replay):
    """The hand's play so far replayed from ``sample``'s deal with every move as logged, and at each decision of
    a seat the field model plays (not ``seat``, not ``random``): (views, seats, cards held, logged moves, count).
    What a seat is shown does not depend on the others' hidden cards, so one replay serves every sample."""
    rows = sample[S.PS_LOG] if sample[S.PS_LOG_ROWS] > 0 else 0
    most = 0  # the moves logged so far: no more decisions to record
    for i in range(1, rows + 1):
        most += R.L_BRING_IN <= sample[S.PS_LOG + 4 * i] <= R.L_RAISE
    views = np.zeros((most, R.VIEW_LEN), np.int64)
    who = np.zeros(most, np.int64)
    held = np.zeros(most, np.int64)
    logged = np.zeros(most, np.int64)
    m = 0
    if rows == 0:
        return views, who, held, logged, m
    n = ro[0][R.C_PLAYERS]
    S.begin_deck(ro, sample[S.PS_DECK : S.PS_DECK + 52], sample[S.PS_GAME], replay, rows + 1)
    while replay[S.PS_LOG] < rows and replay[S.PS_ACTOR] >= 0:
        s = replay[S.PS_ACTOR]
        move = _logged_move(sample[S.PS_LOG + 4 * (replay[S.PS_LOG] + 1)])
        if s != seat and mpids[(s - replay[S.PS_ROT]) % n] != RANDOM_ID:
            views[m] = S._view(replay)
            who[m], logged[m] = s, move
            for j in range(7):
                held[m] += S._hands(replay)[s, j] >= 0
            m += 1
        S.apply(ro, replay, move)
    return views, who, held, logged, m


@njit(cache=True)
def agrees(ro, pos, s, mpids, mparams, user, moments, view):
    """Whether seat ``s``'s model, holding its cards of ``pos``, makes its logged moves at its decisions in
    ``moments`` (:func:`moments`; ``view`` scratch): exactly :func:`_consistent` with ``check=s`` (tested),
    without replaying the hand."""
    views, who, held, logged, m = moments
    p = (s - pos[S.PS_ROT]) % ro[0][R.C_PLAYERS]
    hands = S._hands(pos)
    state = np.uint64(0)  # a replay's policy streams start at 0 (state.begin_deck)
    for d in range(m):
        if who[d] != s:
            continue
        view[:] = views[d]
        for j in range(7):
            view[R.V_OWN + j] = hands[s, j] if j < held[d] else -1
        a, state = E._ask(mpids[p], mparams[p], view, state, user)
        if E._repair(view, a, view[R.V_TO_CALL], view[R.V_CAN_RAISE]) != logged[d]:
            return False
    return True


FIT_STREAM = 1 << 41
"""The first draw index (of the decision's key) whose streams redraw the cards of :func:`fitted` samples."""


@njit(cache=True)
def _log_hidden(obs, pos):
    """Write the cards of ``pos``'s hands into the log rows of the deals ``obs`` has not seen."""
    rows = pos[S.PS_LOG] if pos[S.PS_LOG_ROWS] > 0 else 0
    hands = S._hands(pos)
    for i in range(1, rows + 1):
        o = 4 * i
        if obs[S.OB_LOG + o] == R.L_DEAL and obs[S.OB_LOG + o + 2] == S.HIDDEN:
            pos[S.PS_LOG + o + 2] = hands[pos[S.PS_LOG + o + 1], pos[S.PS_LOG + o + 3]]


@njit(cache=True)
def fitted(ro, obs, seat, key, draw, pos, mpids, mparams, moments, user, tries):
    """A sample whose field model plays as the log shows, drawn seat by seat: :func:`.state.determinize`'s
    draw, then for each other seat in turn its hidden cards drawn again (from the cards no seat fitted before
    holds) until its model, dealt them, takes its logged actions (:func:`agrees` over ``moments``), at most
    ``tries`` draws (the last kept).
    A seat's play depends only on its own cards and what all see, so the seats agree one by one exactly when
    they agree at once; each draw costs that seat's policy asked at its recorded decisions, no replay.
    Returns False, with the plain draw in ``pos``, where the deck was reshuffled (not fitted)."""
    S.determinize(ro, obs, seat, key, draw, pos)
    if pos[S.PS_FLAGS] >> 1:
        return False
    n = ro[0][R.C_PLAYERS]
    rows = pos[S.PS_LOG] if pos[S.PS_LOG_ROWS] > 0 else 0
    if rows == 0:
        return True
    hands, deck = S._hands(pos), S._deck(pos)
    dealt = 0
    for s in range(n):
        for j in range(7):
            dealt += hands[s, j] >= 0
    tail = dealt + (pos[S.PS_COMMUNITY] >= 0)
    hidden = obs[S.OB_HANDS : S.OB_HANDS + 7 * S.MP].reshape((S.MP, 7)) == S.HIDDEN
    free = np.zeros(52, np.int64)  # where the cards a seat may take sit: 7 * seat + slot, or 100 + deck index
    fixed = np.zeros(n, np.bool_)
    view = np.zeros(R.VIEW_LEN, np.int64)
    state = game_state(key, FIT_STREAM + draw)
    for s in range(n):
        if s == seat or mpids[(s - pos[S.PS_ROT]) % n] == RANDOM_ID or not hidden[s].any():
            continue
        for t in range(tries):
            if agrees(ro, pos, s, mpids, mparams, user, moments, view) or t == tries - 1:
                break
            m = 0
            for o in range(n):  # the seats fitted before keep their cards
                for j in range(7):
                    if hidden[o, j] and o != s and not fixed[o]:
                        free[m] = 7 * o + j
                        m += 1
            for i in range(tail, 52):
                free[m] = 100 + i
                m += 1
            for j in range(7):
                if hidden[s, j]:
                    state, k = below(state, m)
                    w = free[k]
                    if w >= 100:
                        c = deck[w - 100]
                        deck[w - 100] = hands[s, j]
                    else:
                        c = hands[w // 7, w % 7]
                        hands[w // 7, w % 7] = hands[s, j]
                    hands[s, j] = c
            S._dealt_order(n, hands, deck, 52, 6)
            _log_hidden(obs, pos)
        fixed[s] = True
    return True


FUTURES_STREAM = 1 << 40
"""The draw index (of the decision's key) whose stream deals the further futures of every sample."""


@njit(cache=True)
def new_future(pos, state, swap):
    """Deal the cards still to come of position ``pos`` anew (the undealt deck shuffled from ``state``; a deck
    reshuffled at 7th street is left as it is); returns the new state."""
    if pos[S.PS_FLAGS] >> 1:
        return state
    top = pos[S.PS_TOP]
    tail = pos[S.PS_DECK + top : S.PS_DECK + 52]
    if tail.shape[0] > 1:
        state = deal_from(state, tail, tail.shape[0], swap)
    return state


@njit(cache=True)
def decide(ro, obs, seat, row, mpids, mparams, key):
    """The move of the most chips for ``seat`` from its observation ``obs`` alone (see the module doc)."""
    return decide_with(ro, obs, seat, row, mpids, mparams, key, P.no_user_policy)


@njit(cache=True)
def decide_with(ro, obs, seat, row, mpids, mparams, key, user):
    """:func:`decide` with a plugin's policy function ``user`` for the plugin's seats of the field model."""
    ctx = (row, mpids, mparams)
    moves, wins, pays, kept = sample_values(ro, obs, seat, ctx, user, key, budget(row)[0], row[P.SEARCH_RACE])
    if moves.shape[0] == 1:
        return moves[0]
    return moves[best(wins, pays, kept)]


# The search's hooks (razzmatazz.core.search.searcher); ctx = (row, mpids, mparams). A sample's values are the
# chips each move ends the hand with (wins stay 0: Razz's objective is the chips).
POS_LEN = S.POS_LEN


@njit(cache=True, inline="always")
def first(ro, obs, seat, ctx, user, key, base):
    S.determinize(ro, obs, seat, key, 0, base)


@njit(cache=True, inline="always")
def moves(ro, base, seat, ctx):
    out = np.zeros(S.MAX_MOVES, np.int64)
    return out[: S.legal(ro, base, out)]


@njit(cache=True, inline="always")
def scratch(ro, obs, seat, ctx, user, key, base):
    """(work, replay, moments: what the modelled seats were shown, the same in every sample, futures' state,
    swap)."""
    work = np.zeros(S.POS_LEN, np.int64)
    replay = np.zeros(S.POS_LEN, np.int64)
    mom = moments(ro, base, seat, ctx[1], replay)
    fstate = np.full(1, game_state(key, FUTURES_STREAM), np.uint64)
    return work, replay, mom, fstate, np.empty(52, np.int64)


@njit(cache=True, inline="always")
def draws(ctx, samples):
    return MAX_TRIES * samples + samples


@njit(cache=True, inline="always")
def redraw(ro, obs, seat, ctx, user, key, i, base, scratch, samples, kept):
    row, mpids, mparams = ctx
    fit = np.int64(row[P.SEARCH_FIT])
    fits = fit > 0 and fitted(ro, obs, seat, key, i, base, mpids, mparams, scratch[2], user, fit)
    if fit == 0 and i > 0:
        S.determinize(ro, obs, seat, key, i, base)
    if not fits and i < MAX_TRIES * samples and not _consistent(ro, base, seat, mpids, mparams, scratch[1], user, -1):
        return SKIP  # the field would not have played these cards so: draw again
    if i >= MAX_TRIES * samples and kept > 0:
        return STOP  # enough tries: the samples kept decide
    return KEEP


@njit(cache=True, inline="always")
def evaluate(ro, base, seat, ctx, user, moves, scratch, win, pay):
    row, mpids, mparams = ctx
    work, fstate, swap = scratch[0], scratch[3], scratch[4]
    for f in range(max(np.int64(1), np.int64(row[P.SEARCH_FUTURES]))):
        if f > 0:
            fstate[0] = new_future(base, fstate[0], swap)
        for c in range(moves.shape[0]):
            if moves[c] == R.FOLD:  # a fold's result is known: the chips the seat has put in are lost
                pay[c] -= S._ws(base)[E.W_PUT, seat]
            else:
                work[: S.PS_LOG] = base[: S.PS_LOG]
                work[S.PS_LOG_ROWS] = 0  # the rollouts keep no log
                S.apply(ro, work, moves[c])
                S.playout_plain_with(ro, work, mpids, mparams, user)
                pay[c] += work[S.PS_RES + 5 * seat + E.H_NET]


sample_values = searcher(sys.modules[__name__])


@njit(cache=True)
def searched(ro, pos, pids, params, user):
    """:func:`.state.step`'s search seats: a ``search`` actor's move (:func:`choose_with`, not played), (True,
    move); any other actor is left to the state, (False, 0)."""
    s = pos[S.PS_ACTOR]
    if pids[(s - pos[S.PS_ROT]) % ro[0][R.C_PLAYERS]] != P.SEARCH_ID:
        return False, np.int64(0)
    return True, np.int64(choose_with(ro, pos, s, pids, params, user))


@njit(cache=True)
def choose(ro, pos, seat, pids, params):
    """The search player's move in ``seat`` of position ``pos``, its policy stream advanced in ``pos``."""
    return choose_with(ro, pos, seat, pids, params, P.no_user_policy)


@njit(cache=True)
def choose_with(ro, pos, seat, pids, params, user):
    """:func:`choose` at a table where a plugin's policies (function ``user``) sit."""
    n = ro[0][R.C_PLAYERS]
    p = (seat - pos[S.PS_ROT]) % n
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation(ro, pos, seat, obs)
    state, key = next_u64(np.uint64(pos[S.PS_PSTATE + seat]))
    pos[S.PS_PSTATE + seat] = np.int64(state)
    mpids, mparams = model(pids, params)
    return decide_with(ro, obs, seat, params[p], mpids, mparams, key, user)


VALUES_STREAM = 1 << 42
"""The draw index (of the key a decision's :func:`choose` would draw) whose state keys :func:`move_values`."""


@njit(cache=True)
def move_values(ro, pos, seat, pids, params, samples):
    """What each legal move of ``seat`` in ``pos`` is worth to the search player there, from its observation
    alone: ``samples`` samples (no race), keyed from the key :func:`choose` would draw next, on a stream of its
    own (the samples are not those the choice is made on; ``pos`` is left as it is). Returns (moves, chips per
    sample and move); no rows where only one move is legal."""
    n = ro[0][R.C_PLAYERS]
    p = (seat - pos[S.PS_ROT]) % n
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation(ro, pos, seat, obs)
    key = game_state(next_u64(np.uint64(pos[S.PS_PSTATE + seat]))[1], VALUES_STREAM)
    mpids, mparams = model(pids, params)
    ctx = (params[p], mpids, mparams)
    moves, wins, pays, kept = sample_values(ro, obs, seat, ctx, P.no_user_policy, key, samples, 0.0)
    return moves.copy(), pays[:kept].copy()


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired):
    """The kernel's integer sums (:func:`.engine.play_games`) for items ``start..stop-1``, every hand played
    through the positions, so that ``search`` seats can search."""
    args = (cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate)
    return play_games_with(*args, start, stop, nopair, paired, P.no_user_policy)


@njit(cache=True, nogil=True)
def play_games_with(
    cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, nopair, paired, user
):
    """:func:`play_games` at a table where a plugin's policies (function ``user``) sit beside ``search``."""
    n = cfg[R.C_PLAYERS]
    o_seat, o_glob, o_cross, _, o_streets, size = E.count_offsets(n)
    out = np.zeros(size, np.int64)
    ro = (cfg, deal_key, policy_keys, nopair, paired)
    pos = np.zeros(S.POS_LEN, np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    for item in range(start, stop):
        first, last = games_of(item, n, duplicate)
        for g in range(first, last):
            S.begin(ro, item, g, pos, R.LOG_ROWS)  # the log: what the search seats have seen
            while pos[S.PS_ACTOR] >= 0:
                S.step(ro, pos, lineup_pids, lineup_params, user)
            res = pos[S.PS_RES : S.PS_RES + 5 * S.MP].reshape((S.MP, 5))
            E.tally_hand(out, o_seat, o_glob, o_streets, g, n, res, pos[S.PS_FLAGS], S._ws(pos), block, block_win)
        out[o_glob + E.G_BLOCKS] += 1
        close_block(out, n, o_cross, block, block_win)
    return out


@njit(cache=True)
def trace_game(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired):
    """Hand ``g`` through the positions with its log: (log rows, per-seat results, G6 flags), as
    :func:`.engine.trace_game` gives them."""
    args = (cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate)
    return trace_game_with(*args, g, nopair, paired, P.no_user_policy)


@njit(cache=True)
def trace_game_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, nopair, paired, user):
    """:func:`trace_game` at a table where a plugin's policies (function ``user``) sit beside ``search``."""
    n = cfg[R.C_PLAYERS]
    ro = (cfg, deal_key, policy_keys, nopair, paired)
    pos = np.zeros(S.POS_LEN, np.int64)
    S.begin(ro, deal_of(g, n, duplicate), g, pos, R.LOG_ROWS)
    while pos[S.PS_ACTOR] >= 0:
        S.step(ro, pos, lineup_pids, lineup_params, user)
    k = pos[S.PS_LOG]
    log = pos[S.PS_LOG + 4 : S.PS_LOG + 4 * (k + 1)].reshape((k, 4)).copy()
    res = pos[S.PS_RES : S.PS_RES + 5 * n].reshape((n, 5)).copy()
    return log, res, pos[S.PS_FLAGS]
