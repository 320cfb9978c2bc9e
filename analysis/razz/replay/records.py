"""What a replay records: each decision, each street, the hand's result, and how the search player was asked."""

from __future__ import annotations

from dataclasses import dataclass, field

from razzmatazz.analysis.razz.replay.read import History
from razzmatazz.core.policy import Policy


@dataclass
class Decision:
    """One action in the file: who, as written and in words, the pot before it (None: a showdown), the
    policies' answers and the search player's (None: not asked, and why)."""

    player: int
    phh: str
    move: str
    answers: dict[str, tuple[str, str]] | None = None
    note: str = ""
    pot: int | None = None
    search: tuple[str, str] | None = None
    search_note: str = ""
    search_stops: bool = False
    """The search player stops being asked here (``search_note`` says why)."""


@dataclass
class Street:
    """A street once its cards are dealt: pot, who is still in, their cards, the dead cards, its actions."""

    street: int
    pot: int
    live: list[bool]
    cards: list[list[int]]
    dead: list[int]
    community: int
    actions: list[Decision] = field(default_factory=list)
    equity: dict | None = None


@dataclass
class Result:
    """A replayed hand."""

    history: History
    streets: list[Street]
    finishing: list[int] | None
    shown: list[int | None]
    """Each player's class at the showdown (None: not at it, or cards unknown)."""
    notes: list[str]
    won: list[int] | None = None
    cards: list[list[int]] = field(default_factory=list)
    """Each player's cards at the end (shown ones known), stud order."""
    engine: EngineRun | None = None
    """How the engine position the search player is asked from followed the file (None: search not asked)."""

    @property
    def agrees(self) -> bool | None:
        """The replay's finishing stacks are the file's (None: not compared). Where a rake was taken from pots that
        several players collected (how the site split it is unknown), the replay must pay each collector what
        the file says it collected plus a share of the rake, and no one else more."""
        h = self.history
        if self.finishing is None:
            return None
        if h.finishing is not None:
            return list(h.finishing) == self.finishing
        if h.raked is None or h.collected is None or not h.rake:
            return None
        shares = [mine - theirs for mine, theirs in zip(self.finishing, h.raked, strict=True)]
        takers = [p for p, c in enumerate(h.collected) if c > 0]
        return sum(shares) == h.rake and all(x == 0 or (x > 0 and p in takers) for p, x in enumerate(shares))


@dataclass(frozen=True)
class Searcher:
    """The search player asked at each decision, the field model its rollouts play every other seat with, and
    the root seed of its streams."""

    policy: Policy
    model: Policy
    seed: int


@dataclass
class EngineRun:
    """How the engine position followed one file: decisions the search player answered, why it stopped (once;
    ``at``: the action, empty when at the end) and the engine's finishing stacks (None: not compared)."""

    asked: int = 0
    stopped: str = ""
    at: str = ""
    finishing: list[int] | None = None
