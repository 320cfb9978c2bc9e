"""An all-in Razz deal to analyse: who holds which known cards, what is dead, what is left.

Players are the hero (3 to 7 known cards) and 1 to 7 opponents. An opponent is ``random``
(no known card) or a hand of up to 7 cards in which ``x`` marks an unknown card (``xx8``:
two unknown down cards and an 8 up). Unknown cards are completed uniformly at random from
the cards not seen anywhere (not in a hand, not dead); for all-in equity the position of a
known card (up or down) does not matter.

Deck convention (seeds/razz.md, ruling Q4): when the remaining deck cannot give every
player all seven cards, the seventh card is one community card shared by every player, as
the Razz rules prescribe when eight players reach 7th street. A deal that cannot be played
even so (or a hand that needs its own seventh card then) is an error.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from razzmatazz.core.cards import DECK_SIZE, UNKNOWN, CardError, ParsedHand, parse_hand, resolve_suits

HAND_SIZE = 7
MAX_PLAYERS = 8
COMMUNITY_CONVENTION = (
    "when the deck cannot give every player a 7th card, one community 7th card is shared by all"
)


@dataclass(frozen=True)
class Deal:
    """A validated deal. ``known[p]`` holds player p's known cards (hero is player 0)."""

    known: tuple[np.ndarray, ...]
    dead: np.ndarray
    deck: np.ndarray
    community: bool
    labels: tuple[str, ...]

    @property
    def n_players(self) -> int:
        return len(self.known)

    def own_cards(self) -> int:
        """Cards each player holds privately at the river (6 with a community card, else 7)."""
        return HAND_SIZE - 1 if self.community else HAND_SIZE

    def draws(self) -> np.ndarray:
        """Number of unknown cards each player receives."""
        return np.array([self.own_cards() - len(k) for k in self.known], dtype=np.int64)


def make_deal(hero: str, opponents: list[str], dead: str = "") -> Deal:
    """Parse and check a deal; raises :class:`CardError` (a ValueError) naming the problem.

    ``opponents`` holds ``"random"`` or a hand text per opponent.
    """
    if not 1 <= len(opponents) <= MAX_PLAYERS - 1:
        raise CardError(f"Razz needs 1 to 7 opponents, got {len(opponents)}")
    hero_hand = parse_hand(hero)
    if not 3 <= len(hero_hand) <= HAND_SIZE:
        raise CardError(f"the hero needs 3 to 7 known cards, {hero!r} has {len(hero_hand)}")
    parsed: list[ParsedHand] = [hero_hand]
    labels = [hero_hand.text.strip()]
    for text in opponents:
        if text.strip().lower() == "random":
            parsed.append(ParsedHand("random", (), ()))
            labels.append("random")
            continue
        hand = parse_hand(text, allow_unknown=True)
        if len(hand) > HAND_SIZE:
            raise CardError(f"a hand has at most 7 cards, {text!r} has {len(hand)}")
        parsed.append(hand)
        labels.append(hand.text.strip())
    dead_hand = parse_hand(dead) if dead.strip() else ParsedHand("", (), ())
    resolved = resolve_suits(parsed + [dead_hand])
    known = tuple(np.array([c for c in cards if c != UNKNOWN], dtype=np.int8) for cards in resolved[:-1])
    dead_cards = resolved[-1]
    seen = np.concatenate(known + (dead_cards,)).astype(np.int64)
    deck = np.setdiff1d(np.arange(DECK_SIZE), seen).astype(np.int8)
    need = sum(HAND_SIZE - len(k) for k in known)
    community = need > len(deck)
    if community:
        full = [labels[p] for p, h in enumerate(parsed) if len(h) == HAND_SIZE]
        if full:
            raise CardError(
                f"{len(known)} players need a community 7th card, but {full[0]!r} already has 7 cards"
            )
        if need - len(known) + 1 > len(deck):
            raise CardError(
                f"{len(known)} players do not fit in the deck: {need - len(known) + 1} cards needed, "
                f"{len(deck)} left"
            )
    return Deal(known, dead_cards, deck, community, tuple(labels))
