"""The ``officer_as_one`` switch: the Officer variant's deals with the Officer played as the 1 it replaced, so that
the Officer's worth over a 1 is the difference between two runs of the same deals (C2, C4)."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.riffifi import game as F
from razzmatazz.core.errors import InputError
from razzmatazz.core.positions import Position
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import fast
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi import state as S
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, invoke

MIX = ("expect", "undercut", "lowest", "thief", "expect")


def _job(n: int, games: int, **switches: bool) -> E.GameJob:
    return E.GameJob(R.Settings(players=n, **switches), F.lineup(MIX[:n], n), 11, games, False)


def _dealt(job: E.GameJob, g: int) -> tuple[np.ndarray, int]:
    """Game ``g``'s first deal, and the card whose holder the Officer table counts."""
    pos = Position.begin(S, job, g).pos
    return pos[E.PS_DEALT : E.PS_DEALT + job.settings.players].copy(), int(pos[E.PS_MARK])


def _ones(hands: np.ndarray) -> list[int]:
    return [c for c in range(R.N_COLOURS) if any((int(h) >> (c * R.N_VALUES)) & 1 for h in hands)]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_deals_are_the_officers_with_the_officer_turned_into_the_one_it_replaced(n):
    officer, as_one, colours = _job(n, 60, officer=True), _job(n, 60, officer_as_one=True), set()
    for g in range(60):
        (with_officer, mark), (with_one, one) = _dealt(officer, g), _dealt(as_one, g)
        assert mark == R.OFFICER and one % R.N_VALUES == 0  # a 1
        holder = next(s for s in range(n) if (int(with_officer[s]) >> R.OFFICER) & 1)
        assert not any((int(h) >> R.OFFICER) & 1 for h in with_one)
        assert with_one[holder] == (with_officer[holder] & ~R.bit(R.OFFICER)) | R.bit(one)
        assert all(with_one[s] == with_officer[s] for s in range(n) if s != holder)
        ones = _ones(with_one)
        assert ones == ([one // R.N_VALUES] if n == 3 else list(range(R.N_COLOURS)))  # the no-Officer deck (C2)
        if n > 3:
            assert _ones(with_officer) == [c for c in range(R.N_COLOURS) if c != one // R.N_VALUES]
        colours.add(one // R.N_VALUES)
    assert colours == set(range(R.N_COLOURS))  # the 1 that comes back is of any colour


def test_the_officer_table_counts_the_ones_holder_in_every_deal_and_no_officer_play():
    result = F.play(R.Settings(players=4, officer_as_one=True), F.lineup(MIX[:4], 4), 300, 5)
    o = result.officer.iloc[0]
    assert o.deals == result.deals and o.hits == 0
    plain = F.play(R.Settings(players=4), F.lineup(MIX[:4], 4), 300, 5)
    assert len(plain.officer) == 0


def test_the_general_engine_plays_it_and_a_game_is_the_same_through_the_interface():
    job = _job(4, 8, officer_as_one=True)
    assert not fast.supports(job.settings, job.kernel_args().lineup_pids, None)
    total = None
    for g in range(8):
        total = Position.begin(S, job, g).playout().tally(total)
    assert np.array_equal(total, job.run_chunk(0, 8))


def test_officer_worth_plays_the_same_deals_twice():
    study = F.study([3], 400, 9)
    one = F.officer_as_one([3], 400, 9)
    w = F.officer_worth(study["officer"], one).iloc[0]
    off = study["officer"][study["officer"].officer].iloc[0]
    assert w.deals == off.deals == one.deals.iloc[0]
    assert w.worth == pytest.approx(off.advantage - one.advantage.iloc[0])
    assert w.ci_low < w.worth < w.ci_high


def test_officer_and_officer_as_one_together_are_refused():
    with pytest.raises(InputError, match="officer-as-one"):
        R.Settings(officer=True, officer_as_one=True)
    with pytest.raises(InputError, match="officer-as-one must be true or false"):
        R.Settings(officer_as_one=1)  # type: ignore[arg-type]
    r = invoke(["riffifi", "play", "--officer", "--officer-as-one", "--games", "10"])
    assert_one_line_error(r.exit_code, r.stdout, r.stderr, "officer-as-one")


def test_the_cli_names_the_one_in_the_officers_place():
    r = invoke(["riffifi", "play", "--officer-as-one", "--games", "200", "--seed", "3"])
    assert_ok(r)
    assert "the Officer's deals, the Officer as a 1" in r.stdout and "The 1 in the Officer's place" in r.stdout
