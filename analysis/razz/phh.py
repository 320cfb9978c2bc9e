"""Hand histories in the PHH format (poker hand history, https://phh.readthedocs.io) for Razz hands.

:func:`hand_history` turns the log of one hand of the fixed-limit engine (rows ``(kind, seat,
a, b)``, kinds ``L_*`` in :mod:`razzmatazz.core.razz.rules`) into PHH text: variant ``FR``,
seat ``s`` is player ``p{s+1}`` (``p1`` at the dealer's left), every card dealt is written
(no burns: the engine burns none, G2) and every player still in at a showdown shows with
``sm``, which PokerKit needs to award the pot. When the betting is over before 7th street
(at most one player still in has chips), the players show as soon as the round ends, as
PokerKit wants, and again at the end if a down card came since. ``finishing_stacks`` is the
starting stack plus the player's net result. A 7th street dealt after a reshuffle
(``exhausted=reshuffle``, G6) replays: PokerKit reshuffles the same folded cards (and warns
about each card it deals from the muck).

A few hands follow rules PokerKit (the reference PHH implementation) does not have. The file
then says so in a TOML comment at the top and in the user-defined fields
``_pokerkit_replayable = false`` and ``_notes`` (PHH has no comment field; fields starting
with ``_`` are the specification's user-defined fields):

* a bring-in tie broken by seat (``bring_in_tie=seat``, G3) where PokerKit, which breaks it by
  suit, would pick another player;
* a community 7th-street card (G6) dealt while folded players' cards were in the muck:
  PokerKit would shuffle those into the stub instead (it deals a community card, like the
  engine, only when even the muck is short, e.g. eight players all reaching 7th street);
* a betting round with more than PokerKit's 4 bets (``uncapped_heads_up``, or a cap above 4).

Deep stacks (``stack=0``) have no finite size; the file gives every player a starting stack
no hand can exhaust (:func:`starting_stack`) and says that the stacks are deep.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from razzmatazz.core.cards import card_str, cards_str
from razzmatazz.core.razz import rules as R

VARIANT = "FR"
POKERKIT_CAP = 4
"""Completions, bets and raises PokerKit allows in one betting round of fixed-limit Razz."""
DECK = 52
_STREETS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
_ACTIONS = (R.L_BRING_IN, R.L_FOLD, R.L_CHECK, R.L_CALL, R.L_RAISE)


def starting_stack(settings: R.Settings) -> int:
    """The starting stack in the file: the table's stack or, for deep stacks, a round number no hand reaches."""
    if settings.stack:
        return settings.stack
    most = settings.ante + settings.bring_in + settings.cap * (2 * settings.small_bet + 3 * settings.big_bet)
    stack = 10**6
    while stack <= most:
        stack *= 10
    return stack


@dataclass
class _Reader:
    """What the log has said so far, enough to write the actions and to judge PokerKit replay."""

    settings: R.Settings
    n: int
    stacks: list[int]
    actions: list[str] = field(default_factory=list)
    blocking: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: list[list[int]] = field(default_factory=list)
    hidden: list[bool] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    bets: list[int] = field(default_factory=list)
    dealt: int = 0
    street: int = 0
    bets_made: int = 0
    round_open: bool = False
    headed: int = 0

    def __post_init__(self) -> None:
        self.cards = [[] for _ in range(self.n)]
        self.hidden = [False] * self.n
        self.folded = [False] * self.n
        self.bets = [0] * self.n

    # --- cards ---------------------------------------------------------------------------------
    def deal(self, seat: int, card: int, slot: int) -> None:
        if slot >= 3:
            self.close_round()
            self.heading(self.street + 1)
        if seat < 0:
            self.community(card)
        else:
            self.cards[seat].append(card)
            self.hidden[seat] |= slot in (0, 1, 6)
            if slot >= 3:
                self.actions.append(f"d dh p{seat + 1} {card_str(card)}")
        self.dealt += 1

    def heading(self, street: int) -> None:
        if self.headed < street:
            self.actions.append(f"# {_STREETS[street]} street")
            self.headed = street

    def deal_third_street(self) -> None:
        self.heading(3)
        for s in range(self.n):
            self.actions.append(f"d dh p{s + 1} {cards_str(self.cards[s])}")

    def community(self, card: int) -> None:
        need = self.n_in()
        muck = sum(len(self.cards[s]) for s in range(self.n) if self.folded[s])
        self.actions.append(f"d db {card_str(card)}")
        if need <= DECK - self.dealt + muck:
            self.blocking.append(
                f"the deck ran out and 7th street is one community card {card_str(card)} (exhausted=community, G6); "
                f"PokerKit would instead deal 7th street from the stub with the folded players' {muck} cards "
                "shuffled in"
            )
        else:
            self.notes.append(
                f"the deck ran out: 7th street is one community card, {card_str(card)}, which every player uses (G6)"
            )

    # --- betting -------------------------------------------------------------------------------
    def start_street(self, street: int, first: int) -> None:
        if street == 3:
            self.deal_third_street()
            self.check_bring_in(first)
        self.street = street
        self.bets = [0] * self.n
        self.bets_made = 0
        self.round_open = True

    def check_bring_in(self, seat: int) -> None:
        doors = [self.cards[s][2] for s in range(self.n)]
        top = max(c >> 2 for c in doors)
        tied = [s for s in range(self.n) if doors[s] >> 2 == top]
        if self.settings.bring_in_tie != "seat" or len(tied) < 2:
            return
        shown = ", ".join(f"p{s + 1} {card_str(doors[s])}" for s in tied)
        by_suit = max(tied, key=lambda s: doors[s])
        text = (
            f"bring-in: the highest door cards tie ({shown}); the player nearest the dealer's left, "
            f"p{seat + 1}, brings in (bring_in_tie=seat, G3)"
        )
        if by_suit != seat:
            self.blocking.append(f"{text}; PokerKit breaks the tie by suit and would ask p{by_suit + 1}")
        else:
            self.notes.append(f"{text}, the same player as by suit")

    def act(self, kind: int, seat: int, a: int) -> None:
        who = f"p{seat + 1}"
        if kind == R.L_BRING_IN:
            self.pay(seat, a)
            self.actions.append(f"{who} pb")
        elif kind == R.L_FOLD:
            self.folded[seat] = True
            self.actions.append(f"{who} f")
        elif kind in (R.L_CHECK, R.L_CALL):
            self.pay(seat, a if kind == R.L_CALL else 0)
            self.actions.append(f"{who} cc")
        else:
            self.pay(seat, a - self.bets[seat])
            self.bets_made += 1
            if self.bets_made == POKERKIT_CAP + 1:
                self.blocking.append(
                    f"{_STREETS[self.street]} street has more than {POKERKIT_CAP} bets "
                    f"(cap={self.settings.cap}, uncapped heads-up={self.settings.uncapped_heads_up}, "
                    f"G4); PokerKit allows {POKERKIT_CAP}"
                )
            self.actions.append(f"{who} cbr {a}")

    def pay(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.bets[seat] += chips

    def n_in(self) -> int:
        return self.n - sum(self.folded)

    def close_round(self) -> None:
        """End of a betting round: when at most one player still in has chips, all show (PokerKit's all-in showdown)."""
        if not self.round_open:
            return
        self.round_open = False
        with_chips = sum(1 for s in range(self.n) if not self.folded[s] and self.stacks[s] > 0)
        if self.n_in() > 1 and with_chips <= 1:
            self.show()

    def show(self) -> None:
        """Every player still in with a card not yet shown shows all their cards."""
        showing = [s for s in range(self.n) if not self.folded[s] and self.hidden[s]]
        if showing:
            self.actions.append("# showdown" if self.street == 7 else "# all-in: the cards are shown")
        for s in showing:
            self.actions.append(f"p{s + 1} sm {cards_str(self.cards[s])}")
            self.hidden[s] = False

    def finish(self) -> None:
        self.close_round()
        if self.n_in() > 1:
            self.show()


def seat_stacks(settings: R.Settings, hand: int = 0) -> list[int]:
    """Each seat's starting stack in hand ``hand`` (per-player ``stacks`` rotate with the players, G9)."""
    n = settings.players
    if settings.stacks:
        return [settings.stacks[(s - hand) % n] for s in range(n)]
    return [starting_stack(settings)] * n


def _read(settings: R.Settings, log_rows: np.ndarray, stacks: list[int]) -> _Reader:
    reader = _Reader(settings, settings.players, list(stacks))
    for kind, seat, a, b in np.asarray(log_rows, np.int64).tolist():
        if kind == R.L_ANTE:
            reader.pay(seat, a)
        elif kind == R.L_DEAL:
            reader.deal(seat, a, b)
        elif kind == R.L_STREET:
            reader.start_street(seat, a)
        elif kind in _ACTIONS:
            reader.act(kind, seat, a)
        elif kind == R.L_RESHUFFLE:
            reader.close_round()
            reader.notes.append(
                f"the deck ran out: 7th street was dealt from the stub with the folded players' "
                f"cards shuffled in, {a} cards (exhausted=reshuffle, G6); PokerKit does the same, "
                "with a warning for each card it deals from the muck"
            )
    reader.finish()
    return reader


def toml_value(value: object) -> str:
    """A TOML value: bool, int, str or a list of them (strings as JSON-escaped basic strings)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _header(settings: R.Settings, reader: _Reader, start: int) -> list[str]:
    n = settings.players
    lines = [f"# Fixed-limit Razz by razzmatazz: p1..p{n} sit clockwise from the dealer's left (the dealer is p{n})."]
    if settings.deep:
        lines.append(f"# Stacks are deep (unlimited): the starting stacks of {start:,} only stand in for them.")
    if settings.cap != POKERKIT_CAP or settings.uncapped_heads_up:
        lines.append(
            f"# Betting: at most {settings.cap} bets a round"
            + (", no limit heads-up" if settings.uncapped_heads_up else "")
            + "."
        )
    if reader.blocking:
        lines.append("# PokerKit cannot replay this hand as played here:")
        lines += [f"#   - {text}." for text in reader.blocking]
    lines += [f"# Note: {text}." for text in reader.notes]
    return lines


def hand_history(
    settings: R.Settings,
    log_rows: np.ndarray,
    players: Sequence[str],
    net: Sequence[int] | np.ndarray,
    *,
    hand: int | None = None,
) -> str:
    """PHH text of one hand: ``log_rows`` from :meth:`GameJob.trace`, ``players[s]`` and ``net[s]`` per seat ``s``."""
    n = settings.players
    if len(players) != n or len(net) != n:
        raise ValueError(f"{n} players need {n} names and {n} results, got {len(players)} and {len(net)}")
    stacks = seat_stacks(settings, hand or 0)
    start = stacks[0]
    reader = _read(settings, log_rows, stacks)
    finishing = [a + int(x) for a, x in zip(stacks, net)]
    if finishing != [max(0, s) for s in finishing] or sum(int(x) for x in net) != 0:
        raise ValueError(f"net results {list(net)} do not fit stacks of {stacks}")
    fields: list[tuple[str, object]] = [
        ("variant", VARIANT),
        ("ante_trimming_status", True),
        ("antes", [settings.ante] * n),
        ("bring_in", settings.bring_in),
        ("small_bet", settings.small_bet),
        ("big_bet", settings.big_bet),
        ("starting_stacks", stacks),
    ]
    lines = _header(settings, reader, start)
    lines += [f"{key} = {toml_value(value)}" for key, value in fields]
    lines.append("actions = [")
    lines += [f"  {text}" if text.startswith("#") else f"  {toml_value(text)}," for text in reader.actions]
    lines.append("]")
    tail: list[tuple[str, object]] = [("players", list(players)), ("finishing_stacks", finishing)]
    if hand is not None:
        tail.insert(0, ("hand", hand))
    tail += [
        ("_pokerkit_replayable", not reader.blocking),
        ("_notes", reader.blocking + reader.notes),
        ("_deep_stacks", settings.deep),
        ("_cap", settings.cap),
        ("_uncapped_heads_up", settings.uncapped_heads_up),
        ("_bring_in_tie", settings.bring_in_tie),
        ("_exhausted", settings.exhausted),
    ]
    lines += [f"{key} = {toml_value(value)}" for key, value in tail]
    return "\n".join(lines) + "\n"


def write_hand_histories(directory: Path | str, texts: Iterable[str], *, first: int = 1) -> list[Path]:
    """Write ``texts`` into ``directory`` as ``hand-000001.phh``, ``hand-000002.phh``, ... (numbered from ``first``).

    Each file is written under a hidden temporary name and renamed into place, so a file with
    its final name is always complete. Returns the paths written.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for i, text in enumerate(texts, start=first):
        path = directory / f"hand-{i:06d}.phh"
        tmp = directory / f".{path.name}.tmp-{os.getpid()}"
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        written.append(path)
    return written
