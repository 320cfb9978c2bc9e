"""Fixed-limit Razz: the table settings, what a policy sees, and the rules without any policy.

The rulings are G1-G10 in ``seeds/razz.md``. Everything here is a numba kernel or a constant
the kernels share: the settings row (:class:`Settings` packs it), the layout of the *view*
a policy receives, the move codes, the log rows the engine writes for ``--trace`` and PHH
files, and the rules the engine applies (bring-in, who opens, legal moves, side pots).

Seats are 0..N-1 clockwise from the dealer's left; cards are :mod:`razzmatazz.core.cards`
integers (rank * 4 + suit, ace low), so the highest card by rank then suit is the largest.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from razzmatazz.core.errors import InputError

MAX_PLAYERS = 8
MAX_STACK = 10**9
"""Largest finite stack; deep stacks (the default) are larger than anything a hand can lose."""
DEEP = 1 << 40

# --- the settings row (int64), packed by Settings.row() --------------------------------------
C_PLAYERS, C_ANTE, C_BRING_IN, C_SMALL, C_BIG, C_CAP, C_UNCAPPED_HU, C_TIE_SUIT, C_RESHUFFLE, C_STACK = range(10)
C_PLAYER_STACKS = 10
"""8 slots: the chips player p of the lineup starts every hand with (seat (p + g) mod N in hand g)."""
N_SETTINGS = C_PLAYER_STACKS + MAX_PLAYERS

# --- moves a policy returns -------------------------------------------------------------------
FOLD, CALL, RAISE = 0, 1, 2
"""CALL also means check and "post the bring-in"; RAISE also means bet and complete."""

# --- the view: everything one seat may see when it decides (int64 array) ---------------------
(
    V_STREET,
    V_SEAT,
    V_PLAYERS,
    V_TO_CALL,
    V_POT,
    V_BET_SIZE,
    V_BETS_MADE,
    V_CAP,
    V_CAN_RAISE,
    V_BRING_IN,
    V_LEVEL,
    V_STACK,
    V_COMMUNITY,
    V_IN_HAND,
    V_TO_ACT,
    V_BRING_IN_SEAT,
    V_COMPLETED,
    V_DECISIONS,
) = range(18)
"""V_TO_CALL: chips to call (capped by the stack). V_BETS_MADE: completions, bets and raises this
round. V_LEVEL: the bet to match this round. V_IN_HAND: players not folded. V_TO_ACT: other
players who still have to act this round. V_COMPLETED: 3rd street has been completed (always 1
later). V_DECISIONS: decisions this seat has taken this hand."""
V_OWN = 18
"""7 slots: the seat's own cards in stud order (down, down, door, 4th, 5th, 6th, 7th), -1 if not dealt."""
V_UP = 25
"""4 slots per seat (door, 4th, 5th, 6th up cards), -1 if not dealt; folded seats' cards stay."""
V_STATUS = 57
"""Per seat: IN, FOLDED or ALL_IN (an empty seat is FOLDED)."""
V_BETS = 65
"""Per seat: chips put in during this betting round."""
V_PUT = 73
"""Per seat: chips put in during this hand (antes included)."""
VIEW_LEN = 81
IN, FOLDED, ALL_IN = 0, 1, 2

# --- log rows (kind, seat, a, b) ----------------------------------------------------------------
(L_ANTE, L_DEAL, L_STREET, L_BRING_IN, L_FOLD, L_CHECK, L_CALL, L_RAISE, L_RESHUFFLE, L_SHOW, L_WIN) = range(11)
"""L_ANTE: seat, chips. L_DEAL: seat (-1 = community), card, slot 0-6 (3rd street: every seat's
slot 0, then slot 1, then slot 2). L_STREET: seat = street, a = the bring-in seat (3rd street) or
the seat G5 names to open (action starts there, or at the next seat able to act if it is all-in).
L_BRING_IN: chips. L_RESHUFFLE: a = cards in the reshuffled pool (undealt and folded cards).
L_CALL: chips added (b = 1 when all-in). L_RAISE: new bet level of the round, b = 0 completion,
1 bet, 2 raise. L_SHOW: class of the best low. L_WIN: chips won from the pots."""
LOG_ROWS = 400


@dataclass(frozen=True)
class Settings:
    """Stakes and rule switches of a table (G1-G8).

    ``stack=0`` and no ``stacks``: deep stacks. ``stack=S``: every player starts every hand with
    S chips. ``stacks=(S1, ..., SN)``: player p of the lineup starts every hand with ``stacks[p]``
    (the stack moves with the player as the players rotate), so that all-ins and side pots arise.
    """

    players: int = 6
    ante: int = 2
    bring_in: int = 5
    small_bet: int = 10
    big_bet: int = 20
    cap: int = 4
    uncapped_heads_up: bool = False
    bring_in_tie: str = "seat"
    exhausted: str = "community"
    stack: int = 0
    stacks: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "stacks", tuple(self.stacks))
        for name in ("players", "ante", "bring_in", "small_bet", "big_bet", "cap", "stack"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise InputError(f"{name.replace('_', ' ')} must be an integer, got {value!r}")
        if not 2 <= self.players <= MAX_PLAYERS:
            raise InputError(f"Razz is played by 2 to {MAX_PLAYERS} players, got {self.players}")
        if self.ante < 0:
            raise InputError(f"the ante cannot be negative, got {self.ante}")
        if not 0 < self.bring_in < self.small_bet:
            raise InputError(
                f"the bring-in must be more than 0 and less than the small bet ({self.small_bet}), got {self.bring_in}"
            )
        if self.big_bet < self.small_bet:
            raise InputError(f"the big bet ({self.big_bet}) cannot be smaller than the small bet ({self.small_bet})")
        if self.big_bet > 10**6:
            raise InputError(f"the big bet must be at most 1,000,000 chips, got {self.big_bet}")
        if not 1 <= self.cap <= 20:
            raise InputError(f"the cap (bets per round) must be 1 to 20, got {self.cap}")
        if self.bring_in_tie not in ("seat", "suit"):
            raise InputError(f"bring-in tie rule must be seat or suit, got {self.bring_in_tie!r}")
        if self.exhausted not in ("community", "reshuffle"):
            raise InputError(f"the rule for a short deck must be community or reshuffle, got {self.exhausted!r}")
        if self.stack and not self.ante + self.bring_in <= self.stack <= MAX_STACK:
            raise InputError(
                f"the stack must cover ante and bring-in ({self.ante + self.bring_in}) and be at most "
                f"{MAX_STACK:,}, got {self.stack}"
            )
        if self.stack < 0:
            raise InputError(f"the stack cannot be negative, got {self.stack}")
        if self.stacks:
            if self.stack:
                raise InputError("give either one stack for everybody or a stack per player, not both")
            if len(self.stacks) != self.players:
                raise InputError(f"{len(self.stacks)} stacks given for {self.players} players; give one per player")
            for x in self.stacks:
                if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
                    raise InputError(f"a stack must be an integer, got {x!r}")
                if not self.ante + self.bring_in <= x <= MAX_STACK:
                    raise InputError(
                        f"every stack must cover ante and bring-in ({self.ante + self.bring_in}) and be "
                        f"at most {MAX_STACK:,}, got {x}"
                    )
        if self.uncapped_heads_up and self.deep:
            raise InputError("uncapped heads-up betting needs finite stacks (a stack), or a raising war never ends")

    @property
    def deep(self) -> bool:
        return self.stack == 0 and not self.stacks

    def player_stacks(self) -> tuple[int, ...]:
        """Chips each player of the lineup starts a hand with (deep: :data:`DEEP`)."""
        if self.stacks:
            return self.stacks
        return (self.stack if self.stack else DEEP,) * self.players

    def row(self) -> np.ndarray:
        """The int64 settings row the kernels read."""
        row = np.zeros(N_SETTINGS, np.int64)
        row[[C_PLAYERS, C_ANTE, C_BRING_IN, C_SMALL, C_BIG, C_CAP]] = (
            self.players,
            self.ante,
            self.bring_in,
            self.small_bet,
            self.big_bet,
            self.cap,
        )
        row[C_UNCAPPED_HU] = int(self.uncapped_heads_up)
        row[C_TIE_SUIT] = int(self.bring_in_tie == "suit")
        row[C_RESHUFFLE] = int(self.exhausted == "reshuffle")
        row[C_STACK] = self.stack if self.stack else DEEP
        row[C_PLAYER_STACKS : C_PLAYER_STACKS + self.players] = self.player_stacks()
        return row


@njit(cache=True)
def board_key(cards, lo, hi):
    """Order key of the cards ``cards[lo:hi]`` (-1 skipped): smaller shows a better low (G5).

    Category (no pair, one pair, two pair, trips, quads) first, then the ranks grouped by
    multiplicity (largest first) and, within a multiplicity, highest rank first. Only boards of
    the same number of cards are compared.
    """
    m1 = m2 = m3 = m4 = 0
    n = 0
    for i in range(lo, hi):
        if cards[i] >= 0:
            b = 1 << (cards[i] >> 2)
            m4 |= m3 & b
            m3 |= m2 & b
            m2 |= m1 & b
            m1 |= b
            n += 1
    return layers_key(m1, m2, m3, m4, n)


@njit(cache=True)
def layers_key(m1, m2, m3, m4, n):
    """:func:`board_key` of ``n`` cards given as layer masks (ranks held at least once, twice, ...).

    Comparing two rank masks of equal size as integers compares their highest rank, then the
    next: exactly the order within a group. So the key packs the category, then the ranks held
    four, three, two times and once, 13 bits each. Keys compare boards of the same size.
    """
    if m3:
        cat = 3 if not m4 else 4
    elif m2:
        cat = 1 if (m2 & (m2 - 1)) == 0 else 2
    else:
        cat = 0
    return (cat << 52) | (m4 << 39) | ((m3 & ~m4) << 26) | ((m2 & ~m3) << 13) | (m1 & ~m2)


@njit(cache=True)
def bring_in_seat(doors, n_players, tie_suit):
    """Seat of the highest door card (G3); equal ranks: lowest seat, or highest suit with ``tie_suit``."""
    best = 0
    for s in range(1, n_players):
        if tie_suit:
            if doors[s] > doors[best]:
                best = s
        elif (doors[s] >> 2) > (doors[best] >> 2):
            best = s
    return best


@njit(cache=True)
def opener_seat(up, status, n_players, n_up):
    """Seat with the best ``n_up`` up cards among players not folded (G5); equal boards: lowest seat."""
    best = -1
    best_key = 0
    for s in range(n_players):
        if status[s] == FOLDED:
            continue
        k = board_key(up[s], 0, n_up)
        if best < 0 or k < best_key:
            best = s
            best_key = k
    return best


@njit(cache=True)
def split_pots(put, status, classes, n_players, won):
    """Share the pots out (G7, G8): ``won[s]`` = chips seat ``s`` takes back from the middle.

    Pots are cut at the amounts put in by players still in (all-in levels); folded players'
    chips are dead money in the pots they reached. Each pot goes to the best class among the
    players still in who reached its level; equal best classes split it, and the chips that do
    not divide go to the winner nearest the dealer's left (lowest seat). Chips above every
    level of a player still in (nobody matched them) go back.
    """
    for s in range(n_players):
        won[s] = 0
    prev = 0
    while True:
        level = -1
        for s in range(n_players):
            if status[s] != FOLDED and put[s] > prev and (level < 0 or put[s] < level):
                level = put[s]
        if level < 0:
            break
        amount = 0
        best = 1 << 40
        for s in range(n_players):
            if put[s] > prev:
                amount += min(put[s], level) - prev
            if status[s] != FOLDED and put[s] >= level and classes[s] < best:
                best = classes[s]
        n_win = 0
        first = -1
        for s in range(n_players):
            if put[s] >= level and status[s] != FOLDED and classes[s] == best:
                n_win += 1
                if first < 0:
                    first = s
        share = amount // n_win
        for s in range(n_players):
            if put[s] >= level and status[s] != FOLDED and classes[s] == best:
                won[s] += share
        won[first] += amount - share * n_win
        prev = level
    for s in range(n_players):
        if put[s] > prev:
            won[s] += put[s] - prev
