"""The engine asks the built-in policies with its live state, not with the seat's filtered view.

A user's policy gets the seat's view (``rules.fill_view``, ``engine._decision_view``); a built-in
policy (ids below ``USER_ID``) is asked with the engine's workspace itself: the whole state, hidden
parts included (the other hands, the cards still face down, the others' winnings with closed money),
the decision fields the engine wrote for this question, and whatever earlier questions left in the
other decision fields. That is only fair if every built-in policy gives exactly the answer it gives on
the filtered view: checked here on real mid-game states (``test_hidden.real_states``) for every kind of
decision, with random leftovers in the decision fields the question does not set.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import REGISTRY, decide
from tests.razzia.test_hidden import real_states

POLICIES = [
    "random",
    "random:accept=0.9,no_offer=0.7",
    "greedy",
    "greedy:police_weight=1.5,value_weight=0.6",
    "greedy:haggle=1",
    "greedy:haggle=2,margin=2",
    "crowd",
    "crowd:avoid=0",
    "crowd:avoid=3,margin=0.5",
    "bigpot",
    "bigpot:threshold=2",
    "hunter",
    "hunter:min_prob=0.1",
    "hunter:min_prob=0.9,margin=1.5",
]
SETTINGS = ["3p-closed", "6p-closed-offer-duel", "8p-spielbox"]
HAGGLE_FIELDS = np.arange(R.V_BAR, R.VIEW_LEN)
"""The fields of an offer or answer, the division the proposer writes included."""


@pytest.fixture(scope="module")
def states():
    return [x for name in SETTINGS for x in real_states(name, games=2)]


def live(st: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The engine's workspace holding ``st``: decision fields, scratch and the rest full of leftovers."""
    w = rng.integers(-50, 200, E.W_COUNTS, dtype=np.int64)
    w[: R.ST_LEN] = st
    return w


def ask_both(pid: int, row: np.ndarray, view: np.ndarray, w: np.ndarray, seed: int):
    """``decide`` on the filtered view and on the live state (each on its own copy)."""
    view, w = view.copy(), w.copy()
    a, sa = decide(pid, row, view, np.uint64(seed))
    b, sb = decide(pid, row, w, np.uint64(seed))
    return (int(a), int(sa), view), (int(b), int(sb), w)


def policies():
    for text in POLICIES:
        pol = REGISTRY.parse(text)
        yield text, pol.spec.id, np.array(pol.row, np.float64)


def test_built_in_policies_choose_the_same_card_and_bar_on_the_live_state(states):
    rng = np.random.default_rng(11)
    checked = 0
    for settings, cfg, _, stage, chooser, st, _ in states:
        n = settings.players
        seats = [chooser] if stage == "choose" else range(n)
        for s, (text, pid, row) in itertools.product(seats, policies()):
            for kind in (R.K_PLAY, R.K_FREE):
                view = np.full(R.VIEW_LEN, 777, np.int64)
                R.fill_view(cfg, st, s, kind, view)
                w = live(st, rng)
                w[R.V_KIND], w[R.V_SEAT] = kind, s
                if kind == R.K_FREE:
                    view[R.V_VALUE] = w[R.V_VALUE] = int(rng.integers(1, 11))
                seed = int(rng.integers(1, 2**62))
                (a, sa, _), (b, sb, _) = ask_both(pid, row, view, w, seed)
                assert (a, sa) == (b, sb), (text, kind, s)
                c, sc = P.play_or_place(pid, kind, row[0], row[1], w, np.uint64(seed))
                assert (int(c), int(sc)) == (a, sa), (text, kind, s)
                checked += 1
    assert checked > 2000


def test_built_in_policies_place_a_spielbox_round_the_same_on_the_live_state(states):
    rng = np.random.default_rng(12)
    checked = 0
    for settings, cfg, _, _, _, st, _ in states:
        k = settings.n_bars + 1
        for s, (text, pid, row) in itertools.product(range(settings.players), policies()):
            view = np.full(R.VIEW_LEN, 777, np.int64)
            R.fill_view(cfg, st, s, R.K_ALL, view)
            w = live(st, rng)
            w[R.V_KIND], w[R.V_SEAT] = R.K_ALL, s
            drawn = rng.choice(st[R.ST_DENOM : R.ST_DENOM + st[R.ST_NDENOM]], k)
            view[R.V_NDRAWN] = w[R.V_NDRAWN] = k
            view[R.V_DRAWN : R.V_DRAWN + k] = w[R.V_DRAWN : R.V_DRAWN + k] = drawn
            (a, sa, _), (b, sb, _) = ask_both(pid, row, view, w, int(rng.integers(1, 2**62)))
            assert (a, sa) == (b, sb), (text, s)
            checked += 1
    assert checked > 500


def random_division(st: np.ndarray, bar: int, contest: int, rng: np.random.Generator) -> np.ndarray:
    """Every money card of ``bar`` to a random contestant."""
    div = np.zeros(E.NSD, np.int64)
    seats = [o for o in range(R.MAX_PLAYERS) if contest >> o & 1]
    for d in range(st[R.ST_NDENOM]):
        for _ in range(st[R.ST_MONEY + bar * R.MAX_DENOMS + d]):
            div[int(rng.choice(seats)) * R.MAX_DENOMS + d] += 1
    return div


def test_built_in_policies_offer_and_answer_the_same_on_the_live_state(states):
    rng = np.random.default_rng(13)
    offers = answers = 0
    for settings, cfg, _, stage, _, st, _ in states:
        if stage != "revealed":
            continue
        n = settings.players
        for bar in {int(c) >> 4 for c in st[R.ST_TABLE : R.ST_TABLE + n] if c >= 0}:
            value = np.zeros(R.MAX_PLAYERS, np.int64)
            contest = 0
            for o in range(n):
                c = int(st[R.ST_TABLE + o])
                if c >= 0 and c >> 4 == bar:
                    value[o], contest = c & 7, contest | 1 << o
            if bin(contest).count("1") < 2 or st[R.ST_BAR_UNITS + bar] == 0:
                continue
            proposer = int(np.argmax(value))
            for (text, pid, row), s in itertools.product(policies(), range(n)):
                if not contest >> s & 1:
                    continue
                kind = R.K_OFFER if s == proposer else R.K_ANSWER
                view = np.full(R.VIEW_LEN, 777, np.int64)
                E._decision_view(cfg, st, s, kind, bar, proposer, contest, value, view)
                w = live(st, rng)
                w[R.V_KIND], w[R.V_SEAT] = kind, s
                w[R.V_BAR], w[R.V_PROPOSER], w[R.V_CONTEST] = bar, proposer, contest
                w[R.V_CARDVAL : R.V_CARDVAL + R.MAX_PLAYERS] = value
                if kind == R.K_OFFER:
                    w[R.V_OFFER : R.VIEW_LEN] = 0
                else:
                    view[R.V_OFFER : R.VIEW_LEN] = w[R.V_OFFER : R.VIEW_LEN] = random_division(st, bar, contest, rng)
                (a, sa, v), (b, sb, lw) = ask_both(pid, row, view, w, int(rng.integers(1, 2**62)))
                assert (a, sa) == (b, sb), (text, kind, s)
                assert np.array_equal(v[HAGGLE_FIELDS], lw[HAGGLE_FIELDS]), (text, kind, s)
                assert np.array_equal(lw[: R.ST_LEN], st), "a built-in policy never changes the state"
                if kind == R.K_OFFER and b != R.NO_OFFER:
                    assert E._division_ok(lw, bar, contest), (text, s)  # the engine trusts built-in divisions
                offers += kind == R.K_OFFER
                answers += kind == R.K_ANSWER
    assert offers > 100 and answers > 100


def test_the_workspace_lends_the_policies_their_scratch_space():
    assert E.W_PSCR == R.VIEW_LEN and E.W_VIEW >= R.VIEW_LEN + P.SCRATCH_LEN


@pytest.mark.parametrize("big", [False, True])
def test_smallest_formable_is_the_smallest_reachable_sum(big):
    """The knapsack against brute force, in the scratch space and beyond it (more than KNAPSACK units)."""
    rng = np.random.default_rng(14 + big)
    for _ in range(300):
        nd = int(rng.integers(1, 6))
        denoms = np.sort(rng.choice(np.arange(1, 400 if big else 12), nd, replace=False))
        counts = rng.integers(0, 4, nd)
        total = int(counts @ denoms)
        target = int(rng.integers(-2, total + 3))
        scr = np.zeros(P.SCRATCH_LEN, np.int64)
        scr[P.SCR_POOL : P.SCR_POOL + nd] = counts
        scr[P.SCR_DENOMS : P.SCR_DENOMS + nd] = denoms
        x = P._smallest_formable(scr, nd, target)
        take = scr[P.SCR_TAKE : P.SCR_TAKE + nd]
        sums = {int(np.dot(t, denoms)) for t in itertools.product(*(range(c + 1) for c in counts))}
        want = min((v for v in sums if v >= max(target, 0)), default=-1)
        assert x == want
        if x >= 0:
            assert (take <= counts).all() and int(take @ denoms) == x
        else:
            assert not take.any()


def test_the_bitset_knapsack_takes_the_same_cards_as_the_table():
    """Under 64 units the bitset knapsack answers: the same sum and the same cards as the table's, so
    every division (and every result) is as before."""
    rng = np.random.default_rng(64)
    checked = 0
    for _ in range(2000):
        nd = int(rng.integers(1, 9))
        denoms = np.sort(rng.choice(np.arange(1, 12), nd, replace=False))
        counts = rng.integers(0, 5, nd)
        total = int(counts @ denoms)
        if total >= P.BITSET_UNITS or total == 0:
            continue
        target = int(rng.integers(1, total + 1))
        answers = []
        for knapsack in (P._bit_knapsack, P._knapsack):
            scr = np.zeros(P.SCRATCH_LEN, np.int64)
            scr[P.SCR_POOL : P.SCR_POOL + nd] = counts
            scr[P.SCR_DENOMS : P.SCR_DENOMS + nd] = denoms
            answers.append((knapsack(scr, nd, target, total), scr[P.SCR_TAKE : P.SCR_TAKE + nd].tolist()))
        assert answers[0] == answers[1], (denoms, counts, target)
        checked += 1
    assert checked > 1000
