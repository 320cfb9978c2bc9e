"""The decision-point interface that every game's engine offers in ``core/<game>/state.py``.

Search players, human seats and replays of real games all need the same thing from an engine: stop a
game at any decision, look at it as one seat may, try moves on copies, and play on. This module says
what each game's ``state`` module provides (the same names and meanings in every game) and wraps it
in one Python class, :class:`Position`, for tests, notebooks and the analysis layer.

A *position* is one game at a decision point (or at its end): one flat ``int64`` array ``pos`` that
holds all of it (the deal and what is left of it, hands, money or chips, whose turn, the random
streams' counters, every seat's policy random state, what has happened so far), so that
``pos.copy()`` plays on independently of the original. What never changes during a game (the
settings row, card or money tables) is a tuple ``ro`` passed first to every function.

Each ``core/<game>/state.py`` provides these numba functions (``ro`` and ``pos`` first):

- ``start(ro, pids, params, game, pos)``: game ``game`` of the run, exactly as the game's kernel plays
  it (the same deal, seats and streams), advanced to its first decision point.
- ``actor(ro, pos) -> int``: the seat to move; -1 once the game is over.
- ``view(ro, pos, seat, out)``: what that seat's policy is shown at this decision (the kernel's view).
- ``legal(ro, pos, out) -> int``: the number n of the actor's legal moves (codes as policies return them),
  written to ``out[:n]``; a game whose moves can outnumber ``MAX_MOVES`` (Razzia's offers at a rich bar)
  writes as many as ``out`` holds.
- ``apply(ro, pos, move)``: the actor plays ``move`` (it must be legal); the chance events that follow
  (cards, dice) come from the position's own streams, up to the next decision point.
- ``step(ro, pos, pids, params, user) -> int``: the actor's policy chooses, with its own random state
  as in the kernel, and the move is applied; returns the move.
- ``playout(ro, pos, pids, params, user)``: ``step`` until the game is over.
- ``step_builtin(ro, pos, pids, params)`` and ``playout_builtin(ro, pos, pids, params)``: the same with
  ``NO_USER``. Numba caches a function across processes only if no argument is a function, so these are
  what a lineup of built-in policies plays by (a search seat's kernels take minutes to compile).
- ``tally(ro, pos, out)``: add the finished game's counts to ``out``, in the kernel's count layout.
- ``check(ro, pos) -> int``: 0 if the position is consistent (every card exactly once, money or chips
  conserved, the turn a seat that may move), else a code naming the first broken invariant.
- ``observation(ro, pos, seat, out) -> int``: everything ``seat`` has seen so far (its information
  set: its own cards, all public cards and moves, what it passed or was shown), ``out[:n]``.
- ``determinize(ro, obs, seat, key, draw, pos)``: a full position that agrees with the observation
  ``obs``, every card and chance event ``seat`` has not seen drawn from the stream ``(key, draw)``. It
  reads nothing but ``obs``: a search player starts only from such positions and so never reads the
  cards its seat cannot see.

and in Python: ``POS_LEN``, ``OBS_LEN``, ``VIEW_LEN``, ``MAX_MOVES``, ``NO_USER`` (the user function of a
lineup without users' policies), ``read_only(job)`` (the tuple ``ro`` of a game's ``GameJob``),
``lineup(job)`` (its ``(pids, params)`` arrays, player order) and ``counts_len(ro)``. Conservation,
agreement with the kernel and hidden information are tested once for every game in
``tests/conformance/test_positions.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from razzmatazz.core.bound import bind


@dataclass
class Position:
    """One game of a :class:`GameJob` at a decision point, with the policies that play it."""

    state: ModuleType
    ro: tuple
    pos: np.ndarray
    pids: np.ndarray
    params: np.ndarray
    user: Any = None
    _scratch: np.ndarray | None = field(default=None, repr=False)

    @classmethod
    def begin(cls, state: ModuleType, job: Any, game: int) -> Position:
        """Game ``game`` of ``job`` (a game's ``GameJob``, not duplicate) at its first decision point."""
        if getattr(job, "duplicate", False):
            raise ValueError("positions are games of a run without duplicate deals")
        ro = state.read_only(job)
        pids, params = state.lineup(job)
        pos = np.zeros(state.POS_LEN, np.int64)
        state.start(ro, pids, params, game, pos)
        return cls(state, ro, pos, pids, params, job.user or state.NO_USER)

    def copy(self) -> Position:
        """An independent copy: playing it on leaves this position as it is."""
        return Position(self.state, self.ro, self.pos.copy(), self.pids, self.params, self.user)

    def actor(self) -> int:
        """The seat to move, or -1 once the game is over."""
        return int(self.state.actor(self.ro, self.pos))

    def over(self) -> bool:
        """Whether the game has ended."""
        return self.actor() < 0

    def view(self, seat: int | None = None) -> np.ndarray:
        """What ``seat`` (default: the actor) is shown by the engine at this decision."""
        out = np.zeros(self.state.VIEW_LEN, np.int64)
        self.state.view(self.ro, self.pos, self.actor() if seat is None else seat, out)
        return out

    def legal(self) -> np.ndarray:
        """The actor's legal moves."""
        out = np.zeros(self.state.MAX_MOVES, np.int64)
        n = self.state.legal(self.ro, self.pos, out)
        if n > out.size:  # more than MAX_MOVES: ask again with room for all
            out = np.zeros(n, np.int64)
            n = self.state.legal(self.ro, self.pos, out)
        return out[:n].copy()

    def apply(self, move: int) -> None:
        """Play ``move`` for the actor, then the chance events up to the next decision."""
        self.state.apply(self.ro, self.pos, move)

    def step(self) -> int:
        """Let the actor's policy choose and play; returns the move."""
        if self.user is self.state.NO_USER:
            return int(self.state.step_builtin(self.ro, self.pos, self.pids, self.params))
        return int(bind(self.state.step, self.user)(self.ro, self.pos, self.pids, self.params))

    def playout(self) -> Position:
        """Play on to the end with the position's policies and streams; returns self."""
        if self.user is self.state.NO_USER:
            self.state.playout_builtin(self.ro, self.pos, self.pids, self.params)
        else:
            bind(self.state.playout, self.user)(self.ro, self.pos, self.pids, self.params)
        return self

    def tally(self, out: np.ndarray | None = None) -> np.ndarray:
        """The finished game's counts (added to ``out`` if given), in the kernel's layout."""
        if out is None:
            out = np.zeros(self.state.counts_len(self.ro), np.int64)
        self.state.tally(self.ro, self.pos, out)
        return out

    def observation(self, seat: int) -> np.ndarray:
        """Everything ``seat`` has seen so far (its information set)."""
        out = np.zeros(self.state.OBS_LEN, np.int64)
        return out[: self.state.observation(self.ro, self.pos, seat, out)].copy()

    def determinize(self, seat: int, key: int, draw: int) -> Position:
        """A position that ``seat`` cannot tell from this one, its hidden cards drawn from ``(key, draw)``;
        made from ``seat``'s observation alone."""
        obs = self.observation(seat)
        pos = np.zeros(self.state.POS_LEN, np.int64)
        self.state.determinize(self.ro, obs, seat, np.uint64(key), draw, pos)
        return Position(self.state, self.ro, pos, self.pids, self.params, self.user)
