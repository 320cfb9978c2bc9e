"""A slow, plainly written pure-Python reference for Razzia (the rulings of ``seeds/razzia.md``).

It is written from the rulings, for reading and for checking the fast (numba) engine that will
follow, game by game. It imports nothing from the project except, in :func:`stream_randomness`,
the stream keys of :mod:`razzmatazz.core.streams`; the random-number algorithm of
:class:`StreamShuffler` and :class:`StreamDie` is written out here (SplitMix64 and Lemire, the
same as :mod:`razzmatazz.core.rng`).

Two entry points:

* :func:`resolve_bar` settles one bar once the cards are revealed (B1-B6, H1-H9). Decisions and
  dice come from callables, so a scenario file (``seeds/razzia/*.json``, :func:`run_scenario`)
  can script them.
* :func:`play_game` plays a whole game (K1-K8, R1-R9, E1-E4, V1-V4) between policy objects.

Conventions
-----------
* Seats are numbered 0..N-1 clockwise; the left neighbour of seat s is s + 1 (mod N). The
  croupier of round r (r = 0, 1, ...) is seat r mod N. "Clockwise from the croupier's left" is
  the order c+1, c+2, ..., c (the croupier last). The clockwise distance of seat s from the
  croupier c is (s - c) mod N; the croupier's own distance is 0.
* Bars are numbered 0..5 left to right (Colibri, Cotton Club, Havana Bar, Jungle, Lincoln's,
  Jazz House). A game uses the bars listed in ``Game.bars`` (ascending).
* A playing card is ``Card(bar, kind, value)``; kind is ``"gambler"`` or ``"police"``. A money
  card is its dollar value (an int).
* Every pile is a Python list whose top is index 0: dealing takes ``stock.pop(0)``, money is
  drawn from the front of ``money_deck``; the discard pile grows at the end. A hand keeps the
  order in which its cards arrived.

The randomness is behind two interfaces, so that the fast engine can reproduce a game exactly:
a *shuffler* with ``shuffle(list)`` (in place) for everything about cards (stream
``razzia/deal``) and a *die* with ``roll() -> 1..6`` for the dice (stream ``razzia/dice``).
:class:`PyShuffler`/:class:`PyDie` wrap a ``random.Random`` (the tests);
:class:`StreamShuffler`/:class:`StreamDie` are the project's streams, with these exact
algorithms (64-bit arithmetic, all values unsigned):

* SplitMix64. ``mix(z)``: ``z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) *
  0x94D049BB133111EB; return z ^ z>>31``. Game g of a stream with key K starts in state
  ``mix(K ^ g * 0xD1B54A32D192ED03)``; each draw adds ``0x9E3779B97F4A7C15`` to the state and
  returns ``mix(state)``.
* Lemire's map of 32 bits x to [0, n): ``m = x * n``; rejected when ``(m mod 2^32) < n`` and
  ``(m mod 2^32) < (2^32 - n) mod n``; else ``m >> 32``.
* ``shuffle`` of a list of length n (``core.rng.deal_from`` with n_draw = n): for j = 0..n-1,
  swap item j with item j + k, k uniform in [0, n - j). Each 64-bit draw gives two 32-bit
  halves, high half first; a rejected half is skipped; a half left over when j reaches n is
  dropped (the next shuffle starts with a fresh draw). A list of length 0 draws nothing.
* ``roll``: one 64-bit draw; its high 32 bits through Lemire with n = 6; on rejection draw
  again; the die shows k + 1.

The order of every random draw and every decision
-------------------------------------------------
Setup (K1-K8), shuffler only:

1. Bars in play: only with ``dropped_bars="random"`` and fewer than six bars, the list
   [0, 1, 2, 3, 4, 5] is shuffled once and its first k entries (sorted) are the bars.
2. The playing cards are listed bar by bar (ascending), within a bar row by row of cards.csv
   (file order), each row ``count`` times after the removals of K4; that list is shuffled once
   and is the stock.
3. The money cards are listed row by row of money.csv (file order), each ``count`` times after
   the removals of K6/V2; that list is shuffled once and is the money deck.
4. Deal: five passes; in each pass one card from the stock to every seat, clockwise from the
   first croupier's left (seats 1, 2, ..., N-1, 0). No reshuffle can happen here.

Round r, croupier c = r mod N:

5. Money (R1, E1): the round's k = min(bars + 1, cards left) money cards are taken from the top.
   A full round (k = bars + 1): the first ``bars`` cards go one to each bar in play, left to
   right, then the last card is placed: decision ``place_free`` of the croupier (free_card
   "croupier"), or, with free_card "random", the shuffler shuffles a copy of the list of bars in
   play and the card goes to its first entry. With ``spielbox``: one decision ``place_all`` of
   the croupier for all k cards, no draw. A short (last) round: left to right from the
   leftmost bar, no decision, no draw.
6. Cards (R3): decision ``choose_card`` of every seat, clockwise from the croupier's left; each
   sees the state before anyone has played (the cards go face down); then all are revealed.
7. Bars are resolved left to right (ascending bar number). For each bar, :func:`resolve_bar`:
   a. only with ``furthest="circular"``: for each group of two or more contestants equal in
      card value and in circular distance (groups by value descending, then distance
      descending), a die roll-off (below);
   b. decision ``offer`` of the proposer;
   c. decision ``answer`` of every other contestant, clockwise from the proposer's left (each
      answers without seeing the others' answers);
   d. duels: a duel between A and B rolls A's die, then B's (a re-roll repeats the pair in the
      same order). One decliner: A = proposer, B = decliner. Knockout: A is the holder (the
      first entrant, then each duel's winner), B the next entrant. Roll-off (multi_duel
      "rolloff", and a.): everyone still in rolls once, in the listed order (roll-off a.:
      clockwise from the croupier's left; multi_duel: the proposer, then the decliners
      clockwise from the proposer's left); those tied for the best roll (total) roll again.
8. If money remains in the money deck (this was not the last round), the next croupier
   c' = c + 1 refills (R6-R7). ``reshuffle="discard_first"``: first this round's played cards go
   on the discard pile in seat order 0..N-1, then every hand is filled up to five cards,
   clockwise from c''s left, one card at a time from the stock; whenever the stock is empty
   the whole discard pile is shuffled (one ``shuffle``) and becomes the stock.
   ``refill_first``: the refill comes first (reshuffling the older discards only), then this
   round's cards go on the discard pile. After the last round the played cards go on the
   discard pile and nothing is dealt.

The dice draw only in 7a and 7d; the shuffler only in 1-3, 5 (free_card "random") and 8.

Policies
--------
A policy is any object with the methods ``choose_card(view)``, ``place_free(view, value)``,
``place_all(view, values)``, ``offer(view, bar, contestants, money)`` and
``answer(view, bar, proposer, offer)``; ``view`` is a dict of what the seat may see (see
:meth:`Game.view`). :class:`RandomPolicy`, :class:`AcceptPolicy` and :class:`DuelPolicy` are
trivial ones for the tests. An illegal decision raises :class:`RuleError`.
"""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple, Protocol

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "seeds" / "razzia"
CARDS_CSV = SEEDS / "cards.csv"
MONEY_CSV = SEEDS / "money.csv"

BAR_NAMES = ("Colibri", "Cotton Club", "Havana Bar", "Jungle", "Lincoln's", "Jazz House")
ALL_BARS = tuple(range(6))
HAND_SIZE = 5
GAMBLER, POLICE = "gambler", "police"
KINDS = (GAMBLER, POLICE)
ACCEPT, DUEL = "accept", "duel"

# K4: removed from every colour with 2 to 6 players (kind, value, how many; None: all of them), except under
# three_player_deck="full" (3 players) and two_player_deck="full" (2 players)
REMOVED_PER_COLOUR = ((POLICE, 5, None), (GAMBLER, 3, 1), (GAMBLER, 4, 1))
# K6: money cards removed with 3 players (and with 2 players under two_player_money="three_player")
THREE_PLAYER_MONEY_OUT = {5000: 2, 10000: 2, 15000: 2, 20000: 2, 25000: 1, 30000: 1, 40000: 1, 50000: 1}

CHOICES = {
    "three_player_deck": ("reduced", "full"),
    "two_player_deck": ("reduced", "full"),
    "dropped_bars": ("last", "random"),
    "free_card": ("croupier", "random"),
    "leftover": ("unclaimed", "split"),
    "reshuffle": ("discard_first", "refill_first"),
    "furthest": ("clockwise", "circular"),
    "duel_tie": ("caller", "reroll"),
    "one_declines": ("remainder", "own_share"),
    "multi_duel": ("knockout", "rolloff"),
    "many_order": ("value", "seat"),
    "bars": ("rulebook", "players_plus_one"),
    "two_player_money": ("full", "three_player"),
    "final_ties": ("shared", "bars_won"),
}
"""Every text switch of :class:`Settings` and its allowed values, the default first."""


class RuleError(ValueError):
    """An illegal decision, an impossible table or a scenario that does not fit the rules."""


@dataclass(frozen=True)
class Settings:
    """A Razzia table: the player count and every switch of ``seeds/razzia.md`` (defaults = the rulings)."""

    players: int = 4
    cards_file: str | None = None  # K2 (note R1): None = seeds/razzia/cards.csv
    money_file: str | None = None  # K5 (note R2): None = seeds/razzia/money.csv
    three_player_deck: str = "reduced"  # K4 (note R3)
    two_player_deck: str = "reduced"  # K4, V3 (note R18): "full" = only the unused bars' cards removed
    dropped_bars: str = "last"  # K3 (note R4)
    free_card: str = "croupier"  # R1 (note R5)
    leftover: str = "unclaimed"  # E2 (note R6)
    reshuffle: str = "discard_first"  # R7 (note R7)
    furthest: str = "clockwise"  # H1 (note R11)
    offer_duel: bool = False  # H2 (note R12)
    duel_tie: str = "caller"  # H5 (note R13)
    one_declines: str = "remainder"  # H6 (note R14)
    multi_duel: str = "knockout"  # H7 (note R15)
    many_order: str = "value"  # H8 (note R16)
    spielbox: bool = False  # V1 (note R17)
    bars: str = "rulebook"  # V2 (note R17)
    two_player_money: str = "full"  # V3 (note R18)
    final_ties: str = "shared"  # E4 (note R20)
    open_money: bool = True  # R9 (note R21)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in range(2, 9):
            raise RuleError(f"Razzia is for 2 to 8 players, got {self.players!r}")
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise RuleError(f"{name} must be one of {', '.join(allowed)}, got {getattr(self, name)!r}")

    @property
    def n_bars(self) -> int:
        """K3, V2, V3: how many bars are in play."""
        if self.players == 2:
            return 3
        if self.bars == "players_plus_one":
            return min(6, self.players + 1)
        return 4 if self.players == 3 else 6

    @property
    def per_round(self) -> int:
        """R1: money cards laid out in a full round, one per bar and one free card."""
        return self.n_bars + 1

    @property
    def reduced_deck(self) -> bool:
        """K4: are the police 5s and one gambling 3 and 4 of each colour removed?"""
        if self.players >= 7:
            return False
        if self.players == 2:
            return self.two_player_deck == "reduced"
        return not (self.players == 3 and self.three_player_deck == "full")

    @property
    def reduced_money(self) -> bool:
        """K6, V3: are the twelve money cards of the 3-player game removed?"""
        return self.players == 3 or (self.players == 2 and self.two_player_money == "three_player")


DEFAULT = Settings()


class Card(NamedTuple):
    bar: int
    kind: str
    value: int

    def __str__(self) -> str:
        return f"{BAR_NAMES[self.bar]} {self.kind} {self.value}"


# ---------------------------------------------------------------------------------------------
# Randomness: a shuffler (cards) and a die (duels)
# ---------------------------------------------------------------------------------------------


class Shuffler(Protocol):
    def shuffle(self, items: list) -> None: ...


class Die(Protocol):
    def roll(self) -> int: ...


class PyShuffler:
    """Shuffles with a ``random.Random`` (for tests)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)


class PyDie:
    """Rolls with a ``random.Random`` (for tests)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self) -> int:
        return self.rng.randint(1, 6)


MASK64 = (1 << 64) - 1
LOW32 = (1 << 32) - 1


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def lemire32(x32: int, n: int) -> int:
    """32 random bits to [0, n) without bias; -1 means rejected."""
    m = x32 * n
    low = m & LOW32
    if low < n and low < ((1 << 32) - n) % n:
        return -1
    return m >> 32


class SplitMix64:
    """Game ``index`` of the stream with 64-bit ``key`` (as ``core.rng.game_state`` / ``next_u64``)."""

    def __init__(self, key: int, index: int) -> None:
        self.state = mix64(int(key) ^ ((int(index) * 0xD1B54A32D192ED03) & MASK64))

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        return mix64(self.state)


class StreamShuffler:
    """Fisher-Yates over the stream, two 32-bit halves per draw (``core.rng.deal_from``)."""

    def __init__(self, key: int, index: int) -> None:
        self.bits = SplitMix64(key, index)

    def shuffle(self, items: list) -> None:
        n = len(items)
        j = 0
        while j < n:
            x = self.bits.next()
            for half in (x >> 32, x & LOW32):
                if j < n:
                    k = lemire32(half, n - j)
                    if k >= 0:
                        k += j
                        items[j], items[k] = items[k], items[j]
                        j += 1


class StreamDie:
    """A die over the stream: the high 32 bits of a draw, Lemire with n = 6, redrawn on rejection."""

    def __init__(self, key: int, index: int) -> None:
        self.bits = SplitMix64(key, index)

    def roll(self) -> int:
        while True:
            k = lemire32(self.bits.next() >> 32, 6)
            if k >= 0:
                return k + 1


def stream_randomness(seed: int, game: int) -> tuple[StreamShuffler, StreamDie]:
    """The shuffler (stream ``razzia/deal``) and die (``razzia/dice``) of game ``game`` under root ``seed``."""
    from razzmatazz.core import streams

    return (
        StreamShuffler(int(streams.key(seed, "razzia", "deal")), game),
        StreamDie(int(streams.key(seed, "razzia", "dice")), game),
    )


# ---------------------------------------------------------------------------------------------
# K1-K8: the tables and the setup
# ---------------------------------------------------------------------------------------------


def load_cards(path: str | Path | None = None) -> list[tuple[str, int, int]]:
    """K2: the cards of one bar colour, (kind, value, count) in file order."""
    rows = []
    with open(path or CARDS_CSV, newline="") as f:
        for row in csv.DictReader(f):
            kind, value, count = row["kind"].strip(), int(row["value"]), int(row["count"])
            if kind not in KINDS or not 1 <= value <= 6 or count < 0:
                raise RuleError(f"bad card row {row!r}: kind gambler/police, value 1-6, count >= 0")
            rows.append((kind, value, count))
    return rows


def load_money(path: str | Path | None = None) -> list[tuple[int, int]]:
    """K5: the money cards, (value, count) in file order."""
    rows = []
    with open(path or MONEY_CSV, newline="") as f:
        for row in csv.DictReader(f):
            value, count = int(row["value"]), int(row["count"])
            if value <= 0 or count < 0:
                raise RuleError(f"bad money row {row!r}: value > 0, count >= 0")
            rows.append((value, count))
    return rows


def choose_bars(settings: Settings, shuffler: Shuffler) -> list[int]:
    """K3 (note R4): the bars in play, ascending."""
    k = settings.n_bars
    if k == 6 or settings.dropped_bars == "last":
        return list(range(k))
    order = list(ALL_BARS)
    shuffler.shuffle(order)
    return sorted(order[:k])


def build_deck(settings: Settings, bars: Sequence[int]) -> list[Card]:
    """K2, K4: the playing cards of the bars in play, in the unshuffled order of the docstring."""
    rows = load_cards(settings.cards_file)
    per_colour: list[tuple[str, int, int]] = []
    for kind, value, count in rows:
        for rkind, rvalue, how_many in REMOVED_PER_COLOUR if settings.reduced_deck else ():
            if (kind, value) == (rkind, rvalue):
                count -= count if how_many is None else min(count, how_many)
        per_colour.append((kind, value, count))
    deck = [Card(b, kind, value) for b in bars for kind, value, count in per_colour for _ in range(count)]
    need = HAND_SIZE * settings.players + (settings.players if settings.reshuffle == "refill_first" else 0)
    if len(deck) < need:
        raise RuleError(f"{len(deck)} playing cards are too few for {settings.players} players (need {need})")
    return deck


def build_money(settings: Settings) -> list[int]:
    """K5, K6, V3: the money cards, in the unshuffled order of the docstring."""
    money = []
    for value, count in load_money(settings.money_file):
        if settings.reduced_money:
            count -= min(count, THREE_PLAYER_MONEY_OUT.get(value, 0))
        money += [value] * count
    if not money:
        raise RuleError("there are no money cards")
    return money


# ---------------------------------------------------------------------------------------------
# B1-B6, H1-H9: one bar
# ---------------------------------------------------------------------------------------------


@dataclass
class Duel:
    """One duel: ``first`` rolls first; ``throws`` are (first's die, second's die) per throw."""

    first: int
    second: int
    caller: int | None  # who wins a tie (None: a tie is thrown again)
    throws: list[tuple[int, int]] = field(default_factory=list)
    totals: list[tuple[int, int]] = field(default_factory=list)
    winner: int = -1


@dataclass
class BarResult:
    """What happened at one bar."""

    proposer: int | None
    payout: dict[int, list[int]]  # seat -> money cards won here (every seat, possibly empty)
    remains: list[int]  # money cards left at the bar
    contestants: list[int] = field(default_factory=list)
    offer: dict[int, list[int]] | None = None
    answers: dict[int, str] = field(default_factory=dict)
    duels: list[Duel] = field(default_factory=list)
    rolloffs: list[dict[int, int]] = field(default_factory=list)  # seat -> roll (or total), per throw
    steps: list[str] = field(default_factory=list)

    @property
    def amounts(self) -> dict[int, int]:
        return {s: sum(cards) for s, cards in self.payout.items()}


def played_triple(card) -> tuple[int, str, int]:
    """A played card as (seat, kind, value), from a tuple or a scenario's dict."""
    if isinstance(card, dict):
        return int(card["seat"]), str(card["kind"]), int(card["value"])
    seat, kind, value = card
    return int(seat), str(kind), int(value)


def money_text(cards: Sequence[int]) -> str:
    return (
        "nothing"
        if not cards
        else " + ".join(f"${v:,}" for v in cards) + (f" = ${sum(cards):,}" if len(cards) > 1 else "")
    )


class Haggle:
    """H1-H9 between two or more contestants, step by step."""

    def __init__(
        self,
        players,
        croupier,
        money,
        contestants,
        value,
        decide_offer,
        decide_answer,
        roll,
        settings,
        result: BarResult,
    ) -> None:
        self.n, self.croupier, self.money = players, croupier, list(money)
        self.contestants = contestants
        self.value = value
        self.decide_offer, self.decide_answer, self.roll = decide_offer, decide_answer, roll
        self.settings = settings
        self.res = result
        self.say = result.steps.append
        self.decliners: list[int] = []
        self.proposer_called = False

    def clockwise(self, seat: int, start: int) -> int:
        return (seat - start) % self.n

    def left_of(self, seats, start: int) -> list[int]:
        """``seats`` in clockwise order from ``start``'s left (``start`` itself last)."""
        return sorted(seats, key=lambda s: (s - start - 1) % self.n)

    def roll_order(self, seats: list[int]) -> list[int]:
        """A roll-off to order tied seats (note R11 "circular"): highest die first; ties roll again."""
        if len(seats) <= 1:
            return list(seats)
        rolls = {s: self.roll(s) for s in seats}
        self.res.rolloffs.append(dict(rolls))
        self.say(
            "Tied for distance from the croupier, " + ", ".join(f"seat {s} rolls {r}" for s, r in rolls.items()) + "."
        )
        out: list[int] = []
        for r in sorted(set(rolls.values()), reverse=True):
            out += self.roll_order([s for s in seats if rolls[s] == r])
        return out

    def farness(self) -> dict[int, tuple[int, int]]:
        """H1: how far each contestant sits from the croupier (a larger key is further)."""
        if self.settings.furthest == "clockwise":
            return {s: (self.clockwise(s, self.croupier), 0) for s in self.contestants}
        circ = {
            s: min(self.clockwise(s, self.croupier), self.n - self.clockwise(s, self.croupier))
            for s in self.contestants
        }
        far = {s: (circ[s], 0) for s in self.contestants}
        groups: dict[tuple[int, int], list[int]] = {}
        for s in self.contestants:
            groups.setdefault((self.value[s], circ[s]), []).append(s)
        for key in sorted(groups, reverse=True):
            if len(groups[key]) > 1:
                order = self.roll_order(self.left_of(groups[key], self.croupier))
                for i, s in enumerate(order):
                    far[s] = (circ[s], len(order) - i)
        return far

    def caller(self, a: int, b: int) -> int | None:
        """H5: who wins a tied duel between a and b (None: throw again)."""
        if self.settings.duel_tie == "reroll":
            return None
        if self.proposer_called:
            return self.proposer if self.proposer in (a, b) else None
        callers = [s for s in (a, b) if s in self.decliners]
        return callers[0] if len(callers) == 1 else None

    def duel(self, a: int, b: int) -> int:
        """H5: a and b each throw the die once (a first) and add their card; higher wins."""
        d = Duel(a, b, self.caller(a, b))
        while True:
            ra = self.roll(a)
            rb = self.roll(b)
            ta, tb = ra + self.value[a], rb + self.value[b]
            d.throws.append((ra, rb))
            d.totals.append((ta, tb))
            line = f"Duel seat {a} v seat {b}: {ra}+{self.value[a]}={ta} against {rb}+{self.value[b]}={tb}"
            if ta != tb:
                d.winner = a if ta > tb else b
                self.say(line + f"; seat {d.winner} wins.")
                break
            if d.caller is not None:
                d.winner = d.caller
                self.say(line + f"; a tie goes to seat {d.caller}, who called for the duel.")
                break
            self.say(line + "; a tie, thrown again.")
        self.res.duels.append(d)
        return d.winner

    def knockout_order(self, participants: list[int], far) -> list[int]:
        """H7, H8: the order in which the players enter the knockout."""
        n = len(participants)
        if n >= 4 and self.settings.many_order == "seat":
            return [self.proposer] + self.left_of([s for s in participants if s != self.proposer], self.proposer)
        ranked = sorted(participants, key=lambda s: -self.value[s])  # equal values: sorted again below

        def slot(rank: int) -> int:  # highest first, then lowest, then upwards: [0, n-1, n-2, ..., 1]
            return 0 if rank == 0 else n - rank

        order: list[int] = [-1] * n
        i = 0
        while i < n:
            j = i
            while j < n and self.value[ranked[j]] == self.value[ranked[i]]:
                j += 1
            tied = sorted(ranked[i:j], key=lambda s: far[s])  # nearer the croupier enters earlier
            for s, p in zip(tied, sorted(slot(r) for r in range(i, j))):
                order[p] = s
            i = j
        return order

    def rolloff(self, participants: list[int]) -> int:
        """H7 (multi_duel "rolloff"): everyone rolls die + card; the best total wins; the tied roll again."""
        still = list(participants)
        while True:
            totals = {s: self.roll(s) + self.value[s] for s in still}
            self.res.rolloffs.append(dict(totals))
            best = max(totals.values())
            self.say("Roll-off: " + ", ".join(f"seat {s} {t}" for s, t in totals.items()) + ".")
            still = [s for s in still if totals[s] == best]
            if len(still) == 1:
                self.say(f"Seat {still[0]} wins the roll-off.")
                return still[0]

    def check_offer(self, offer) -> dict[int, list[int]]:
        """H2: every money card to exactly one contestant."""
        if not isinstance(offer, dict):
            raise RuleError(f"an offer maps seats to money cards, got {offer!r}")
        division = {s: [] for s in self.contestants}
        for seat, cards in offer.items():
            if int(seat) not in division:
                raise RuleError(f"seat {seat} is not haggling here (contestants {self.contestants})")
            division[int(seat)] += [int(v) for v in cards]
        given = Counter(v for cards in division.values() for v in cards)
        if given != Counter(self.money):
            raise RuleError(f"the offer {offer} does not divide exactly the money cards {self.money}")
        return division

    def run(self) -> None:
        res, say, value = self.res, self.say, self.value
        far = self.farness()
        self.proposer = max(self.contestants, key=lambda s: (value[s], far[s]))
        res.proposer = self.proposer
        top = [s for s in self.contestants if value[s] == value[self.proposer]]
        why = "the highest card" if len(top) == 1 else "the highest card, and sits furthest from the croupier"
        say(f"Seat {self.proposer} ({value[self.proposer]}) holds {why}: it proposes.")
        offer = self.decide_offer(self.proposer, list(self.contestants), list(self.money))
        others = self.left_of([s for s in self.contestants if s != self.proposer], self.proposer)
        if offer is None:
            if not self.settings.offer_duel:
                raise RuleError("the proposer must divide the money (offer_duel is off)")
            self.proposer_called = True
            self.decliners = others
            division = {s: [] for s in self.contestants}
            division[self.proposer] = list(self.money)  # the whole bar is at stake
            say(f"Seat {self.proposer} makes no offer and calls for a duel.")
        else:
            division = self.check_offer(offer)
            res.offer = division
            say(
                f"Seat {self.proposer} offers: "
                + "; ".join(f"seat {s} {money_text(division[s])}" for s in [self.proposer] + others)
                + "."
            )
            for s in others:
                answer = self.decide_answer(s, self.proposer, {k: list(v) for k, v in division.items()})
                if answer not in (ACCEPT, DUEL):
                    raise RuleError(f"seat {s} must answer accept or duel, got {answer!r}")
                res.answers[s] = answer
                say(f"Seat {s} {'accepts' if answer == ACCEPT else 'declines and calls for a duel'}.")
            self.decliners = [s for s in others if res.answers[s] == DUEL]
        for s in others:
            if s not in self.decliners:
                res.payout[s] += division[s]
        if not self.decliners:
            res.payout[self.proposer] += division[self.proposer]
            say("Everyone accepts; the money is divided as offered.")
            return
        if len(self.decliners) == 1:
            d = self.decliners[0]
            if self.settings.one_declines == "own_share" and len(self.contestants) >= 3 and not self.proposer_called:
                res.payout[self.proposer] += division[self.proposer]
                pot = list(division[d])
                say(f"Seat {self.proposer} keeps its share; the duel is for seat {d}'s share, {money_text(pot)}.")
            else:
                pot = division[self.proposer] + division[d]
                say(f"At stake: {money_text(pot)}.")
            winner = self.duel(self.proposer, d)
        else:
            participants = [self.proposer] + self.decliners
            pot = [v for s in participants for v in division[s]]
            say(f"At stake: {money_text(pot)}.")
            if self.settings.multi_duel == "rolloff":
                winner = self.rolloff(participants)
            else:
                order = self.knockout_order(participants, far)
                say("Knockout order: " + ", ".join(f"seat {s}" for s in order) + ".")
                winner = order[0]
                for s in order[1:]:
                    winner = self.duel(winner, s)
        res.payout[winner] += pot
        say(f"Seat {winner} takes {money_text(pot)}.")


def resolve_bar(
    players: int,
    croupier: int,
    money: Sequence[int],
    cards: Sequence,
    decide_offer: Callable,
    decide_answer: Callable,
    roll: Callable[[int], int],
    settings: Settings | None = None,
) -> BarResult:
    """Settle one bar once its cards are revealed (B1-B6, H1-H9).

    ``money``: the money cards at the bar. ``cards``: the cards played here, each (seat, kind,
    value) or a scenario dict. ``decide_offer(proposer, contestants, money)`` returns the
    division {seat: [money cards]} (or None to call for a duel, with ``offer_duel``);
    ``decide_answer(seat, proposer, division)`` returns "accept" or "duel"; ``roll(seat)`` is
    that seat's next die. Only the switches of ``settings`` are read (not its player count).
    """
    settings = settings or DEFAULT
    played = [played_triple(c) for c in cards]
    seats = [s for s, _, _ in played]
    if len(set(seats)) != len(seats) or any(not 0 <= s < players for s in seats):
        raise RuleError(f"each of seats 0..{players - 1} plays at most one card at a bar, got {seats}")
    if not 0 <= croupier < players:
        raise RuleError(f"the croupier must be a seat 0..{players - 1}, got {croupier}")
    for _, kind, value in played:
        if kind not in KINDS or not 1 <= value <= 6:
            raise RuleError(f"a card is a gambler or police card of value 1-6, got {kind} {value}")
    money = [int(v) for v in money]
    res = BarResult(None, {s: [] for s in range(players)}, list(money))
    say = res.steps.append
    say(
        f"Money here: {money_text(money)}. Cards: "
        + (", ".join(f"seat {s} {k} {v}" for s, k, v in played) or "none")
        + "."
    )
    police = [(s, v) for s, k, v in played if k == POLICE]
    gamblers = [(s, v) for s, k, v in played if k == GAMBLER]
    if not played:
        say("Nobody played here: the money stays.")  # B1
        return res
    if police and not gamblers:
        say("Police without any gambler: nothing to confiscate, the money stays.")  # B3
        return res
    if police:
        say("Police at the bar: the gamblers get nothing and play no part.")  # B4
    contestants = police if police else gamblers
    if not money:
        say("There is no money here: nothing happens.")  # B6
        return res
    res.contestants = [s for s, _ in contestants]
    res.remains = []
    if len(contestants) == 1:  # B2, B4
        seat = contestants[0][0]
        res.payout[seat] = list(money)
        say(f"Seat {seat} alone: it takes {money_text(money)}.")
        return res
    value = dict(contestants)
    Haggle(players, croupier, money, res.contestants, value, decide_offer, decide_answer, roll, settings, res).run()
    assert Counter(v for c in res.payout.values() for v in c) == Counter(money)
    return res


# ---------------------------------------------------------------------------------------------
# Scenario files (seeds/razzia/*.json)
# ---------------------------------------------------------------------------------------------


def load_scenario(path: str | Path) -> dict:
    with open(path) as f:
        return json.load(f)


def bars_of(scenario: dict) -> list[dict]:
    """The bars of a scenario: a single-bar file, or a file with a list ``bars``."""
    return scenario["bars"] if "bars" in scenario else [scenario]


def scripted(bar: dict):
    """The three callables of :func:`resolve_bar` from a scenario bar; the fourth value is the unused dice."""
    dice = {int(k): list(v) for k, v in bar.get("dice", {}).items()}
    answers = {int(k): v for k, v in bar.get("answers", {}).items()}

    def decide_offer(proposer, contestants, money):
        if "offer" not in bar:
            raise RuleError(f"seat {proposer} must make an offer, but the scenario has none")
        offer = bar["offer"]
        return None if offer is None else {int(k): list(v) for k, v in offer.items()}

    def decide_answer(seat, proposer, offer):
        if seat not in answers:
            raise RuleError(f"seat {seat} must answer seat {proposer}'s offer, but the scenario has no answer")
        return answers[seat]

    def roll(seat):
        if not dice.get(seat):
            raise RuleError(f"seat {seat} must throw the die, but the scenario has no throw left for it")
        return dice[seat].pop(0)

    return decide_offer, decide_answer, roll, dice


def run_scenario(scenario: dict) -> list[BarResult]:
    """Resolve every bar of a scenario; every scripted answer and die must be used."""
    settings = Settings(players=scenario["players"], **scenario.get("settings", {}))
    results = []
    for bar in bars_of(scenario):
        decide_offer, decide_answer, roll, dice = scripted(bar)
        res = resolve_bar(
            scenario["players"],
            scenario["croupier"],
            bar["money"],
            bar["cards"],
            decide_offer,
            decide_answer,
            roll,
            settings,
        )
        left = {s: d for s, d in dice.items() if d}
        if left:
            raise RuleError(f"dice left unthrown: {left}")
        if set(res.answers) != {int(k) for k in bar.get("answers", {})}:
            raise RuleError(f"answers given for seats that were not asked: {bar.get('answers')}")
        results.append(res)
    return results


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


@dataclass
class GameResult:
    money: list  # final money per seat (int; Fraction with leftover "split")
    wins: list[Fraction]  # 1 for a sole winner, 1/k each for k tied winners
    bars_won: list[int]  # bar results at which the seat received at least one money card
    rounds: int
    leftover: int  # money still at the bars after the last round
    bars: list[int]
    steps: list[str]
    results: list[tuple[int, int, BarResult]]  # (round, bar, result) for every bar with a card


class Game:
    """One game of Razzia; :func:`play_game` runs it. All state is plain lists and dicts."""

    def __init__(
        self, settings: Settings, shuffler: Shuffler, die: Die, policies: Sequence, observer: Callable | None = None
    ) -> None:
        if len(policies) != settings.players:
            raise RuleError(f"{settings.players} players need {settings.players} policies, got {len(policies)}")
        self.settings = settings
        self.n = settings.players
        self.shuffler, self.die = shuffler, die
        self.policies = list(policies)
        self.observer = observer or (lambda stage, game, info=None: None)
        self.bars: list[int] = []
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.table: dict[int, Card] = {}  # seat -> card played this round
        self.revealed = False
        self.bar_money: dict[int, list[int]] = {}
        self.money_deck: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(self.n)]
        self.bars_won = [0] * self.n
        self.round = 0
        self.croupier = 0
        self.last_round = False
        self.deck_size = 0
        self.money_total = 0
        self.reshuffles = 0
        self.steps: list[str] = []
        self.results: list[tuple[int, int, BarResult]] = []

    # -- what a seat sees (R9) ---------------------------------------------------------------------

    def view(self, seat: int) -> dict:
        return {
            "seat": seat,
            "players": self.n,
            "round": self.round,
            "croupier": self.croupier,
            "last_round": self.last_round,
            "bars": list(self.bars),
            "hand": list(self.hands[seat]),
            "bar_money": {b: list(m) for b, m in self.bar_money.items()},
            "won": [sum(w) if self.settings.open_money or s == seat else None for s, w in enumerate(self.won)],
            "money_left": len(self.money_deck),
            "stock": len(self.stock),
            "discard": list(self.discard),
            "table": dict(self.table) if self.revealed else {},
            "offer_duel": self.settings.offer_duel,
        }

    # -- cards --------------------------------------------------------------------------------------

    def draw(self) -> Card:
        """R7: the top card of the stock; an empty stock is replaced by the shuffled discard pile."""
        if not self.stock:
            if not self.discard:
                raise RuleError("no cards left to deal")
            self.stock, self.discard = self.discard, []
            self.shuffler.shuffle(self.stock)
            self.reshuffles += 1
            self.steps.append(f"Round {self.round}: the discard pile is shuffled into a new stock.")
        return self.stock.pop(0)

    def clockwise_from_left(self, seat: int) -> list[int]:
        return [(seat + 1 + i) % self.n for i in range(self.n)]

    def refill(self, croupier: int) -> None:
        """R6: everyone back to five cards, clockwise from the (new) croupier's left."""
        for seat in self.clockwise_from_left(croupier):
            while len(self.hands[seat]) < HAND_SIZE:
                self.hands[seat].append(self.draw())

    def discard_played(self) -> None:
        for seat in sorted(self.table):
            self.discard.append(self.table[seat])
        self.table = {}
        self.revealed = False

    # -- setup (K1-K8) ------------------------------------------------------------------------------

    def setup(self) -> None:
        s = self.settings
        self.bars = choose_bars(s, self.shuffler)
        self.bar_money = {b: [] for b in self.bars}
        self.stock = build_deck(s, self.bars)
        self.deck_size = len(self.stock)
        self.shuffler.shuffle(self.stock)
        self.money_deck = build_money(s)
        self.money_total = sum(self.money_deck)
        self.shuffler.shuffle(self.money_deck)
        for _ in range(HAND_SIZE):
            for seat in self.clockwise_from_left(0):
                self.hands[seat].append(self.draw())
        self.steps.append(
            f"{self.n} players, bars {', '.join(BAR_NAMES[b] for b in self.bars)}; "
            f"{self.deck_size} playing cards, {len(self.money_deck)} money cards "
            f"(${self.money_total:,})."
        )
        self.observer("dealt", self)

    # -- a round (R1-R8) ------------------------------------------------------------------------------

    def lay_out_money(self) -> None:
        """R1, R2, E1, V1: this round's money cards onto the bars."""
        s, c = self.settings, self.croupier
        k = min(s.per_round, len(self.money_deck))
        drawn, self.money_deck = self.money_deck[:k], self.money_deck[k:]
        self.last_round = not self.money_deck
        if k < s.per_round:  # E1: the last, short round, left to right
            targets = self.bars[:k]
        elif s.spielbox:  # V1: the croupier sees all and assigns them
            targets = list(self.policies[c].place_all(self.view(c), list(drawn)))
            if len(targets) != k or any(b not in self.bars for b in targets) or set(targets) != set(self.bars):
                raise RuleError(f"place_all must put one card on every bar and one more anywhere, got {targets}")
        else:
            for b, v in zip(self.bars, drawn):
                self.bar_money[b].append(v)
            extra = drawn[-1]
            if s.free_card == "croupier":
                bar = self.policies[c].place_free(self.view(c), extra)
                if bar not in self.bars:
                    raise RuleError(f"the free money card must go to a bar in play {self.bars}, got {bar!r}")
            else:
                order = list(self.bars)
                self.shuffler.shuffle(order)
                bar = order[0]
            self.bar_money[bar].append(extra)
            self.steps.append(
                f"Round {self.round}, croupier seat {c}: ${extra:,} is the free card, placed at {BAR_NAMES[bar]}."
            )
            targets = []
        for b, v in zip(targets, drawn):
            self.bar_money[b].append(v)
        self.observer("placed", self)

    def choose_cards(self) -> None:
        """R3, R4: everyone plays one card face down, then all are revealed."""
        for seat in self.clockwise_from_left(self.croupier):
            self.observer("choose", self, seat)
            card = self.policies[seat].choose_card(self.view(seat))
            if card not in self.hands[seat]:
                raise RuleError(f"seat {seat} played {card!r}, which is not in its hand {self.hands[seat]}")
            self.hands[seat].remove(card)
            self.table[seat] = card
        self.revealed = True
        self.steps.append(
            f"Round {self.round}: " + ", ".join(f"seat {s} {self.table[s]}" for s in sorted(self.table)) + "."
        )
        self.observer("revealed", self)

    def resolve(self) -> None:
        """B1-B6: every bar, left to right."""
        for bar in self.bars:
            played = [(s, c.kind, c.value) for s, c in sorted(self.table.items()) if c.bar == bar]
            if not played:
                continue
            before = list(self.bar_money[bar])

            def decide_offer(proposer, contestants, money, bar=bar):
                return self.policies[proposer].offer(self.view(proposer), bar, contestants, money)

            def decide_answer(seat, proposer, offer, bar=bar):
                return self.policies[seat].answer(self.view(seat), bar, proposer, offer)

            res = resolve_bar(
                self.n,
                self.croupier,
                before,
                played,
                decide_offer,
                decide_answer,
                lambda seat: self.die.roll(),
                self.settings,
            )
            self.bar_money[bar] = list(res.remains)
            for seat, cards in res.payout.items():
                self.won[seat] += cards
                if cards:
                    self.bars_won[seat] += 1
            self.results.append((self.round, bar, res))
            self.steps += [f"Round {self.round}, {BAR_NAMES[bar]}: {line}" for line in res.steps]
            self.observer("bar", self, (bar, played, before, res))

    def play_round(self) -> None:
        self.croupier = self.round % self.n
        self.lay_out_money()
        self.choose_cards()
        self.resolve()
        if self.last_round:
            self.discard_played()
        elif self.settings.reshuffle == "discard_first":
            self.discard_played()
            self.refill((self.croupier + 1) % self.n)
        else:
            self.refill((self.croupier + 1) % self.n)
            self.discard_played()
        self.observer("round end", self)

    # -- the end (E1-E4) ----------------------------------------------------------------------------

    def finish(self) -> GameResult:
        s = self.settings
        leftover = sum(sum(m) for m in self.bar_money.values())
        money: list = [sum(w) for w in self.won]
        if s.leftover == "split" and leftover:
            money = [m + Fraction(leftover, self.n) for m in money]
            self.bar_money = {b: [] for b in self.bars}
        best = max(money)
        tied = [seat for seat in range(self.n) if money[seat] == best]
        if s.final_ties == "bars_won" and len(tied) > 1:
            most = max(self.bars_won[seat] for seat in tied)
            tied = [seat for seat in tied if self.bars_won[seat] == most]
        wins = [Fraction(1, len(tied)) if seat in tied else Fraction(0) for seat in range(self.n)]
        self.steps.append(
            "Final money: "
            + ", ".join(f"seat {i} ${m:,}" if isinstance(m, int) else f"seat {i} ${m}" for i, m in enumerate(money))
            + "; winner"
            + ("s " if len(tied) > 1 else " ")
            + ", ".join(f"seat {t}" for t in tied)
            + "."
        )
        self.observer("end", self)
        return GameResult(
            money, wins, list(self.bars_won), self.round, leftover, list(self.bars), self.steps, self.results
        )

    def play(self) -> GameResult:
        self.setup()
        while True:
            self.play_round()
            self.round += 1
            if self.last_round:
                return self.finish()


def play_game(
    settings: Settings, deck_rng: Shuffler, dice_rng: Die, policies: Sequence, observer: Callable | None = None
) -> GameResult:
    """A whole game. ``observer(stage, game, info=None)`` is called at "dealt", "placed", "choose"
    (info: the seat about to choose), "revealed", "bar" (info: bar, cards played there, money
    before, :class:`BarResult`), "round end" and "end"."""
    return Game(settings, deck_rng, dice_rng, policies, observer).play()


# ---------------------------------------------------------------------------------------------
# Trivial policies for the tests
# ---------------------------------------------------------------------------------------------


class RandomPolicy:
    """Uniformly random legal choices from its own ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_card(self, view: dict) -> Card:
        return self.rng.choice(view["hand"])

    def place_free(self, view: dict, value: int) -> int:
        return self.rng.choice(view["bars"])

    def place_all(self, view: dict, values: list[int]) -> list[int]:
        targets = list(view["bars"]) + [self.rng.choice(view["bars"])]
        self.rng.shuffle(targets)
        return targets

    def offer(self, view: dict, bar: int, contestants: list[int], money: list[int]):
        if view["offer_duel"] and self.rng.random() < 0.2:
            return None
        division: dict[int, list[int]] = {s: [] for s in contestants}
        for v in money:
            division[self.rng.choice(contestants)].append(v)
        return division

    def answer(self, view: dict, bar: int, proposer: int, offer: dict) -> str:
        return self.rng.choice((ACCEPT, DUEL))


class AcceptPolicy(RandomPolicy):
    """Random cards and offers; accepts every offer."""

    def answer(self, view: dict, bar: int, proposer: int, offer: dict) -> str:
        return ACCEPT


class DuelPolicy(RandomPolicy):
    """Random cards and offers; declines every offer."""

    def answer(self, view: dict, bar: int, proposer: int, offer: dict) -> str:
        return DUEL
