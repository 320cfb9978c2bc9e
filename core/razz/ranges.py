"""Razz hand ranges: parsing, and the card combinations a range holds after card removal.

Syntax (modelled on ProPokerTools' generic syntax, adapted to Razz; ranks count ace-low):

* ``A23,A24,A25``: hands separated by commas are a union;
* a hand is a sequence of card slots in stud order (the first two are down cards, the third
  is the door card, later ones are up cards in order), each slot one of: a rank ``A`` ...
  ``K`` (``T`` or ``10`` for ten, any suit), a card ``As``, ``x`` (any card), or a bracketed
  list of ranks and spans ``[A,2,4]``, ``[A-5]``, ``[A-5,9]``;
* ``!`` excludes: ``[A-8][A-8][A-8]!pair`` is three cards to an 8 or lower with no pair
  (``pair`` is any hand holding two cards of one rank); ``xx8![A-5]x8`` excludes hands
  matching another pattern of the same length;
* ``@w`` weights a hand: ``A23@100,K9x@25``. The default weight is 100.

A combination is one stud hand: a set of two down cards plus the up cards in order, with no
card shared with the known or dead cards. A range is sampled uniformly over its live
combinations, each counted with its weight (rejection sampling across players: combinations
that share a card are drawn again together, never patched).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from razzmatazz.core.cards import RANKS, SUITS, CardError, card

DEFAULT_WEIGHT = 100.0
MAX_COMBOS = 2_000_000
"""Most slot assignments a whole range may enumerate (all its hands together)."""
_SPECIAL = re.compile(r"[,\[\]@!]")
_SLOT = re.compile(r"(10|[2-9tjqka])([cdhs]?)|(x)|\[([^\]]*)\]", re.IGNORECASE | re.ASCII)
_RANK = re.compile(r"10|[2-9tjqka]", re.IGNORECASE | re.ASCII)


class RangeError(CardError):
    """A range that cannot be read or has no live combination; the message names the problem."""


Slot = frozenset[int]
"""The cards a slot accepts."""


@dataclass(frozen=True)
class Item:
    """One hand pattern of a range: its slots, excluded patterns, whether pairs are excluded, its weight."""

    text: str
    slots: tuple[Slot, ...]
    excludes: tuple[tuple[Slot, ...], ...]
    no_pair: bool
    weight: float


@dataclass(frozen=True)
class Range:
    """A parsed range: its items, all with ``size`` cards."""

    text: str
    items: tuple[Item, ...]

    @property
    def size(self) -> int:
        return len(self.items[0].slots)


def is_range(text: str) -> bool:
    """Whether ``text`` uses range syntax (a comma, a bracket, ``@`` or ``!``) rather than naming one hand."""
    return bool(_SPECIAL.search(text))


def parse_range(text: str) -> Range:
    """Parse a range; raises :class:`RangeError` naming the first problem."""
    compact = re.sub(r"\s+", "", text)
    if not compact:
        raise RangeError("empty range")
    items = tuple(_item(part, text) for part in _split_items(compact, text))
    sizes = {len(i.slots) for i in items}
    if len(sizes) > 1:
        raise RangeError(
            f"every hand in the range {text.strip()!r} needs the same number of cards, got "
            f"{', '.join(map(str, sorted(sizes)))}"
        )
    if not 1 <= len(items[0].slots) <= 7:
        raise RangeError(f"a hand in a range has 1 to 7 cards, {text.strip()!r} has {len(items[0].slots)}")
    return Range(text.strip(), items)


def _split_items(compact: str, text: str) -> list[str]:
    """Split on commas outside brackets, checking that brackets balance."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(compact):
        if ch == "[":
            depth += 1
            if depth > 1:
                raise RangeError(f"nested bracket in the range {text.strip()!r}")
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise RangeError(f"unbalanced bracket ']' in the range {text.strip()!r}")
        elif ch == "," and depth == 0:
            parts.append(compact[start:i])
            start = i + 1
    if depth:
        raise RangeError(f"unbalanced bracket '[' in the range {text.strip()!r}")
    parts.append(compact[start:])
    if any(p == "" for p in parts):
        raise RangeError(f"empty hand between commas in the range {text.strip()!r}")
    return parts


def _item(part: str, text: str) -> Item:
    body, at, weight_text = part.partition("@")
    weight = _weight(weight_text, part) if at else DEFAULT_WEIGHT
    pattern, *excluded = body.split("!")
    slots = _slots(pattern, part)
    no_pair = False
    excludes = []
    for ex in excluded:
        if ex.lower() == "pair":
            no_pair = True
            continue
        ex_slots = _slots(ex, part)
        if len(ex_slots) != len(slots):
            raise RangeError(f"the excluded pattern {ex!r} in {part!r} needs {len(slots)} cards like its hand")
        excludes.append(ex_slots)
    return Item(part, slots, tuple(excludes), no_pair, weight)


def _weight(text: str, part: str) -> float:
    try:
        w = float(text)
    except ValueError:
        w = -1.0
    if not (w > 0 and np.isfinite(w)):
        raise RangeError(f"the weight in {part!r} must be a positive number, got {text!r}")
    return w


def _slots(pattern: str, part: str) -> tuple[Slot, ...]:
    if not pattern:
        raise RangeError(f"no cards before '!' or '@' in {part!r}")
    slots, pos = [], 0
    while pos < len(pattern):
        m = _SLOT.match(pattern, pos)
        if m is None:
            raise RangeError(f"unknown card {pattern[pos : pos + 2]!r} in the range hand {part!r}")
        slots.append(_slot(m, part))
        pos = m.end()
    return tuple(slots)


def _slot(m: re.Match, part: str) -> Slot:
    rank_text, suit, x, bracket = m.groups()
    if x:
        return frozenset(range(52))
    if bracket is not None:
        return frozenset(card(r, s) for r in _rank_set(bracket, part) for s in range(4))
    r = _rank(rank_text)
    if suit:
        return frozenset({card(r, SUITS.index(suit.lower()))})
    return frozenset(card(r, s) for s in range(4))


def _rank(text: str) -> int:
    return RANKS.index("T" if text == "10" else text.upper())


def _rank_set(body: str, part: str) -> set[int]:
    ranks: set[int] = set()
    for span in body.split(","):
        lo, dash, hi = span.partition("-")
        if not _RANK.fullmatch(lo) or (dash and not _RANK.fullmatch(hi)):
            raise RangeError(f"[{body}] in {part!r} is not a list of ranks like [A,2,4] or [A-5]")
        a, b = _rank(lo), _rank(hi) if dash else _rank(lo)
        if a > b:
            raise RangeError(f"the span {span!r} in {part!r} runs backwards (ranks count ace-low: A-5, not 5-A)")
        ranks.update(range(a, b + 1))
    return ranks


def combos(rng: Range, blocked: Iterable[int] = ()) -> tuple[np.ndarray, np.ndarray]:
    """Live combinations of ``rng`` and their weights: ``(cards (n, size) int8, weights (n,) float64)``.

    A combination is a stud hand (down cards as a set, up cards in order), counted once even if
    several items of the range match it (the largest weight wins). ``blocked`` cards (known or
    dead) never appear. Rows are in a fixed order, so sampling from them is reproducible.
    """
    blocked = set(int(c) for c in blocked)
    spans = [_span(item, blocked) for item in rng.items]
    if sum(spans) > MAX_COMBOS:
        raise RangeError(
            f"the range {rng.text!r} spans about {sum(spans):,} combinations, more than {MAX_COMBOS:,}; narrow it"
        )
    found: dict[tuple[frozenset[int], tuple[int, ...]], float] = {}
    for item in rng.items:
        for hand in _matches(item, blocked):
            key = (frozenset(hand[:2]), hand[2:])
            found[key] = max(found.get(key, 0.0), item.weight)
    keys = sorted(found, key=lambda k: (sorted(k[0]), k[1]))
    cards = np.array([sorted(k[0]) + list(k[1]) for k in keys], dtype=np.int8).reshape(len(keys), rng.size)
    return cards, np.array([found[k] for k in keys], dtype=np.float64)


def _span(item: Item, blocked: set[int]) -> int:
    """How many slot assignments enumerating ``item`` visits (an upper bound on its combinations)."""
    size = 1
    for slot in item.slots:
        size *= len(slot - blocked)
    return size


def _matches(item: Item, blocked: set[int]) -> Iterable[tuple[int, ...]]:
    choices = [sorted(s - blocked) for s in item.slots]
    for hand in itertools.product(*choices):
        if len(set(hand)) < len(hand):
            continue
        if item.no_pair and len({c >> 2 for c in hand}) < len(hand):
            continue
        if any(_fits(hand, ex) for ex in item.excludes):
            continue
        yield hand


def _fits(hand: tuple[int, ...], slots: tuple[Slot, ...]) -> bool:
    """Whether a stud hand matches a pattern (its two down cards in either order)."""
    ups = all(c in s for c, s in zip(hand[2:], slots[2:]))
    if len(hand) < 2:
        return ups and hand[0] in slots[0]
    downs = (hand[0] in slots[0] and hand[1] in slots[1]) or (hand[1] in slots[0] and hand[0] in slots[1])
    return ups and downs
