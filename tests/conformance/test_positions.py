"""The decision-point interface (``core/positions.py``), checked the same way in every game that has one.

- Stepping games through it gives the kernel's counts bit for bit.
- A copy made at any decision point and played on with the original streams finishes the original game.
- A determinized position is consistent (``check``: every card once, money or chips conserved), shows the
  seat the same observation and view, and leads its policy to the same decision; two draws differ in
  what the seat cannot see, now and then.
- The policy's move is always among the legal moves.
- Every game's playthrough (``tests/<game>/playthrough.txt``, :mod:`tests.conformance.playthrough`) plays again
  to the same text.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from razzmatazz.analysis import games
from razzmatazz.core.positions import Position
from tests.conformance.cases import cases, game_job, settings
from tests.conformance.playthrough import games_with_playthroughs, path, playthrough

GAMES = {game: m.POSITIONS for game in games.names() if hasattr(m := cases(game), "POSITIONS")}
"""game: (players, lineups of policy texts), from each registered game's ``tests/<game>/conformance.py``."""
N_GAMES = 60


def _state(game):
    return importlib.import_module(f"{games.game(game).core}.state")


def _job(game, texts, n_games):
    return game_job(game, settings(game, players=GAMES[game][0]), texts, 11, n_games, False)


CASES = [(g, i) for g, (_, lineups) in GAMES.items() for i in range(len(lineups))]


@pytest.mark.parametrize("game, lineup", CASES)
def test_stepping_through_the_interface_gives_the_kernels_counts(game, lineup):
    state = _state(game)
    job = _job(game, GAMES[game][1][lineup], N_GAMES)
    total = None
    for g in range(N_GAMES):
        p = Position.begin(state, job, g)
        while not p.over():
            legal = p.legal()
            move = p.step()
            assert move in legal, (g, move, legal)
        total = p.tally(total)
    assert np.array_equal(total, job.run_chunk(0, N_GAMES))


@pytest.mark.parametrize("game, lineup", CASES)
def test_a_copy_played_on_finishes_the_original_game(game, lineup):
    state = _state(game)
    job = _job(game, GAMES[game][1][lineup], 12)
    for g in range(12):
        p = Position.begin(state, job, g)
        end = p.copy().playout().tally()
        while not p.over():
            assert np.array_equal(p.copy().playout().tally(), end)
            p.step()
        assert np.array_equal(p.tally(), end)


@pytest.mark.parametrize("game, lineup", CASES)
def test_a_determinized_position_agrees_with_what_its_seat_saw(game, lineup):
    state = _state(game)
    job = _job(game, GAMES[game][1][lineup], 20)
    rng = np.random.default_rng(5)
    differ = 0
    for g in range(20):
        p = Position.begin(state, job, g)
        while not p.over():
            if rng.random() < 0.3:
                seat = p.actor()
                a, b = p.determinize(seat, 99, 2 * g), p.determinize(seat, 99, 2 * g + 1)
                for d in (a, b):
                    assert state.check(d.ro, d.pos) == 0
                    assert np.array_equal(d.observation(seat), p.observation(seat))
                    assert d.actor() == seat and np.array_equal(d.view(seat), p.view(seat))
                    assert d.copy().step() == p.copy().step()
                    d.playout()  # plays on to a consistent end
                    assert state.check(d.ro, d.pos) == 0
                differ += not np.array_equal(a.pos, b.pos)
            p.step()
    assert differ > 0, "two draws never differed: the hidden cards are not drawn"


# Playthroughs here, in the file whose games compile the same state kernels (one worker compiles them once).
@pytest.mark.parametrize("game", games_with_playthroughs())
def test_the_playthrough_is_unchanged(game):
    kept = path(game).read_text()
    now = playthrough(game)
    if now != kept:
        old, new = kept.splitlines() + ["(end)"], now.splitlines() + ["(end)"]
        at = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
        shown = f"line {at + 1}: kept {old[at]!r}, now {new[at]!r}"
        pytest.fail(f"{game}'s playthrough changed at {shown}; if meant: python scripts/playthroughs.py, and say why")


def test_every_game_with_a_decision_point_interface_has_a_playthrough():
    assert set(GAMES) <= set(games_with_playthroughs()) <= set(games.names())
