"""A person's seat at the toy table (``analysis/toy/seat.py``): the screen shows only what the seat may see, a
scripted person plays whole games with a wrong key and advice."""

from __future__ import annotations

import io

import numpy as np

from razzmatazz.analysis.seat import Session
from razzmatazz.analysis.toy import seat as TS
from razzmatazz.analysis.toy.game import lineup
from razzmatazz.core.positions import Position
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy import state as S
from razzmatazz.core.toy.policies import REGISTRY


def _job(players=4, **switches):
    return E.GameJob(R.Settings(players=players, **switches), lineup([], players), 5, 1, False, None)


def test_the_screen_and_moves_are_the_same_wherever_the_seat_cannot_tell():
    for switches in ({}, {"discards": "down", "copies": 1}):
        job = _job(**switches)
        names = [f"seat {s + 1}" for s in range(4)]
        differ = 0
        for g in range(20):
            p = Position.begin(S, job, g)
            while not p.over():
                seat = p.actor()
                shown = TS.screen(p, seat, names), [m.label for m in TS.moves(p, seat, p.legal())]
                for draw in range(3):
                    d = p.determinize(seat, 7, 3 * g + draw)
                    differ += not np.array_equal(d.pos, p.pos)
                    assert (TS.screen(d, seat, names), [m.label for m in TS.moves(d, seat, d.legal())]) == shown
                p.step()
        assert differ


def test_a_scripted_person_plays_whole_games_with_a_wrong_key_and_advice():
    job = _job(players=3)
    out = io.StringIO()
    answers = iter(["x", "?", "d", "s", "s"])

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    results = Session(TS.STYLE, job, 1, REGISTRY, samples=3, out=out, read=read).run(3)
    text = out.getvalue()
    assert "'x' is not a move here" in text and "would play: " in text and "estimates (3 rollouts" in text
    assert text.count("game over") == len(results) == 3
    for g, (payoff, win) in enumerate(results):
        assert payoff in (-1.0, 0.0, 1.0, 2.0) and 0 <= win <= 1, g
