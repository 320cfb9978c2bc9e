"""Card encoding and parsing shared by every card game in the project.

A card is a small integer ``card = rank * 4 + suit``:

* ``rank`` 0..12 in ace-low order: A=0, 2=1, ..., 9=8, T=9, J=10, Q=11, K=12;
* ``suit`` 0..3 in bridge order: c=0, d=1, h=2, s=3.

So ``As`` is 3, ``2c`` is 4 and ``Ks`` is 51, and a larger integer is a "higher" card in
the ace-low, suit-broken order Razz uses for the bring-in (K of spades highest).
Hands are ``int8`` arrays (or rows of a 2-D array) of such integers.

Text: a card is a rank ``A23456789TJQK`` followed by a suit ``cdhs`` (either case, ``10``
is accepted for ``T``). In hands where it is allowed, ``x`` stands for an unknown card
and a rank without a suit stands for "some card of that rank" (its suit is chosen by
:func:`resolve_suits`). Spaces and commas between cards are ignored.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import numpy as np

from razzmatazz.core.errors import InputError

RANKS = "A23456789TJQK"
SUITS = "cdhs"
DECK_SIZE = 52
UNKNOWN = -1
"""Placeholder for an unknown card (``x``)."""
ANY_SUIT = -2
"""Marker in :class:`ParsedHand` for a rank given without a suit."""

_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs]?)|(x)", re.IGNORECASE | re.ASCII)


class CardError(InputError):
    """Raised for text that does not name valid, distinct cards."""


def card(rank: int, suit: int) -> int:
    """The card integer for a rank index (A=0 .. K=12) and a suit index (c=0 .. s=3)."""
    return rank * 4 + suit


def rank_of(c: int) -> int:
    """Rank index of a card (A=0 .. K=12)."""
    return c >> 2


def suit_of(c: int) -> int:
    """Suit index of a card (c=0 .. s=3)."""
    return c & 3


def card_str(c: int) -> str:
    """Text of one card, e.g. ``As``; ``x`` for an unknown card."""
    if c == UNKNOWN:
        return "x"
    return RANKS[c >> 2] + SUITS[c & 3]


def cards_str(cards: np.ndarray | list[int]) -> str:
    """Text of several cards, e.g. ``As2h3d``."""
    return "".join(card_str(int(c)) for c in cards)


@dataclass(frozen=True)
class ParsedHand:
    """Cards as written: ``ranks[i]`` and ``suits[i]`` (ANY_SUIT if none given), or unknown."""

    text: str
    ranks: tuple[int, ...]
    suits: tuple[int, ...]

    @property
    def n_known(self) -> int:
        """Number of cards with at least a known rank."""
        return sum(r != UNKNOWN for r in self.ranks)

    def __len__(self) -> int:
        return len(self.ranks)


def parse_hand(text: str, *, allow_unknown: bool = False, allow_rank_only: bool = True) -> ParsedHand:
    """Parse ``As2h3d``, ``As 2h 3d``, ``A23``, ``xx8``... into a :class:`ParsedHand`.

    Spaces may separate cards. Text that looks like several hands is refused rather than read
    as one: a comma (``A24,A25``, a range where one is accepted: see
    :mod:`razzmatazz.core.razz.ranges`), or two groups of several cards each (``xx8 xx9``).
    Raises :class:`CardError` naming the first piece that is not a card.
    """
    if "," in text:
        raise CardError(
            f"{text.strip()!r} has a comma: write these cards without commas (commas join the hands "
            "of a range, and a range is not accepted here)"
        )
    groups = text.split()
    if not groups:
        raise CardError(f"empty hand {text!r}")
    if sum(len(_tokens(g)) > 1 for g in groups) > 1:
        raise CardError(
            f"{text.strip()!r} looks like several hands: give one hand per argument "
            "(spaces may only separate single cards, as in 'As 2h 3d')"
        )
    s = "".join(groups)
    ranks: list[int] = []
    suits: list[int] = []
    pos = 0
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if m is None:
            raise CardError(_unknown(s[pos : pos + 2], text))
        if m.group(3):
            if not allow_unknown:
                raise CardError(f"unknown card 'x' is not allowed in {text!r}")
            ranks.append(UNKNOWN)
            suits.append(UNKNOWN)
        else:
            r = "T" if m.group(1) == "10" else m.group(1).upper()
            if not m.group(2) and not allow_rank_only:
                raise CardError(f"card {m.group(0)!r} in {text!r} has no suit")
            ranks.append(RANKS.index(r))
            suits.append(SUITS.index(m.group(2).lower()) if m.group(2) else ANY_SUIT)
        pos = m.end()
    return ParsedHand(text, tuple(ranks), tuple(suits))


def _unknown(piece: str, text: str) -> str:
    """Message for a piece that is not a card; a non-ASCII look-alike is named by its Unicode name."""
    odd = next((ch for ch in piece if not ch.isascii()), None)
    if odd is not None:
        return (
            f"unknown card character {odd!r} (U+{ord(odd):04X} {unicodedata.name(odd, 'unnamed')}) in {text!r}: "
            "cards use the ASCII letters A23456789TJQK and cdhs"
        )
    return f"unknown card {piece!r} in {text!r}"


def _tokens(group: str) -> list[str]:
    """The card-like pieces of one space-free group (for counting; validity is checked later)."""
    return _TOKEN.findall(group) or [group]


def parse_cards(text: str) -> np.ndarray:
    """Parse fully specified cards (rank and suit) into an ``int8`` array; duplicates are an error."""
    hand = parse_hand(text, allow_unknown=False, allow_rank_only=False)
    return resolve_suits([hand])[0]


def resolve_suits(hands: list[ParsedHand], avoid: frozenset[int] = frozenset()) -> list[np.ndarray]:
    """Turn parsed hands into card arrays, checking that no card appears twice.

    Explicit cards are placed first; then each rank-only card takes the lowest suit
    (c, d, h, s) of its rank not used anywhere in ``hands``, preferring cards not in ``avoid``
    (cards a range names explicitly). Unknown cards stay ``UNKNOWN``.
    """
    used: dict[int, str] = {}
    for h in hands:
        for r, su in zip(h.ranks, h.suits):
            if r != UNKNOWN and su != ANY_SUIT:
                c = card(r, su)
                if c in used:
                    where = f"in {h.text!r}" if used[c] == h.text else f"in {used[c]!r} and {h.text!r}"
                    raise CardError(f"duplicate card {card_str(c)} ({where})")
                used[c] = h.text
    out = []
    for h in hands:
        cards = []
        for r, su in zip(h.ranks, h.suits):
            if r == UNKNOWN:
                cards.append(UNKNOWN)
                continue
            if su == ANY_SUIT:
                free = [card(r, s) for s in range(4) if card(r, s) not in used]
                if not free:
                    raise CardError(f"no {RANKS[r]} left for {h.text!r}: all four are already used")
                su = suit_of(min(free, key=lambda c: (c in avoid, c)))
                used[free[0]] = h.text
            cards.append(card(r, su))
        out.append(np.array(cards, dtype=np.int8))
    return out
