"""Reading PHH files and sites' histories into :class:`History` (tables, actions, players), checked field by field."""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from razzmatazz.analysis.razz import sites
from razzmatazz.core.cards import RANKS, SUITS, UNKNOWN, card_str
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.razz import rules as R

VARIANT = "FR"
POKERKIT_CAP = 4
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


EMPTY = "the file is empty (no hand history in it)"


def is_blank(text: str) -> bool:
    """Whether a file's text holds nothing but white space (and a byte-order mark)."""
    return not text.strip("\ufeff \t\r\n")


def parse_histories(text: str, path: str) -> list[History | ReplayError]:
    """Each hand of a PHH file, or of a collection of hands (``.phhs``: ``[1]``, ``[2]``, ..., each hand named
    ``PATH [KEY]``), parsed or refused hand by hand; :class:`ReplayError` if the file is not a PHH document. A site's
    history (:mod:`.sites`) is read hand by hand, each named ``PATH [#HAND]``, its hands of other games (a mixed
    game's table) left out."""
    if is_blank(text):
        return [ReplayError(f"{path}: {EMPTY}")]
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
