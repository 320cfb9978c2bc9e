"""Razzia's rules: settings, the tables, the state of a game, and the settling of one bar.

Rulings (K1-K8, R1-R9, B1-B6, H1-H10, E1-E4, V1-V4) are in ``seeds/razzia.md``; the order of every
random draw and every decision is the one written in the docstring of ``tests/reference/razzia.py``,
which this module and :mod:`.engine` follow exactly.

Units and codes
---------------
* Money is counted in units of $5,000 (every money card is a multiple). The distinct money values
  of a table, ascending, are its *denominations* ``d = 0..D-1`` (D <= :data:`MAX_DENOMS`); money at a
  bar, in an offer or in the money deck is handled as counts per denomination (the rules look only
  at which cards, never at their order).
* A playing card is the code ``bar * 16 + kind * 8 + value`` (kind 0 gambler, 1 police; value 1-6),
  see :func:`card_code`; -1 is no card.
* Seats 0..N-1 clockwise; bars 0-5 left to right (:data:`BAR_NAMES`).

The settings row (``C_*``) is one int64 array: the switches, the setup by player count, then the
tables: :data:`C_CARD_ROWS` rows ``(kind, value, count)`` of one colour in file order (after the
K4 removal), and :data:`C_MONEY_ROWS` rows ``(denomination, count)`` in file order (after K6/V3).

State (``ST_*``, one int64 array; the view of a seat is a copy of it with hidden parts blanked)
----------------------------------------------------------------------------------------------
``ST_HAND`` 8 x 5 hand slots (card codes in order of arrival, -1 empty); ``ST_TABLE`` per seat the
card played this round (-1 none); ``ST_MONEY`` 6 bars x 12 denominations: money cards at each bar;
``ST_BAR_UNITS`` per bar the money there (units); ``ST_WON`` per seat the money won (units);
``ST_BARS_WON`` per seat the bar results at which it received money; ``ST_GONE`` per bar x kind the
cards of that colour and kind on the discard pile; ``ST_DENOM`` the denominations' values (units);
then scalars ``ST_PLAYERS``, ``ST_NBARS``, ``ST_BARS`` (mask of bars in play), ``ST_ROUND``,
``ST_CROUPIER``, ``ST_LAST_ROUND``, ``ST_STOCK`` (cards in the stock), ``ST_DISCARD`` (cards on the
discard pile), ``ST_MONEY_LEFT`` (money deck cards), ``ST_REVEALED`` (1 once the round's cards are
turned over), and copies of the switches a policy needs: ``ST_OFFER_DUEL``, ``ST_DUEL_TIE``,
``ST_ONE_DECLINES``, ``ST_NDENOM``, ``ST_COLOUR_G``/``ST_COLOUR_P``: gamblers and police of one colour
in the game's deck, and ``ST_MULTI``, ``ST_MANY`` (``multi_duel``, ``many_order``: the exact haggle's duel orders).

The view (R9): others' hand slots are -1; ``ST_TABLE`` is -1 for everyone else until
``ST_REVEALED``; with ``open_money`` off others' ``ST_WON`` and ``ST_BARS_WON`` are -1. Everything
else is public. Decision fields after ``ST_LEN``: ``V_KIND`` (``K_*``), ``V_SEAT``, and by kind:

* ``K_FREE`` (R1, croupier): ``V_VALUE`` the free card's denomination; answer: a bar in play.
* ``K_ALL`` (V1, spielbox): ``V_NDRAWN`` cards, denominations in ``V_DRAWN``; answer: the target
  bar of card i in bits ``3i..3i+2`` (every bar in play must get at least one card).
* ``K_PLAY``: answer: the hand slot 0-4 to play.
* ``K_OFFER``: ``V_BAR``, ``V_PROPOSER`` (the seat), ``V_CONTEST`` (mask of the contestants),
  ``V_CARDVAL`` (per seat the value of its card at this bar, 0 for non-contestants); the policy
  writes its division into ``V_OFFER`` (seat x denomination counts, zeroed before asking) and answers
  0, or answers -1 for no offer (a call for a duel, ``offer_duel`` only).
* ``K_ANSWER``: as ``K_OFFER`` with the checked division in ``V_OFFER``; answer 1 accept, 2 duel.

A user's policy gets exactly this view (the other decision fields 0). The built-in policies are asked
with the engine's live state instead (its workspace, see :mod:`.engine`): the fields above written
into it, the other decision fields holding leftovers; they read only what the view shows, so they
answer the same (``tests/razzia/test_live_state.py``).

An illegal answer is replaced by the first legal one: bar -> the leftmost bar in play; spielbox ->
the cards in order to the bars left to right, the last card to the leftmost bar; slot -> slot 0;
an offer that does not divide exactly the bar's cards among the contestants (or -1 without
``offer_duel``) -> everything to the proposer; an answer other than 1 or 2 -> accept.

Log rows ``(kind, seat, a, b, c)``, kinds ``L_*`` (see :data:`LOG_TEXT`).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

import numpy as np
from numba import njit

from razzmatazz.core.errors import InputError
from razzmatazz.core.harness import log_row as log_row  # one writer of every game's log
from razzmatazz.core.rng import deal_from, lemire32, next_u64

BAR_NAMES = ("Colibri", "Cotton Club", "Havana Bar", "Jungle", "Lincoln's", "Jazz House")
MAX_PLAYERS = 8
MAX_BARS = 6
HAND = 5
MAX_DENOMS = 12
MAX_ROWS = 16
"""At most this many rows in a cards or money table."""
MAX_PER_COLOUR = 40
MAX_MONEY = 255
UNIT = 5000
GAMBLER, POLICE = 0, 1
KINDS = ("gambler", "police")
ACCEPT, DUEL = 1, 2

# K2 / K5: the default tables (seeds/razzia/cards.csv and money.csv), embedded
DEFAULT_CARDS = (
    ("gambler", 1, 1),
    ("gambler", 2, 1),
    ("gambler", 3, 2),
    ("gambler", 4, 2),
    ("gambler", 5, 1),
    ("gambler", 6, 1),
    ("police", 3, 1),
    ("police", 4, 1),
    ("police", 5, 1),
    ("police", 6, 1),
)
DEFAULT_MONEY = ((5000, 14), (10000, 14), (15000, 14), (20000, 14), (25000, 7), (30000, 7), (40000, 7), (50000, 7))
REMOVED_PER_COLOUR = (("police", 5, None), ("gambler", 3, 1), ("gambler", 4, 1))
"""K4: removed from every colour with 2-6 players (3 players: unless three_player_deck full; 2 players: unless
two_player_deck full)."""
THREE_PLAYER_MONEY_OUT = {5000: 2, 10000: 2, 15000: 2, 20000: 2, 25000: 1, 30000: 1, 40000: 1, 50000: 1}
"""K6: money cards removed with 3 players (and 2 players under two_player_money three_player)."""

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
"""Every text switch of :class:`Settings` and its values, the default first (``seeds/razzia.md``)."""

# settings row
(
    C_PLAYERS,
    C_NBARS,
    C_BARS_MASK,
    C_PER_ROUND,
    C_DROPPED,
    C_FREE,
    C_LEFTOVER,
    C_RESHUFFLE,
    C_FURTHEST,
    C_OFFER_DUEL,
    C_DUEL_TIE,
    C_ONE_DECLINES,
    C_MULTI,
    C_MANY,
    C_SPIELBOX,
    C_FINAL_TIES,
    C_OPEN_MONEY,
    C_NDENOM,
    C_DECK,
    C_NMONEY,
    C_NCARD_ROWS,
    C_NMONEY_ROWS,
) = range(22)
C_DENOM = 22  # MAX_DENOMS values (units)
C_CARD_ROWS = C_DENOM + MAX_DENOMS  # MAX_ROWS x (kind, value, count)
C_MONEY_ROWS = C_CARD_ROWS + 3 * MAX_ROWS  # MAX_ROWS x (denomination, count)
N_CFG = C_MONEY_ROWS + 2 * MAX_ROWS

# state
ST_HAND = 0
ST_TABLE = ST_HAND + MAX_PLAYERS * HAND
ST_MONEY = ST_TABLE + MAX_PLAYERS
ST_BAR_UNITS = ST_MONEY + MAX_BARS * MAX_DENOMS
ST_WON = ST_BAR_UNITS + MAX_BARS
ST_BARS_WON = ST_WON + MAX_PLAYERS
ST_GONE = ST_BARS_WON + MAX_PLAYERS
ST_DENOM = ST_GONE + 2 * MAX_BARS
(
    ST_PLAYERS,
    ST_NBARS,
    ST_BARS,
    ST_ROUND,
    ST_CROUPIER,
    ST_LAST_ROUND,
    ST_STOCK,
    ST_DISCARD,
    ST_MONEY_LEFT,
    ST_REVEALED,
    ST_OFFER_DUEL,
    ST_DUEL_TIE,
    ST_ONE_DECLINES,
    ST_NDENOM,
    ST_COLOUR_G,
    ST_COLOUR_P,
    ST_MULTI,
    ST_MANY,
) = range(ST_DENOM + MAX_DENOMS, ST_DENOM + MAX_DENOMS + 18)
ST_LEN = ST_DENOM + MAX_DENOMS + 18

# view = state + the decision
V_KIND = ST_LEN
V_SEAT = ST_LEN + 1
V_VALUE = ST_LEN + 2
V_NDRAWN = ST_LEN + 3
V_DRAWN = ST_LEN + 4  # 7
V_BAR = ST_LEN + 11
V_PROPOSER = ST_LEN + 12
V_CONTEST = ST_LEN + 13
V_CARDVAL = ST_LEN + 14  # 8
V_OFFER = ST_LEN + 22  # 8 x 12
VIEW_LEN = V_OFFER + MAX_PLAYERS * MAX_DENOMS
K_FREE, K_ALL, K_PLAY, K_OFFER, K_ANSWER = range(5)
NO_OFFER = -1

# log kinds: (kind, seat, a, b, c)
(
    L_ROUND,
    L_MONEY,
    L_PLAY,
    L_BAR,
    L_ROLLOFF,
    L_PROPOSER,
    L_OFFER,
    L_NO_OFFER,
    L_ANSWER,
    L_THROW,
    L_DUEL,
    L_ROLL,
    L_PAY,
    L_RESHUFFLE,
    L_END,
) = range(15)
LOG_TEXT = {
    L_ROUND: "round a: seat is the croupier, b money cards come out (c = 1: the last round)",
    L_MONEY: "a money card of b units goes to bar a (c = 1: placed by the croupier's decision or the free-card draw)",
    L_PLAY: "seat plays a card of bar a: kind b (0 gambler, 1 police), value c",
    L_BAR: "bar a is settled: b units there, c cards played",
    L_ROLLOFF: "seat rolls a in a roll-off for the order of equal distance (b: the throw's group size)",
    L_PROPOSER: "seat proposes at bar a (card value b, contestants mask c)",
    L_OFFER: "the proposer offers seat a: c cards of b units",
    L_NO_OFFER: "seat makes no offer and calls for a duel",
    L_ANSWER: "seat answers a (1 accept, 2 duel) to an offer of b units",
    L_THROW: "duel throw: seat rolls a, seat b rolls c",
    L_DUEL: "seat wins the duel against seat a for b units (c = 1: the tie went to the caller)",
    L_ROLL: "seat rolls a for a total of b in a multi-duel roll-off",
    L_PAY: "seat receives b units at bar a (c cards)",
    L_RESHUFFLE: "the discard pile (a cards) is shuffled into the stock",
    L_END: "end: leftover a units at the bars",
}


@njit(cache=True, inline="always")
def card_code(bar, kind, value):
    return bar * 16 + kind * 8 + value


@njit(cache=True, inline="always")
def card_bar(code):
    return code >> 4


@njit(cache=True, inline="always")
def card_kind(code):
    return (code >> 3) & 1


@njit(cache=True, inline="always")
def card_value(code):
    return code & 7


def card_name(code: int) -> str:
    """``"Jungle police 4"``."""
    return f"{BAR_NAMES[code >> 4]} {KINDS[(code >> 3) & 1]} {code & 7}"


def _brief(value: object, limit: int = 40) -> str:
    """``value`` quoted for a one-line message, cut past ``limit`` characters (core's copy of the idea of
    ``analysis.inputs.shorten``, which core does not import)."""
    text = " ".join((value if isinstance(value, str) else repr(value)).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _read_csv(path: str, columns: tuple[str, ...], what: str) -> list[dict]:
    """The rows of a table as dicts of stripped text: UTF-8, the header ``columns``, every row that wide."""
    shown = _brief(path, 60)
    try:
        with open(path, "rb") as f:
            data = f.read(1 << 20)
    except OSError as e:
        raise InputError(f"{what} {shown}: cannot read it ({e.strerror or e})") from None
    except ValueError as e:  # a path with a NUL byte
        raise InputError(f"{what} {shown}: cannot read it ({e})") from None
    if len(data) == 1 << 20:
        raise InputError(f"{what} {shown}: more than 1 MB; a table has at most {MAX_ROWS} rows")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"{what} {shown} is not UTF-8 text (byte {e.start})") from None
    try:
        rows = [[c.strip() for c in r] for r in csv.reader(text.splitlines()) if r]
    except csv.Error as e:
        raise InputError(f"{what} {shown}: not a CSV table ({e})") from None
    if not rows or rows[0] != list(columns):
        raise InputError(f"{what} {shown}: the header must be {','.join(columns)}")
    for i, row in enumerate(rows[1:], 2):
        if len(row) != len(columns):
            raise InputError(f"{what} {shown}: row {i} has {len(row)} fields, the header {len(columns)}")
    return [dict(zip(columns, row)) for row in rows[1:]]


def _int(text: str, path: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{what} {_brief(path, 60)}: {_brief(repr(text))} is not a whole number") from None


def load_cards(path: str | None = None) -> tuple[tuple[str, int, int], ...]:
    """K2: one colour's cards (kind, value, count) in file order; None = the default table."""
    if path is None:
        return DEFAULT_CARDS
    rows = []
    for row in _read_csv(path, ("kind", "value", "count"), "cards file"):
        kind, value, count = row["kind"], _int(row["value"], path, "cards file"), _int(row["count"], path, "cards file")
        if kind not in KINDS or not 1 <= value <= 6 or not 0 <= count <= MAX_PER_COLOUR:
            raise InputError(
                f"cards file {_brief(path, 60)}: bad row {_brief(kind)},{value},{count}: kind "
                f"gambler or police, value 1-6, count 0-{MAX_PER_COLOUR}"
            )
        rows.append((kind, value, count))
    if not rows or len(rows) > MAX_ROWS or sum(c for _, _, c in rows) > MAX_PER_COLOUR:
        raise InputError(
            f"cards file {_brief(path, 60)}: 1-{MAX_ROWS} rows and at most {MAX_PER_COLOUR} cards a colour"
        )
    return tuple(rows)


def load_money(path: str | None = None) -> tuple[tuple[int, int], ...]:
    """K5: the money cards (value in dollars, count) in file order; None = the default table."""
    if path is None:
        return DEFAULT_MONEY
    rows = []
    for row in _read_csv(path, ("value", "count"), "money file"):
        value, count = _int(row["value"], path, "money file"), _int(row["count"], path, "money file")
        if value <= 0 or value % UNIT or count < 0:
            raise InputError(
                f"money file {_brief(path, 60)}: bad row {value},{count}: value a positive multiple of "
                f"{UNIT}, count >= 0"
            )
        rows.append((value, count))
    if not rows or len(rows) > MAX_ROWS or len({v for v, _ in rows}) > MAX_DENOMS:
        raise InputError(f"money file {_brief(path, 60)}: 1-{MAX_ROWS} rows and at most {MAX_DENOMS} different values")
    if not 0 < sum(c for _, c in rows) <= MAX_MONEY:
        raise InputError(f"money file {_brief(path, 60)}: 1 to {MAX_MONEY} money cards")
    return tuple(rows)


@dataclass(frozen=True)
class Settings:
    """A Razzia table: the player count and every switch of ``seeds/razzia.md`` (defaults = the rulings)."""

    players: int = 4
    cards_file: str | None = None  # K2 (note R1): None = the embedded seeds/razzia/cards.csv
    money_file: str | None = None  # K5 (note R2): None = the embedded seeds/razzia/money.csv
    three_player_deck: str = "reduced"  # K4 (note R3)
    two_player_deck: str = "reduced"  # K4, V3 (note R18)
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
        if isinstance(self.players, bool) or self.players not in range(2, MAX_PLAYERS + 1):
            raise InputError(f"Razzia is for 2 to 8 players, got {_brief(self.players)}")
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise InputError(
                    f"{name.replace('_', '-')} must be one of {', '.join(allowed)}, got {_brief(getattr(self, name))}"
                )
        for name in ("cards_file", "money_file"):  # a number would be opened as a file descriptor
            if getattr(self, name) is not None and not isinstance(getattr(self, name), str):
                raise InputError(f"{name.replace('_', '-')} must be a file name, got {_brief(getattr(self, name))}")
        for name in ("offer_duel", "spielbox", "open_money"):
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"{name.replace('_', '-')} must be true or false, got {_brief(getattr(self, name))}")
        need = HAND * self.players + (self.players if self.reshuffle == "refill_first" else 0)
        if self.deck_size < need:
            raise InputError(f"{self.deck_size} playing cards are too few for {self.players} players (need {need})")
        if not self.money_cards():
            raise InputError("there are no money cards")

    @property
    def n_bars(self) -> int:
        """K3, V2, V3: how many bars are in play."""
        if self.players == 2:
            return 3
        if self.bars == "players_plus_one":
            return min(6, self.players + 1)
        return 4 if self.players == 3 else 6

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

    def card_rows(self) -> list[tuple[int, int, int]]:
        """One colour's cards in play, (kind 0/1, value, count) in file order after K4."""
        out = []
        for kind, value, count in load_cards(self.cards_file):
            for rkind, rvalue, how_many in REMOVED_PER_COLOUR if self.reduced_deck else ():
                if (kind, value) == (rkind, rvalue):
                    count -= count if how_many is None else min(count, how_many)
            out.append((KINDS.index(kind), value, count))
        return out

    @property
    def deck_size(self) -> int:
        return self.n_bars * sum(c for _, _, c in self.card_rows())

    def money_cards(self) -> list[tuple[int, int]]:
        """The money cards (value in dollars, count) in file order after K6/V3."""
        out = []
        for value, count in load_money(self.money_file):
            if self.reduced_money:
                count -= min(count, THREE_PLAYER_MONEY_OUT.get(value, 0))
            out.append((value, count))
        return out if sum(c for _, c in out) else []

    def denominations(self) -> list[int]:
        """The distinct money values (units), ascending."""
        return sorted({v // UNIT for v, _ in load_money(self.money_file)})

    @property
    def money_total(self) -> int:
        """All money cards, in units."""
        return sum(v // UNIT * c for v, c in self.money_cards())

    def row(self) -> np.ndarray:
        """The int64 settings row the kernels read (offsets ``C_*``, tables included)."""
        cfg = np.zeros(N_CFG, np.int64)
        cfg[C_PLAYERS] = self.players
        cfg[C_NBARS] = self.n_bars
        cfg[C_BARS_MASK] = (1 << self.n_bars) - 1  # the bars of dropped_bars "last"
        cfg[C_PER_ROUND] = self.n_bars + 1
        cfg[C_DROPPED] = CHOICES["dropped_bars"].index(self.dropped_bars)
        cfg[C_FREE] = CHOICES["free_card"].index(self.free_card)
        cfg[C_LEFTOVER] = CHOICES["leftover"].index(self.leftover)
        cfg[C_RESHUFFLE] = CHOICES["reshuffle"].index(self.reshuffle)
        cfg[C_FURTHEST] = CHOICES["furthest"].index(self.furthest)
        cfg[C_OFFER_DUEL] = self.offer_duel
        cfg[C_DUEL_TIE] = CHOICES["duel_tie"].index(self.duel_tie)
        cfg[C_ONE_DECLINES] = CHOICES["one_declines"].index(self.one_declines)
        cfg[C_MULTI] = CHOICES["multi_duel"].index(self.multi_duel)
        cfg[C_MANY] = CHOICES["many_order"].index(self.many_order)
        cfg[C_SPIELBOX] = self.spielbox
        cfg[C_FINAL_TIES] = CHOICES["final_ties"].index(self.final_ties)
        cfg[C_OPEN_MONEY] = self.open_money
        denoms = self.denominations()
        cfg[C_NDENOM] = len(denoms)
        cfg[C_DENOM : C_DENOM + len(denoms)] = denoms
        rows = self.card_rows()
        cfg[C_DECK] = self.deck_size
        cfg[C_NCARD_ROWS] = len(rows)
        for i, r in enumerate(rows):
            cfg[C_CARD_ROWS + 3 * i : C_CARD_ROWS + 3 * i + 3] = r
        money = self.money_cards()
        cfg[C_NMONEY] = sum(c for _, c in money)
        cfg[C_NMONEY_ROWS] = len(money)
        for i, (v, c) in enumerate(money):
            cfg[C_MONEY_ROWS + 2 * i] = denoms.index(v // UNIT)
            cfg[C_MONEY_ROWS + 2 * i + 1] = c
        return cfg


# ---------------------------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def roll_die(dice_state, script, used, seat):
    """Seat ``seat``'s next die: its next scripted roll (``script[seat, used[seat]]`` if >= 1), else one
    draw of the dice stream (the high 32 bits through Lemire with n = 6, redrawn on rejection)."""
    if script.shape[0] > seat and used[seat] < script.shape[1] and script[seat, used[seat]] >= 1:
        r = script[seat, used[seat]]
        used[seat] += 1
        return dice_state, r
    return draw_die(dice_state)


@njit(cache=True, inline="always")
def draw_die(dice_state):
    """One die from the dice stream: the high 32 bits through Lemire with n = 6, redrawn on rejection."""
    while True:
        dice_state, x = next_u64(dice_state)
        k = lemire32(x >> np.uint64(32), 6)
        if k >= 0:
            return dice_state, k + 1


@njit(cache=True, inline="always")
def shuffle(state, items, n, swap):
    """Fisher-Yates of ``items[:n]`` over the deal stream (``core.rng.deal_from``); returns the state."""
    if n <= 0:
        return state
    return deal_from(state, items[:n], n, swap)


@njit(cache=True, inline="always")
def clockwise(seat, start, n):
    """Clockwise distance of ``seat`` from ``start``."""
    return (seat - start) % n


@njit(cache=True)
def fill_view(cfg, st, s, kind, view):
    """Seat ``s``'s view (R9): the state with what it may not see blanked, plus the decision kind."""
    n = st[ST_PLAYERS]
    for i in range(ST_LEN):
        view[i] = st[i]
    for i in range(ST_HAND, ST_HAND + MAX_PLAYERS * HAND):
        view[i] = -1
    for j in range(HAND):
        view[ST_HAND + s * HAND + j] = st[ST_HAND + s * HAND + j]
    if not st[ST_REVEALED]:
        for o in range(MAX_PLAYERS):
            view[ST_TABLE + o] = -1
        view[ST_TABLE + s] = st[ST_TABLE + s]
    if not cfg[C_OPEN_MONEY]:
        for o in range(n):
            if o != s:
                view[ST_WON + o] = -1
                view[ST_BARS_WON + o] = -1
    view[V_KIND] = kind
    view[V_SEAT] = s
    for i in range(V_SEAT + 1, VIEW_LEN):  # no decision field left over from another seat's question
        view[i] = 0
