"""How often each Razz betting round reaches the cap (issue 27: "the share of streets capped").

The count vector's ``streets`` block holds, per street 3 to 7, the betting rounds played (at least one
decision asked) and those capped (the completions, bets and raises made reached the cap); the
definitions are in the module doc of ``core/razz/engine.py``. Checked here: scripted lines that cap a
round and lines that do not, a station-only table that never caps, a street nobody can bet on, and the
kernel, the decision-point steps, the search module's path and the plain-Python reference giving the
same counts, which also equal the counts read back from each hand's log.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.razz import game as A
from razzmatazz.core.positions import Position
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import search as SR
from razzmatazz.core.razz import state as S
from razzmatazz.core.razz.ranking import tables
from tests.reference.razz_game import reference_play_games

RAISER = "script:" + ",".join(f"m{i}=2" for i in range(1, 25))
"""Bets, raises or completes at every decision."""
DECISIONS = (R.L_BRING_IN, R.L_FOLD, R.L_CHECK, R.L_CALL, R.L_RAISE)
"""Log rows of a decision: each decision writes exactly one of them."""


def job(texts, players=2, hands=40, seed=3, duplicate=False, **switches) -> E.GameJob:
    settings = R.Settings(players=players, **switches)
    return E.GameJob(settings, tuple(A.lineup(list(texts), players)), seed, hands, duplicate)


def streets(counts: np.ndarray, n: int) -> list[list[int]]:
    return E.view(counts, n)["streets"].tolist()


def streets_from_logs(j: E.GameJob) -> list[list[int]]:
    """The ``streets`` block read back from every hand's log: a street has a round when a decision row
    follows its street row, and is capped when its completions, bets and raises number ``cap`` or more."""
    out = [[0, 0] for _ in range(5)]
    for g in range(j.hands):
        log, _, _ = j.trace(g)
        decisions, raises, street = {}, {}, 0
        for kind, s, _, _ in log.tolist():
            if kind == R.L_STREET:
                street = s
            elif kind in DECISIONS:
                decisions[street] = decisions.get(street, 0) + 1
                raises[street] = raises.get(street, 0) + (kind == R.L_RAISE)
        for t in range(3, 8):
            out[t - 3][E.ST_ROUNDS] += decisions.get(t, 0) > 0
            out[t - 3][E.ST_CAPPED] += raises.get(t, 0) >= j.settings.cap
    return out


def stepped(j: E.GameJob) -> np.ndarray:
    """The counts of ``j`` summed hand by hand through the decision-point interface."""
    total = None
    for g in range(j.hands):
        p = Position.begin(S, j, g)
        while not p.over():
            p.step()
        total = p.tally(total)
    return total


# --- scripted lines ------------------------------------------------------------------------------


def test_four_bets_on_third_street_cap_it_and_checks_later_do_not():
    """Heads-up, cap 4: the bring-in completes, the other raises, both raise again: 3rd street capped; then
    both check (their scripts call) on 4th to 7th street: rounds, not capped."""
    j = job(["script:m1=2,m2=2", "script:m1=2,m2=2"], hands=20)
    got = streets(j.run_chunk(0, 20), 2)
    assert got == [[20, 20], [20, 0], [20, 0], [20, 0], [20, 0]]
    log, _, _ = j.trace(0)
    third = [k for k, *_ in log.tolist() if k in DECISIONS][:5]
    assert third == [R.L_RAISE, R.L_RAISE, R.L_RAISE, R.L_RAISE, R.L_CALL]  # complete, raise x3, call
    # the same line under a cap of 5: four bets do not reach it
    j5 = job(["script:m1=2,m2=2", "script:m1=2,m2=2"], hands=20, cap=5)
    assert streets(j5.run_chunk(0, 20), 2) == [[20, 0], [20, 0], [20, 0], [20, 0], [20, 0]]


def test_a_completion_called_is_a_round_but_not_capped():
    j = job(["script:m1=2", "station"], hands=30)
    assert streets(j.run_chunk(0, 30), 2) == [[30, 0]] * 5


def test_raisers_cap_every_round():
    for cap in (1, 2, 4):
        j = job([RAISER, RAISER, RAISER], players=3, hands=15, cap=cap)
        assert streets(j.run_chunk(0, 15), 3) == [[15, 15]] * 5, cap


def test_uncapped_heads_up_counts_the_rounds_that_reach_the_cap():
    """Heads-up with the cap lifted the raisers go on to all-in on 3rd street (200 chips behind the antes:
    raises of 10 to 200): that round counts as capped (cap or more bets were made); nobody can bet on the
    streets after it, so they have no round."""
    j = job([RAISER, RAISER], hands=10, stack=202, uncapped_heads_up=True, cap=2)
    counts = j.run_chunk(0, 10)
    assert streets(counts, 2) == [[10, 10]] + [[0, 0]] * 4
    log, _, _ = j.trace(0)
    assert sum(k == R.L_RAISE for k, *_ in log.tolist()) > 2  # beyond the cap


def test_a_station_only_table_never_caps():
    j = job(["station"] * 6, players=6, hands=200)
    got = streets(j.run_chunk(0, 200), 6)
    assert got == [[200, 0]] * 5  # nobody folds (deep stacks): every street has its round, none capped


def test_a_street_nobody_can_bet_on_has_no_round():
    """Stacks of 7 (ante 2, bring-in 5): the bring-in and its caller are all-in on 3rd street; the hand is
    dealt out to 7th street without a decision, so only 3rd street has a round."""
    j = job(["station", RAISER], hands=25, stack=7)
    assert streets(j.run_chunk(0, 25), 2) == [[25, 0]] + [[0, 0]] * 4
    assert streets_from_logs(j) == [[25, 0]] + [[0, 0]] * 4


# --- every path gives the same counts ------------------------------------------------------------

CASES = {
    "six, the field": (["tag", "rock", "station", "steal", "reader", "random"], 6, {}, False, 120),
    "three raisers and randoms, cap 3": ([RAISER, "random:fold=0.1,raise=0.6", "random"], 3, {"cap": 3}, False, 120),
    "heads-up uncapped, stack 120": (
        ["random:fold=0.05,raise=0.7", "script:m1=2,m2=2,m3=2"],
        2,
        {"stack": 120, "uncapped_heads_up": True, "cap": 2},
        False,
        120,
    ),
    "unequal stacks, duplicate deals": (
        ["random:fold=0.05,raise=0.6", "station", "tag", RAISER],
        4,
        {"stacks": (23, 61, 120, 300)},
        True,
        30,
    ),
    "eight, reshuffle, cap 1": (
        ["station", "random:fold=0.05,raise=0.4"] * 4,
        8,
        {"exhausted": "reshuffle", "cap": 1},
        False,
        40,
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_kernel_positions_search_path_and_reference_agree(name):
    texts, players, switches, duplicate, items = CASES[name]
    j = job(texts, players, items, seed=11, duplicate=duplicate, **switches)
    kernel = j.run_chunk(0, items)
    assert np.array_equal(SR.play_games(*j.kernel_args(), 0, items, *tables()), kernel)
    assert np.array_equal(reference_play_games(j, 0, items), kernel)
    if not duplicate:
        assert np.array_equal(stepped(j), kernel)
    got = streets(kernel, players)
    assert got == streets_from_logs(j)
    assert got[0][E.ST_ROUNDS] == j.hands  # every hand has a 3rd-street round
    assert all(a[E.ST_ROUNDS] >= b[E.ST_ROUNDS] for a, b in zip(got, got[1:]))  # a round needs the one before
    assert all(0 <= r[E.ST_CAPPED] <= r[E.ST_ROUNDS] for r in got)


def test_a_table_with_a_search_seat_counts_its_streets_as_its_logs_show():
    j = job(["search:samples=2", RAISER, RAISER], players=3, hands=30, seed=5)
    assert j.searching
    got = streets(j.run_chunk(0, 30), 3)
    assert got == streets_from_logs(j)
    assert got[0] == [30, 30]  # the two raisers never fold and raise each other to the cap on 3rd street


def test_the_play_result_has_a_streets_table():
    result = A.play(R.Settings(players=3), A.lineup([RAISER, "station", "station"], 3), 60, 1)
    t = result.streets
    assert list(t.columns) == list(A.STREETS_COLUMNS)
    assert t["street"].tolist() == [3, 4, 5, 6, 7] and t["rounds"].tolist() == [60] * 5
    assert t["capped"].tolist() == [0] * 5 and t["capped_share"].tolist() == [0.0] * 5  # callers never raise
    assert (t["capped_low"] == 0).all() and (t["capped_high"] > 0).all()
    capped = A.play(R.Settings(players=2), A.lineup([RAISER], 2), 50, 1).streets
    assert capped["capped_share"].tolist() == [1.0] * 5 and (capped["capped_low"] < 1).all()
    assert (capped["capped_high"] == 1).all()


def test_razz_play_shows_the_streets_in_every_format(tmp_path):
    import json

    import pandas as pd

    from tests.cli.test_razz_cli import assert_ok, invoke

    args = ["razz", "play", "--players", "2", "--policy", RAISER, "--hands", "300", "--seed", "2", "--quiet"]
    text = invoke(args)
    assert_ok(text)
    block = text.stdout.split("Capped rounds by street")[1].splitlines()
    assert block[1].split() == ["street", "rounds", "capped", "share", "95%", "interval"]
    assert block[2].split()[:4] == ["3rd", "300", "300", "100.0%"] and block[6].split()[0] == "7th"
    result = invoke([*args, "--format", "json"])
    assert_ok(result)
    rows = json.loads(result.stdout)["streets"]
    assert [list(r) for r in rows] == [list(A.STREETS_COLUMNS)] * 5
    assert [(r["street"], r["rounds"], r["capped"]) for r in rows] == [(t, 300, 300) for t in range(3, 8)]
    out = tmp_path / "run"
    assert_ok(invoke([*args, "--out", out]))
    assert pd.read_parquet(out / "streets.parquet").capped.tolist() == [300] * 5
    assert "streets.parquet" in json.loads((out / "manifest.json").read_text())["files"]
