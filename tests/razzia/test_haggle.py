"""The exact haggle (H11, ``core/razzia/haggle.py``) against the brute-force solver
``tests/reference/razzia_haggle.py``."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from razzmatazz.core.razzia import haggle as H
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from tests.reference import razzia_haggle as B

DENOMS = (1, 2, 3, 4, 5, 6, 8, 10)  # the default money table in units of $5,000
DEFAULT_RULES = {
    "duel_tie": "caller",
    "one_declines": "remainder",
    "multi_duel": "knockout",
    "many_order": "value",
    "offer_duel": False,
}


def _view(n, croupier, values, money, rules, proposer):
    view = np.zeros(R.VIEW_LEN + P.SCRATCH_LEN, np.int64)
    view[R.ST_PLAYERS] = n
    view[R.ST_NDENOM] = len(DENOMS)
    view[R.ST_DENOM : R.ST_DENOM + len(DENOMS)] = DENOMS
    for units, count in money.items():
        view[R.ST_MONEY + DENOMS.index(units)] = count
    view[R.ST_BAR_UNITS] = sum(u * c for u, c in money.items())
    view[R.ST_CROUPIER] = croupier
    view[R.ST_DUEL_TIE] = R.CHOICES["duel_tie"].index(rules["duel_tie"])
    view[R.ST_ONE_DECLINES] = R.CHOICES["one_declines"].index(rules["one_declines"])
    view[R.ST_MULTI] = R.CHOICES["multi_duel"].index(rules["multi_duel"])
    view[R.ST_MANY] = R.CHOICES["many_order"].index(rules["many_order"])
    view[R.ST_OFFER_DUEL] = int(rules["offer_duel"])
    view[R.V_BAR] = 0
    view[R.V_PROPOSER] = proposer
    view[R.V_CONTEST] = sum(1 << s for s in values)
    for s, v in values.items():
        view[R.V_CARDVAL + s] = v
    return view


def kernel(n, croupier, values, money, rules, haggle=3):
    """The greedy policy's offer (``haggle``) through ``policies.decide``: (choice, worth)."""
    p = B.proposer(n, croupier, values)
    view = _view(n, croupier, values, money, rules, p)
    view[R.V_KIND] = R.K_OFFER
    view[R.V_SEAT] = p
    row = np.array(P.GREEDY.defaults(), np.float64)
    row[2] = haggle
    ans, _ = P.decide(1, row, view, np.uint64(1))
    exact_path = len(values) > 2 or rules["offer_duel"]  # else the rational offer (the same, cheaper)
    worth = H.offer_worth(view[R.VIEW_LEN + P.SCR_PARENT :]) if exact_path else None
    if ans == R.NO_OFFER:
        return "no_offer", worth
    shares = {
        s: int(sum(view[R.V_OFFER + s * R.MAX_DENOMS + d] * DENOMS[d] for d in range(len(DENOMS)))) for s in values
    }
    for d, units in enumerate(DENOMS):  # a division of exactly the bar's cards
        assert sum(view[R.V_OFFER + s * R.MAX_DENOMS + d] for s in values) == money.get(units, 0)
    return shares, worth


def test_the_issues_example_duelling_both_is_worth_more_than_the_rational_offer():
    """$50,000 (ten $5,000 cards), cards 6 against 4 and 3: keeping everything and letting both duel is
    worth (26/36)(30/36) x $50,000 = $30,092.59 (the issue's "$30,100") to the proposer; the rational
    offer keeps $20,000."""
    values = {0: 6, 1: 4, 2: 3}
    expect = Fraction(26, 36) * Fraction(30, 36) * 10
    for money in ({1: 10}, {10: 1}):
        p, shares, worth = B.solve(3, 2, values, money, DEFAULT_RULES)
        assert (p, shares, worth) == (0, {0: 10, 1: 0, 2: 0}, expect)
        got, kworth = kernel(3, 2, values, money, DEFAULT_RULES)
        assert got == shares and kworth == pytest.approx(float(expect), abs=1e-12)
    assert round(float(expect) * R.UNIT, 2) == 30092.59
    old, _ = kernel(3, 2, values, {1: 10}, DEFAULT_RULES, haggle=0)
    assert old == {0: 4, 1: 4, 2: 2}
    rational, _ = B.worth(3, 2, values, 0, [1, 2], {1: 4, 2: 2}, 10, DEFAULT_RULES)
    assert rational == 4 < expect


def _random_bar(rng: random.Random):
    n = rng.randint(2, 8)
    k = rng.choice([2, 2, 3, 3, 3, 4, 4, 5]) if n >= 5 else rng.randint(2, n)
    seats = rng.sample(range(n), k)
    equal = rng.random() < 0.3  # the full deck: equal values at a bar
    values = {s: rng.randint(1, 6) if not equal else rng.choice([3, 4, rng.randint(1, 6)]) for s in seats}
    cards = rng.randint(1, 6 if k <= 3 else 4)
    money: dict[int, int] = {}
    for _ in range(cards):
        u = rng.choice(DENOMS)
        money[u] = money.get(u, 0) + 1
    rules = {
        "duel_tie": rng.choice(["caller", "caller", "reroll"]),
        "one_declines": rng.choice(["remainder", "remainder", "own_share"]),
        "multi_duel": rng.choice(["knockout", "knockout", "rolloff"]),
        "many_order": rng.choice(["value", "seat"]),
        "offer_duel": rng.random() < 0.25,
    }
    return n, rng.randrange(n), values, money, rules


def test_the_kernel_solves_thousands_of_random_bars_as_the_brute_force_does():
    rng = random.Random(25)
    kinds = {"declined": 0, "knockout": 0, "no_offer": 0}
    for _ in range(3000):
        n, croupier, values, money, rules = _random_bar(rng)
        p, want, worth = B.solve(n, croupier, values, money, rules)
        got, kworth = kernel(n, croupier, values, money, rules)
        case = (n, croupier, values, money, rules)
        assert got == want, case
        assert kworth is None or kworth == pytest.approx(float(worth), abs=1e-9), case
        if want == "no_offer":
            kinds["no_offer"] += 1
            continue
        resp = [s for s in values if s != p]
        exact, decl = B.worth(n, croupier, values, p, resp, {o: got[o] for o in resp}, sum(got.values()), rules)
        assert exact == worth, case  # the kernel's division is worth exactly the optimum
        kinds["declined"] += bool(decl)
        kinds["knockout"] += len(decl) >= 2
    assert min(kinds.values()) >= 30, kinds  # every kind of solution is exercised


def test_responders_accept_exactly_when_the_offer_is_worth_their_duel():
    """Two contestants, 6 (proposer) against 4: P(the 4 wins) = 10/36; at 18 units its duel is worth 5."""
    values = {0: 6, 1: 4}
    for offer, answer in ((5, R.ACCEPT), (4, R.DUEL), (6, R.ACCEPT)):
        view = _view(2, 1, values, {1: 18}, DEFAULT_RULES, 0)
        view[R.V_OFFER + 1 * R.MAX_DENOMS] = offer
        view[R.V_OFFER] = 18 - offer
        view[R.V_KIND] = R.K_ANSWER
        view[R.V_SEAT] = 1
        row = np.array(P.GREEDY.defaults(), np.float64)
        assert P.decide(1, row, view, np.uint64(1))[0] == answer
        assert B.accepts(offer, B.beats(4, 6, 1), 18) == (answer == R.ACCEPT)


def test_random_divisions_are_answered_as_the_brute_force_answers():
    rng = random.Random(7)
    for _ in range(2000):
        n, croupier, values, money, rules = _random_bar(rng)
        p = B.proposer(n, croupier, values)
        view = _view(n, croupier, values, money, rules, p)
        shares = dict.fromkeys(values, 0)
        for d, units in enumerate(DENOMS):
            for _ in range(money.get(units, 0)):
                s = rng.choice(list(values))
                view[R.V_OFFER + s * R.MAX_DENOMS + d] += 1
                shares[s] += units
        total = sum(shares.values())
        own = rules["one_declines"] == "own_share" and len(values) >= 3
        for s in values:
            if s == p:
                continue
            view[R.V_KIND] = R.K_ANSWER
            view[R.V_SEAT] = s
            q = B.beats(values[s], values[p], 1 if rules["duel_tie"] == "caller" else 0)
            stake = total if len(values) == 2 else (shares[s] if own else shares[s] + shares[p])
            want = R.ACCEPT if B.accepts(shares[s], q, stake) else R.DUEL
            assert P.decide(1, np.array(P.GREEDY.defaults(), np.float64), view, np.uint64(1))[0] == want


def test_the_bound_exactly_at_max_divisions_solved_above_it_the_rational_offer():
    """Two contestants (``offer_duel``, so the enumeration runs): (3 + 1)^7 x 2 = 32,768 = MAX_DIVISIONS
    divisions are enumerated; one card more is beyond the bound and gets the rational offer."""
    values = {0: 5, 1: 3}
    rules = dict(DEFAULT_RULES, offer_duel=True)
    money = {u: 3 for u in DENOMS[:7]}
    money[10] = 1
    assert np.prod([c + 1 for c in money.values()]) == H.MAX_DIVISIONS
    p, want, worth = B.solve(2, 1, values, money, rules)
    got, kworth = kernel(2, 1, values, money, rules)
    assert got == want and kworth == pytest.approx(float(worth), abs=1e-9)
    money[10] = 2
    view = _view(2, 1, values, money, rules, 0)
    assert H.exact_offer(view, view[R.VIEW_LEN + P.SCR_PARENT :]) == -2  # beyond the bound: nothing solved
    assert kernel(2, 1, values, money, rules)[0] == kernel(2, 1, values, money, rules, haggle=0)[0]


def test_exact_is_the_default_of_every_built_in_policy_and_rational_keeps_its_value():
    for spec in (P.GREEDY, P.CROWD, P.BIGPOT, P.HUNTER):
        haggle = next(p for p in spec.params if p.name == "haggle")
        assert haggle.default == 3 and (haggle.lo, haggle.hi) == (0, 3)


def test_the_one_duel_table_counts_every_throw_for_any_card_values():
    """haggle.throw_counts (behind the haggle and policies.duel_chance) against the 36 throws, values -3 to 10."""
    for vx in range(-3, 11):
        for vy in range(-3, 11):
            win = sum(dx + vx > dy + vy for dx in range(1, 7) for dy in range(1, 7))
            tie = sum(dx + vx == dy + vy for dx in range(1, 7) for dy in range(1, 7))
            assert tuple(H.throw_counts(vx, vy)) == (win, tie), (vx, vy)
            assert P.duel_chance(vx, vy, True) == (win + tie) / 36.0
            assert P.duel_chance(vx, vy, False) == win / (36.0 - tie)
