"""The toy game's rules (``seeds/toy.md``): settings, cards, moves, the view a policy is shown, the log rows.

High card with one draw: every player antes one chip; each is dealt one card (values 1-10, ``copies`` of each
in the deck) from a deck shuffled by the deal stream; then in seat order each seat stands or draws once more
from the same deck, the new card replacing the old one, which is discarded (face up unless ``discards`` is
``down``); the highest card takes the antes, tied seats split them, the odd chips to the tied seats nearest
seat 0 (T1-T6 of ``seeds/toy.md``). No policy code lives here.

A policy's view (``V_*``, :data:`VIEW_LEN`) is what its seat may see: its own card, every seat's decision so
far (-1 not yet, :data:`STAND`, :data:`DRAW`), the discards shown, the cards left in the deck and the settings
it needs. A log row is ``(kind, seat, a, b, c)`` with the kinds ``L_*`` (see :data:`LOG_TEXT`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from razzmatazz.core.errors import InputError, shorten

MAX_PLAYERS = 5
N_VALUES = 10
"""Card values 1 to 10."""
MAX_COPIES = 4
MAX_DECK = N_VALUES * MAX_COPIES
DISCARDS = ("up", "down")

# settings row
C_PLAYERS, C_COPIES, C_DISCARDS = range(3)
N_CFG = 3

# moves
STAND, DRAW = 0, 1
UNDECIDED = -1

# the view of the seat to move
V_SEAT = 0
V_PLAYERS = 1
V_CARD = 2  # the seat's own card
V_LEFT = 3  # cards left in the deck
V_COPIES = 4  # copies of each value in the deck
V_DREW = 5  # MAX_PLAYERS: each seat's decision so far (UNDECIDED, STAND, DRAW)
V_DISCARD = V_DREW + MAX_PLAYERS  # MAX_PLAYERS: the card each seat's draw replaced, if shown (0: none or unseen)
VIEW_LEN = V_DISCARD + MAX_PLAYERS

# log kinds: (kind, seat, a, b, c)
L_DEAL, L_STAND, L_DRAW, L_TAKE = range(4)
LOG_TEXT = {
    L_DEAL: "seat is dealt card a",
    L_STAND: "seat stands on card a",
    L_DRAW: "seat discards card a and draws card b",
    L_TAKE: "seat shows card a and takes b chips of the pot (c = 1 it won or shared the win)",
}
LOG_ROWS = 4 * MAX_PLAYERS + 2


@dataclass(frozen=True)
class Settings:
    """A table of the toy game: players and every switch of ``seeds/toy.md`` (defaults in its rulings)."""

    players: int = 3
    copies: int = 2
    discards: str = "up"

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in range(2, MAX_PLAYERS + 1):
            raise InputError(f"the toy game is for 2 to {MAX_PLAYERS} players, got {shorten(self.players)}")
        if isinstance(self.copies, bool) or self.copies not in range(1, MAX_COPIES + 1):
            raise InputError(f"copies must be a whole number 1 to {MAX_COPIES}, got {shorten(self.copies)}")
        if not isinstance(self.discards, str) or self.discards not in DISCARDS:
            raise InputError(f"discards must be one of {', '.join(DISCARDS)}, got {shorten(self.discards)}")

    @property
    def deck_size(self) -> int:
        return N_VALUES * self.copies

    def row(self) -> np.ndarray:
        """The int64 settings row the kernels read (offsets ``C_*``)."""
        cfg = np.zeros(N_CFG, np.int64)
        cfg[C_PLAYERS] = self.players
        cfg[C_COPIES] = self.copies
        cfg[C_DISCARDS] = DISCARDS.index(self.discards)
        return cfg
