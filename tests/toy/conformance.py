"""The toy game's cases for the shared conformance suite (``tests/conformance/``, see its ``cases.py``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from razzmatazz.core import batch
from razzmatazz.core.positions import Position
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import state as S
from razzmatazz.core.toy.policies import REGISTRY
from razzmatazz.core.toy.rules import Settings
from tests.conformance.cases import Engine, Pin
from tests.toy.reference import reference_counts


def _job(settings: Settings, texts: list[str], duplicate: bool = False) -> Callable[[int, int], batch.Job]:
    lineup = tuple(REGISTRY.parse(t) for t in texts)
    return lambda seed, n: E.GameJob(settings, lineup, seed, n, duplicate)


def _conserved(settings: Settings, games_per_item: int = 1) -> Callable[[np.ndarray, int], None]:
    """The antes are all paid out (payoffs sum to 0), one win per game, every player and seat every game."""

    def check(counts: np.ndarray, n: int) -> None:
        c = E.view(counts, settings.players)
        games = n * games_per_item
        for block in ("player", "seat"):
            assert (c[block][:, E.P_GAMES] == games).all()
            assert c[block][:, E.P_PAYOFF].sum() == 0 and c[block][:, E.P_WIN].sum() == E.WIN * games
            assert c[block][:, E.P_DRAWS].sum() == c["global"][E.G_DRAWS]
        assert c["global"][E.G_GAMES] == games and c["global"][E.G_BLOCKS] == n
        assert c["table"][:, E.T_DEALT].sum() == games * settings.players
        assert c["table"][:, E.T_PAYOFF].sum() == 0 and (c["table"][:, E.T_DRAWN] <= c["table"][:, E.T_DEALT]).all()
        assert 0 <= c["global"][E.G_SHARED] <= games and games <= c["global"][E.G_BEST] <= 10 * games

    return check


def _hidden(settings: Settings, texts: list[str]) -> Callable[[int], None]:
    """At decisions of 200 games, positions the seat cannot tell from the true one (other cards, hidden discards
    and the deck drawn anew) lead its policy to the same move with the same random state."""

    def check(seed: int) -> None:
        job = _job(settings, texts)(seed, 200)
        changed = 0
        for g in range(200):
            p = Position.begin(S, job, g)
            while not p.over():
                seat = p.actor()
                for draw in range(3):
                    d = p.determinize(seat, seed, 3 * g + draw)
                    changed += not np.array_equal(d.pos, p.pos)
                    a, b = p.copy(), d.copy()
                    assert a.step() == b.step() and a.pos[E.PS_POLICY + seat] == b.pos[E.PS_POLICY + seat], (g, seat)
                p.step()
        assert changed > 0

    return check


_DEFAULT = Settings(players=3)
_FIVE_DOWN = Settings(players=5, copies=1, discards="down")
_TWO = Settings(players=2, copies=4)
ENGINES = [
    Engine(
        "toy 3 players, default mix",
        _job(_DEFAULT, ["odds", "redraw", "random"]),
        reference_counts,
        _conserved(_DEFAULT),
        _hidden(_DEFAULT, ["odds", "redraw", "random"]),
        items=30_000,
    ),
    Engine(
        "toy 5 players, one copy, discards down, duplicate",
        _job(_FIVE_DOWN, ["odds:edge=0.3", "random", "stand", "redraw:below=8", "odds"], duplicate=True),
        reference_counts,
        _conserved(_FIVE_DOWN, 5),
        _hidden(_FIVE_DOWN, ["odds:edge=0.3", "random", "stand", "redraw:below=8", "odds"]),
        items=10_000,
    ),
    Engine(
        "toy 2 players, four copies",
        _job(_TWO, ["redraw:below=5", "odds:edge=0.6"]),
        reference_counts,
        _conserved(_TWO),
        items=30_000,
    ),
]
"""The toy game in the conformance suite: the default table, five players with hidden discards and duplicate
deals, two players with a deep deck."""

PINS = [
    Pin("toy three, the default mix", {"players": 3}, [], False, 1, 5000, ("d9281ebbb841113a", 89, 52928508)),
    Pin(
        "toy five, discards down, duplicate",
        {"players": 5, "copies": 1, "discards": "down"},
        ["odds", "redraw", "stand", "random", "odds:edge=0.2"],
        True,
        2,
        5000,
        ("ba7d028502d334eb", 145, 126974971),
    ),
]
"""Runs whose counts are pinned (``tests/conformance/test_pinned_games.py``; ``python -m
tests.conformance.test_pinned_games`` prints the pins anew)."""

POSITIONS = (3, [["odds", "redraw", "random"], ["random"], ["search:samples=4", "odds", "random"]])
"""Players and lineups stepped through the decision-point interface (``tests/conformance/test_positions.py``), the
last with a search seat."""

KERNELS = [E.play_games, E.play_games_with, E.trace_game, E.trace_game_with]
"""The kernels that take the job's ``Args`` first (``tests/common/test_job.py``)."""
JOB = (3, ["random", "odds", "redraw"])
"""A small job: players and policy texts (``tests/common/test_job.py``)."""
OFFSETS = ("seat", "global", "table", "cross", "size")
"""The blocks whose offsets the kernels take from ``count_offsets``, in its order."""

PLAYTHROUGH = (3, ["odds", "redraw", "random"], 11, 0)
"""The game written decision by decision (``tests/conformance/playthrough.py``): players, policies, seed, game."""

TRACES = [
    (
        "toy-three-mix",
        ["toy", "play", "--policy", "odds", "--policy", "random", "--policy", "redraw", "--seed", "4", "--trace", "2"],
    ),
]
"""``play --trace`` command lines whose text is kept in ``tests/toy/NAME.txt`` (``tests/cli/test_trace.py``)."""

RESUME = [(["--players", "3", "--policy", "odds", "--policy", "random", "--games", "2000000"], ["--copies", "3"])]
"""A ``play`` run long enough to be killed mid-way (its options), and an option that changes it
(``tests/cli/test_play_resume.py``)."""
