"""Replaying PHH hand histories of fixed-limit Razz (``razzmatazz razz replay``).

A PHH file (TOML; https://phh.readthedocs.io) of variant ``FR`` is read with :mod:`tomllib` and
its actions are played one by one under the rules PokerKit, the reference PHH implementation,
applies to it: antes (``ante_trimming_status``: the antes count toward side pots, else they are
dead money every player still in can win), the highest door card brings in or completes (a tie
broken by suit, clubs < diamonds < hearts < spades), fixed-limit betting with at most 4 bets a
round, the best board showing opens later streets (G2-G8 of ``seeds/razz.md``), a player who
cannot cover a call calls all-in, and, as in PokerKit, a short all-in completion, bet or raise
is allowed (razzmatazz's own engine never makes one); a player it leaves facing less than a full
bet may then only call or fold. When the betting ends with at most one player still able to bet,
the players show (``sm``) and the remaining streets are dealt. At the showdown on 7th street a
player's hand is the cards its ``sm`` shows, as in PokerKit: the best five of them (and the
community card); one that shows fewer than five has no hand and cannot win. ``d dh p1 ????7h``
deals two cards nobody knows and a known one. Files written by ``razz play --phh`` may use rules PokerKit lacks;
their user-defined fields say so and are followed: ``_cap``, ``_uncapped_heads_up``, ``_bring_in_tie = "seat"`` and
``_exhausted = "community"`` (G6). A deck short on 7th street deals one community card
(``d db``), or first shuffles the folded cards back in (PokerKit's rule).

Every action is checked: the first that breaks a rule raises :class:`ReplayError`, one line naming
the file, the action and the problem; so do a card dealt twice and a malformed or incomplete file.
Then :func:`analyse` adds each street's all-in equity (heads-up exact, multiway Monte Carlo with a
95 % interval, seeded from stream ``razz/street``) and, at every decision, what the asked policies
would have done there: the view a policy would see is built from the replayed state (layout
``V_*`` in :mod:`razzmatazz.core.razz.rules`) and the engine's dispatcher answers; its answer is
played as the engine plays it (G10). A decision whose player's own cards are not all known gets
no answers, and says so.

:func:`ask_search` then asks the search player (:mod:`razzmatazz.core.razz.search`), which searches from
a position of the engine: one is built from the file (its table as :class:`~razzmatazz.core.razz.rules.
Settings`, seat s = player s, rotation 0; its cards in the engine's dealing order, each unknown card
filled with an unused one, which the search never sees: it draws the cards its seat has not seen) and
plays the file's moves. Before each decision the engine must agree with the file (actor, pot, cards, the
move legal, a raise's amount); where they part (PokerKit's short all-in raise, a reshuffled 7th street,
unequal antes, ...) the search is not asked for the rest of the hand, and the first decision not asked
says why. At each decision the search player sits in the deciding seat and the field model in every other
(the rollouts' lineup); it answers on a copy, drawing from that seat's policy stream of ``--seed``, which
starts as in hand ``hand`` of a run with that seed and advances one draw a decision, as in ``razz play``.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from razzmatazz.analysis.razz import sites
from razzmatazz.core.cards import RANKS, SUITS, UNKNOWN, card_str
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Policy
from razzmatazz.core.razz import rules as R

if TYPE_CHECKING:
    from razzmatazz.core.razz.engine import GameJob

VARIANT = "FR"
DEFAULT_POLICIES = ("tag", "rock", "station", "steal", "reader")
"""The policies asked at every decision unless others are named: the built-in Razz heuristics."""
NOT_ASKED = ("random", "script")
"""Policies that are not decision rules to compare a move with (coin flips, a fixed script)."""
POLICY_NOTE = (
    "the search player (column search) is asked from an engine position that follows the file, its rollouts "
    "playing every other seat as the field model; where the engine and the file part, it is not asked for the "
    "rest of the hand and the output says why"
)
POKERKIT_CAP = 4
DOWN_SLOTS = (0, 1, 6)
STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")

MAX_CHIPS = 2**53 - 1
"""The largest chip amount a file may give (antes, bring-in, bets, starting and finishing stacks): 2**53 - 1,
the largest whole number every JSON reader holds exactly; the pots of eight such stacks still fit the int64
views the policies are asked through."""
MAX_CAP = 20
"""The largest ``_cap`` (bets a round), as ``razz play --cap``."""
MAX_HAND = 2**63 - 1
"""The largest ``hand`` number: it keys the search player's streams, as a seed does (0 to 2**63 - 1)."""
MAX_BYTES = 8_000_000
"""The largest file read (8 MB): a hand is about 2 kB, a session log of thousands of hands fits."""
MAX_DEPTH = 16
"""The deepest nesting of tables and lists a file may have (a hand history needs 3)."""
EXHAUSTED = ("reshuffle", "community")


class ReplayError(InputError):
    """A hand history that cannot be replayed: the message names the file, the action and the problem."""


# ----------------------------------------------------------------------------- the file


@dataclass(frozen=True)
class Table:
    """The stakes and rules of one hand history."""

    n: int
    antes: tuple[int, ...]
    bring_in: int
    small_bet: int
    big_bet: int
    stacks: tuple[int, ...]
    trimming: bool
    cap: int = POKERKIT_CAP
    uncapped_heads_up: bool = False
    tie_by_seat: bool = False
    community_rule: bool = False
    deep: bool = False
    """The file says its stacks stand in for deep ones (``_deep_stacks``, written by ``razz play --phh``)."""

    def ante(self, p: int) -> int:
        """Player ``p``'s ante as PokerKit reads ``antes`` (heads-up, the other player's entry)."""
        return self.antes[1 - p] if self.n == 2 else self.antes[p]


@dataclass(frozen=True)
class History:
    """One parsed PHH file."""

    path: str
    table: Table
    actions: tuple[str, ...]
    players: tuple[str, ...]
    finishing: tuple[int, ...] | None
    hand: int = 0
    """The hand's number in its run (``hand``, 0 if the file has none): the search player's streams start there."""
    sources: tuple[str, ...] = ()
    """Where each action comes from in a site's history (``line N 'TEXT'``; empty for a PHH file)."""
    site: str | None = None
    """The site whose history the hand is (None: a PHH file)."""
    hand_id: str | None = None
    """The site's number of the hand."""
    collected: tuple[int, ...] | None = None
    """What each player collected from the pots, as the site's file says (the rake taken)."""
    raked: tuple[int, ...] | None = None
    """A site's finishing stacks with the rake kept by the pots (where several collected, ``finishing`` is None)."""
    rake: int = 0


def _shown(value: Any) -> str:
    """A value of the file quoted briefly (a number too long to write out is said to be one)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of {len(str(abs(value)))} digits"
    return shorten(repr(value))


def _whole(value: Any, name: str, low: int = 0, high: int = MAX_CHIPS, chips: bool = True) -> int:
    """A whole number from ``low`` to ``high``: a chip amount (``chips``) or another number (a hand, a cap)."""
    if chips:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number of chips, got {_shown(value)}")
        if value < low:
            raise ValueError(f"{name} must be at least {low}, got {value}")
        if value > high:
            raise ValueError(f"{name} must be at most {high:,} chips (2**53 - 1), got {_shown(value)}")
    elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low:,} to {high:,}, got {_shown(value)}")
    return value


def _whole_list(value: Any, name: str, n: int | None, low: int = 0) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise ValueError(f"{name} must be a list of whole numbers, got {_shown(value)}")
    if n is not None and len(value) != n:
        raise ValueError(f"{name} has {len(value)} entries for {n} players")
    return tuple(_whole(x, f"{name} entry {i + 1}", low) for i, x in enumerate(value))


def _table(data: dict) -> Table:
    """The :class:`Table` of a PHH document (ValueError naming the bad field)."""
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ValueError(f"the field {missing[0]!r} is missing")
    if data["variant"] != VARIANT:
        raise ValueError(
            f"unknown variant {_shown(data['variant'])}: razz replay reads fixed-limit Razz, variant {VARIANT!r}"
        )
    stacks = _whole_list(data["starting_stacks"], "starting_stacks", None, 1)
    n = len(stacks)
    if not 2 <= n <= R.MAX_PLAYERS:
        raise ValueError(f"Razz is played by 2 to {R.MAX_PLAYERS} players, starting_stacks lists {n}")
    antes = data["antes"]
    antes = (_whole(antes, "antes"),) * n if isinstance(antes, int) else _whole_list(antes, "antes", n)
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise ValueError(f"ante_trimming_status must be true or false, got {_shown(trimming)}")
    bring_in = _whole(data["bring_in"], "bring_in", 1)
    small_bet = _whole(data["small_bet"], "small_bet", 1)
    big_bet = _whole(data["big_bet"], "big_bet", 1)
    if bring_in >= small_bet:  # PokerKit: "The bring-in must be less than the min bet."
        raise ValueError(f"bring_in ({bring_in}) must be less than small_bet ({small_bet}), as PokerKit requires")
    if big_bet < small_bet:
        raise ValueError(f"big_bet ({big_bet}) cannot be less than small_bet ({small_bet})")
    cap = _whole(data.get("_cap", POKERKIT_CAP), "_cap", 1, MAX_CAP, chips=False)
    uncapped = data.get("_uncapped_heads_up", False)
    tie = data.get("_bring_in_tie", "suit")
    deep = data.get("_deep_stacks", False)
    if tie not in ("seat", "suit") or not isinstance(uncapped, bool) or not isinstance(deep, bool):
        raise ValueError("_bring_in_tie must be 'seat' or 'suit', _uncapped_heads_up and _deep_stacks true or false")
    exhausted = data.get("_exhausted", "reshuffle")
    if exhausted not in EXHAUSTED:
        raise ValueError(f"_exhausted must be 'reshuffle' or 'community', got {_shown(exhausted)}")
    return Table(
        n,
        antes,
        bring_in,
        small_bet,
        big_bet,
        stacks,
        trimming,
        cap,
        uncapped,
        tie == "seat",
        exhausted == "community",
        deep,
    )


def _depth(data: Any) -> int:
    """How deeply tables and lists nest in ``data`` (counted without recursion)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            todo += [(x, depth + 1) for x in (value.values() if isinstance(value, dict) else value)]
    return deepest


def _document(text: str, path: str) -> dict:
    """The TOML document of a PHH file (a byte-order mark allowed); :class:`ReplayError` if it is not one."""
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as e:
        raise ReplayError(f"{path}: not a PHH file (TOML error: {shorten(str(e), 120)})") from None
    except RecursionError:
        raise ReplayError(f"{path}: not a PHH file (nested too deeply to read)") from None
    except ValueError as e:  # an integer of more than 4,300 digits
        raise ReplayError(f"{path}: not a PHH file ({shorten(str(e), 120)})") from None
    if _depth(data) > MAX_DEPTH:
        raise ReplayError(f"{path}: not a PHH file (nested too deeply: more than {MAX_DEPTH} levels)")
    return data


def _is_collection(data: dict) -> bool:
    """A collection of hands (``.phhs``, as ``razz play --human --log`` writes): every top-level value a table."""
    return "variant" not in data and bool(data) and all(isinstance(v, dict) for v in data.values())


def table_history(data: dict, path: str) -> History:
    """The :class:`History` of one hand's TOML table; :class:`ReplayError` naming the bad field."""
    try:
        table = _table(data)
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("actions must be a list of strings")
        players = data.get("players", [f"p{i + 1}" for i in range(table.n)])
        if not isinstance(players, list) or len(players) != table.n:
            raise ValueError(f"players must list {table.n} names")
        finishing = data.get("finishing_stacks")
        if finishing is not None:
            finishing = _whole_list(finishing, "finishing_stacks", table.n)
        hand = _whole(data.get("hand", 0), "hand", 0, MAX_HAND, chips=False)
    except ValueError as e:
        raise ReplayError(f"{path}: {e}") from None
    return History(path, table, tuple(actions), tuple(str(p) for p in players), finishing, hand)


def parse_history(text: str, path: str) -> History:
    """A PHH document's table, actions, players and finishing stacks; :class:`ReplayError` if malformed."""
    data = _document(text, path)
    if _is_collection(data):
        raise ReplayError(f"{path}: a collection of {len(data)} hands, not one (read it with parse_histories)")
    return table_history(data, path)


def parse_histories(text: str, path: str) -> list[History | ReplayError]:
    """Each hand of a PHH file, or of a collection of hands (``.phhs``: ``[1]``, ``[2]``, ..., each hand named
    ``PATH [KEY]``), parsed or refused hand by hand; :class:`ReplayError` if the file is not a PHH document. A site's
    history (:mod:`.sites`) is read hand by hand, each named ``PATH [#HAND]``, its hands of other games (a mixed
    game's table) left out."""
    if sites.site_of(text):
        found, others = sites.razz_hands(text)
        if not found:
            return [ReplayError(f"{path}: {sites.no_razz(text, others)}")]
        return [_site_hand(lines, first, path) for first, lines in found]
    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        return [ReplayError(f"{path}: not a hand history razzmatazz reads (XML, but not Merge's <description .../>)")]
    data = _document(text, path)
    if not _is_collection(data):
        return [_catch(table_history, data, path)]
    return [_catch(table_history, hand, f"{path} [{shorten(key, 40)}]") for key, hand in data.items()]


def site_hand(lines: list[str], first: int, path: str) -> History:
    """One hand of a site's history (:func:`.sites.hands`) as a :class:`History` named ``PATH [#HAND]``, its
    actions' sources the site's lines; :class:`ReplayError` if it cannot be read."""
    return read_site_hand(lines, first, path)[1]


def read_site_hand(lines: list[str], first: int, path: str) -> tuple[sites.SiteHand, History]:
    """:func:`site_hand` and the hand as the site reader read it (its PHH table)."""
    name = f"{path} [#{shorten(sites.hand_id(lines), 24)}]"
    try:
        hand = sites.read_hand(lines, first)
    except sites.SiteError as e:
        raise ReplayError(f"{name}: {e}") from None
    history = replace(
        table_history(hand.table, name),
        sources=tuple(hand.sources),
        site=sites.site_of(lines[0]),
        hand_id=sites.hand_id(lines),
        collected=tuple(hand.collected),
        raked=tuple(hand.raked),
        rake=hand.rake,
    )
    return hand, history


def _site_hand(lines: list[str], first: int, path: str) -> History | ReplayError:
    try:
        return site_hand(lines, first, path)
    except ReplayError as e:
        return e


def _catch(parse: Any, data: dict, path: str) -> History | ReplayError:
    try:
        return parse(data, path)
    except ReplayError as e:
        return e


def read_text(path: Path) -> str:
    """The text of a hand history file, read only if it is a regular file of at most :data:`MAX_BYTES` (a FIFO is
    never opened, a device never read); :class:`ReplayError` naming the path otherwise."""
    kind = _not_regular(path)
    if kind:
        raise ReplayError(f"{path}: {kind}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise ReplayError(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):  # replaced since it was looked at
                raise ReplayError(f"{path}: not a regular file")
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise ReplayError(f"{path}: cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{path}: more than the {MAX_BYTES // 1_000_000} MB a hand history file may have")
    try:
        return sites.decode(data)
    except UnicodeDecodeError as e:
        raise ReplayError(
            f"{path}: cannot be read (not UTF-8 text, nor UTF-16 after a byte-order mark: byte {e.start})"
        ) from None


KINDS = (
    (stat.S_ISDIR, "a directory, not a hand history"),
    (stat.S_ISFIFO, "not a regular file (a FIFO)"),
    (stat.S_ISCHR, "not a regular file (a character device)"),
    (stat.S_ISBLK, "not a regular file (a block device)"),
    (stat.S_ISSOCK, "not a regular file (a socket)"),
)


def _not_regular(path: Path) -> str:
    """Why ``path`` cannot be read as a hand history (empty if it is a regular file of sane size)."""
    try:
        info = os.stat(path)
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a symbolic link loop"
        if isinstance(e, FileNotFoundError) and os.path.islink(path):
            return f"a symbolic link to nothing ({shorten(os.readlink(path), 120)})"
        if isinstance(e, FileNotFoundError):
            return "no such file or folder"
        return f"cannot be read ({e.strerror or e})"
    for test, kind in KINDS:
        if test(info.st_mode):
            return kind
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > MAX_BYTES:
        return f"{info.st_size:,} bytes, more than the {MAX_BYTES // 1_000_000} MB a hand history file may have"
    return ""


def read_histories(path: Path) -> list[History | ReplayError]:
    """:func:`parse_histories` of a file; a file that cannot be read is one :class:`ReplayError`."""
    try:
        return parse_histories(read_text(path), str(path))
    except ReplayError as e:
        return [e]


def read_history(path: Path) -> History:
    """:func:`parse_history` of a file; a file that cannot be read is a :class:`ReplayError`."""
    return parse_history(read_text(path), str(path))


def phh_text(cards: list[int]) -> str:
    """Cards as PHH writes them (``??`` for an unknown one)."""
    return "".join("??" if c == UNKNOWN else card_str(c) for c in cards)


def phh_cards(text: str) -> list[int]:
    """Cards written as in PHH (``As2s``, ``??`` unknown) as card integers, UNKNOWN for ``??``."""
    if len(text) % 2:
        raise ValueError(f"cards {text!r} are not rank-suit pairs")
    cards = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair == "??":
            cards.append(UNKNOWN)
            continue
        rank, suit = RANKS.find(pair[0].upper()), SUITS.find(pair[1].lower())
        if rank < 0 or suit < 0:
            raise ValueError(f"{pair!r} is not a card")
        cards.append(rank * 4 + suit)
    return cards


# ----------------------------------------------------------------------------- what the replay records


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


# ----------------------------------------------------------------------------- the hand, action by action


class _Illegal(Exception):
    """An action the rules forbid (the message says why)."""


def _slot_is_down(slot: int) -> bool:
    return slot in DOWN_SLOTS


_CBR_TEXT = {"complete to": "completes to", "bet": "bets", "raise to": "raises to"}


class Hand:
    """A hand under PokerKit's rules for fixed-limit Razz, fed one PHH action at a time."""

    def __init__(self, table: Table, policies: tuple[Policy, ...] = ()) -> None:
        self.t = table
        n = table.n
        self.policies = policies
        self.stacks = list(table.stacks)
        self.bets = [0] * n
        self.put = [0] * n
        self.dead_antes = [0] * n
        self.live = [True] * n
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.shown: list[list[bool]] = [[] for _ in range(n)]
        self.decisions = [0] * n
        self.owner: dict[int, str] = {}
        self.muck: set[int] = set()
        self.dealt = 0
        self.community = -1
        self.street = 3
        self.phase = "deal"
        self.pending = [3] * n
        self.board_pending = 0
        self.reshuffled = False
        self.queue: deque[int] = deque()
        self.acted: set[int] = set()
        self.short: list[int] = []
        self.bring_in_status = False
        self.completion_status = False
        self.bring_in_seat = -1
        self.raise_amount = 0
        self.raises = 0
        self.all_in = False
        self.streets: list[Street] = []
        self.notes: list[str] = []
        self.tabled: dict[int, list[int]] = {}
        """The cards each player shows at the last showdown (7th street): its hand, as PokerKit takes it."""
        self._antes()

    # --- chips ----------------------------------------------------------------------------------
    def _pay(self, p: int, chips: int) -> None:
        self.stacks[p] -= chips
        self.bets[p] += chips
        self.put[p] += chips

    def _antes(self) -> None:
        for p in range(self.t.n):
            ante = min(self.t.ante(p), self.stacks[p])
            self._pay(p, ante)
            if not self.t.trimming:
                self.dead_antes[p] = ante
        self._collect(trim=self.t.trimming)

    def _collect(self, trim: bool) -> None:
        """The round's bets go in; with ``trim`` a bet above every other one is cut back (PokerKit)."""
        if trim and self.t.n > 1:
            cutoff = sorted(self.bets)[-2]
            for p in range(self.t.n):
                if self.bets[p] > cutoff:
                    back = self.bets[p] - cutoff
                    self.stacks[p] += back
                    self.put[p] -= back
        self.bets = [0] * self.t.n

    @property
    def n_live(self) -> int:
        return sum(self.live)

    @property
    def level(self) -> int:
        return max(self.bets)

    @property
    def size(self) -> int:
        return self.t.small_bet if self.street <= 4 else self.t.big_bet

    def name(self, p: int) -> str:
        return f"p{p + 1}"

    # --- dealing --------------------------------------------------------------------------------
    def _begin_street(self, street: int) -> None:
        self.street = street
        self.phase = "deal"
        need = self.n_live
        self.pending = [1 if self.live[p] else 0 for p in range(self.t.n)]
        self.board_pending = 0
        stub = 52 - self.dealt
        if street == 7 and need > stub:
            if self.t.community_rule or need > stub + len(self.muck):
                self.pending = [0] * self.t.n
                self.board_pending = 1
            else:
                self.reshuffled = True
                self.notes.append(
                    f"the deck ran out on 7th street: the folded players' {len(self.muck)} cards were shuffled "
                    "back in (G6, as PokerKit does)"
                )

    def _take(self, card: int, who: str) -> None:
        """A known card leaves the deck (after a 7th-street reshuffle, it may come from the muck)."""
        if card in self.owner:
            if not (self.reshuffled and card in self.muck):
                raise _Illegal(f"{card_str(card)} is dealt twice (it already went to {self.owner[card]})")
            self.muck.discard(card)
        self.owner[card] = who

    def deal_hole(self, p: int, text: str) -> None:
        self._ready_to_deal()
        cards = self._cards(text)
        if not self.live[p]:
            raise _Illegal(f"{self.name(p)} has folded and gets no more cards")
        if self.board_pending:
            raise _Illegal("the deck is short: 7th street is one community card for everybody (d db)")
        if not 1 <= len(cards) <= self.pending[p]:
            raise _Illegal(
                f"{self.name(p)} is due {self.pending[p]} card(s) on {STREET_NAMES[self.street]} street, "
                f"{len(cards)} given"
            )
        for c in cards:
            slot = len(self.cards[p])
            if c == UNKNOWN and not _slot_is_down(slot):
                what = "door card" if slot == 2 else f"up card on {STREET_NAMES[self.street]} street"
                raise _Illegal(f"{self.name(p)}'s {what} is unknown (??), so who acts first cannot be told")
            if c != UNKNOWN:
                self._take(c, f"{self.name(p)} on {STREET_NAMES[self.street]} street")
            self.cards[p].append(c)
            self.shown[p].append(not _slot_is_down(slot))
            self.dealt += 1
        self.pending[p] -= len(cards)
        self._maybe_bet()

    def deal_board(self, text: str) -> None:
        self._ready_to_deal()
        cards = self._cards(text)
        if not self.board_pending:
            raise _Illegal("no community card now: Razz deals one only when the deck is short on 7th street")
        if len(cards) != 1 or cards[0] == UNKNOWN:
            raise _Illegal("the community card is one known card")
        self._take(cards[0], "the board")
        self.community = cards[0]
        self.dealt += 1
        self.board_pending = 0
        self._maybe_bet()

    def _cards(self, text: str) -> list[int]:
        try:
            return phh_cards(text)
        except ValueError as e:
            raise _Illegal(str(e)) from None

    def _ready_to_deal(self) -> None:
        if self.phase == "show" and self.all_in and self.street < 7:
            self._begin_street(self.street + 1)
        if self.phase == "over":
            raise _Illegal("the hand is over")
        if self.phase == "show":
            raise _Illegal("every card is dealt: only the showdown (sm) remains")
        if self.phase == "bet":
            raise _Illegal(f"the betting on {STREET_NAMES[self.street]} street is not over ({self._turn()})")

    def _maybe_bet(self) -> None:
        if any(self.pending) or self.board_pending:
            return
        self.streets.append(self._snapshot())
        self._begin_betting()

    def _snapshot(self) -> Street:
        in_hands = {c for p in range(self.t.n) if self.live[p] for c in self.cards[p]}
        dead = [c for p in range(self.t.n) if not self.live[p] for c in self.cards[p] if c >= 0 and c not in in_hands]
        return Street(
            self.street,
            sum(self.put),
            list(self.live),
            [list(c) for c in self.cards],
            dead,
            self.community,
        )

    # --- who opens ------------------------------------------------------------------------------
    def _up(self, p: int) -> list[int]:
        up = [c for slot, c in enumerate(self.cards[p]) if not _slot_is_down(slot)]
        if UNKNOWN in up:
            raise _Illegal(f"{self.name(p)}'s up cards are not known, so who acts first cannot be told")
        return up

    def _opener(self) -> int:
        live = [p for p in range(self.t.n) if self.live[p]]
        if self.street == 3:
            doors = {p: self._up(p)[0] for p in live}
            if self.t.tie_by_seat:
                return max(live, key=lambda p: (doors[p] >> 2, -p))
            return max(live, key=lambda p: doors[p])
        k = min(self.street - 2, 4)
        keys = {p: R.board_key(np.array(self._up(p)[:k], np.int64), 0, k) for p in live}
        return min(live, key=lambda p: (keys[p], p))

    # --- betting --------------------------------------------------------------------------------
    def _effective_stack(self, p: int) -> int:
        totals = sorted(self.bets[i] + self.stacks[i] for i in range(self.t.n) if self.live[i])
        return min(self.stacks[p], max(0, totals[-2] - self.bets[p])) if len(totals) > 1 else 0

    def _actors_from(self, first: int, skip_first: bool) -> deque[int]:
        order = [(first + i) % self.t.n for i in range(self.t.n)]
        if skip_first:
            order = order[1:]
        return deque(p for p in order if self.live[p] and self.stacks[p] > 0)

    def _begin_betting(self) -> None:
        self.phase = "bet"
        opener = self._opener()
        self.bring_in_status = self.street == 3
        self.completion_status = self.bring_in_status
        self.bring_in_seat = opener if self.street == 3 else -1
        self.queue = deque(p for p in self._actors_from(opener, False) if self._effective_stack(p) > 0)
        self.raise_amount = self.raises = 0
        self.acted.clear()
        self.short.clear()
        self._update_betting(len(self.queue) == 1 and self.bets[self.queue[0]] >= self.level)

    def _update_betting(self, done: bool = False) -> None:
        if not self.queue or self.n_live <= 1 or done:
            self._end_betting()

    def _end_betting(self) -> None:
        self.queue.clear()
        if self.n_live > 1 and sum(1 for p in range(self.t.n) if self.live[p] and self.stacks[p]) <= 1:
            self.all_in = True
        self._collect(trim=True)
        if self.n_live == 1:
            self.phase = "over"
        elif self.street == 7 or self.all_in:
            self.phase = "show"
        else:
            self._begin_street(self.street + 1)

    def _turn(self) -> str:
        return f"{self.name(self.queue[0])} is to act" if self.queue else "nobody is to act"

    def _actor(self, p: int) -> None:
        if self.phase != "bet":
            what = {"deal": f"{STREET_NAMES[self.street]} street is still being dealt", "over": "the hand is over"}
            raise _Illegal(f"no betting now: {what.get(self.phase, 'the betting is over')}")
        if self.queue[0] != p:
            raise _Illegal(f"it is not {self.name(p)}'s turn: {self._turn()}")

    def _pop(self) -> int:
        p = self.queue.popleft()
        self.acted.add(p)
        self.decisions[p] += 1
        return p

    def cbr_target(self, p: int) -> tuple[int | None, str]:
        """The one amount ``p`` may complete, bet or raise to now (fixed limit), or None and why not."""
        to_call = min(self.stacks[p], self.level - self.bets[p])
        cap = self.t.cap if not (self.t.uncapped_heads_up and self.n_live == 2) else 10**9
        if to_call < self.raise_amount:
            return None, "a short all-in cannot be raised"
        if self.raises >= cap:
            return None, f"the round already has its {cap} bets (the cap)"
        if self.short and sum(self.short) < self.raise_amount and p in self.acted:
            return None, f"{self.name(p)} has acted and faces only a short all-in raise: call or fold"
        if self.stacks[p] <= self.level - self.bets[p]:
            return None, f"{self.name(p)} has no chips beyond the call"
        if not any(i != p and self.live[i] and self.stacks[i] + self.bets[i] > self.level for i in range(self.t.n)):
            return None, "nobody else could call it: the others have folded or are all in"
        full = max(self.raise_amount, self.size) + (0 if self.completion_status else self.level)
        return min(self.stacks[p] + self.bets[p], full), ""

    def full_raise(self, p: int) -> bool:
        """Whether ``p`` has the chips for a full completion, bet or raise (razzmatazz's engine needs them, G8)."""
        full = max(self.raise_amount, self.size) + (0 if self.completion_status else self.level)
        return self.stacks[p] + self.bets[p] >= full

    def bring_in(self, p: int) -> str:
        self._actor(p)
        if not self.bring_in_status:
            raise _Illegal("the bring-in is posted only by the highest door card, first on 3rd street")
        amount = min(self.stacks[p], self.t.bring_in)
        self._pop()
        self._pay(p, amount)
        self.bring_in_status = False
        self._update_betting()
        return f"brings in {amount}" + self._all_in(p)

    def fold(self, p: int) -> str:
        self._actor(p)
        if self.bring_in_status:
            raise _Illegal(f"{self.name(p)} must post the bring-in (pb) or complete (cbr), not fold")
        free = self.bets[p] >= self.level
        self._pop()
        self.live[p] = False
        self.muck.update(c for c in self.cards[p] if c >= 0)
        self._update_betting()
        return "folds" + (" (checking was free)" if free else "")

    def check_call(self, p: int) -> str:
        self._actor(p)
        if self.bring_in_status:
            raise _Illegal(f"{self.name(p)} must post the bring-in (pb) or complete (cbr)")
        amount = min(self.stacks[p], self.level - self.bets[p])
        self._pop()
        self._pay(p, amount)
        self._update_betting()
        return ("checks" if amount == 0 else f"calls {amount}") + self._all_in(p)

    def complete_bet_raise(self, p: int, amount: int) -> str:
        self._actor(p)
        target, why = self.cbr_target(p)
        if target is None:
            raise _Illegal(f"{self.name(p)} cannot complete, bet or raise: {why}")
        word = self._cbr_word()
        if amount != target and not self._capped(p, amount, target, word):
            raise _Illegal(f"fixed limit: {self.name(p)} may only {word} {target}, not {amount}")
        short = not self.full_raise(p)
        self._pop()
        increment = amount - self.level
        self._pay(p, amount - self.bets[p])
        self.bring_in_status = self.completion_status = False
        self.queue = self._actors_from(p, True)
        if increment >= self.raise_amount:
            self.acted = {p}
        self.raise_amount = max(self.raise_amount, increment)
        self.raises += 1
        if self.stacks[p]:
            self.short.clear()
        else:
            self.short.append(increment)
        if sum(self.short) >= self.raise_amount:
            self.short.clear()
        self._update_betting()
        return f"{_CBR_TEXT[word]} {amount}" + (", all-in for less than a full bet" if short else self._all_in(p))

    def _capped(self, p: int, amount: int, target: int, word: str) -> bool:
        """Whether ``amount``, short of the fixed ``target``, is the most any other player still in can put in
        this round: a bet or raise capped at what the others can call, as real tables write it (the chips
        beyond are never at stake; PokerKit refuses it). Noted in the hand's notes."""
        callable_ = max((self.stacks[i] + self.bets[i] for i in range(self.t.n) if i != p and self.live[i]), default=0)
        if not self.level < amount < target or amount != callable_:
            return False
        self.notes.append(
            f"{self.name(p)} {_CBR_TEXT[word]} {amount}, not {target}: capped at what the others can call, "
            "as the table played it (PokerKit refuses it)"
        )
        return True

    def _cbr_word(self) -> str:
        if self.completion_status:
            return "complete to"
        return "bet" if self.level == 0 else "raise to"

    def _all_in(self, p: int) -> str:
        return ", all-in" if self.stacks[p] == 0 else ""

    # --- showdown -------------------------------------------------------------------------------
    def show(self, p: int, text: str | None) -> str:
        if self.phase != "show":
            why = {"bet": "the betting is not over", "over": "the hand is over, everybody else folded"}
            raise _Illegal(
                f"no showdown now: {why.get(self.phase, f'{STREET_NAMES[self.street]} street is being dealt')}"
            )
        if not self.live[p]:
            raise _Illegal(f"{self.name(p)} is not in the hand")
        if all(self.shown[p]):
            raise _Illegal(f"{self.name(p)} has no card left to show")
        if text is None:
            self.live[p] = False
            self.muck.update(c for c in self.cards[p] if c >= 0)
            return "mucks"
        cards = self.cards[p] if text == "-" else self._cards(text)
        self._reveal(p, cards)
        if self.street == 7:  # the last showdown: the cards shown are the hand (PokerKit sets the others unknown)
            self.tabled[p] = list(cards)
            if len(cards) < len(self.cards[p]):
                return "shows " + phh_text(cards) + f" ({len(cards)} of its {len(self.cards[p])} cards)"
        return "shows " + phh_text(self.cards[p])

    def _reveal(self, p: int, cards: list[int]) -> None:
        """``p`` shows ``cards``: each is one of its known cards or a card it held face down unseen."""
        if len(cards) > len(self.cards[p]):
            raise _Illegal(f"{self.name(p)} shows {len(cards)} cards but holds {len(self.cards[p])}")
        if UNKNOWN in cards:
            raise _Illegal("a card shown must be known")
        held = list(self.cards[p])
        for c in cards:
            if c in held:
                continue
            if UNKNOWN not in held:
                raise _Illegal(f"{self.name(p)} shows {card_str(c)}, a card it was not dealt")
            self._take(c, f"{self.name(p)} at the showdown")
            held[held.index(UNKNOWN)] = c
        self.cards[p] = held
        for slot, c in enumerate(held):
            if c in cards:
                self.shown[p][slot] = True

    # --- the end --------------------------------------------------------------------------------
    def finish(self) -> tuple[list[int] | None, list[int | None], list[int] | None]:
        """Finishing stacks (None: a hand at the showdown is unknown), showdown classes, chips won."""
        if self.phase == "over":
            winner = self.live.index(True)
            won = [sum(self.put) if p == winner else 0 for p in range(self.t.n)]
            return [s + w for s, w in zip(self.stacks, won)], [None] * self.t.n, won
        if self.phase != "show" or self.street < 7:
            raise _Illegal(f"the actions end before the hand does: {self._missing()}")
        return self._showdown()

    def _missing(self) -> str:
        if self.phase == "bet":
            return self._turn() + f" on {STREET_NAMES[self.street]} street"
        if self.phase == "show":
            return f"{STREET_NAMES[self.street + 1]} street is not dealt"
        waiting = [self.name(p) for p in range(self.t.n) if self.pending[p]]
        who = ", ".join(waiting) if waiting else "the community card"
        return f"{STREET_NAMES[self.street]} street is not dealt to {who}"

    def _showdown(self) -> tuple[list[int] | None, list[int | None], list[int] | None]:
        from razzmatazz.core.razz.evaluate import evaluate

        classes: list[int | None] = [None] * self.t.n
        board = [self.community] if self.community >= 0 else []
        playing = list(self.live)
        for p in range(self.t.n):
            if not self.live[p]:
                continue
            hand = self.tabled.get(p, self.cards[p]) + board
            if p in self.tabled and len(self.tabled[p]) < len(self.cards[p]):
                shown = f"{self.name(p)} shows {len(self.tabled[p])} of its {len(self.cards[p])} cards"
                if len(hand) < 5:
                    self.notes.append(f"{shown}: fewer than five make no hand, and it cannot win (PokerKit's rule)")
                    playing[p] = False
                    continue
                those = "those and the community card" if board else "those"
                self.notes.append(f"{shown}: its hand is the best five of {those} (PokerKit's rule)")
            if UNKNOWN in hand:
                self.notes.append(f"{self.name(p)}'s cards are not all known at the showdown: the pots cannot be won")
                return None, classes, None
            classes[p] = int(evaluate(np.array(hand[-7:] if len(hand) > 7 else hand, np.int64)))
        won = award(self.put, self.dead_antes, playing, classes)
        if sum(won) != sum(self.put):
            self.notes.append(f"{sum(self.put) - sum(won)} chips in a pot nobody still in could win were burned")
        return [s + w for s, w in zip(self.stacks, won)], classes, won


def award(put: list[int], dead_antes: list[int], live: list[bool], classes: list[int | None]) -> list[int]:
    """Chips each player takes from the pots, cut and shared as PokerKit does (G7, G8).

    Pots are cut at every player's contribution (antes not trimmed are left out of it and go to the
    first pot, which every player still in can win); pots open to the same players merge; each goes
    to the best low among its players, equal ones splitting it, odd chips to the lowest seat.
    """
    contrib = [a - d for a, d in zip(put, dead_antes)]
    amount, previous = sum(dead_antes), 0
    pots: list[tuple[int, list[int]]] = []
    for level in sorted(set(contrib)):
        amount += sum(level - previous for c in contrib if c >= level)
        players = [p for p, c in enumerate(contrib) if c >= level and live[p]]
        while pots and pots[-1][1] == players:
            amount += pots.pop()[0]
        if amount:
            pots.append((amount, players))
        amount, previous = 0, level
    won = [0] * len(put)
    for amount, players in pots:
        if not players:
            continue  # nobody still in reached it: PokerKit burns these chips (it cannot happen in a legal hand)
        best = min(classes[p] for p in players)  # type: ignore[type-var]
        winners = [p for p in players if classes[p] == best]
        share, odd = divmod(amount, len(winners))
        for p in winners:
            won[p] += share
        won[winners[0]] += odd
    return won


# ----------------------------------------------------------------------------- playing a file


def _policy_answers(hand: Hand, p: int) -> tuple[dict[str, tuple[str, str]] | None, str]:
    """What each policy would do at ``p``'s decision, as a PHH action and in words (None: not asked, and why)."""
    if not hand.policies:
        return None, ""
    if UNKNOWN in hand.cards[p]:
        return None, unknown_note(p)
    view, can_raise, target = policy_view(hand, p)
    from razzmatazz.core.razz.policies import decide

    answers = {}
    for policy in hand.policies:
        move, _ = decide(policy.spec.id, np.array(policy.row), view.copy(), np.uint64(0))
        answers[policy.label] = _as_action(hand, p, _repair(hand, p, int(move), can_raise), target)
    return answers, ""


def unknown_note(p: int) -> str:
    """Why a decision is not asked about: its player's cards are not all known."""
    return f"not asked: p{p + 1}'s own cards are not all known"


def policy_view(hand: Hand, p: int) -> tuple[np.ndarray, bool, int | None]:
    """The view the engine gives ``p``'s policy here (G10), whether it may raise, and to what."""
    t, n = hand.t, hand.t.n
    target, _ = hand.cbr_target(p)
    can_raise = target is not None and hand.full_raise(p)
    v = np.full(R.VIEW_LEN, -1, np.int64)
    v[R.V_STREET], v[R.V_SEAT], v[R.V_PLAYERS] = hand.street, p, n
    v[R.V_TO_CALL] = min(hand.level - hand.bets[p], hand.stacks[p])
    v[R.V_POT], v[R.V_BET_SIZE], v[R.V_BETS_MADE] = sum(hand.put), hand.size, hand.raises
    v[R.V_CAP], v[R.V_CAN_RAISE], v[R.V_BRING_IN] = t.cap, can_raise, hand.bring_in_status
    v[R.V_LEVEL], v[R.V_STACK], v[R.V_COMMUNITY] = hand.level, hand.stacks[p], hand.community
    v[R.V_IN_HAND], v[R.V_TO_ACT], v[R.V_BRING_IN_SEAT] = hand.n_live, len(hand.queue) - 1, hand.bring_in_seat
    v[R.V_COMPLETED], v[R.V_DECISIONS] = not hand.completion_status, hand.decisions[p]
    for j, c in enumerate(hand.cards[p]):
        v[R.V_OWN + j] = c
    for s in range(R.MAX_PLAYERS):
        up = [c for j, c in enumerate(hand.cards[s]) if not _slot_is_down(j)] if s < n else []
        for j, c in enumerate(up[:4]):
            v[R.V_UP + 4 * s + j] = c
        folded = s >= n or not hand.live[s]
        v[R.V_STATUS + s] = R.FOLDED if folded else R.ALL_IN if hand.stacks[s] == 0 else R.IN
        v[R.V_BETS + s] = hand.bets[s] if s < n else 0
        v[R.V_PUT + s] = hand.put[s] if s < n else 0
    return v, can_raise, target


def _repair(hand: Hand, p: int, move: int, can_raise: bool) -> int:
    """The move the engine plays for a policy's answer (G10): the nearest legal one."""
    if hand.bring_in_status:
        return R.RAISE if move == R.RAISE and can_raise else R.CALL
    if move == R.RAISE and not can_raise:
        return R.CALL
    if move == R.FOLD and hand.bets[p] >= hand.level:
        return R.CALL
    return move if move in (R.FOLD, R.RAISE) else R.CALL


def _as_action(hand: Hand, p: int, move: int, target: int | None) -> tuple[str, str]:
    """A move of ``p`` now as a PHH action and in words."""
    who = hand.name(p)
    if move == R.RAISE:
        return f"{who} cbr {target}", f"{hand._cbr_word()} {target}"
    if move == R.FOLD:
        return f"{who} f", "fold"
    if hand.bring_in_status:
        return f"{who} pb", "bring in"
    to_call = min(hand.level - hand.bets[p], hand.stacks[p])
    return f"{who} cc", "check" if to_call == 0 else f"call {to_call}"


def _digits(word: str) -> bool:
    """``word`` is written in the digits 0-9 (``str.isdigit`` also takes ``²`` and ``٥``, which ``int`` refuses or
    PHH does not write)."""
    return word.isascii() and word.isdigit()


def _player(word: str, n: int) -> int:
    number = word[1:]
    if word[:1] != "p" or not _digits(number) or len(number) > 3 or not 1 <= int(number) <= n:
        raise _Illegal(f"{shorten(word)!r} is not a player (p1 to p{n})")
    return int(number) - 1


def _amount(word: str) -> int:
    if not _digits(word):
        raise _Illegal(f"{shorten(word)!r} is not a whole number of chips")
    if len(word) > len(str(MAX_CHIPS)):
        raise _Illegal(f"{shorten(word)} chips: more than any stack holds (at most {MAX_CHIPS:,})")
    return int(word)


def apply(hand: Hand, words: list[str]) -> Decision | None:
    """Play one action (its words, the comment left out); returns what it did, or None for dealing."""
    n = hand.t.n
    match words:
        case ["d", "dh", who, cards]:
            hand.deal_hole(_player(who, n), cards)
            return None
        case ["d", "db", cards]:
            hand.deal_board(cards)
            return None
        case [who, "sm", *rest] if len(rest) <= 1:
            p = _player(who, n)
            return Decision(p, " ".join(words), hand.show(p, rest[0] if rest else None))
        case [who, ("pb" | "f" | "cc") as verb] | [who, "cbr" as verb, _]:
            p = _player(who, n)
            turn = hand.phase == "bet" and hand.queue[0] == p
            answers, note = _policy_answers(hand, p) if turn else (None, "")
            pot = sum(hand.put)
            if verb == "pb":
                move = hand.bring_in(p)
            elif verb == "f":
                move = hand.fold(p)
            elif verb == "cc":
                move = hand.check_call(p)
            else:
                move = hand.complete_bet_raise(p, _amount(words[2]))
            return Decision(p, " ".join(words), move, answers, note, pot)
    raise _Illegal("not a Razz action (d dh, d db, pb, f, cc, cbr, sm)")


def replay(history: History, policies: tuple[Policy, ...] = ()) -> Result:
    """Play every action of ``history``; :class:`ReplayError` at the first one the rules forbid."""
    hand = Hand(history.table, policies)
    for i, action in enumerate(history.actions, 1):
        words = action.split("#", 1)[0].split()
        if not words:
            continue
        try:
            decision = apply(hand, words)
        except _Illegal as e:
            where = history.sources[i - 1] if history.sources else f"action {i} {shorten(action.strip())!r}"
            raise ReplayError(f"{history.path}: {where}: {e}") from None
        if decision is not None:
            hand.streets[-1].actions.append(decision)
    try:
        finishing, classes, won = hand.finish()
    except _Illegal as e:
        raise ReplayError(f"{history.path}: {e}") from None
    return Result(history, hand.streets, finishing, classes, hand.notes, won, [list(c) for c in hand.cards])


# ----------------------------------------------------------------------------- the search player


STOPPED_EARLIER = "the engine position left the file earlier in the hand"
MOVE_NAMES = {R.FOLD: "fold", R.CALL: "call", R.RAISE: "raise"}


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


class _Diverged(Exception):
    """The engine's position and the file part here (the message says how)."""


def searcher(text: str, model: str, seed: int) -> Searcher | None:
    """``--search`` (``none``: not asked) and ``--field-model`` read and checked."""
    from razzmatazz.core.razz.policies import REGISTRY, SEARCH_ID

    if text.strip().lower() == "none":
        return None
    policy, field_model = REGISTRY.parse(text), REGISTRY.parse(model)
    if policy.spec.id != SEARCH_ID:
        raise InputError(f"--search {text}: not the search player (search, search-strong, search:k=v or none)")
    if field_model.spec.id == SEARCH_ID:
        raise InputError(f"--field-model {model}: the model plays the search's rollouts and cannot search itself")
    return Searcher(policy, field_model, seed)


def engine_settings(table: Table) -> R.Settings:
    """The engine's settings for the file's table (seat s is player s); :class:`_Diverged` if it has none."""
    if len(set(table.antes)) > 1:
        raise _Diverged(f"the antes differ ({', '.join(map(str, table.antes))}): the engine has one ante for all")
    try:
        return R.Settings(
            players=table.n,
            ante=table.antes[0],
            bring_in=table.bring_in,
            small_bet=table.small_bet,
            big_bet=table.big_bet,
            cap=table.cap,
            uncapped_heads_up=table.uncapped_heads_up,
            bring_in_tie="seat" if table.tie_by_seat else "suit",
            exhausted="community" if table.community_rule else "reshuffle",
            stacks=() if table.deep else table.stacks,
        )
    except InputError as e:
        raise _Diverged(f"the engine cannot play this table: {e}") from None


def engine_deck(result: Result) -> np.ndarray:
    """The file's cards in the engine's dealing order (3rd street slot by slot, then a card a street to each
    player in); an unknown card, or one dealt again after a reshuffle, is filled with the lowest unused card
    (the search player never sees another seat's unknown cards: it draws them itself)."""
    n, cards = result.history.table.n, result.cards
    order = [cards[s][j] for j in range(3) for s in range(n)]
    for street in result.streets[1:]:
        if street.community >= 0:
            order.append(street.community)
        else:
            order += [cards[s][street.street - 1] for s in range(n) if street.live[s]]
    order = order[:52]  # a reshuffled 7th street deals more than 52 cards: the engine reshuffles by itself
    seen: set[int] = set()
    for i, c in enumerate(order):
        order[i] = UNKNOWN if c in seen else c
        seen.add(c)
    spare = iter(sorted(set(range(52)) - seen))
    order = [next(spare) if c == UNKNOWN else c for c in order]
    return np.array(order + list(spare), np.int64)


def _file_move(d: Decision) -> int:
    """The engine's move for a betting action of the file."""
    return {"f": R.FOLD, "cbr": R.RAISE}.get(d.phh.split()[1], R.CALL)


def _i64(x: int) -> int:
    """A uint64 stream state as the int64 a position stores."""
    return int(np.array(x, np.uint64).view(np.int64))


class _Follow:
    """An engine position (:mod:`razzmatazz.core.razz.state`) playing the file's moves, and the search player
    asked on a copy of it at each decision."""

    def __init__(self, result: Result, searcher: Searcher) -> None:
        from razzmatazz.core.razz import state as S
        from razzmatazz.core.rng import game_state

        self.S, self.t, self.searcher = S, result.history.table, searcher
        self.settings = engine_settings(self.t)
        self.lineups: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.ro = S.read_only(self._job(0))
        self.pos = np.zeros(S.POS_LEN, np.int64)
        S.begin_deck(self.ro, engine_deck(result), 0, self.pos, R.LOG_ROWS)
        for s in range(self.t.n):  # each seat's policy stream, as in hand `hand` of a run with this seed
            self.pos[S.P_PSTATE + s] = _i64(game_state(self.ro[2][s], result.history.hand))

    def _job(self, seat: int) -> GameJob:
        from razzmatazz.core.razz.engine import GameJob

        lineup = tuple(self.searcher.policy if s == seat else self.searcher.model for s in range(self.t.n))
        return GameJob(self.settings, lineup, self.searcher.seed, 1)

    def _lineup(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """Policy ids and rows, seat order, with the search player in ``seat`` and the model elsewhere."""
        if seat not in self.lineups:
            self.lineups[seat] = self.S.lineup(self._job(seat))
        return self.lineups[seat]

    def _at(self, offset: int) -> int:
        return int(self.pos[offset])

    def decide(self, street: Street, d: Decision) -> None:
        """Check the engine is where the file is, ask the search player (own cards known), play the file's move."""
        move = _file_move(d)
        self._check(street, d, move)
        if UNKNOWN in street.cards[d.player]:
            d.search_note = unknown_note(d.player)
        else:
            d.search = self._ask(d.player)
        self.S.apply(self.ro, self.pos, move)

    def _check(self, street: Street, d: Decision, move: int) -> None:
        S = self.S
        actor = int(S.actor(self.ro, self.pos))
        if actor != d.player:
            raise _Diverged("the engine's hand is over here" if actor < 0 else f"the engine has p{actor + 1} to act")
        pot = self._at(S.P_VIEW + R.V_POT)
        if d.pot not in (pot, pot - self._uncallable()):
            raise _Diverged(f"the engine's pot is {pot:,}, the file's {d.pot:,}")
        self._check_cards(street.cards, street.community)
        self._check_move(d, move)

    def _check_move(self, d: Decision, move: int) -> None:
        S, who = self.S, f"p{d.player + 1}"
        out = np.zeros(S.MAX_MOVES, np.int64)
        legal = [int(m) for m in out[: S.legal(self.ro, self.pos, out)]]
        if move == R.FOLD and move not in legal:
            raise _Diverged(f"{who} folds where checking is free, which the engine plays as a check (G10)")
        if move == R.RAISE and move not in legal:
            short = self._at(S.P_VIEW + R.V_STACK) < self._target() - self._at(S.P_VIEW + R.V_BETS + d.player)
            why = "an all-in for less than a full bet, which the engine never makes (G8)" if short else ""
            raise _Diverged(
                f"{who} {d.phh.split(maxsplit=1)[1]}: "
                + (why or f"the engine offers only {' or '.join(MOVE_NAMES[m] for m in legal)} here")
            )
        if move == R.RAISE and int(d.phh.split()[2]) not in (self._target(), self._callable(d.player)):
            raise _Diverged(f"{who} {d.phh.split(maxsplit=1)[1]} where the engine's raise is to {self._target():,}")

    def _callable(self, p: int) -> int:
        """The most any other player still in can have put in this round once all in: a raise the file caps there
        (:meth:`Hand._capped`) is the engine's full raise, the chips beyond never called."""
        from razzmatazz.core.razz.engine import W_BET, W_STACK, W_STATUS

        ws = self.S._ws(self.pos)
        others = [int(ws[W_BET, s] + ws[W_STACK, s]) for s in range(self.t.n) if s != p and ws[W_STATUS, s] != R.FOLDED]
        return max(others, default=0)

    def _uncallable(self) -> int:
        """The chips of this round's largest bet that no other player still in can match (a full raise the file
        capped at what the others can call), 0 if none."""
        from razzmatazz.core.razz.engine import W_BET

        ws = self.S._ws(self.pos)
        top = int(np.argmax(ws[W_BET, : self.t.n]))
        return max(0, int(ws[W_BET, top]) - self._callable(top))

    def _target(self) -> int:
        """The level a completion, bet or raise of the actor brings the round to."""
        S = self.S
        size, level = self._at(S.P_SIZE), self._at(S.P_LEVEL)
        return level + size if self._at(S.P_COMPLETED) else size

    def _check_cards(self, cards: list[list[int]], community: int) -> None:
        """The engine's cards are the file's known ones (a 7th street from a reshuffled deck is not)."""
        S = self.S
        hands = self.pos[S.P_HANDS : S.P_VIEW].reshape(R.MAX_PLAYERS, 7)
        why = " (7th street from a reshuffled deck, which the engine shuffles with its own stream)"
        why = why if self._at(S.P_FLAGS) >> 1 else ""
        for s, held in enumerate(cards):
            for j, c in enumerate(held):
                if c != UNKNOWN and hands[s, j] != c:
                    mine = card_str(int(hands[s, j])) if hands[s, j] >= 0 else "no card"
                    raise _Diverged(f"the engine dealt p{s + 1} {mine} where the file has {card_str(c)}{why}")
        if community >= 0 and self._at(S.P_COMMUNITY) != community:
            raise _Diverged(f"the engine has no community card {card_str(community)}")

    def _ask(self, seat: int) -> tuple[str, str]:
        """The search player's move in ``seat`` as a PHH action and in words; its stream advances one draw."""
        from razzmatazz.core.razz import search as SR

        pids, params = self._lineup(seat)
        work = self.pos.copy()
        move = int(SR.choose(self.ro, work, seat, pids, params))
        self.pos[self.S.P_PSTATE + seat] = work[self.S.P_PSTATE + seat]
        return self._words(seat, move)

    def _words(self, p: int, move: int) -> tuple[str, str]:
        """A move of the actor ``p`` now as a PHH action and in words (as :func:`_as_action` says it)."""
        S, who = self.S, f"p{p + 1}"
        if move == R.RAISE:
            target, level = self._target(), self._at(S.P_LEVEL)
            word = ("raise to" if level else "bet") if self._at(S.P_COMPLETED) else "complete to"
            return f"{who} cbr {target}", f"{word} {target}"
        if move == R.FOLD:
            return f"{who} f", "fold"
        if self._at(S.P_VIEW + R.V_BRING_IN):
            return f"{who} pb", "bring in"
        to_call = self._at(S.P_VIEW + R.V_TO_CALL)
        return f"{who} cc", "check" if to_call == 0 else f"call {to_call}"

    def finish(self, result: Result) -> list[int] | None:
        """The engine's finishing stacks once the file's actions are played (None: the file's are unknown)."""
        from razzmatazz.core.razz.engine import H_NET

        S = self.S
        actor = int(S.actor(self.ro, self.pos))
        if actor >= 0:
            raise _Diverged(f"the file ends where the engine has p{actor + 1} to act")
        self._check_cards(result.cards, result.streets[-1].community)
        if result.finishing is None:
            return None
        res = self.pos[S.P_RES : S.P_LOG].reshape(R.MAX_PLAYERS, 5)
        finishing = [self.t.stacks[s] + int(res[s, H_NET]) for s in range(self.t.n)]
        if finishing != result.finishing:
            raise _Diverged(f"the engine's finishing stacks ({', '.join(f'{x:,}' for x in finishing)}) differ")
        return finishing


def ask_search(result: Result, searcher: Searcher | None) -> Result:
    """Ask the search player at each decision of a replayed hand, from an engine position that follows the file;
    where they part, it stops being asked for the rest of the hand and the first decision not asked says why."""
    if searcher is None:
        return result
    run = result.engine = EngineRun()
    follow: _Follow | None = None
    try:
        follow = _Follow(result, searcher)
    except _Diverged as e:
        run.stopped = str(e)
    for street in result.streets:
        for d in (d for d in street.actions if d.pot is not None):
            if follow is not None:
                try:
                    follow.decide(street, d)
                    run.asked += d.search is not None
                    continue
                except _Diverged as e:
                    run.stopped, follow = str(e), None
            _stopped(run, d)
    if follow is not None:
        try:
            run.finishing = follow.finish(result)
        except _Diverged as e:
            run.stopped = str(e)
    return result


def _stopped(run: EngineRun, d: Decision) -> None:
    """``d`` is not asked: the first such decision carries the reason."""
    d.search_stops = not run.at
    d.search_note = run.stopped if d.search_stops else STOPPED_EARLIER
    run.at = run.at or d.phh


# ----------------------------------------------------------------------------- equity at each street


def street_seed(seed: int, street: int) -> int:
    """The root seed of one street's Monte Carlo, from stream ``razz/street`` (as ``razz street``)."""
    from razzmatazz.core import streams

    return int(streams.key(seed, "razz", "street", street)) >> 1


def street_equity(street: Street, trials: int, seed: int) -> dict:
    """All-in equity of each player still in at ``street`` from the cards known then (unknown ones random)."""
    live = [p for p, x in enumerate(street.live) if x]
    hands = {p: street.cards[p] for p in live}
    base = {"method": None, "trials": None, "deals": None, "seed": None, "note": ""}
    if all(UNKNOWN not in h for h in hands.values()) and street.street == 7:
        return {**base, **_final_shares(hands, street.community)}
    if street.community >= 0:
        return {**base, "note": "not computed: a community card with unknown cards"}
    known = [p for p in live if UNKNOWN not in hands[p]]
    if not known:
        return {**base, "note": "not computed: no player's cards are all known"}
    return {**base, **_equity_query(street, hands, known[0], trials, seed)}


def _final_shares(hands: dict[int, list[int]], community: int) -> dict:
    """Every card known at 7th street: the showdown itself (exact)."""
    from razzmatazz.core.razz.evaluate import evaluate

    extra = [community] if community >= 0 else []
    classes = {p: int(evaluate(np.array((h + extra)[-7:], np.int64))) for p, h in hands.items()}
    best = min(classes.values())
    winners = [p for p, c in classes.items() if c == best]
    shares = {p: (1 / len(winners) if p in winners else 0.0) for p in hands}
    return {"method": "exact", "deals": 1, "equity": {p: (e, e, e) for p, e in shares.items()}}


def _equity_query(street: Street, hands: dict[int, list[int]], hero: int, trials: int, seed: int) -> dict:
    """The project's equity question for this street: exact heads-up, Monte Carlo multiway."""
    from razzmatazz.analysis.razz.equities import equity

    order = [hero] + [p for p in hands if p != hero]
    texts = ["".join(card_str(c) for c in hands[p]) for p in order]
    dead = "".join(card_str(c) for c in street.dead)
    exact = len(order) == 2
    try:
        res = equity(
            texts[0],
            texts[1:],
            dead,
            trials=None if exact else trials,
            exact_enum=exact,
            seed=None if exact else street_seed(seed, street.street),
        )
    except InputError as e:
        return {"note": f"not computed: {e}"}
    shares = {p: (s.equity, *s.ci95) for p, s in zip(order, res.shares)}
    return {
        "method": "exact" if res.exact else "Monte Carlo",
        "trials": None if res.exact else res.trials,
        "deals": res.trials if res.exact else None,
        "seed": res.seed,
        "equity": shares,
        "community_card": res.community_card,
    }


def analyse(result: Result, trials: int, seed: int) -> Result:
    """Add each street's equity to a replayed hand."""
    for street in result.streets:
        street.equity = street_equity(street, trials, seed)
    return result


# ----------------------------------------------------------------------------- output


def _cards_text(cards: list[int]) -> str:
    """Stud order, face-down cards in brackets, unknown ones as ??."""
    words = [("??" if c == UNKNOWN else card_str(c)) for c in cards]
    return " ".join(f"[{w}]" if _slot_is_down(j) else w for j, w in enumerate(words))


def as_dict(result: Result, policies: tuple[Policy, ...]) -> dict:
    """One hand for ``--format json``."""
    h, t = result.history, result.history.table
    return {
        "file": h.path,
        "site": h.site,
        "hand_id": h.hand_id,
        "players": list(h.players),
        "variant": VARIANT,
        "antes": list(t.antes),
        "bring_in": t.bring_in,
        "small_bet": t.small_bet,
        "big_bet": t.big_bet,
        "starting_stacks": list(t.stacks),
        "policies": [p.label for p in policies],
        "policy_note": POLICY_NOTE,
        "search": _engine_dict(result.engine),
        "streets": [_street_dict(s) for s in result.streets],
        "showdown": [
            {"player": f"p{p + 1}", "class": c, "low": _low_name(c)}
            for p, c in enumerate(result.shown)
            if c is not None
        ],
        "won": result.won,
        "finishing_stacks": result.finishing,
        "file_finishing_stacks": list(h.finishing) if h.finishing is not None else None,
        "collected": list(h.collected) if h.collected is not None else None,
        "agrees": result.agrees,
        "notes": result.notes,
    }


def _engine_dict(run: EngineRun | None) -> dict | None:
    if run is None:
        return None
    return {
        "asked": run.asked,
        "stopped": run.stopped or None,
        "stopped_at": run.at or None,
        "engine_finishing_stacks": run.finishing,
    }


def _answer_dict(d: Decision, answer: tuple[str, str]) -> dict:
    return {"action": answer[0], "move": answer[1], "same": answer[0] == d.phh}


def _low_name(cls: int) -> str:
    from razzmatazz.core.razz.names import hand_name

    return hand_name(cls)


def _street_dict(s: Street) -> dict:
    eq = s.equity or {}
    shares = eq.get("equity", {})
    return {
        "street": s.street,
        "pot": s.pot,
        "community_card": card_str(s.community) if s.community >= 0 else None,
        "equity_method": eq.get("method"),
        "trials": eq.get("trials"),
        "deals": eq.get("deals"),
        "seed": eq.get("seed"),
        "equity_note": eq.get("note", ""),
        "equity": [
            {
                "player": f"p{p + 1}",
                "cards": _cards_text(s.cards[p]),
                "equity": shares[p][0] if p in shares else None,
                "ci95": list(shares[p][1:]) if p in shares else None,
            }
            for p, x in enumerate(s.live)
            if x
        ],
        "actions": [
            {
                "player": f"p{d.player + 1}",
                "action": d.phh,
                "move": d.move,
                "policies": (None if d.answers is None else {k: _answer_dict(d, a) for k, a in d.answers.items()}),
                "search": None if d.search is None else _answer_dict(d, d.search),
                **({"note": d.note} if d.note else {}),
                **({"search_note": d.search_note} if d.search_note else {}),
            }
            for d in s.actions
        ],
    }


def text(result: Result, policies: tuple[Policy, ...]) -> str:
    """One hand for people: the table, then each street, then the result."""
    h, t = result.history, result.history.table
    stakes = f"ante {'/'.join(map(str, sorted(set(t.antes))))}, bring-in {t.bring_in}, bets {t.small_bet}/{t.big_bet}"
    lines = [f"{h.path}: Razz ({VARIANT}), {t.n} players, {stakes}"]
    lines += [f"  {_who(p, h.players)}: {t.stacks[p]:,} chips" for p in range(t.n)]
    for street in result.streets:
        lines += _street_lines(street, policies, h.players, result.engine is not None)
    lines += _result_lines(result)
    return "\n".join(lines)


def _who(p: int, names: tuple[str, ...]) -> str:
    """``p1``, with the player's name when the file gives one."""
    return f"p{p + 1}" + (f" {names[p]}" if names[p] != f"p{p + 1}" else "")


def _equity_cell(eq: dict, p: int) -> str:
    shares = eq.get("equity", {})
    if p not in shares:
        return ""
    e, lo, hi = shares[p]
    return f"{e:.2%}" if eq["method"] == "exact" else f"{e:.2%} ({lo:.2%}-{hi:.2%})"


def _street_lines(s: Street, policies: tuple[Policy, ...], names: tuple[str, ...], search: bool) -> list[str]:
    from razzmatazz.analysis.cli.options import columns

    eq = s.equity or {}
    how = eq.get("note") or (
        "equity exact"
        if eq.get("method") == "exact"
        else f"equity Monte Carlo, {eq['trials']:,} trials, street seed {eq['seed']}"
    )
    board = f", community card {card_str(s.community)}" if s.community >= 0 else ""
    lines = ["", f"{STREET_NAMES[s.street]} street: pot {s.pot:,}{board}; {how}"]
    rows = [
        {"player": _who(p, names), "cards": _cards_text(s.cards[p]), "equity": _equity_cell(eq, p)}
        for p, x in enumerate(s.live)
        if x
    ]
    lines += ["  " + line for line in columns(rows, ["player", "cards", "equity"], ("equity",)).splitlines()]
    if s.actions:
        lines.append("")
        lines += ["  " + line for line in _action_table(s.actions, policies, search).splitlines()]
    return lines


def _action_table(actions: list[Decision], policies: tuple[Policy, ...], search: bool) -> str:
    from razzmatazz.analysis.cli.options import columns

    labels = [p.label for p in policies]
    rows = []
    for d in actions:
        row = {"action": f"p{d.player + 1} {d.move}"}
        for label in labels:
            row[label] = ("?" if d.note else "") if d.answers is None else _cell(d, d.answers[label])
        if search:
            row["search"] = _search_cell(d)
        rows.append(row)
    notes = [f"  ? {note}" for d in actions for note in (d.note, "" if _no_longer(d) else d.search_note) if note]
    stops = [f"  - search not asked from {d.phh!r} on: {d.search_note}" for d in actions if d.search_stops]
    return "\n".join(
        [columns(rows, ["action", *labels, *(["search"] if search else [])]), *dict.fromkeys(notes), *stops]
    )


def _cell(d: Decision, answer: tuple[str, str]) -> str:
    """An answer in words, ``*`` when it is the file's move."""
    return answer[1] + (" *" if answer[0] == d.phh else "")


def _search_cell(d: Decision) -> str:
    """The search column: its answer, ? (own cards unknown), - (no longer asked) or blank (a showdown)."""
    if d.search is not None:
        return _cell(d, d.search)
    if d.pot is None:
        return ""
    return "-" if _no_longer(d) else "?"


def _no_longer(d: Decision) -> bool:
    """The search player is no longer asked at ``d``: the engine left the file here or earlier."""
    return d.search_stops or d.search_note == STOPPED_EARLIER


def _result_lines(result: Result) -> list[str]:
    h = result.history
    lines = [""]
    shown = [f"p{p + 1} {_low_name(c)}" for p, c in enumerate(result.shown) if c is not None]
    if shown:
        lines.append("Showdown: " + ", ".join(shown))
    if result.won is not None:
        lines.append("Won: " + ", ".join(f"p{p + 1} {w:,}" for p, w in enumerate(result.won) if w))
    if result.finishing is None:
        lines.append("Finishing stacks: not computed (a hand at the showdown is not known)")
    else:
        lines.append("Finishing stacks: " + ", ".join(f"p{p + 1} {s:,}" for p, s in enumerate(result.finishing)))
    if h.finishing is not None:
        verdict = {True: "agree", False: "DISAGREE", None: "cannot be compared"}[result.agrees]
        lines.append(f"The file's finishing_stacks ({', '.join(f'{s:,}' for s in h.finishing)}) {verdict}.")
    lines += [f"Note: {note}." for note in result.notes]
    run = result.engine
    if run is not None and run.stopped and not run.at:
        lines.append(f"Note: the engine position the search player is asked from parts from the file: {run.stopped}.")
    return lines


def legend(policies: tuple[Policy, ...], seed: int, searcher: Searcher | None = None) -> str:
    """What the columns are, and the root seed of the Monte Carlo streets and of the search."""
    import textwrap

    names = ", ".join(p.label for p in policies)
    search = (
        f"search: what the search player {searcher.policy.label} would have done, asked from an engine position "
        f"that follows the file (its rollouts play every other seat as {searcher.model.label}; its draws seeded "
        "from --seed; - : not asked for the rest of the hand where the engine and the file part, the reason "
        "given once); "
        if searcher
        else "the search player is not asked (--search none); "
    )
    return textwrap.fill(
        f"Policies asked at each decision: {names} (the built-in heuristics); {search}* marks the "
        "move the file shows, ? a decision they could not be asked about. Equity: each player's chance of the "
        "best low (a tie shared) with no more betting, from the cards known at the street (?? unknown, dealt at "
        f"random; side pots not weighed): exact heads-up, else Monte Carlo with its 95 % interval, each street "
        f"seeded from --seed {seed} (razz equity --seed STREET_SEED gives the same numbers).",
        100,
    )


# ----------------------------------------------------------------------------- many files


def policy_list(texts: tuple[str, ...]) -> tuple[Policy, ...]:
    """The policies to ask (default :data:`DEFAULT_POLICIES`); random and script are refused."""
    from razzmatazz.core.razz.policies import REGISTRY

    policies = tuple(REGISTRY.parse(t) for t in (texts or DEFAULT_POLICIES))
    for p in policies:
        if p.spec.name in NOT_ASKED:
            raise InputError(f"--policy {p.spec.name}: it is not a decision rule to compare a move with")
        if p.spec.name == "search":
            raise InputError(f"--policy {p.label}: the search player is asked with --search")
    labels = [p.label for p in policies]
    if len(set(labels)) != len(labels):
        raise InputError(f"--policy names {max(labels, key=labels.count)} twice")
    return policies


SUFFIXES = (".phh", ".phhs")
"""The entries of a folder that are read: hand histories and collections of them (``razz play --human --log``);
and the ``.txt`` and ``.xml`` entries that are a site's history (:mod:`.sites`; others are left alone)."""


def history_files(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """The files to read: each path given, and each folder's entries of :data:`SUFFIXES` and site histories in name
    order; and
    the folders that fail (unreadable, or without such entries). An entry that is no regular file (a directory,
    a FIFO, a symbolic link loop or one to nothing) is kept: :func:`read_text` names it, in its place."""
    files, errors = [], []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        try:
            entries = sorted(e for e in path.iterdir() if e.name.endswith(SUFFIXES) or _site_file(e))
        except OSError as e:
            errors.append(f"{path}: the folder cannot be read ({e.strerror or e})")
            continue
        files += entries
        if not entries:
            errors.append(f"{path}: no hand history files (.phh, .phhs, a site's .txt or .xml) in this folder")
    return files, errors


def _site_file(path: Path) -> bool:
    """Whether ``path`` is a regular ``.txt`` or ``.xml`` file that begins a site's history and holds a Razz hand
    in its first 64 kB."""
    if not path.name.endswith((".txt", ".xml")) or path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open("rb") as f:
            return sites.holds_razz_history(f.read(65536))
    except OSError:
        return False


def replay_paths(
    paths: list[Path], policies: tuple[Policy, ...], trials: int, seed: int, searcher: Searcher | None = None
) -> tuple[list[Result], list[str]]:
    """Replay every hand of every file (all are checked before any equity or search); returns the hands and the
    errors, one a bad file or hand."""
    results, errors = replayed(paths, policies)
    return [ask_search(analyse(r, trials, seed), searcher) for r in results], errors


def replayed(paths: list[Path], policies: tuple[Policy, ...] = ()) -> tuple[list[Result], list[str]]:
    """Every hand of every file (folders: their entries, :func:`history_files`) replayed and checked, without
    equities or search; returns the hands and the errors, one a bad file or hand."""
    files, errors = history_files(paths)
    results = []
    for path in files:
        for history in read_histories(path):
            try:
                if isinstance(history, ReplayError):
                    raise history
                results.append(replay(history, policies))
            except ReplayError as e:
                errors.append(str(e))
    return results, errors
