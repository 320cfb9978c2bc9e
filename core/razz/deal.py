"""An all-in Razz deal to analyse: who holds which known cards, what is dead, what is left.

Players are the hero (3 to 7 known cards) and 1 to 7 opponents. An opponent is ``random``
(no known card) or a hand of up to 7 cards in which ``x`` marks an unknown card (``xx8``:
two unknown down cards and an 8 up). Unknown cards are completed uniformly at random from
the cards not seen anywhere (not in a hand, not dead); for all-in equity the position of a
known card (up or down) does not matter. Any player may instead hold a range
(:mod:`razzmatazz.core.razz.ranges`): its live combinations are listed here, and each trial
draws one per ranged player before dealing the rest.

Deck convention (seeds/razz.md, ruling Q4): when the remaining deck cannot give every
player all seven cards, the seventh card is one community card shared by every player, as
the Razz rules prescribe when eight players reach 7th street. A deal that cannot be played
even so (or a hand that needs its own seventh card then) is an error.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from razzmatazz.core.cards import DECK_SIZE, UNKNOWN, CardError, ParsedHand, parse_hand, resolve_suits
from razzmatazz.core.razz.ranges import Range, RangeError, is_range, parse_range
from razzmatazz.core.razz.ranges import combos as range_combos

HAND_SIZE = 7
MAX_PLAYERS = 8
COMMUNITY_CONVENTION = "when the deck cannot give every player a 7th card, one community 7th card is shared by all"


@dataclass(frozen=True)
class RangeCombos:
    """A player's range after card removal: live combinations (rows of cards) and their weights."""

    text: str
    cards: np.ndarray
    weights: np.ndarray

    @property
    def size(self) -> int:
        """Cards per combination."""
        return self.cards.shape[1]

    def __len__(self) -> int:
        return self.cards.shape[0]


@dataclass(frozen=True)
class Deal:
    """A validated deal. ``known[p]`` holds player p's known cards (hero is player 0).

    ``ranges[p]`` is player p's range, or None (then ``known[p]`` says what p holds); an empty
    ``ranges`` means no player holds a range. ``deck`` excludes known and dead cards but not
    the cards of ranges, which each trial removes for itself.
    """

    known: tuple[np.ndarray, ...]
    dead: np.ndarray
    deck: np.ndarray
    community: bool
    labels: tuple[str, ...]
    ranges: tuple[RangeCombos | None, ...] = ()

    @property
    def n_players(self) -> int:
        return len(self.known)

    def own_cards(self) -> int:
        """Cards each player holds privately at the river (6 with a community card, else 7)."""
        return HAND_SIZE - 1 if self.community else HAND_SIZE

    def held(self, p: int) -> int:
        """Cards player ``p`` holds before the deal is completed (known cards or a range's combination)."""
        r = self.ranges[p] if self.ranges else None
        return r.size if r is not None else len(self.known[p])

    def draws(self) -> np.ndarray:
        """Number of unknown cards each player receives."""
        return np.array([self.own_cards() - self.held(p) for p in range(self.n_players)], dtype=np.int64)


def make_deal(hero: str, opponents: list[str], dead: str = "") -> Deal:
    """Parse and check a deal; raises :class:`CardError` (an InputError) naming the problem.

    ``opponents`` holds ``"random"``, a hand text or a range text per opponent; the hero may
    be a range too.
    """
    if not 1 <= len(opponents) <= MAX_PLAYERS - 1:
        raise CardError(f"Razz needs 1 to 7 opponents, got {len(opponents)}")
    texts = [hero, *opponents]
    parsed: list[ParsedHand] = []
    labels: list[str] = []
    ranges: list[Range | None] = []
    for p, text in enumerate(texts):
        hand, rng = _player(text, p == 0)
        parsed.append(hand)
        ranges.append(rng)
        labels.append(hand.text.strip() if rng is None else rng.text)
    dead_hand = parse_hand(dead) if dead.strip() else ParsedHand("", (), ())
    named = frozenset(
        c for r in ranges if r is not None for i in r.items for slot in i.slots if len(slot) == 1 for c in slot
    )
    resolved = resolve_suits(parsed + [dead_hand], avoid=named)
    known = tuple(np.array([c for c in cards if c != UNKNOWN], dtype=np.int8) for cards in resolved[:-1])
    dead_cards = resolved[-1]
    seen = np.concatenate(known + (dead_cards,)).astype(np.int64)
    deck = np.setdiff1d(np.arange(DECK_SIZE), seen).astype(np.int8)
    combos = tuple(None if r is None else _live(r, seen) for r in ranges)
    written = [len(h) if r is None else r.size for h, r in zip(parsed, ranges)]  # x included
    held = [len(k) if r is None else r.size for k, r in zip(known, ranges)]  # cards not to be dealt
    _check_joint(combos)
    in_ranges = sum(r.size for r in ranges if r is not None)  # still in ``deck``; each trial takes them out
    community = _needs_community(labels, written, held, len(deck) - in_ranges)
    return Deal(known, dead_cards, deck, community, tuple(labels), combos if any(c is not None for c in combos) else ())


def _player(text: str, is_hero: bool) -> tuple[ParsedHand, Range | None]:
    """A player's hand (or an empty one and the range) from its text."""
    if is_range(text):
        rng = parse_range(text)
        if is_hero and rng.size < 3:
            raise CardError(f"the hero needs 3 to 7 known cards, the range {rng.text!r} has {rng.size}")
        return ParsedHand(rng.text, (), ()), rng
    if not is_hero and text.strip().lower() == "random":
        return ParsedHand("random", (), ()), None
    hand = parse_hand(text, allow_unknown=not is_hero)
    if is_hero and not 3 <= len(hand) <= HAND_SIZE:
        raise CardError(f"the hero needs 3 to 7 known cards, {text!r} has {len(hand)}")
    if len(hand) > HAND_SIZE:
        raise CardError(f"a hand has at most 7 cards, {text!r} has {len(hand)}")
    return hand, None


def _live(rng: Range, seen: np.ndarray) -> RangeCombos:
    cards, weights = range_combos(rng, seen.tolist())
    if len(cards) == 0:
        raise RangeError(f"the range {rng.text!r} has no combination left once the known and dead cards are removed")
    return RangeCombos(rng.text, cards, weights / weights.max())  # relative weights: sums cannot overflow


def _check_joint(combos: tuple[RangeCombos | None, ...], tries: int = 20_000) -> None:
    """Refuse ranges that can never be dealt together (every draw shares a card)."""
    live = [c for c in combos if c is not None]
    if len(live) < 2:
        return
    gen = np.random.default_rng(0)
    picks = [c.cards[gen.choice(len(c), tries, p=c.weights / c.weights.sum())] for c in live]
    hands = np.concatenate(picks, axis=1)
    distinct = (np.diff(np.sort(hands, axis=1), axis=1) != 0).all(axis=1)
    if not distinct.any():
        raise RangeError(
            "the ranges " + " and ".join(repr(c.text) for c in live) + f" shared a card in every one "
            f"of {tries:,} random draws: they can (almost) never be dealt together"
        )


def _needs_community(labels: list[str], written: list[int], held: list[int], left: int) -> bool:
    """Whether a community 7th card is needed; raises if the deal does not fit even with one.

    ``written``: cards given per player (unknown ones included); ``held``: those not dealt from
    the deck; ``left``: cards the deck can deal.
    """
    need = sum(HAND_SIZE - h for h in held)
    if need <= left:
        return False
    full = [label for label, n in zip(labels, written) if n == HAND_SIZE]
    if full:
        raise CardError(f"{len(held)} players need a community 7th card, but {full[0]!r} already has 7 cards")
    if need - len(held) + 1 > left:
        raise CardError(f"{len(held)} players do not fit in the deck: {need - len(held) + 1} cards needed, {left} left")
    return True
