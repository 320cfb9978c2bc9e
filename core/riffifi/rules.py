"""Riffifi's rules: settings, cards, the state of a deal, and the moves that change it.

Rulings (C1-C4, D1-D10, G1-G6) are in ``seeds/riffifi.md``. No policy code lives here: the
engine (:mod:`.engine`) asks policies and calls these functions, and so does ``riffifi explain``.

Cards are ids 0-39, ``colour * 8 + value - 1`` (colours yellow, red, blue, green, orange), and
:data:`OFFICER` (40). Hands and card sets are int64 bit masks over ids. The state of a deal is one
int64 array with the offsets ``ST_*``: each seat's hand and played cards, the public mask (cards
everyone has seen), per colour the face-up card (owner, value, paid, orbit played), chips
(a row per seat, the middle last), points from earlier deals and ticks. A policy's view is the
same array with what its seat may not see blanked, plus the ``V_*`` fields of the decision.

A log row is ``(kind, seat, a, b, c)`` with the kinds ``L_*`` (see :data:`LOG_TEXT`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from razzmatazz.core.errors import InputError
from razzmatazz.core.harness import log_row as log_row  # one writer of every game's log

COLOURS = ("yellow", "red", "blue", "green", "orange")
N_COLOURS = 5
N_VALUES = 8
OFFICER = 40
MAX_PLAYERS = 5
MIDDLE = MAX_PLAYERS
"""Chip row of the middle (rows 0-4 are seats)."""
CAP = 12
"""A claim stops when the claimant holds this many chips of the colour (D7)."""

# settings row
(
    C_PLAYERS,
    C_HAND,
    C_CHIPS,
    C_OFFICER,
    C_REDEAL,
    C_REVEAL_OWN,
    C_AFTER,
    C_END,
    C_TIE,
    C_PASSING,
    C_START,
    C_SCORING,
    C_TICK_AT,
    C_MAX_DEALS,
    C_TALLY,
    C_OFFICER_AS_ONE,
) = range(16)
N_CFG = 16
AFTER = ("pile", "stay")
END = ("orbit", "lapse")
TIE = ("clockwise", "chooser")
TIE_CHOOSER = 1
"""``cfg[C_TIE]`` of ``tie chooser``: the collector's policy picks who gives an odd chip (D6)."""
PASSING = ("pass", "reshuffle")
START = ("rotate", "fixed")
SCORING = ("chips", "ticks")
TALLY = ("running", "deal")
TALLY_DEAL = 1
"""``cfg[C_TALLY]`` of ``tally deal``: a colour is ticked by the chips held at the end of one deal (G4)."""

# state of a deal
ST_HAND = 0  # 5 masks
ST_PLAYED = 5  # 5 masks: cards each seat played this deal (face up, turned down, set aside)
ST_PUBLIC = 10  # mask of the cards everyone has seen this deal
ST_UP_OWNER = 11  # per colour: seat of the face-up card, -1 none
ST_UP_VALUE = 16  # per colour: its value 1-8
ST_UP_PAID = 21  # per colour: 1 if it has paid (after_claim stay)
ST_UP_ORBIT = 26  # per colour: the orbit in which it was played
ST_CHIPS = 31  # 6 rows x 5 colours: seats 0-4, then the middle
ST_SCORE = 61  # per seat: chips of the earlier deals of this game
ST_TICKS = 66  # per seat: colours ticked off (bit mask, scoring variant)
ST_PLAYERS = 71
ST_START = 72  # seat that plays first in this deal
ST_DEAL = 73  # deal index in the game
ST_TURN = 74  # turns played in this deal
ST_LEN = 75

# view = state (hidden parts blanked) + the decision
V_KIND = ST_LEN  # K_PLAY, K_TARGET, K_SPLIT
V_SEAT = ST_LEN + 1
V_HAND_N = ST_LEN + 2  # 5: cards in each hand
V_COLOUR = ST_LEN + 7  # K_SPLIT: colour of the claim
V_ODD = ST_LEN + 8  # K_SPLIT: odd chips still to assign
V_TIED = ST_LEN + 9  # K_SPLIT: mask of the tied seats that may give one
V_ROUND = ST_LEN + 10  # hands passed so far in this round of passed hands (G1 pass: deal mod N), else 0
V_KNOWN = ST_LEN + 11  # 5: what the seat knows of each seat's hand of this deal from the earlier deals
VIEW_LEN = ST_LEN + 16
K_PLAY, K_TARGET, K_SPLIT = range(3)
ASIDE, PLACED, UNDERCUT = range(3)
"""What became of a played card (:func:`play_card`)."""
NO_TARGET = -1

# log kinds: (kind, seat, a, b, c)
(L_DEAL, L_TURN, L_PLAY, L_UNDERCUT, L_SELF, L_CLAIM, L_TAKE, L_LAPSE, L_OFFICER, L_STAY_OFF, L_DEAL_END) = range(11)
LOG_TEXT = {
    L_DEAL: "deal a: dealer seat b, seat c starts",
    L_TURN: "turn of seat",
    L_PLAY: "seat plays card a",
    L_UNDERCUT: "card a of seat b turned face down by seat's lower card",
    L_SELF: "seat's card a is higher than the face-up one: set aside (b = 1 shown, 0 unseen)",
    L_CLAIM: "seat claims card a: b chips of its colour",
    L_TAKE: "seat takes b chips of colour a from c (5 = the middle)",
    L_LAPSE: "seat's claim in colour a: b chips lapse",
    L_OFFICER: "seat plays the Officer on colour a (-1: none), turning down card b of seat c",
    L_STAY_OFF: "seat's paid card a goes to the pile",
    L_DEAL_END: "end of deal a",
}
LOG_ROWS = 2048


def _brief(value: object) -> str:
    """``repr(value)`` cut to 40 characters, for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Settings:
    """A Riffifi table: players and every switch of ``seeds/riffifi.md`` (defaults in the rulings)."""

    players: int = 4
    chips_per_colour: int = 12
    officer: bool = False
    redeal: bool = True
    reveal_own: bool = False
    after_claim: str = "pile"
    end: str = "orbit"
    tie: str = "chooser"
    passing: str = "pass"
    start: str = "rotate"
    scoring: str = "chips"
    tick_at: int = 7
    max_deals: int = 20
    tally: str = "running"
    officer_as_one: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (3, 4, 5):
            raise InputError(f"Riffifi is for 3, 4 or 5 players, got {self.players!r}")
        for name in ("officer", "redeal", "reveal_own", "officer_as_one"):
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"{name.replace('_', '-')} must be true or false, got {_brief(getattr(self, name))}")
        for name in ("chips_per_colour", "tick_at", "max_deals"):
            if isinstance(getattr(self, name), bool) or not isinstance(getattr(self, name), int):
                raise InputError(f"{name.replace('_', '-')} must be a whole number, got {_brief(getattr(self, name))}")
        if self.chips_per_colour not in (10, 12):
            raise InputError(f"chips per colour must be 12 (the default) or 10, got {self.chips_per_colour!r}")
        for name, allowed in (
            ("after_claim", AFTER),
            ("end", END),
            ("tie", TIE),
            ("passing", PASSING),
            ("start", START),
            ("scoring", SCORING),
            ("tally", TALLY),
        ):
            if not isinstance(getattr(self, name), str) or getattr(self, name) not in allowed:
                raise InputError(
                    f"{name.replace('_', '-')} must be one of {', '.join(allowed)}, got {_brief(getattr(self, name))}"
                )
        if not 1 <= self.tick_at <= CAP:
            raise InputError(f"tick-at must be 1 to {CAP}, got {self.tick_at!r}")
        if not self.players <= self.max_deals <= 1000:
            raise InputError(f"max-deals must be {self.players} to 1000, got {self.max_deals!r}")
        if self.officer and self.officer_as_one:
            raise InputError("officer-as-one plays the Officer's deals without the Officer: not with officer")
        if self.scoring == "chips" and self.max_deals != 20:
            raise InputError("max-deals applies only to the ticks scoring variant")

    @property
    def hand_size(self) -> int:
        return {3: 12, 4: 10, 5: 8}[self.players]

    def row(self) -> np.ndarray:
        """The int64 settings row the kernels read (offsets ``C_*``)."""
        cfg = np.zeros(N_CFG, np.int64)
        cfg[C_PLAYERS] = self.players
        cfg[C_HAND] = self.hand_size
        cfg[C_CHIPS] = self.chips_per_colour
        cfg[C_OFFICER] = self.officer
        cfg[C_REDEAL] = self.redeal
        cfg[C_REVEAL_OWN] = self.reveal_own
        cfg[C_AFTER] = AFTER.index(self.after_claim)
        cfg[C_END] = END.index(self.end)
        cfg[C_TIE] = TIE.index(self.tie)
        cfg[C_PASSING] = PASSING.index(self.passing)
        cfg[C_START] = START.index(self.start)
        cfg[C_SCORING] = SCORING.index(self.scoring)
        cfg[C_TICK_AT] = self.tick_at
        cfg[C_MAX_DEALS] = self.max_deals if self.scoring == "ticks" else self.players
        cfg[C_TALLY] = TALLY.index(self.tally)
        cfg[C_OFFICER_AS_ONE] = self.officer_as_one
        return cfg


def card_name(card: int) -> str:
    """``"blue 5"`` or ``"officer"``."""
    if card == OFFICER:
        return "officer"
    return f"{COLOURS[card // N_VALUES]} {card % N_VALUES + 1}"


_VALUE_WORDS = tuple(str(v) for v in range(1, N_VALUES + 1))


def parse_card(text: str) -> int:
    """The id of a card written ``blue 5`` (or ``officer``); InputError names a bad one."""
    words = str(text).lower().split()
    if words == ["officer"]:
        return OFFICER
    if len(words) != 2 or words[0] not in COLOURS or words[1] not in _VALUE_WORDS:
        raise InputError(
            f"unknown card {_brief(text)}: write a colour ({', '.join(COLOURS)}) and a value 1-8, "
            "e.g. 'blue 5', or 'officer'"
        )
    return COLOURS.index(words[0]) * N_VALUES + _VALUE_WORDS.index(words[1])


@njit(cache=True, inline="always")
def bit(card):
    return np.int64(1) << np.int64(card)


_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.array(
    [
        0,
        1,
        48,
        2,
        57,
        49,
        28,
        3,
        61,
        58,
        50,
        42,
        38,
        29,
        17,
        4,
        62,
        55,
        59,
        36,
        53,
        51,
        43,
        22,
        45,
        39,
        33,
        30,
        24,
        18,
        12,
        5,
        63,
        47,
        56,
        27,
        60,
        41,
        37,
        16,
        54,
        35,
        52,
        21,
        44,
        32,
        23,
        11,
        46,
        26,
        40,
        15,
        34,
        20,
        31,
        10,
        25,
        14,
        19,
        9,
        13,
        8,
        7,
        6,
    ],
    np.int64,
)


@njit(cache=True, inline="always")
def popcount(m):
    """Number of set bits of the mask ``m`` (m >= 0)."""
    x = np.uint64(m)
    x = x - ((x >> np.uint64(1)) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return np.int64((x * _H01) >> np.uint64(56))


@njit(cache=True, inline="always")
def lowest_card(m):
    """The smallest card id in the non-empty mask ``m``."""
    x = np.uint64(m)
    low = x & (~x + np.uint64(1))
    return _DEBRUIJN_INDEX[np.int64((low * _DEBRUIJN) >> np.uint64(58))]


@njit(cache=True)
def new_deal(cfg, st, hands, deal, start, chips_per_colour):
    """Start deal ``deal``: ``hands[s]`` to seat s, chips in the middle, nothing face up (D10)."""
    n = cfg[C_PLAYERS]
    for s in range(MAX_PLAYERS):
        st[ST_HAND + s] = hands[s] if s < n else 0
        st[ST_PLAYED + s] = 0
    st[ST_PUBLIC] = 0
    for c in range(N_COLOURS):
        st[ST_UP_OWNER + c] = -1
        st[ST_UP_VALUE + c] = 0
        st[ST_UP_PAID + c] = 0
        st[ST_UP_ORBIT + c] = 0
        for s in range(MAX_PLAYERS):
            st[ST_CHIPS + s * N_COLOURS + c] = 0
        st[ST_CHIPS + MIDDLE * N_COLOURS + c] = chips_per_colour
    st[ST_PLAYERS] = n
    st[ST_START] = start
    st[ST_DEAL] = deal
    st[ST_TURN] = 0


@njit(cache=True, inline="always")
def chips(st, holder, colour):
    return st[ST_CHIPS + holder * N_COLOURS + colour]


@njit(cache=True, inline="always")
def move_chips(st, giver, taker, colour, k, log):
    """Move ``k`` chips of ``colour`` from ``giver`` (a seat or MIDDLE) to seat ``taker``."""
    if k > 0:
        st[ST_CHIPS + giver * N_COLOURS + colour] -= k
        st[ST_CHIPS + taker * N_COLOURS + colour] += k
        log_row(log, L_TAKE, taker, colour, k, giver)


@njit(cache=True, inline="always")
def turn_down(st, colour):
    """Turn the face-up card of ``colour`` face down (to its owner's pile); returns (card, owner)."""
    owner = st[ST_UP_OWNER + colour]
    card = colour * N_VALUES + st[ST_UP_VALUE + colour] - 1
    st[ST_UP_OWNER + colour] = -1
    st[ST_UP_VALUE + colour] = 0
    st[ST_UP_PAID + colour] = 0
    return card, owner


@njit(cache=True, inline="always")
def play_card(cfg, st, s, card, orbit, log):
    """Seat ``s`` plays ``card`` (not the Officer) from hand, undercutting as D2-D3 say.

    Returns :data:`PLACED`, :data:`UNDERCUT` (it turned a higher card down) or :data:`ASIDE` (it
    was set aside at once); the caller has checked that the card is in the hand.
    """
    st[ST_HAND + s] &= ~bit(card)
    st[ST_PLAYED + s] |= bit(card)
    log_row(log, L_PLAY, s, card, 0, 0)
    colour = card // N_VALUES
    value = card % N_VALUES + 1
    if st[ST_UP_OWNER + colour] >= 0:
        if value > st[ST_UP_VALUE + colour]:
            if cfg[C_REVEAL_OWN]:
                st[ST_PUBLIC] |= bit(card)
            log_row(log, L_SELF, s, card, cfg[C_REVEAL_OWN], 0)
            return ASIDE
        old, owner = turn_down(st, colour)
        log_row(log, L_UNDERCUT, s, old, owner, 0)
        result = UNDERCUT
    else:
        result = PLACED
    st[ST_PUBLIC] |= bit(card)
    st[ST_UP_OWNER + colour] = s
    st[ST_UP_VALUE + colour] = value
    st[ST_UP_PAID + colour] = 0
    st[ST_UP_ORBIT + colour] = orbit
    return result


@njit(cache=True, inline="always")
def play_officer(st, s, target, log):
    """Seat ``s`` plays the Officer, turning down the face-up card of colour ``target`` (G5).

    ``target`` -1, or a colour with nothing face up, turns nothing down. Returns the colour turned
    down or -1.
    """
    st[ST_HAND + s] &= ~bit(OFFICER)
    st[ST_PLAYED + s] |= bit(OFFICER)
    st[ST_PUBLIC] |= bit(OFFICER)
    if 0 <= target < N_COLOURS and st[ST_UP_OWNER + target] >= 0:
        card, owner = turn_down(st, target)
        log_row(log, L_OFFICER, s, target, card, owner)
        return target
    log_row(log, L_OFFICER, s, -1, -1, -1)
    return -1


@njit(cache=True, inline="always")
def claim_colour(st, s):
    """The colour of seat ``s``'s unpaid face-up card, or -1 (at most one: its last card)."""
    for c in range(N_COLOURS):
        if st[ST_UP_OWNER + c] == s and st[ST_UP_PAID + c] == 0:
            return c
    return -1


@njit(cache=True, inline="always")
def retire_paid(st, s, log):
    """``after_claim stay``: seat ``s``'s paid cards leave the table at its turn (D8)."""
    for c in range(N_COLOURS):
        if st[ST_UP_OWNER + c] == s and st[ST_UP_PAID + c] == 1:
            card, _ = turn_down(st, c)
            log_row(log, L_STAY_OFF, s, card, 0, 0)


@njit(cache=True, inline="always")
def richest(st, s, colour):
    """The most chips of ``colour`` any opponent of ``s`` holds, and the mask of those who hold it."""
    n = st[ST_PLAYERS]
    most = 0
    tied = 0
    for o in range(n):
        if o != s:
            k = chips(st, o, colour)
            if k > most:
                most = k
                tied = 0
            if k == most and k > 0:
                tied |= 1 << o
    return most, tied


@njit(cache=True, inline="always")
def claim(cfg, st, s, colour, log):
    """Seat ``s`` collects its face-up card of ``colour`` (D4-D8).

    Takes from the middle, then from the richest opponents (whole tiers, then an even share of a
    tie). Returns ``(odd, tied)``: chips still owed, one from each of ``odd`` of the seats in the
    mask ``tied``, for the caller to assign (D6) with :func:`move_chips`.
    """
    value = st[ST_UP_VALUE + colour]
    log_row(log, L_CLAIM, s, colour * N_VALUES + value - 1, value, 0)
    if cfg[C_AFTER] == 0:
        turn_down(st, colour)
    else:
        st[ST_UP_PAID + colour] = 1
    need = min(value, CAP - chips(st, s, colour))
    if need < value:
        log_row(log, L_LAPSE, s, colour, value - max(need, 0), 0)
    if need <= 0:
        return 0, 0
    take = min(need, chips(st, MIDDLE, colour))
    move_chips(st, MIDDLE, s, colour, take, log)
    need -= take
    while need > 0:
        most, tied = richest(st, s, colour)
        if most == 0:
            log_row(log, L_LAPSE, s, colour, need, 0)
            return 0, 0
        k = popcount(tied)
        if need >= most * k:
            for o in range(MAX_PLAYERS):
                if (tied >> o) & 1:
                    move_chips(st, o, s, colour, most, log)
            need -= most * k
        else:
            share = need // k
            for o in range(MAX_PLAYERS):
                if (tied >> o) & 1:
                    move_chips(st, o, s, colour, share, log)
            return need - share * k, tied
    return 0, 0


@njit(cache=True, inline="always")
def clockwise_from(s, n, mask):
    """The first seat of ``mask`` clockwise from ``s`` (excluding ``s``), or -1."""
    for i in range(1, n):
        o = (s + i) % n
        if (mask >> o) & 1:
            return o
    return -1


@njit(cache=True)
def deal_points(st, s):
    """Chips seat ``s`` holds now (its points for the deal at its end)."""
    total = 0
    for c in range(N_COLOURS):
        total += chips(st, s, c)
    return total


@njit(cache=True, inline="always")
def held_earlier(s, o, n, rnd):
    """True if seat ``s`` held seat ``o``'s hand of this deal in an earlier deal: ``o`` is one of the ``rnd``
    seats at ``s``'s left (``rnd``: :data:`V_ROUND`, the hands passed so far, G1)."""
    return o != s and o < n and (o - s) % n <= rnd


@njit(cache=True, inline="always")
def fill_view(st, s, kind, view):
    """Seat ``s``'s view: the state without others' hands and unseen set-aside cards, plus the decision and
    what ``s`` remembers of each hand (:data:`V_KNOWN`: the live state keeps there the cards of each hand
    shown in earlier deals, public; the view adds the whole hands ``s`` held itself). ``st`` holds
    :data:`VIEW_LEN` fields."""
    n = st[ST_PLAYERS]
    for i in range(ST_LEN):
        view[i] = st[i]
    public = st[ST_PUBLIC]
    for o in range(MAX_PLAYERS):
        view[V_HAND_N + o] = popcount(st[ST_HAND + o])
        if o != s:
            view[ST_HAND + o] = 0
            view[ST_PLAYED + o] &= public
    rnd = st[V_ROUND]
    view[V_ROUND] = rnd
    for o in range(MAX_PLAYERS):
        view[V_KNOWN + o] = st[V_KNOWN + o]
        if held_earlier(s, o, n, rnd):
            view[V_KNOWN + o] |= st[ST_HAND + o] | st[ST_PLAYED + o]
    view[V_KIND] = kind
    view[V_SEAT] = s
    view[V_COLOUR] = -1
    view[V_ODD] = 0
    view[V_TIED] = 0
    return n


@njit(cache=True, inline="always")
def ask_fields(st, s, kind, colour, odd, tied):
    """Write a decision's fields into the engine's live state (length :data:`VIEW_LEN`).

    Built-in policies read the live state itself instead of a copied view: they read only what seat
    ``s`` may see (``tests/riffifi/test_hidden.py`` checks that their answers equal those on the
    :func:`fill_view` view). Users' own policies always get the filtered copy. The engine keeps the
    hand sizes ``V_HAND_N`` of the live state current itself.
    """
    st[V_KIND] = kind
    st[V_SEAT] = s
    st[V_COLOUR] = colour
    st[V_ODD] = odd
    st[V_TIED] = tied


@njit(cache=True)
def colour_counts_ok(hand):
    """True if no colour appears five or more times in ``hand`` (C3)."""
    for c in range(N_COLOURS):
        if popcount((hand >> np.int64(c * N_VALUES)) & 0xFF) >= 5:
            return False
    return True
