"""A person's seat at the Razz table (``analysis/razz/seat.py``, issue 28).

- A scripted person plays whole hands through :class:`Session`: a wrong key gets a hint, ``?`` advice, the
  hand ends with every card face up and the score; ``q`` ends the session with its summary.
- The screen and the moves are the same in every position the seat cannot tell from the true one
  (:meth:`Position.determinize`), while the hidden cards differ: they show nothing the seat may not see.
- ``moves`` lists exactly the legal moves with unique keys and the chips they put in.
- ``outcome`` is the trace's result; the PHH log of a session replays in PokerKit to its stacks.
"""

from __future__ import annotations

import io
import itertools

import numpy as np
from pokerkit import HandHistory

from razzmatazz.analysis.razz import seat as RS
from razzmatazz.analysis.razz.game import lineup, trace
from razzmatazz.analysis.seat import Session
from razzmatazz.core.positions import Position
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import state as S
from razzmatazz.core.razz.policies import REGISTRY

SEED = 9
MIX = ("tag", "rock", "station", "steal", "reader")


def job_of(players: int = 4, **kw) -> E.GameJob:
    settings = R.Settings(players=players, **kw)
    return E.GameJob(settings, lineup(MIX[:players], players), SEED, 1, False, None)


def names_of(job: E.GameJob, seat: int, g: int) -> list[str]:
    n = len(job.lineup)
    return [f"seat {s + 1} ({'you' if s == seat else job.lineup[(s - g) % n].label})" for s in range(n)]


def reader(script: list[str], then: tuple[str, ...] = ("c",)):
    """Answers ``script``, then the keys ``then`` over and over (a key not legal here gets a hint)."""
    answers = iter(script)
    again = itertools.cycle(then)
    return lambda prompt: next(answers, None) or next(again)


def test_a_scripted_person_plays_hands_with_a_wrong_key_advice_and_quits():
    out = io.StringIO()
    s = Session(RS.STYLE, job_of(), 1, REGISTRY, read=reader(["zz", "?", "? tag:max_card=9"]), out=out, samples=8)
    results = s.run(3)
    text = out.getvalue()
    assert "'zz' is not a move here: type " in text
    assert "rock would play: " in text and "tag:max_card=9 would play: " in text and "estimates (8 rollouts" in text
    assert text.count("Result: ") == 3 and "session over: 3 games" in text and len(results) == 3
    out = io.StringIO()
    Session(RS.STYLE, job_of(), 0, REGISTRY, read=reader(["q"]), out=out).run(5)
    assert out.getvalue().rstrip().endswith("session over: no game finished")


def test_the_screen_shows_nothing_the_seat_cannot_see():
    job = job_of(5, stack=120)
    checked = 0
    for g in range(6):
        p = Position.begin(S, job, g)
        while not p.over():
            seat = p.actor()
            names = names_of(job, seat, g)
            screen = RS.screen(p, seat, names)
            legal = p.legal()
            hidden = [s for s in range(5) if s != seat]
            truth = p.pos[S.PS_HANDS : S.PS_HANDS + 7 * S.MP].reshape(S.MP, 7)[hidden, :2].copy()
            differ = False
            for i in range(3):
                q = p.determinize(seat, 1000 + g, i)
                assert RS.screen(q, seat, names) == screen
                assert RS.moves(q, seat, q.legal()) == RS.moves(p, seat, legal)
                other = q.pos[S.PS_HANDS : S.PS_HANDS + 7 * S.MP].reshape(S.MP, 7)[hidden, :2]
                differ |= not np.array_equal(other, truth)
            assert differ, "the draws never changed the hidden cards: the test would not see a leak"
            checked += 1
            p.step()
    assert checked > 30


def test_moves_are_the_legal_moves_with_their_chips():
    job = job_of(3)
    for g in range(5):
        p = Position.begin(S, job, g)
        while not p.over():
            seat, legal = p.actor(), p.legal()
            moves = RS.moves(p, seat, legal)
            assert [m.code for m in moves] == legal.tolist() and len({m.key for m in moves}) == len(moves)
            v = p.view(seat)
            for m in moves:
                if m.code == R.CALL and v[R.V_TO_CALL] and not v[R.V_BRING_IN]:
                    assert m.label.startswith(f"call {int(v[R.V_TO_CALL])}")
                if m.code == R.RAISE:
                    assert m.label.split()[0] in ("complete", "bet", "raise")
            p.step()


def test_outcome_is_the_trace_result():
    job = job_of(4, stack=150)
    for g in range(8):
        p = Position.begin(S, job, g).playout()
        results = trace(job.settings, job.lineup, SEED, g).seat_results()
        for s in range(4):
            assert RS.outcome(p, s) == (float(results[s]["payoff"]), float(results[s]["win"]))
        final = RS.final(p, 0, names_of(job, 0, g))
        assert final.startswith("3rd street:") and "Result: " in final


def test_the_phh_log_replays_in_pokerkit(tmp_path):
    job = job_of(3, stack=200)
    log = tmp_path / "session.phhs"
    with open(log, "x") as f:
        Session(RS.STYLE, job, 2, REGISTRY, read=reader([], ("r", "c")), on_game=RS.recorder(job.settings)(f)).run(3)
    histories = list(HandHistory.loads_all(log.read_text()))
    assert len(histories) == 3
    for hh in histories:
        *_, state = hh
        assert list(state.stacks) == hh.finishing_stacks and "seat 3 (you)" in hh.players
