"""The Merge network's XML hand histories (Carbon Poker and its skins) of Razz, read as PHH hands.

A file is a ``<description type="Razz" stakes="Limit $0.50/$1.00" .../>`` line and one ``<game id="TABLE-HAND">``
element a hand (no root element). A hand lists its ``<players>`` (``seat`` from 0, ``nickname``, ``balance``),
then ``<round id="...">`` elements: ``BLINDS`` (the antes), ``BRING_IN`` (3rd street's cards and the bring-in),
``THIRD_STREET`` to ``SEVENTH_STREET``, ``SHOWDOWN`` and ``END_OF_GAME`` (``<winner amount player uncalled>``).
An ``<event type player amount>`` names its player by seat: ``ANTE``, ``BRING_IN``, ``COMPLETE`` and ``BET`` (the
amount bet), ``RAISE`` (to the amount), ``CALL`` and ``ALL_IN`` (the chips added), ``CHECK``, ``FOLD``. Cards
are ``<cards type="HOLE|DRAW_DRAWN_CARDS|SHOWN|MUCKED" cards="null,null,8s" player>``, each street's list all
the player's cards so far, ``null`` (or nothing) for a card not seen. A mixed game's hand (``HORSE``) names
its game by ``multigametype`` (46, 47 and 49 are Razz). Each element is read into the same reader as the text
sites (:class:`.sites._Reader`), so the cards, the all-in showdown and the result follow the same rules;
seeds/razz.md, "Merge", says what is sourced and what inferred.
"""

from __future__ import annotations

import html
import re

from razzmatazz.analysis.razz import sites

RAZZ_GAMES = ("46", "47", "49")
"""``multigametype`` of a mixed game's Razz hand."""
_TAG = re.compile(r"<(/?)([A-Za-z_]+)((?:\s+[A-Za-z_]+\s*=\s*\"[^\"]*\")*)\s*(/?)>")
_ATTR = re.compile(r"([A-Za-z_]+)\s*=\s*\"([^\"]*)\"")
_GAME_ID = re.compile(r"^<game\s[^>]*\bid=\"([^\"]*)\"")
_STREETS = {"BRING_IN": 3, "THIRD_STREET": 3, "FOURTH_STREET": 4, "FIFTH_STREET": 5, "SIXTH_STREET": 6}
_STREETS["SEVENTH_STREET"] = 7


def _attrs(text: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in _ATTR.findall(text)}


def description(line: str) -> dict[str, str] | None:
    """The attributes of a file's ``<description .../>`` line (None if it is not one)."""
    match = _TAG.match(line.strip())
    return _attrs(match.group(3)) if match and match.group(2) == "description" else None


def game_id(line: str) -> str:
    match = _GAME_ID.match(line.strip())
    return match.group(1) if match else "?"


def is_razz(header: str, game: str) -> bool:
    """Whether the hand whose ``<game>`` line is ``game``, in the file of description ``header``, is Razz."""
    kind = (description(header) or {}).get("type", "")
    mixed = _attrs(game).get("multigametype")
    return mixed in RAZZ_GAMES if mixed else kind.removesuffix(" Tournament") == "Razz"


def holds_razz(text: str) -> bool:
    """Whether a file's beginning ``text`` holds a Razz hand (by its description, or a mixed game's hand)."""
    kind = (description(text.strip().splitlines()[0]) or {}).get("type", "") if text.strip() else ""
    return kind.removesuffix(" Tournament") == "Razz" or any(f'multigametype="{g}"' in text for g in RAZZ_GAMES)


def hands(text: str) -> list[tuple[int, list[str]]]:
    """Each ``<game>`` of a Merge file: (its line number, [the description line, its lines])."""
    out: list[tuple[int, list[str]]] = []
    head = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not head and description(line) is not None:
            head = line
        elif line.startswith("<game ") or line == "<game>":
            out.append((number, [head, line]))
        elif out and out[-1][1][-1] != "</game>":
            out[-1][1].append(line)
    return out


def _stakes(lines: list[str], first: int) -> tuple[sites._Reader, int, int]:
    """The reader (cash: the stakes carry a currency sign) and the small and big bets: the description's, or, where
    it says only ``Limit`` (a tournament), the hand's (:func:`_bets_of`)."""
    stakes = (description(lines[0]) or {}).get("stakes", "").strip()
    match = re.fullmatch(r"Limit \(?([^/()]+)/([^/()]+)\)?", stakes)
    if match is None and stakes != "Limit":
        raise sites.SiteError(f"line {first}: the stakes {stakes[:40]!r} are not Limit small/big bets")
    r = sites._Reader(any(c in stakes for c in sites._CURRENCY), " ", "merge")
    if match:
        return r, r.chips(match.group(1)), r.chips(match.group(2))
    return r, *_bets_of(r, lines)


def _bets_of(r: sites._Reader, lines: list[str]) -> tuple[int, int]:
    """A tournament hand's small and big bets, from its play: the completion (or the first bet of 3rd or 4th
    street) and the first bet from 5th street on, else twice the small bet; twice the bring-in where nobody bet
    (no amount of that hand depends on them) [inference]."""
    small = big = bring_in = 0
    street = 0
    for line in lines[1:]:
        for match in _TAG.finditer(line):
            a = _attrs(match.group(3))
            if match.group(2) == "round" and a.get("id") in _STREETS:
                street = _STREETS[a["id"]]
            elif match.group(2) == "event" and a.get("type") in ("COMPLETE", "BET", "BRING_IN"):
                amount = r.chips(a.get("amount", ""))
                if a["type"] == "BRING_IN":
                    bring_in = bring_in or amount
                elif street <= 4:
                    small = small or amount
                else:
                    big = big or amount
    small = small or big // 2 or 2 * bring_in or 1
    return small, big or 2 * small


class _Hand:
    """One ``<game>`` read element by element into a :class:`.sites._Reader`."""

    def __init__(self, r: sites._Reader, tournament: bool) -> None:
        self.r, self.tournament = r, tournament
        self.seat_of: dict[str, int] = {}
        self.cards: dict[int, list[str]] = {}

    def players(self, elements: list[tuple[str, dict[str, str]]]) -> None:
        """The players dealt in (an ante posted or cards dealt), in seat order."""
        seats = [a for tag, a in elements if tag == "player"]
        acting = {a.get("player") for tag, a in elements if tag in ("event", "cards")}
        r = self.r
        for a in seats:
            if not a.get("seat", "").isdigit() or len(a["seat"]) > 3:
                raise sites.SiteError(f"the seat {a.get('seat', '')[:10]!r} is not a seat number")
        for a in sorted(seats, key=lambda a: int(a["seat"])):
            if a.get("seat") not in acting:
                continue
            if a.get("nickname", "") in r.names:
                raise sites.SiteError(f"two seats are named {a['nickname'][:40]!r}")
            self.seat_of[a["seat"]] = len(r.names)
            r.names.append(a.get("nickname", ""))
            r.seats.append(int(a["seat"]))
            r.stacks.append(r.chips(a.get("balance", "")))
        r.seated()

    def player(self, a: dict[str, str]) -> int:
        if a.get("player") not in self.seat_of:
            raise sites.SiteError(f"seat {a.get('player', '')[:10]!r} is not a player of this hand")
        return self.seat_of[a["player"]]

    def amount(self, chips: int) -> str:
        """Chips (cents) written back as the file's amount, for the reader's action text."""
        return f"{chips // 100}.{chips % 100:02d}" if self.r.cash else str(chips)

    def event(self, a: dict[str, str]) -> None:
        kind, r = a.get("type", ""), self.r
        if kind in ("CHAT", "SIT_OUT", "PLAYER_OUT", "LEAVE", "DISCONNECTED", "RECONNECTED", "SHOW", "MUCK"):
            return
        p = self.player(a)
        money = a.get("amount", "0")
        if kind == "ANTE":
            r.act(p, f"posts the ante {money}")
            if self.tournament:  # a tournament's balance is written after the ante
                r.stacks[p] += r.antes[p]
            return
        words = {
            "BRING_IN": f"brings in for {money}",
            "COMPLETE": f"completes it to {money}",
            "BET": f"bets {money}",
            "RAISE": f"raises to {money}",
            "CALL": f"calls {money}",
            "CHECK": "checks",
            "FOLD": "folds",
        }
        if kind == "ALL_IN":
            to, level = r.bets[p] + r.chips(money), max(r.bets)
            r.act(p, f"raises to {self.amount(to)}" if to > level else f"calls {money}")
        elif kind in words:
            r.act(p, words[kind])
        else:
            raise sites.SiteError(f"an event razzmatazz does not know: {kind[:30]!r}")

    def dealt(self, a: dict[str, str]) -> None:
        """A street's cards of one player (all so far): the new ones are this street's deal."""
        p, r = self.player(a), self.r
        cards = ["??" if c in ("", "null") else c for c in a.get("cards", "").split(",")]
        if any(c != "??" and not sites._CARD.match(c) for c in cards):
            raise sites.SiteError(f"cards razzmatazz cannot read: {a.get('cards', '')[:40]!r}")
        kind = a.get("type")
        if kind in ("SHOWN", "MUCKED"):
            r.final[p] = "".join(cards) if kind == "SHOWN" and "??" not in cards else None
            r.shown_at[p] = r.at
            return
        new = cards[len(self.cards.get(p, [])) :] if r.street > 3 else cards
        self.cards[p] = cards
        r.dealt[p] = new if r.street == 3 else new[-1:]
        r.said_at[p] = r.at


def read_hand(lines: list[str], first: int) -> sites.SiteHand:
    """One ``<game>`` (lines: the file's description, then the game's, the ``<game>`` line being ``first``)."""
    r, small, big = _stakes(lines, first)
    tournament = (description(lines[0]) or {}).get("type", "").endswith("Tournament")
    hand = _Hand(r, tournament)
    elements: list[tuple[int, str, str, dict[str, str]]] = []
    for i, line in enumerate(lines[1:], first):
        for match in _TAG.finditer(line):
            elements.append((i, line, match.group(1) + match.group(2), _attrs(match.group(3))))
    if not elements or elements[-1][2] != "/game":
        raise sites.SiteError(f"line {first}: the hand has no end (</game>)")
    number = first
    try:
        hand.players([(tag, a) for _, _, tag, a in elements])
        for number, line, tag, a in elements:
            r.at = f"line {number} {line[:60]!r}"
            if tag == "round" and a.get("id") in _STREETS and _STREETS[a["id"]] != r.street:
                r.begin_street(_STREETS[a["id"]])
            elif tag == "round" and a.get("id") == "SHOWDOWN":
                r.flush_deals()
            elif tag == "event":
                hand.event(a)
            elif tag == "cards":
                hand.dealt(a)
            elif tag == "winner":
                (r.back if a.get("uncalled") == "true" else r.won)[hand.player(a)] += r.chips(a.get("amount", ""))
        if r.street == 0:
            raise sites.SiteError("the hand has no 3rd street")
        r.showdown()
    except sites.SiteError as e:
        raise sites.SiteError(f"line {number}: {e}") from None
    r.rake = max(0, sum(r.put) - sum(r.back) - sum(r.won))  # the file writes no rake: what the pots kept
    return sites.SiteHand(sites._table(r, small, big), r.sources, r.won, r.rake, r.raked())
