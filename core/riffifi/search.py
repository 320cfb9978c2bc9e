"""Riffifi's search player (policy ``search``, :data:`.policies.SEARCH`): determinized rollouts.

At each of its decisions the kernel (:func:`play_game`) or the decision-point interface (:func:`.state.step`)
asks :func:`hook`, which builds the seat's observation (:func:`.state.observation`: its hand and plays,
everything face up, chips and points, the hands it held earlier in this round of passed hands and what earlier
deals showed of each hand, when the others set cards aside unseen) and hands it to :func:`decide` with the
public game parameters (the settings row, the lineup's ids and rows in seat order, the user's function) and
nothing hidden. :func:`decide`:

1. draws a key from the seat's own policy stream (the only randomness of the decision);
2. draws ``samples`` positions from the observation (:func:`.state.determinize`, stream ``(key, i)``);
3. plays every candidate on from each, against the model of the field: the lineup's policies in the other
   seats, in its own seat (and any other ``search`` seat) its ``rollout`` policy at its defaults; every
   candidate of a sample from the same position and streams (common random numbers); ``depth`` 0 plays to
   the end of the game, ``depth`` k to the end of the current deal and k - 1 more, where the points held
   decide (with ``lead``, the leader wins, ties shared);
4. keeps the candidate with the best mean win, then mean points over the opponents'
   (:func:`razzmatazz.core.search.best`).

Candidates: at a card, every card in hand, the Officer once per target it may hit (none, or any colour
with a face-up card; the Officer candidate that wins plays the Officer, whose target is then searched
again as a decision of its own, so that the kernel and the interface ask the same questions); at the
Officer's target every target; at an odd chip every tied seat. The objective follows the game: the win
(:data:`.engine.WIN` shared), then the seat's points times (N - 1) minus the others' points; with the ticks
variant, ticks count before points (as :func:`.engine._ticks_cap_win` ranks them).

The loop over samples is :func:`razzmatazz.core.search.searcher`'s, the same in every game; this module
supplies its hooks (``first``, ``redraw``: the draws; ``moves``: the candidates; ``evaluate``: each
candidate's rollout on a sample).

Rollouts play through :func:`.engine.decide_and_apply` with the model lineup (no
``search`` seat in it): a rollout never searches.
"""

from __future__ import annotations

import sys

import numpy as np

from razzmatazz.core import search as SH
from razzmatazz.core.bound import either
from razzmatazz.core.jit import njit
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi import state as S
from razzmatazz.core.rng import next_u64

OFFICER_CODE = 64
"""Candidate code of the Officer played on target t: ``OFFICER_CODE + 1 + t`` (t = -1 for no target)."""
MAX_CANDIDATES = S.MAX_MOVES + R.N_COLOURS + 1
TICK_WEIGHT = 100000
"""A tick's weight over a point in the ticks variant's ranking (as the engine's cap ranks them)."""


@njit(cache=True, _nrt=True)
def model(pids, params):
    """The lineup the rollouts play: every ``search`` player replaced by its rollout policy and row."""
    return SH.field_model(pids, params, P.SEARCH_ID, P.SEARCH_ROLLOUT, P.SEARCH_MODEL)


@njit(cache=True)
def candidates(ro, pos, out):
    """The actor's candidates (see the module doc) into ``out``; returns how many."""
    if pos[R.V_KIND] != R.K_PLAY:
        return S.legal(ro, pos, out)
    hand = pos[R.ST_HAND + pos[R.V_SEAT]]
    n = S._bits(hand & ~R.bit(R.OFFICER), out, 0)
    if (hand >> np.int64(R.OFFICER)) & 1:
        out[n] = OFFICER_CODE + 1 + R.NO_TARGET
        n += 1
        for c in range(R.N_COLOURS):
            if pos[R.ST_UP_OWNER + c] >= 0:
                out[n] = OFFICER_CODE + 1 + c
                n += 1
    return n


@njit(cache=True, _nrt=False)
def apply_candidate(cfg, pos, code, row, view, log, user):
    """The actor plays candidate ``code`` in ``pos``: an Officer candidate plays the Officer and its target
    (``row``, ``view``, ``user``: see :func:`.engine.play_move`)."""
    if pos[R.V_KIND] == R.K_PLAY and code >= OFFICER_CODE:
        E.play_move(cfg, pos, R.OFFICER, row, view, log, pos, E.PS_TABLE, E.PS_GLOB, user)
        code = code - OFFICER_CODE - 1
    E.play_move(cfg, pos, code, row, view, log, pos, E.PS_TABLE, E.PS_GLOB, user)


@njit(cache=True, _nrt=False)
def rank(cfg, pos, s):
    """Seat ``s``'s standing: its points, and in the ticks variant its ticks first."""
    x = pos[R.ST_SCORE + s]
    if cfg[R.C_SCORING] == 1:
        x += TICK_WEIGHT * R.popcount(pos[R.ST_TICKS + s])
    return x


@njit(cache=True, _nrt=False)
def leaf(cfg, pos, seat, lead):
    """(win count, standing over the others) of ``seat`` where a rollout stops: the win once the game is over,
    else 0, or with ``lead`` a win for the leader (:data:`.engine.WIN` shared among those tied); the standing is
    :func:`rank` times (N - 1) minus the others' ranks."""
    n = cfg[R.C_PLAYERS]
    mine = rank(cfg, pos, seat)
    top, tied, others = mine, 0, 0
    for o in range(n):
        x = rank(cfg, pos, o)
        if o != seat:
            others += x
        top = max(top, x)
    for o in range(n):
        tied += rank(cfg, pos, o) == top
    pay = (n - 1) * mine - others
    if pos[E.PS_PHASE] == E.PH_OVER:
        return E.results(pos)[seat, E.H_WIN], pay
    if lead and mine == top:
        return E.WIN // tied, pay
    return 0, pay


@njit(cache=True, _nrt=False)
def orbit_leaf(cfg, pos, seat):
    """(win count, standing over the others) of ``seat`` where an ``orbit`` rollout stops: the win once the game
    is over, else 0; the standing counts the chips held now beside the points of the earlier deals."""
    if pos[E.PS_PHASE] == E.PH_OVER:
        return leaf(cfg, pos, seat, False)
    n = cfg[R.C_PLAYERS]
    others = 0
    for o in range(n):
        if o != seat:
            others += rank(cfg, pos, o) + R.deal_points(pos, o)
    return 0, (n - 1) * (rank(cfg, pos, seat) + R.deal_points(pos, seat)) - others


@njit(cache=True, _nrt=False)
def rollout(cfg, pos, seat, stop_deal, lead, orbit, mpids, mparams, view, log, user):
    """Play ``pos`` on with the model lineup (seat order) until the game is over or deal ``stop_deal`` begins
    (-1: to the end), with ``orbit`` until ``seat`` is asked for its next card; returns :func:`leaf` (with
    ``orbit``, :func:`orbit_leaf`)."""
    while pos[R.V_KIND] >= 0 and (stop_deal < 0 or pos[R.ST_DEAL] < stop_deal):
        s = pos[R.V_SEAT]
        if orbit and s == seat and pos[R.V_KIND] == R.K_PLAY:
            break
        E.decide_and_apply(cfg, pos, mpids[s], mparams[s], view, log, pos, E.PS_TABLE, E.PS_GLOB, user)
    if orbit:
        return orbit_leaf(cfg, pos, seat)
    return leaf(cfg, pos, seat, lead)


@njit(cache=True, _nrt=True)
def decide(obs, cfg, seat, pids, params, user):
    """The search player's move for ``seat`` from its observation ``obs`` alone (see the module doc), and its
    policy stream's new state. ``cfg``, ``pids``, ``params`` and ``user`` are the game's public parameters: the
    settings row and the lineup in seat order (rows of :func:`.policies.kernel_row`)."""
    samples, depth = SH.budget(params[seat])
    lead = params[seat, P.SEARCH_LEAD] != 0
    orbit = params[seat, P.SEARCH_ORBIT] != 0
    state, key = next_u64(np.uint64(obs[S.OB_POLICY]))
    mpids, mparams = model(pids, params)
    stop_deal = obs[R.ST_DEAL] + depth if depth > 0 else -1
    if orbit:
        stop_deal = obs[R.ST_DEAL] + 1
    ctx = (cfg, stop_deal, lead, orbit, mpids, mparams)
    moves, wins, pays, kept = sample_values((cfg,), obs, seat, ctx, user, key, samples, 0.0)
    if moves.shape[0] == 1:
        return _move(moves[0]), state
    return _move(moves[SH.best(wins, pays, kept)]), state


# The search's hooks (razzmatazz.core.search.searcher); ctx = (cfg, stop_deal, lead, orbit, mpids, mparams).
POS_LEN = S.POS_LEN


@njit(cache=True, inline="always")
def first(ro, obs, seat, ctx, user, key, base):
    S.determinize(ro, obs, seat, key, 0, base)


@njit(cache=True, inline="always")
def moves(ro, base, seat, ctx):
    out = np.zeros(MAX_CANDIDATES, np.int64)
    return out[: candidates(ro, base, out)]


@njit(cache=True, inline="always")
def scratch(ro, obs, seat, ctx, user, key, base):
    return np.zeros(S.POS_LEN, np.int64), np.zeros(R.VIEW_LEN, np.int64), np.zeros((1, 5), np.int64)


@njit(cache=True, inline="always")
def draws(ctx, samples):
    return samples


@njit(cache=True, inline="always")
def redraw(ro, obs, seat, ctx, user, key, i, base, scratch, samples, kept):
    if i > 0:
        S.determinize(ro, obs, seat, key, i, base)
    return SH.KEEP


@njit(cache=True, inline="always")
def evaluate(ro, base, seat, ctx, user, moves, scratch, win, pay):
    cfg, stop_deal, lead, orbit, mpids, mparams = ctx
    work, view, log = scratch
    for c in range(moves.shape[0]):
        work[:] = base
        apply_candidate(cfg, work, moves[c], mparams[0], view, log, user)
        win[c], pay[c] = rollout(cfg, work, seat, stop_deal, lead, orbit, mpids, mparams, view, log, user)


sample_values = SH.searcher(sys.modules[__name__], inline="always")


@njit(cache=True, inline="always")
def _move(code):
    """The move of a candidate: an Officer candidate plays the Officer (its target is asked next)."""
    return np.int64(R.OFFICER) if code >= OFFICER_CODE else code


@njit(cache=True, _nrt=True)
def hook(cfg, pos, s, pids, params, user):
    """Seat ``s``'s move (the actor of ``pos``) from its observation (:func:`decide`), its policy stream's state
    updated in ``pos``; ``pids``/``params`` in seat order."""
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation((cfg,), pos, s, obs)
    move, state = decide(obs, cfg, s, pids, params, user)
    pos[E.PS_POLICY + s] = np.int64(state)
    return move


@njit(cache=True, _nrt=True)
def play_game(cfg, pos, pids, params, view, log, out, o_pos, o_table, o_glob, user):
    """:func:`.engine.play_game` with the ``search`` seats deciding by :func:`hook`."""
    while pos[R.V_KIND] >= 0:
        s = pos[R.V_SEAT]
        if pids[s] == P.SEARCH_ID:
            move = hook(cfg, pos, s, pids, params, user)
            E.play_move(cfg, pos, move, params[s], view, log, out, o_table, o_glob, user)
        else:
            E.decide_and_apply(cfg, pos, pids[s], params[s], view, log, out, o_table, o_glob, user)
    E.count_game(cfg, pos, out, o_pos, o_glob)


@njit(cache=True, _nrt=True)
def _choose(cfg, pos, pids, params, user):
    n = cfg[R.C_PLAYERS]
    spids = np.zeros(n, np.int64)
    sparams = np.zeros((n, params.shape[1]), np.float64)
    E.seat_policies(pos[E.PS_GAME], n, pids, params, spids, sparams)
    return hook(cfg, pos, pos[R.V_SEAT], spids, sparams, user)


@njit(cache=True, _nrt=True)
def choose(cfg, pos, pids, params):
    """The move the search player in the actor's seat of position ``pos`` makes (not played; its stream
    advanced in ``pos``; ``pids``/``params`` in player order) with the built-in policies as the field, for
    tests and notebooks."""
    return _choose(cfg, pos, pids, params, P.no_user_policy)


@njit(cache=True, _nrt=True)
def step(cfg, pos, pids, params, user):
    """:func:`.state.step`'s search seats (``pids``/``params`` in player order): a ``search`` actor's move searched
    and played, (True, move); any other actor is left to the state, (False, 0)."""
    if pids[(pos[R.V_SEAT] - pos[E.PS_GAME]) % cfg[R.C_PLAYERS]] != P.SEARCH_ID:
        return False, np.int64(0)
    view, log = np.zeros(R.VIEW_LEN, np.int64), np.zeros((1, 5), np.int64)
    move = _choose(cfg, pos, pids, params, user)
    return True, np.int64(E.play_move(cfg, pos, move, params[0], view, log, pos, E.PS_TABLE, E.PS_GLOB, user))


# The kernels below name the game-playing function (and, without a user's policy, the user function) as
# attributes of their modules: compiling the search player takes minutes, and numba caches a kernel across
# processes only if it hands on no function it was given as an argument or names as a bare global (both
# are lowered as an address of this process); a module's attribute is a constant. With a user's policy
# the function is an argument, compiled again in each process.
_SEARCH = sys.modules[__name__]


@njit(cache=True, nogil=True)
def _play_builtin(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    return E._play_games_by(
        cfg,
        deal_key,
        policy_keys,
        lineup_pids,
        lineup_params,
        duplicate,
        start,
        stop,
        P.no_user_policy,
        _SEARCH.play_game,
    )


@njit(nogil=True)
def _play_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    return E._play_games_by(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, _SEARCH.play_game
    )


def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user=None):
    """:func:`.engine.play_games` for a lineup with ``search`` seats (``user``: the users' policy function,
    None or :func:`.policies.no_user_policy` if none), the games played by :func:`play_game`."""
    kernel = either(_play_builtin, _play_with, user, P.no_user_policy)
    return kernel(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop)


@njit(cache=True)
def _trace_builtin(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    return E._trace_by(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, P.no_user_policy, _SEARCH.play_game
    )


@njit
def _trace_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    return E._trace_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, _SEARCH.play_game)


def trace_game(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user=None):
    """:func:`.engine.trace_game` for a lineup with ``search`` seats: (log rows, per-seat results), game ``g``
    played as :func:`play_games` plays it."""
    kernel = either(_trace_builtin, _trace_with, user, P.no_user_policy)
    return kernel(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g)
