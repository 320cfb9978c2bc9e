"""The hidden-information check of the Razz game, used by the conformance suite.

A *probe* policy moves by a hash of every number in its view, so any change anywhere in
what a seat is shown changes its moves. One seat plays the probe (or a built-in policy), the
others play fixed random scripts (their moves cannot depend on cards). The same hand is then
played again with the other seats' down cards permuted among themselves and the never-dealt
cards reshuffled: every action must be the same, because nothing the seat may see changed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from razzmatazz.analysis.razz.game import UserPolicies
from razzmatazz.core.policy import Policy, PolicySpec
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.policies import REGISTRY, SCRIPT, SCRIPT_MOVES, USER_ID

PROBE = PolicySpec("probe", USER_ID, (), "moves by a hash of its whole view")
_FNV = np.uint64(1099511628211)


@njit
def probe_decide(pid, row, view, state):
    """FNV-1a over the view: fold, call or raise as the hash says."""
    h = np.uint64(14695981039346656037)
    for i in range(view.shape[0]):
        h = (h ^ np.uint64(view[i] + 2)) * _FNV
    return np.int64(h % np.uint64(3)), state


PROBES = UserPolicies((PROBE,), probe_decide)
_ACTIONS = (R.L_STREET, R.L_BRING_IN, R.L_FOLD, R.L_CHECK, R.L_CALL, R.L_RAISE)


def _actions(log: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(row) for row in log.tolist() if row[0] in _ACTIONS]


def _hide_differently(deck: np.ndarray, seat: int, n: int, rng: np.random.Generator, own: bool) -> np.ndarray:
    """``deck`` with the other seats' 3rd-street down cards permuted and the never-dealt cards shuffled.

    ``own`` also moves the seat's own first down card (a change it can see: the negative control).
    """
    other = [pos for s in range(n) if s != seat or own for pos in ((s, n + s) if s != seat else (s,))]
    new = deck.copy()
    new[other] = deck[rng.permutation(other)]
    tail = np.arange(7 * n, 52)
    new[tail] = deck[rng.permutation(tail)]
    return new


def check_hidden_information(policy: Policy | None, seed: int, hands: int = 300, *, own: bool = False) -> int:
    """Play ``hands`` pairs of hands; return how many changed a card the seat could not see.

    Raises AssertionError naming the first hand whose actions changed. ``policy`` None is the probe.
    """
    rng = np.random.default_rng(seed)
    changed = 0
    for h in range(hands):
        n = int(rng.integers(2, 8))
        seat = int(rng.integers(n))
        settings = R.Settings(players=n, stack=int(rng.choice([0, 60, 150])))
        scripts = [Policy(SCRIPT, rng.integers(0, 3, SCRIPT_MOVES).astype(float)) for _ in range(n)]
        seats = list(scripts)
        seats[seat] = policy if policy is not None else Policy(PROBE, np.zeros(0))
        deck = rng.permutation(52)
        user = PROBES.decide if policy is None else None
        log_a, _, _ = E.play_deck(settings, seats, deck, seed=h, user=user)
        other = _hide_differently(deck, seat, n, rng, own)
        log_b, _, _ = E.play_deck(settings, seats, other, seed=h, user=user)
        changed += not np.array_equal(deck, other)
        assert _actions(log_a) == _actions(log_b), f"hand {h}: seat {seat} of {n} acted on hidden cards"
    return changed


def builtin_policies() -> list[Policy]:
    """Every built-in policy with its defaults (the script only reads its own parameters)."""
    return [Policy(spec, spec.defaults()) for spec in REGISTRY if spec.name != "script"]
