"""The fixed-limit Razz kernel (razzmatazz.core.razz.engine) against the plain-Python reference, hand by hand.

The reference (``tests/reference/razz_game.py``) plays rules G1-G10 of ``seeds/razz.md`` from
the text, with the same random streams and the same built-in policies, so every hand must
come out identical: the counts of ``GameJob.run_chunk`` over ranges of hands, and each hand's
log rows, per-seat results and G6 flags from ``GameJob.trace``. The cases cover all seven
policies with varied parameters, 2 to 8 players, varied stakes and caps, deep and finite
stacks (all-ins), both bring-in tie rules, both short-deck rules, uncapped heads-up betting
and duplicate deals; :func:`test_cases_reach_the_rare_rules` checks that the rare situations
really occur. A user policy whose moves hash the whole view checks every view field.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import numpy as np
import pytest
from numba import njit

from razzmatazz.core.policy import Policy, PolicySpec
from razzmatazz.core.razz import engine
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.policies import REGISTRY, USER_ID
from razzmatazz.core.rng import mix64
from tests.reference.razz_game import (
    board_order,
    bring_in_of,
    hand_of_run,
    reference_play_deck,
    reference_play_games,
    reference_trace,
    share_pots,
)

KIND = {
    R.L_ANTE: "ante",
    R.L_DEAL: "deal",
    R.L_STREET: "street",
    R.L_BRING_IN: "bring-in",
    R.L_FOLD: "fold",
    R.L_CHECK: "check",
    R.L_CALL: "call",
    R.L_RAISE: "raise",
    R.L_RESHUFFLE: "reshuffle",
    R.L_SHOW: "show",
    R.L_WIN: "win",
}


def lineup(*texts: str) -> tuple[Policy, ...]:
    return tuple(REGISTRY.parse(t) for t in texts)


# name: (settings, lineup, seed, duplicate, items)
CASES = {
    "six policies, defaults, deep": (
        R.Settings(players=6),
        lineup("station", "random", "rock", "tag", "steal", "reader"),
        1,
        False,
        300,
    ),
    "seven policies, varied parameters and stakes": (
        R.Settings(players=7, ante=1, bring_in=3, small_bet=6, big_bet=12, cap=3),
        lineup(
            "station",
            "random:fold=0.1,raise=0.4",
            "rock:max_card=10,river_card=11",
            "tag:max_card=9,river_card=10",
            "steal:door=8,against=9,behind=3,max_card=10",
            "reader:target=9,odds=0.5",
            "script:m1=2,m2=1,m3=2,m4=0",
        ),
        2,
        False,
        250,
    ),
    "heads-up uncapped, stack 62": (
        R.Settings(players=2, stack=62, uncapped_heads_up=True, cap=2),
        lineup("random:fold=0.05,raise=0.7", "tag:max_card=13,river_card=13"),
        3,
        False,
        300,
    ),
    "heads-up capped, deep, no ante": (
        R.Settings(players=2, ante=0, cap=4),
        lineup("reader:target=10,odds=0.3", "steal:door=13,against=1"),
        4,
        False,
        300,
    ),
    "three aggressive players, stack 62": (
        R.Settings(players=3, stack=62),
        lineup("random:fold=0.1,raise=0.6", "random:fold=0,raise=0.9", "station"),
        5,
        False,
        300,
    ),
    "five players, stack 152, bring-in tie by suit": (
        R.Settings(players=5, stack=152, bring_in_tie="suit"),
        lineup("tag", "random:fold=0.15,raise=0.35", "reader", "steal", "rock:max_card=9,river_card=10"),
        6,
        False,
        300,
    ),
    "eight players reach 7th street, community card": (
        R.Settings(players=8),
        lineup(*["station"] * 5, "random:fold=0.02,raise=0.2", "station", "random:fold=0"),
        7,
        False,
        120,
    ),
    "eight players, reshuffle": (
        R.Settings(players=8, exhausted="reshuffle", bring_in_tie="suit"),
        lineup(
            "station",
            "random:fold=0.05,raise=0.2",
            "station",
            "random:fold=0.1",
            "station",
            "station",
            "random:fold=0.05,raise=0.1",
            "reader:target=13,odds=0",
        ),
        8,
        False,
        120,
    ),
    "eight players, reshuffle, stack 61": (
        R.Settings(players=8, exhausted="reshuffle", stack=61, ante=1, bring_in=2, small_bet=4, big_bet=8),
        lineup(*["station", "random:fold=0.05,raise=0.3"] * 4),
        9,
        False,
        100,
    ),
    "duplicate deals, four players, stack 152": (
        R.Settings(players=4, stack=152, cap=3),
        lineup("tag", "random", "reader:target=8,odds=1.5", "script:m1=2,m2=2,m3=2,m4=2"),
        10,
        True,
        60,
    ),
    "duplicate deals, heads-up uncapped, stack 152": (
        R.Settings(players=2, stack=152, uncapped_heads_up=True),
        lineup("random:fold=0.02,raise=0.8", "script:m1=2,m2=2,m3=2,m4=2,m5=2,m6=2,m7=2,m8=2,m9=2,m10=2"),
        11,
        True,
        100,
    ),
    "smallest stack: the bring-in is all-in": (
        R.Settings(players=4, ante=2, bring_in=5, stack=7, bring_in_tie="suit"),
        lineup("station", "random:raise=0.5", "tag", "rock"),
        12,
        False,
        200,
    ),
    "short stacks, odd stakes, big bet = small bet": (
        R.Settings(players=6, ante=3, bring_in=7, small_bet=10, big_bet=10, cap=3, stack=33),
        lineup(
            "random:fold=0.3,raise=0.3",
            "tag:max_card=13,river_card=13",
            "random:fold=0.5,raise=0.1",
            "rock",
            "script:m1=2,m2=2,m3=0",
            "steal:behind=7",
        ),
        13,
        False,
        250,
    ),
    "cap 1, seven players, stack 42": (
        R.Settings(players=7, cap=1, stack=42),
        lineup(*["random:fold=0.1,raise=0.5"] * 4, "tag", "reader", "station"),
        14,
        False,
        200,
    ),
    "unequal stacks: all-ins for less and side pots": (
        R.Settings(players=5, stacks=(23, 61, 120, 7, 300)),
        lineup("random:fold=0.05,raise=0.6", "station", "random:fold=0,raise=0.8", "station", "tag"),
        15,
        False,
        300,
    ),
    "unequal stacks, duplicate deals, reshuffle": (
        R.Settings(players=8, stacks=(40, 45, 52, 70, 90, 111, 150, 400), exhausted="reshuffle"),
        lineup(*["random:fold=0.02,raise=0.5"] * 4, *["station"] * 4),
        16,
        True,
        40,
    ),
}


def job_of(name: str) -> engine.GameJob:
    settings, players, seed, duplicate, items = CASES[name]
    return engine.GameJob(settings, players, seed, items, duplicate)


def describe_difference(got: np.ndarray, expect: np.ndarray) -> str:
    for i in range(max(len(got), len(expect))):
        a = got[i].tolist() if i < len(got) else None
        b = expect[i].tolist() if i < len(expect) else None
        if a != b:
            return (
                f"first different log row {i}: kernel {a} ({KIND.get(a[0]) if a else '-'}), "
                f"reference {b} ({KIND.get(b[0]) if b else '-'})"
            )
    return "same log"


def assert_same_hand(got, expect, where) -> None:
    (log_k, res_k, flags_k), (log_r, res_r, flags_r) = got, expect
    assert np.array_equal(log_k, log_r), f"{where}: {describe_difference(log_k, log_r)}"
    assert np.array_equal(res_k, res_r), f"{where}: results\n{res_k}\n{res_r}"
    assert flags_k == flags_r, where


# ---------------------------------------------------------------------------------------------
# kernel == reference, trial by trial
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(CASES))
def test_counts_equal_reference(name):
    job = job_of(name)
    expect = reference_play_games(job, 0, job.n_items)
    got = job.run_chunk(0, job.n_items)
    if not np.array_equal(got, expect):  # name the first hand that differs
        for g in range(job.hands):
            assert_same_hand(job.trace(g), reference_trace(job, g), f"{name}, hand {g}")
    assert np.array_equal(got, expect)


@pytest.mark.parametrize("name", list(CASES))
def test_traces_equal_reference(name):
    job = job_of(name)
    for g in range(job.hands):
        assert_same_hand(job.trace(g), reference_trace(job, g), f"{name}, hand {g}")


def test_chunks_add_up():
    job = job_of("duplicate deals, four players, stack 152")
    parts = [reference_play_games(job, a, b) for a, b in ((0, 7), (7, 30), (30, 60))]
    whole = job.run_chunk(0, 60)
    assert np.array_equal(sum(parts), whole)
    glob = engine.view(whole, 4)["global"]
    assert glob[engine.G_BLOCKS] == 60 and glob[engine.G_HANDS] == 240


@cache
def features(name: str) -> Counter:
    """How often each rare situation occurs in the reference's hands of case ``name``."""
    job = job_of(name)
    n = job.settings.players
    seen: Counter = Counter()
    for g in range(job.hands):
        hand = hand_of_run(job, g)
        flags = hand.play()
        log = hand.log_array().tolist()
        seen["hands"] += 1
        seen["community card"] += flags & 1
        seen["reshuffle"] += flags >> 1
        seen["all-in"] += any(st == R.ALL_IN for st in hand.status)
        seen["all-in call"] += any(k == R.L_CALL and b == 1 for k, _, _, b in log)
        doors = [hand.cards[s][2] for s in range(n)]
        top = max(d // 4 for d in doors)
        if sum(d // 4 == top for d in doors) > 1:
            seen["bring-in tie, suit" if job.settings.bring_in_tie == "suit" else "bring-in tie, seat"] += 1
        raises, street, bring_in = 0, 0, -1
        put, bet = [0] * n, [0] * n
        for i, (kind, seat, a, _) in enumerate(log):
            if kind == R.L_STREET:
                raises, street, bet = 0, seat, [0] * n
                if street == 3:
                    bring_in = a
                    if log[i + 1][0] == R.L_RAISE:
                        seen["bring-in completes"] += 1
                elif job.settings.stack and put[a] == job.settings.stack:
                    seen["the opener is all-in"] += 1
            elif kind in (R.L_ANTE, R.L_CALL, R.L_BRING_IN):
                put[seat] += a
                bet[seat] += a if kind != R.L_ANTE else 0
            elif kind == R.L_RAISE:
                put[seat] += a - bet[seat]
                bet[seat] = a
                raises += 1
                if raises > job.settings.cap:
                    seen["raises beyond the cap"] += 1
            elif kind == R.L_FOLD and street == 3 and seat == bring_in:
                seen["bring-in folds later"] += 1
        shows = [a for k, _, a, _ in log if k == R.L_SHOW]
        if shows and shows.count(min(shows)) > 1:
            seen["split pot"] += 1
        if not shows:
            seen["won without showdown"] += 1
        if any(k == R.L_STREET and s == 7 for k, s, _, _ in log):
            seen["7th street"] += 1
    return seen


def test_cases_reach_the_rare_rules():
    total: Counter = Counter()
    for name in CASES:
        total += features(name)
    for what in (
        "community card",
        "reshuffle",
        "all-in",
        "all-in call",
        "bring-in tie, suit",
        "bring-in tie, seat",
        "bring-in completes",
        "raises beyond the cap",
        "bring-in folds later",
        "split pot",
        "won without showdown",
        "7th street",
        "the opener is all-in",
    ):
        assert total[what] > 0, (what, total)
    assert features("eight players reach 7th street, community card")["community card"] >= 10
    assert features("eight players, reshuffle")["reshuffle"] >= 10
    assert features("heads-up uncapped, stack 62")["raises beyond the cap"] >= 10
    assert (
        features("smallest stack: the bring-in is all-in")["all-in"]
        == features("smallest stack: the bring-in is all-in")["hands"]
    )


# ---------------------------------------------------------------------------------------------
# play_deck: a given deck
# ---------------------------------------------------------------------------------------------


def test_play_deck_equals_reference_on_random_decks():
    rng = random.Random(20250101)
    texts = [
        "station",
        "random",
        "random:fold=0.05,raise=0.6",
        "rock",
        "tag:max_card=10",
        "steal",
        "reader",
        "script:m1=2,m2=0",
        "script:m1=2,m2=2,m3=2,m4=2",
    ]
    for i in range(150):
        n = rng.randint(2, 8)
        stack = rng.choice([0, 0, 7, 32, 62, 152])
        settings = R.Settings(
            players=n,
            stack=stack,
            uncapped_heads_up=bool(stack) and rng.random() < 0.5,
            bring_in_tie=rng.choice(["seat", "suit"]),
            cap=rng.choice([2, 3, 4]),
            exhausted=rng.choice(["community", "reshuffle"]),
        )
        seats = lineup(*[rng.choice(texts) for _ in range(n)])
        deck = rng.sample(range(52), rng.choice([3 * n, 40, 52]))
        seed = rng.randrange(1000)
        got = engine.play_deck(settings, seats, deck, seed)
        assert_same_hand(
            got,
            reference_play_deck(settings, seats, deck, seed),
            f"deck {i}: {settings}, {[p.text for p in seats]}, {deck}, seed {seed}",
        )


def card(text: str) -> int:
    return "A23456789TJQK".index(text[0]) * 4 + "cdhs".index(text[1])


@pytest.mark.parametrize("tie, seat", [("seat", 0), ("suit", 2)])
def test_bring_in_tie(tie, seat):
    # doors Kh, 5c, Ks, Kd: seat rule -> seat 0 (nearest the dealer's left), suit rule -> Ks (seat 2)
    doors = [card(c) for c in ("Kh", "5c", "Ks", "Kd")]
    assert bring_in_of(doors, tie == "suit") == seat
    deck = [card(c) for c in ("Ac", "2c", "3c", "4c", "Ad", "2d", "3d", "4d")] + doors
    settings = R.Settings(players=4, bring_in_tie=tie)
    seats = lineup("station", "station", "station", "station")
    got = engine.play_deck(settings, seats, deck)
    assert [r for r in got[0].tolist() if r[0] == R.L_STREET][0] == [R.L_STREET, 3, seat, 0]
    assert_same_hand(got, reference_play_deck(settings, seats, deck), tie)


def test_board_order_follows_g5():
    def key(text):
        return board_order([card(text[i : i + 2]) for i in range(0, len(text), 2)])

    better_first = [
        ("Ac2d", "Ac3d"),
        ("8c6d", "8d7c"),
        ("KcQd", "2c2d"),
        ("2c2dKs", "3c3dAs"),
        ("3c3dAs", "3h3sKs"),
        ("3c3d2c2d", "AcAdKcKd"),
        ("KcKdKhQs", "2c2d2h2s"),
        ("Ac5c7c9c", "Ac6c7c9c"),
        ("AcAd3c5c", "AcAd3c6c"),
    ]
    for a, b in better_first:
        assert key(a) < key(b), (a, b)
    assert key("2c5d") == key("5s2h")


def test_share_pots_by_hand():
    # layered all-in levels: seat 0 best for the main pot, seat 1 best of the rest
    assert share_pots([10, 30, 30], [True, True, True], [0, 5, 9]) == [30, 40, 0]
    # chips nobody matched go back
    assert share_pots([10, 30], [True, True], [0, 5]) == [20, 20]
    # a folded seat's chips are dead money in the one pot: two tied winners share 70 equally
    assert share_pots([22, 22, 7, 7, 12], [True, True, False, False, False], [0, 0, 0, 0, 0]) == [35, 35, 0, 0, 0]
    # three tied winners: the two chips that do not divide both go to the first from the dealer's left
    assert share_pots([10, 10, 10, 2], [True, True, True, False], [4, 4, 4, 0]) == [12, 10, 10, 0]
    # a tie in the side pot only
    assert share_pots([5, 20, 20], [True, True, True], [0, 3, 3]) == [15, 15, 15]
    # a folded seat above every level still in gets its excess back
    assert share_pots([5, 20], [True, False], [0, 0]) == [10, 15]


def pokerkit_two_tied_winners() -> list[int]:
    """PokerKit's net chips for the line of :func:`test_tied_winners_split_an_even_pot_evenly`."""
    import warnings

    from pokerkit import Automation, FixedLimitRazz

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.CARD_BURNING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    warnings.filterwarnings("ignore", "A card being dealt", UserWarning)  # its burns draw from its own deck
    state = FixedLimitRazz.create_state(automations, True, 2, 5, 10, 20, 1000, 5)
    for cards in ("Ac2c3c", "Ad2d3d", "6h7hKs", "6s7sQs", "8h8sJs"):
        state.deal_hole(cards)
    state.post_bring_in()  # seat 2
    state.check_or_call()  # seat 3
    state.complete_bet_or_raise_to(10)  # seat 4
    state.check_or_call()
    state.check_or_call()  # seats 0, 1
    state.fold()
    state.fold()  # seats 2, 3
    for cards in ("4c", "4d", "Jh"):
        state.deal_hole(cards)
    state.complete_bet_or_raise_to(10)  # seat 0 bets
    state.check_or_call()
    state.fold()
    for street in (("5c", "5d"), ("9c", "9d"), ("Tc", "Td")):
        for cards in street:
            state.deal_hole(cards)
        state.check_or_call()
        state.check_or_call()
    return [s - 1000 for s in state.stacks]


def test_tied_winners_split_an_even_pot_evenly():
    """G7/G8: two players with the same wheel and the same 22 chips in share a 70-chip pot 35/35.

    Seat 2 (Ks door) brings in for 5 and seat 3 calls, seat 4 completes, seats 0 and 1 call,
    seats 2 and 3 fold; on 4th street seat 0 bets, seat 1 calls, seat 4 folds; both check
    down with A-2-3-4-5. Dead money 7 + 7 + 12, 22 each from the winners: one pot of 70.
    """
    seats = lineup("script:m2=2", "station", "script:m1=1,m2=0", "script:m1=1,m2=0", "script:m1=2,m2=0,m3=0")
    deck = [
        card(c)
        for c in (
            "Ac",
            "Ad",
            "6h",
            "6s",
            "8h",
            "2c",
            "2d",
            "7h",
            "7s",
            "8s",
            "3c",
            "3d",
            "Ks",
            "Qs",
            "Js",
            "4c",
            "4d",
            "Jh",
            "5c",
            "5d",
            "9c",
            "9d",
            "Tc",
            "Td",
        )
    ]
    settings = R.Settings(players=5)
    expect = reference_play_deck(settings, seats, deck)
    assert expect[1][:, 0].tolist() == [13, 13, -7, -7, -12] == pokerkit_two_tied_winners()
    assert_same_hand(engine.play_deck(settings, seats, deck), expect, "two tied winners, dead money 7, 7, 12")


def test_three_tied_winners_leave_the_odd_chips_to_the_dealers_left():
    """G7: 23 chips among three equal wheels: 7 each, the 2 left over both to seat 0 (as PokerKit).

    Seat 3 folds to seat 0's bring-in; seats 1 and 2 call; all check down.
    """
    seats = lineup("station", "station", "station", "script:m1=0")
    deck = [
        card(c)
        for c in (
            "Ac",
            "Ad",
            "Ah",
            "Ks",
            "2c",
            "2d",
            "2h",
            "Qs",
            "5c",
            "5d",
            "5h",
            "4s",
            "3c",
            "3d",
            "3h",
            "4c",
            "4d",
            "4h",
            "9c",
            "9d",
            "9h",
            "Tc",
            "Td",
            "Th",
        )
    ]
    settings = R.Settings(players=4)
    expect = reference_play_deck(settings, seats, deck)
    assert [r[1:3] for r in expect[0].tolist() if r[0] == R.L_WIN] == [[0, 9], [1, 7], [2, 7]]
    assert_same_hand(engine.play_deck(settings, seats, deck), expect, "three tied winners")


# ---------------------------------------------------------------------------------------------
# every view field: a user policy whose moves hash the whole view
# ---------------------------------------------------------------------------------------------

_MASK48 = np.int64((1 << 48) - 1)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_S61 = np.uint64(61)


@njit
def view_hash_policy(pid, row, view, state):
    """Fold 1/8, raise 3/8, call 1/2 of the time, chosen by a hash of every view field and the state."""
    h = state
    for i in range(view.shape[0]):
        h = mix64(h ^ (np.uint64(view[i] & _MASK48) + _GAMMA))
    x = np.int64(h >> _S61)
    if x == 0:
        return R.FOLD, h
    if x < 4:
        return R.RAISE, h
    return R.CALL, h


VIEW_HASH = Policy(PolicySpec("viewhash", USER_ID, (), "moves from a hash of the whole view"), np.zeros(0))


@pytest.mark.slow
def test_every_view_field_equals_reference():
    """Any view field that differs changes the hashed moves, so the counts differ (compiles the user kernel)."""
    cases = [
        (
            R.Settings(players=6, stack=152, bring_in_tie="suit"),
            (VIEW_HASH, *lineup("station", "random"), VIEW_HASH, *lineup("script:m1=2", "reader")),
            False,
            200,
        ),
        (R.Settings(players=8, exhausted="reshuffle"), (VIEW_HASH, *lineup(*["station"] * 7)), False, 100),
        (R.Settings(players=8), (*lineup(*["station"] * 6), VIEW_HASH, VIEW_HASH), False, 100),
        (R.Settings(players=2, stack=62, uncapped_heads_up=True), (VIEW_HASH, VIEW_HASH), True, 100),
        (R.Settings(players=3), (VIEW_HASH, *lineup("tag", "steal")), False, 200),
    ]
    for i, (settings, players, duplicate, items) in enumerate(cases):
        job = engine.GameJob(settings, players, 100 + i, items, duplicate, user=view_hash_policy)
        got = job.run_chunk(0, items)
        expect = reference_play_games(job, 0, items)
        if not np.array_equal(got, expect):
            for g in range(job.hands):
                assert_same_hand(job.trace(g), reference_trace(job, g), f"view case {i}, hand {g}")
        assert np.array_equal(got, expect), i
