"""Razz hand histories as poker sites write them, read as PHH hands (``razz replay``, ``razz convert``).

PokerStars, Full Tilt and Winamax text (cash games, tournaments, sit-and-gos; seeds/razz.md, "Site hand histories"):
a file holds one or more hands, each from its header line (``PokerStars Game #``, ``PokerStars Hand #``, ``Full Tilt
Poker Game #``, ``Winamax Poker - ``) to the next, blank lines, a byte-order mark, Windows line ends and (Full Tilt)
UTF-16 allowed; a mixed game's hands of other games are left out. Merge's XML is read by :mod:`.merge` into the same
reader. Each hand becomes the table of a PHH document (variant ``FR``, the players who were dealt in, in seat
order): what the file shows of the cards (an opponent's down cards unknown, ``????``, until shown), every action,
the cards shown at the showdown (a player who mucks shows nothing) and, where the betting ends with at most one
player able to bet before 7th street, the cards shown then, as PHH's all-in showdown wants. Amounts are whole chips
in a tournament and cents in a cash game. The file's result gives ``finishing_stacks``: the starting stack less what
the player put in, plus what came back and what it collected; a rake taken from a pot one player collected is added
back to it (the replay pays the whole pot), and with a rake over several collectors the stacks are left out
(:attr:`SiteHand.raked` keeps them with the rake, for :attr:`.replay.Result.agrees`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

SITES = ("pokerstars", "fulltilt", "winamax", "merge")
"""The sites whose Razz histories are read."""

_STAKES = re.compile(r"Razz Limit \(([^)]*)\)|Razz Limit, ([^)]*)\)|Level [^(]{0,20}\(([^)]{0,60})\)")
"""PokerStars' stakes: ``Razz Limit ($0.10/$0.20 USD)``, a mixed game's ``HORSE (Razz Limit, $0.10/$0.20 USD)``,
a tournament's ``Level IV (1,000/2,000)``; money with a currency sign is a cash game (cents), else chips."""
_FT_STAKES = re.compile(r" - (?P<stakes>[^\s/]+/\S+) Ante \S+ - Limit Razz\b")
_WINAMAX_STAKES = re.compile(r" - Razz fixed limit \((?P<ante>[^/()]+)/(?P<stakes>[^/()]+/[^/()]+)\) - ")
"""Winamax's game and stakes: ``Razz fixed limit (5€/25€/50€)``, the ante, the small and the big bet."""
_RAZZ = {
    "pokerstars": re.compile(r"Razz Limit"),
    "fulltilt": re.compile(r"Limit Razz"),
    "winamax": re.compile(r" - Razz fixed limit \("),
}
"""What a header of each site says of a Razz hand (a mixed game's file holds other games' hands too)."""


@dataclass(frozen=True)
class _Dialect:
    """How one site writes a hand: its header, its seat lines, what follows a player's name in an action."""

    site: str
    header: re.Pattern
    seat: re.Pattern
    sep: str


_DIALECTS = (
    _Dialect(
        "pokerstars",
        re.compile(r"^PokerStars (?:Game|Hand) #([^:\s]*):"),
        re.compile(r"^Seat (\d+): (.+) \(([^()]*?) in chips(?:, [^()]*)?\)(.*)$"),
        ": ",
    ),
    _Dialect(
        "fulltilt",
        re.compile(r"^Full Tilt Poker Game #([^:\s]*):"),
        re.compile(r"^Seat (\d+): (.+) \(([^()]*)\)(.*)$"),
        " ",
    ),
    _Dialect(
        "winamax",
        re.compile(r"^Winamax Poker - .*? - HandId: #([^\s]*) - "),
        re.compile(r"^Seat (\d+): (.+) \(([^(),]*)(?:, [^()]*)?\)(.*)$"),
        " ",
    ),
    _Dialect("merge", re.compile(r"^<description\s[^>]*\btype=\"([^\"]*)\""), re.compile(r"^$"), " "),
)
_STREETS = {"3RD STREET": 3, "4TH STREET": 4, "5TH STREET": 5, "6TH STREET": 6, "RIVER": 7, "7TH STREET": 7}
_STREETS |= {"THIRD": 3, "FOURTH": 4, "FIFTH": 5, "SIXTH": 6, "SEVENTH": 7}
"""The street headers (``*** 3rd STREET ***``; Full Tilt writes ``*** 3RD STREET ***``, Winamax's export
``*** THIRD ***``), upper-cased."""
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_CURRENCY = "$€£"
_ANTES = ("posts the ante ", "antes ", "posts ante ")
MAX_DIGITS = 30
"""The longest amount read (digits, separators and a decimal point): more is no amount a table writes."""
MAX_LINE = 2_000
"""The longest line of a site's hand read (a hand's lines are under 200 characters; a longer one is refused
before any pattern is tried on it)."""
"""How a site writes an ante: PokerStars, Full Tilt, Winamax."""
_ALL_IN = (" and is all-in", ", and is all in", " and is all in")
_TABLE_NEWS = re.compile(
    r"(?:^|: | )(?:is sitting out|sits out|has timed out(?: while .*)?|is disconnected|is connected|has returned|"
    r"has reconnected|leaves the table|stands up|joins the table(?: at seat #\d+)?|finished the tournament.*|"
    r"wins the tournament.*|has \d+ seconds? left to act|has requested TIME|will be allowed to play.*)$"
)
"""What a line about a player may say that is no action (``NAME is disconnected``, ``NAME: sits out``)."""


class SiteError(ValueError):
    """A hand a site reader cannot read: the message names the line and the problem."""


def decode(data: bytes) -> str:
    """A history's text: UTF-16 after its byte-order mark (Full Tilt writes it so), else UTF-8, else, for a
    site's history only, Windows-1252 (older Full Tilt files: an accented name, the euro sign);
    :class:`UnicodeDecodeError` (UTF-8's) if it is none of these."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            text = ""
        if site_of(text):
            return text
        raise


def _dialect(line: str) -> _Dialect | None:
    return next((d for d in _DIALECTS if d.header.match(line.strip())), None)


def _hand_header(line: str) -> _Dialect | None:
    """The text site whose hand ``line`` begins (Merge's XML is split into hands by :mod:`.merge`, not here)."""
    return next((d for d in _DIALECTS if d.site in _RAZZ and d.header.match(line.strip())), None)


def _first_line(text: str) -> str:
    return next((line for line in text.removeprefix("\ufeff").splitlines() if line.strip()), "")


def site_of(text: str) -> str | None:
    """The site whose history ``text`` is (None if it is none of :data:`SITES`), from its first line."""
    dialect = _dialect(_first_line(text))
    return dialect.site if dialect else None


def holds_razz_history(head: bytes) -> bool:
    """Whether a file's first bytes ``head`` (cut anywhere) begin a site's history and hold the header of a Razz
    hand (a site's folder holds other games too, left alone; a mixed game's file, other games' hands besides)."""
    utf16 = head[:2] in (b"\xff\xfe", b"\xfe\xff")
    text = head[: len(head) // 2 * 2].decode("utf-16", "ignore") if utf16 else head.decode("utf-8", "ignore")
    site = site_of(_first_line(text))
    if site == "merge":
        from razzmatazz.analysis.razz import merge

        return merge.holds_razz(text)
    return site is not None and any(is_razz(line.strip().lstrip("\ufeff")) for line in text.splitlines())


def hands(text: str) -> list[tuple[int, list[str]]]:
    """Each hand of a site's file: (the line number of its header, its lines; Merge's: the file's description
    line, then the hand's, :func:`.merge.hands`)."""
    if site_of(text) == "merge":
        from razzmatazz.analysis.razz import merge

        return merge.hands(text)
    out: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")  # files joined together keep their byte-order marks
        if _hand_header(line):
            out.append((number, []))
        if out:
            out[-1][1].append(line)
    return out


def is_razz(header: str) -> bool:
    """Whether a hand's header line names a Razz hand of its (text) site."""
    dialect = _hand_header(header)
    return bool(dialect and _RAZZ[dialect.site].search(header))


def razz_hands(text: str) -> tuple[list[tuple[int, list[str]]], int]:
    """The Razz hands of a site's file (:func:`hands`) and how many hands of other games it holds besides (a
    mixed game's table: HORSE, 8-Game)."""
    found = hands(text)
    if site_of(text) == "merge":
        from razzmatazz.analysis.razz import merge

        razz = [h for h in found if merge.is_razz(*h[1][:2])]
    else:
        razz = [h for h in found if is_razz(h[1][0])]
    return razz, len(found) - len(razz)


def no_razz(text: str, others: int) -> str:
    """Why a site's file gives no hand: it holds none of Razz (the first's header quoted)."""
    first = _first_line(text)[:70]
    return f"no Razz hand in this {site_of(text)} history ({others:,} of other games, the first {first!r})"


def hand_id(lines: list[str]) -> str:
    """The hand's number as the site writes it."""
    dialect = _dialect(lines[0])
    if dialect and dialect.site == "merge":
        from razzmatazz.analysis.razz import merge

        return merge.game_id(lines[1]) if len(lines) > 1 else "?"
    match = dialect.header.match(lines[0]) if dialect else None
    return match.group(1) if match else "?"


@dataclass
class _Reader:
    """One hand being read: the players dealt in and what each did."""

    cash: bool
    sep: str = ": "
    site: str = ""
    names: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    stacks: list[int] = field(default_factory=list)
    antes: list[int] = field(default_factory=list)
    put: list[int] = field(default_factory=list)
    bets: list[int] = field(default_factory=list)
    back: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    live: list[bool] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    dealt: dict[int, list[str]] = field(default_factory=dict)
    street: int = 0
    shown_early: bool = False
    final: dict[int, str | None] = field(default_factory=dict)
    bring_in: int = 0
    brought_in: tuple[int, int] = (-1, 0)
    """The player who brought in and for how much (Winamax writes that player's raise on 3rd street without it)."""
    rake: int = 0
    summary: bool = False
    pending: bool = False
    early: list[tuple[int, int, int]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    at: str = ""
    street_at: str = ""
    said_at: dict[int, str] = field(default_factory=dict)
    shown_at: dict[int, str] = field(default_factory=dict)

    def chips(self, text: str) -> int:
        """An amount as whole chips (cents in a cash game): ``$1,234.56``, ``1,500``, ``258€``."""
        word = text.replace(",", "")
        for sign in _CURRENCY:
            word = word.replace(sign, "")
        word = word.strip()
        if len(word) > MAX_DIGITS or "e" in word.lower().replace("inf", ""):  # no exponent, no thousand digits
            raise SiteError(f"{text[:40]!r} is not an amount")
        try:
            value = Decimal(word) * (100 if self.cash else 1)
        except InvalidOperation:
            raise SiteError(f"{text!r} is not an amount") from None
        if not value.is_finite() or value != value.to_integral_value() or value < 0:
            raise SiteError(f"{text!r} is not a whole number of {'cents' if self.cash else 'chips'}")
        return int(value)

    def who(self, line: str, suffix: str = ": ") -> tuple[int, str] | None:
        """The player a line begins with (longest name first, so names may hold colons) and the rest."""
        for p in sorted(range(len(self.names)), key=lambda i: -len(self.names[i])):
            if line.startswith(self.names[p] + suffix):
                return p, line[len(self.names[p]) + len(suffix) :]
        return None

    def add(self, action: str) -> None:
        """An action of the PHH hand, from the line being read (:attr:`at`)."""
        self.actions.append(action)
        self.sources.append(self.at)

    def pay(self, p: int, chips: int) -> None:
        self.put[p] += chips
        self.bets[p] += chips

    def flush_deals(self) -> None:
        """The cards of the street begun: every player still in is dealt, unknown cards as ``??``."""
        if not self.pending:
            return
        self.pending = False
        now = self.at
        for p in range(len(self.names)):
            if not self.live[p]:
                continue
            self.at = self.said_at.pop(p, self.street_at)  # its Dealt line, else the street's header
            cards = self.dealt.get(p) or []
            if self.street == 3:
                text = "".join(cards) if len(cards) == 3 else "????" + (cards[-1] if len(cards) == 1 else "??")
            else:
                text = cards[0] if cards else "??"
            self.add(f"d dh p{p + 1} {text}")
        self.dealt = {}
        self.at = now

    def begin_street(self, street: int) -> None:
        self.flush_deals()
        if street > 3 and not self.shown_early and self._betting_over():
            self.shown_early = True
            for p in range(len(self.names)):
                if self.live[p]:
                    self.early.append((len(self.actions), p, street - 1))
                    self.add(f"p{p + 1} sm -")
        self.street = street
        self.street_at = self.at
        self.pending = True
        self.bets = [0] * len(self.names)

    def _betting_over(self) -> bool:
        """At most one player still in can bet (and more than one is in)."""
        able = sum(1 for p in range(len(self.names)) if self.live[p] and self.stacks[p] > self.put[p])
        return sum(self.live) > 1 and able <= 1

    def deal_line(self, line: str) -> bool:
        """``Dealt to NAME [cards]`` (``[old] [new]`` after 3rd street): the cards the file shows of this street's
        deal; an opponent's down cards and 7th-street card are not shown."""
        found = self.who(line.removeprefix("Dealt to "), " [") if line.startswith("Dealt to ") else None
        if found is None:
            return False
        p, rest = found
        brackets = [["??" if c == "X" else c for c in b.split()] for b in re.findall(r"\[([^\]]*)\]", "[" + rest)]
        if any(not _CARD.match(c) and c != "??" for b in brackets for c in b) or not brackets:
            raise SiteError(f"cards razzmatazz cannot read: {line[:60]!r}")
        if self.street == 3:  # [down down door] or [down down] [door] (Full Tilt)
            self.dealt[p] = [c for b in brackets for c in b]
        else:
            self.dealt[p] = brackets[-1] if len(brackets) > 1 and len(brackets[-1]) == 1 else []
        self.said_at[p] = self.at
        return True

    def act(self, p: int, rest: str) -> None:
        """One player's line: ``posts the ante``, ``brings in for``, ``bets``, ``raises X to Y``, ..."""
        rest = rest.removesuffix(" and has reached the $ cap")
        all_in = rest.endswith(_ALL_IN)
        for tail in _ALL_IN:
            rest = rest.removesuffix(tail)
        tag = f"p{p + 1}"
        if rest.startswith(_ANTES):
            self.antes[p] = self.chips(rest.removeprefix(next(a for a in _ANTES if rest.startswith(a))))
            self.put[p] += self.antes[p]
            return
        won = re.fullmatch(r"(?:wins|ties for) (?:the )?(?:main |side )?pot(?: #\d+)? \((.+)\)(?: with .*)?", rest)
        if won:  # Full Tilt's collected
            self.won[p] += self.chips(won.group(1))
            return
        if rest.startswith("is high with "):
            return
        if self.street == 0:
            raise SiteError(f"{self.names[p]} acts before 3rd street is dealt: {rest!r}")
        self.flush_deals()
        if rest.startswith(("brings in ", "bring-in ")):
            amount = self.chips(rest.removeprefix("brings in ").removeprefix("bring-in ").removeprefix("for "))
            if not all_in:  # one all in for less does not tell the table's bring-in
                self.bring_in = amount
            self.brought_in = (p, amount)
            self.pay(p, amount)
            self.add(f"{tag} pb")
        elif rest.startswith(("completes it to ", "bets ")):
            to = self.chips(rest.split(" ", 3 if rest.startswith("completes") else 1)[-1])
            self.pay(p, to - self.bets[p])
            self.add(f"{tag} cbr {to}")
        elif rest.startswith("raises "):
            match = re.fullmatch(r"raises (?:(.+) )?to (.+)", rest)
            if match is None:
                raise SiteError(f"a raise without its amount: {rest!r}")
            to = self.chips(match.group(2))
            if self.site == "winamax" and self.street == 3 and p == self.brought_in[0]:
                to += self.brought_in[1]  # Winamax's "to" leaves out the bring-in's own chips
            self.pay(p, to - self.bets[p])
            self.add(f"{tag} cbr {to}")
        elif rest.startswith("calls "):
            self.pay(p, self.chips(rest.removeprefix("calls ")))
            self.add(f"{tag} cc")
        elif rest == "checks":
            self.add(f"{tag} cc")
        elif rest.startswith("folds"):
            self.live[p] = False
            self.add(f"{tag} f")
        elif rest.startswith("shows ["):
            self.final[p] = "".join(re.findall(r"[2-9TJQKA][cdhs]", rest.split("]")[0]))
            self.shown_at[p] = self.at
        elif rest.startswith("mucks"):
            self.final[p] = None
            self.shown_at[p] = self.at
        elif not rest.startswith("doesn't show"):
            raise SiteError(f"an action razzmatazz does not know: {rest!r}")

    def seated(self) -> None:
        """Each player's counts begun, once the players dealt in are known (:attr:`names`)."""
        n = len(self.names)
        self.antes, self.put, self.bets, self.back, self.won = ([0] * n for _ in range(5))
        self.live = [True] * n

    def raked(self) -> list[int]:
        """Each player's finishing stack with the rake kept by the pots: stack, less what it put in, plus what
        came back and what it collected."""
        return [self.stacks[p] - self.put[p] + self.back[p] + self.won[p] for p in range(len(self.names))]

    def showdown(self) -> None:
        """The cards shown at the end (a player still in who shows nothing mucks); the cards shown at an
        all-in before 7th street are the first of those."""
        self.flush_deals()
        for i, p, m in self.early:
            cards = self.final.get(p)
            if cards:
                self.actions[i] = f"p{p + 1} sm {cards[: 2 * m]}"
                self.sources[i] = self.shown_at.get(p, self.sources[i])
        if sum(self.live) < 2:
            return
        for p in range(len(self.names)):
            if self.live[p]:
                cards = self.final.get(p)
                self.at = self.shown_at.get(p, self.at)
                self.add(f"p{p + 1} sm {cards}" if cards else f"p{p + 1} sm")


@dataclass(frozen=True)
class SiteHand:
    """One hand of a site's history: its PHH table, where each action comes from (``line N 'TEXT'``), what each
    player collected from the pots and the rake, as the file says (chips or cents)."""

    table: dict
    sources: list[str]
    collected: list[int]
    rake: int
    raked: list[int]
    """The finishing stacks with the rake kept by the pots (what the file's amounts give before any is added back)."""


def read_hand(lines: list[str], first: int = 1) -> SiteHand:
    """One hand of a site's history whose header is line ``first`` of its file; :class:`SiteError` naming the
    line."""
    dialect = _dialect(lines[0])
    if dialect is None:
        raise SiteError(f"line {first}: not the first line of a hand of {', '.join(SITES)}")
    long = next((i for i, line in enumerate(lines, first) if len(line) > MAX_LINE), None)
    if long is not None:
        raise SiteError(f"line {long}: longer than the {MAX_LINE:,} characters a hand's line may have")
    if not re.fullmatch(r"\d{1,30}(?:-\d{1,30}){0,2}", hand_id(lines)):  # Winamax: TABLE-HAND-TIME
        raise SiteError(f"line {first}: the hand number {hand_id(lines)[:40]!r} is not 1 to 30 digits")
    if dialect.site == "merge":
        from razzmatazz.analysis.razz import merge

        return merge.read_hand(lines, first)
    r, small, big = _stakes(dialect, lines[0], first)
    seats: list[tuple[int, str, int]] = []
    number = first
    try:
        for i, line in enumerate(lines[1:], first + 1):
            number = i
            if not line:
                continue
            r.at = f"line {i} {line[:60]!r}"
            seat = dialect.seat.match(line)
            if seat and not r.names:
                if any(seat[2] == other for _, other, _ in seats):
                    raise SiteError(f"two seats are named {seat[2][:40]!r}")
                seats.append((int(seat[1]), seat[2], r.chips(seat[3])))
                continue
            if not r.names and seats:
                _seat_players(r, seats, lines)
            _line(r, line)
        if r.street == 0:
            raise SiteError("the hand has no 3rd street")
        if not r.summary:
            raise SiteError("the hand has no end (no *** SUMMARY ***: the file is cut short?)")
        r.showdown()
    except SiteError as e:
        raise SiteError(f"line {number}: {e}") from None
    return SiteHand(_table(r, small, big), r.sources, r.won, r.rake, r.raked())


def _stakes(dialect: _Dialect, header: str, first: int) -> tuple[_Reader, int, int]:
    """The hand's reader (cash or chips) and its small and big bets, from its header."""
    if dialect.site == "pokerstars":
        match = _STAKES.search(header) if "Razz Limit" in header else None
        written = next((g for g in match.groups() if g), None) if match else None
    else:
        match = (_FT_STAKES if dialect.site == "fulltilt" else _WINAMAX_STAKES).search(header)
        written = match.group("stakes") if match else None
    if written is None:
        raise SiteError(f"line {first}: not a Razz Limit hand (the header names the game and its stakes)")
    r = _Reader(any(c in written for c in _CURRENCY), dialect.sep, dialect.site)
    try:
        small, big = (r.chips(x) for x in written.split(" ")[0].split("/"))
    except (SiteError, ValueError):
        raise SiteError(f"line {first}: the stakes {written!r} are not small/big bets") from None
    return r, small, big


def _seat_players(r: _Reader, seats: list[tuple[int, str, int]], lines: list[str]) -> None:
    """The players of the hand: the seats listed that post an ante or are dealt cards, in seat order."""
    text = "\n".join(lines)
    for number, name, stack in sorted(seats):
        posted = any(f"\n{name}{r.sep}{ante}" in text for ante in _ANTES)
        if not posted and f"\nDealt to {name} [" not in text:  # sitting out, out of hand: not dealt in
            continue
        r.names.append(name)
        r.seats.append(number)
        r.stacks.append(stack)
    r.seated()


def _line(r: _Reader, line: str) -> None:
    """Read one line of the hand's body."""
    if not line or line.startswith(("Table '", "Table: '", "Betting is capped")) or ' said, "' in line:
        return
    if line.startswith("*** "):
        name = line.strip("* ").strip()
        if r.summary:
            raise SiteError(f"{line[:40]!r} after the summary")
        if name.upper() in _STREETS:
            r.begin_street(_STREETS[name.upper()])
        elif name == "SHOW DOWN":
            r.flush_deals()
        elif name == "SUMMARY":
            r.summary = True
        return
    if r.summary:
        rake = re.search(r"\| Rake ([^|]+)", line)
        if line.startswith("Total pot") and rake:
            r.rake = r.chips(rake.group(1).strip())
        return
    if r.deal_line(line):
        return
    returned = re.fullmatch(r"Uncalled bet (?:\(([^()]+)\)|of (\S+)) returned to (.+)", line)
    if returned:
        p = _named(r, returned.group(3))
        r.back[p] += r.chips(returned.group(1) or returned.group(2))
        return
    name, said, rest = line.rpartition(" collected ")
    collected = re.fullmatch(r"(\S+) from (?:the )?(?:main |side )?pot(?:[- ]\d+)?", rest) if said else None
    if collected:
        r.won[_named(r, name)] += r.chips(collected.group(1))
        return
    if _TABLE_NEWS.search(line) or (r.sep == " " and r.who(line, ": ")):  # news of a seat; Full Tilt's chat
        return
    found = r.who(line, r.sep)
    if found is None:
        raise SiteError(f"a line razzmatazz does not know: {line[:60]!r}")
    r.act(*found)


def _named(r: _Reader, name: str) -> int:
    if name not in r.names:
        raise SiteError(f"{name[:40]!r} is not a player of this hand")
    return r.names.index(name)


def _table(r: _Reader, small: int, big: int) -> dict:
    """The PHH table of a hand read."""
    n = len(r.names)
    if n < 2:
        raise SiteError(f"a hand needs 2 players dealt in, this one has {n}")
    finishing = r.raked()
    collectors = [p for p in range(n) if r.won[p]]
    if r.rake and len(collectors) == 1:
        finishing[collectors[0]] += r.rake
    table = {
        "variant": "FR",
        "ante_trimming_status": True,
        "antes": r.antes,
        "bring_in": r.bring_in or max(r.brought_in[1], small // 4, 1),  # one all in brought in for at most it
        "small_bet": small,
        "big_bet": big,
        "starting_stacks": r.stacks,
        "actions": r.actions,
        "players": r.names,
        "_seat_numbers": r.seats,
    }
    if not r.rake or len(collectors) == 1:  # a rake over several collectors: the stacks cannot be told
        table["finishing_stacks"] = finishing
    return table
