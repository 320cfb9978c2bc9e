"""The toy game's search player (policy ``search``, :data:`.policies.SEARCH`): determinized rollouts.

At its seat's one decision the kernel (:func:`play_game`) or the decision-point interface (:func:`.state.step`)
asks :func:`hook`, which builds the seat's observation (:func:`.state.observation`: its own card, every decision
so far, the discards shown, how many cards are gone from the deck, its own policy state) and hands it to
:func:`decide` with the public game parameters (the settings row, the lineup's ids and rows in seat order, the
user's function) and nothing hidden. :func:`decide`:

1. draws a key from the seat's own policy stream (the only randomness of the decision);
2. draws ``samples`` positions from the observation (:func:`.state.determinize`, stream ``(key, i)``): the
   others' cards, the discards not shown and the deck left dealt at random from the cards the seat has not seen,
   the others' policy states drawn;
3. plays both candidates, stand and draw, on from each to the showdown against the model of the field: the
   lineup's policies in the other seats (any other ``search`` seat played by its ``rollout`` policy at its
   defaults); both candidates of a sample from the same position and streams (common random numbers);
4. keeps the candidate with the more wins, then the more chips (:func:`razzmatazz.core.search.best`; stand
   when they are equal).

The game is one round, so ``depth`` changes nothing: every rollout plays to the showdown. The samples are not
filtered by the others' decisions (a seat that stood is as likely to hold a low card in a sample as one that
drew; Razz's ``fit`` is the pattern for such a filter).

The loop over samples is :func:`razzmatazz.core.search.searcher`'s, the same in every game; this module
supplies its hooks (``first``, ``redraw``: the draws; ``moves``: the candidates; ``evaluate``: each
candidate's rollout on a sample). Rollouts play through :func:`.flow.decide_and_apply` with the model lineup
(no ``search`` seat in it): a rollout never searches.
"""

from __future__ import annotations

import sys

import numpy as np

from razzmatazz.core import search as SH
from razzmatazz.core.bound import either
from razzmatazz.core.jit import njit
from razzmatazz.core.rng import next_u64
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import kernels as K
from razzmatazz.core.toy import policies as P
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy import state as S


@njit(cache=True)
def model(pids, params):
    """The lineup the rollouts play: every ``search`` player replaced by its rollout policy and row."""
    return SH.field_model(pids, params, P.SEARCH_ID, P.SEARCH_ROLLOUT, P.SEARCH_MODEL)


@njit(cache=True)
def rollout(cfg, pos, seat, mpids, mparams, view, log, user):
    """Play ``pos`` on to the showdown with the model lineup (seat order); ``seat``'s (win, chips)."""
    while pos[E.PS_ACTOR] >= 0:
        s = pos[E.PS_ACTOR]
        E.decide_and_apply(cfg, pos, mpids[s], mparams[s], view, log, user)
    res = E.results(pos)
    return res[seat, E.H_WIN], res[seat, E.H_PAYOFF]


@njit(cache=True)
def decide(obs, cfg, seat, pids, params, user):
    """The search player's move for ``seat`` from its observation ``obs`` alone (see the module doc), and its
    policy stream's new state. ``cfg``, ``pids``, ``params`` and ``user`` are the game's public parameters: the
    settings row and the lineup in seat order (rows of :func:`.policies.kernel_row`)."""
    samples, _ = SH.budget(params[seat])
    state, key = next_u64(np.uint64(obs[S.OB_POLICY]))
    mpids, mparams = model(pids, params)
    moves, wins, pays, kept = sample_values((cfg,), obs, seat, (cfg, mpids, mparams), user, key, samples, 0.0)
    return moves[SH.best(wins, pays, kept)], state


# The search's hooks (razzmatazz.core.search.searcher); ctx = (cfg, mpids, mparams).
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
    cfg, mpids, mparams = ctx
    work, view, log = scratch
    for c in range(moves.shape[0]):
        work[:] = base
        E.play_move(cfg, work, moves[c], mparams[seat], view, log, user)
        win[c], pay[c] = rollout(cfg, work, seat, mpids, mparams, view, log, user)


sample_values = SH.searcher(sys.modules[__name__], inline="always")


@njit(cache=True)
def hook(cfg, pos, s, pids, params, user):
    """Seat ``s``'s move (the actor of ``pos``) from its observation (:func:`decide`), its policy stream's state
    updated in ``pos``; ``pids``/``params`` in seat order."""
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation((cfg,), pos, s, obs)
    move, state = decide(obs, cfg, s, pids, params, user)
    pos[E.PS_POLICY + s] = np.int64(state)
    return move


@njit(cache=True)
def play_game(cfg, pos, pids, params, view, log, user):
    """:func:`.flow.play_game` with the ``search`` seats deciding by :func:`hook`."""
    while pos[E.PS_ACTOR] >= 0:
        s = pos[E.PS_ACTOR]
        if pids[s] == P.SEARCH_ID:
            E.play_move(cfg, pos, hook(cfg, pos, s, pids, params, user), params[s], view, log, user)
        else:
            E.decide_and_apply(cfg, pos, pids[s], params[s], view, log, user)


@njit(cache=True)
def _choose(cfg, pos, pids, params, user):
    n = cfg[R.C_PLAYERS]
    spids = np.zeros(n, np.int64)
    sparams = np.zeros((n, params.shape[1]), np.float64)
    E.seat_policies(pos[E.PS_GAME], n, pids, params, spids, sparams)
    return hook(cfg, pos, pos[E.PS_ACTOR], spids, sparams, user)


@njit(cache=True)
def choose(cfg, pos, pids, params):
    """The move the search player in the actor's seat of position ``pos`` makes (not played; its stream
    advanced in ``pos``; ``pids``/``params`` in player order) with the built-in policies as the field, for
    tests and notebooks."""
    return _choose(cfg, pos, pids, params, P.no_user_policy)


@njit(cache=True)
def step(cfg, pos, pids, params, user):
    """:func:`.state.step`'s search seats (``pids``/``params`` in player order): a ``search`` actor's move searched
    and played, (True, move); any other actor is left to the state, (False, 0)."""
    if pids[(pos[E.PS_ACTOR] - pos[E.PS_GAME]) % cfg[R.C_PLAYERS]] != P.SEARCH_ID:
        return False, np.int64(0)
    view, log = np.zeros(R.VIEW_LEN, np.int64), np.zeros((1, 5), np.int64)
    move = _choose(cfg, pos, pids, params, user)
    return True, np.int64(E.play_move(cfg, pos, move, params[0], view, log, user))


# The kernels below name the game-playing function (and, without a user's policy, the user function) as
# attributes of their modules: numba caches a kernel across processes only if it hands on no function it was
# given as an argument or names as a bare global (both are lowered as an address of this process); a module's
# attribute is a constant. With a user's policy the function is an argument, compiled again in each process.
_SEARCH = sys.modules[__name__]


@njit(cache=True, nogil=True)
def _play_builtin(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    return K._play_games_by(
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
    return K._play_games_by(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, _SEARCH.play_game
    )


def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user=None):
    """:func:`.kernels.play_games` for a lineup with ``search`` seats (``user``: the users' policy function,
    None or :func:`.policies.no_user_policy` if none), the games played by :func:`play_game`."""
    kernel = either(_play_builtin, _play_with, user, P.no_user_policy)
    return kernel(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop)


@njit(cache=True)
def _trace_builtin(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    return K._trace_by(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, P.no_user_policy, _SEARCH.play_game
    )


@njit
def _trace_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    return K._trace_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, _SEARCH.play_game)


def trace_game(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user=None):
    """:func:`.kernels.trace_game` for a lineup with ``search`` seats: (log rows, per-seat results), game ``g``
    played as :func:`play_games` plays it."""
    kernel = either(_trace_builtin, _trace_with, user, P.no_user_policy)
    return kernel(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g)
