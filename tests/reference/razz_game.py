"""A slow, plainly written pure-Python reference for the fixed-limit Razz game (G1-G10 of ``seeds/razz.md``).

It plays the same hands as :mod:`razzmatazz.core.razz.engine` from the rules as written, so
that the numba kernel can be checked trial by trial. Shared with the project are only:

* the constants and :class:`Settings` of :mod:`razzmatazz.core.razz.rules` (settings row
  indices, the view layout, move codes, log row kinds, statuses);
* the policies themselves (:func:`razzmatazz.core.razz.policies.decide`, or a job's user
  function for ids from ``USER_ID``); the view they receive is built here, field by field;
* the stream keys (:func:`razzmatazz.core.streams.key`).

Everything else is written out again here: the SplitMix64 streams and the Fisher-Yates deal
and the brute-force low evaluation come from :mod:`tests.reference.razz` (which imports no
``core``); the bring-in, the order of boards, who must act, the legal moves, 7th street with
a short deck, the side pots and the tallies are this file's own.

Conventions (the rules' words, made exact):

* Seat 0 sits at the dealer's left, the dealer is seat N-1; "nearest the dealer's left" is
  the lowest seat number, "clockwise" is increasing seat number modulo N.
* A seat *can answer* a bet when its status is IN (not folded, not all-in).
* A seat *must act* in a betting round while it is IN and either owes chips (its bet this
  round is below the level) or has not acted since the last completion, bet or raise and some
  other seat can answer. Posting the bring-in is the bring-in seat's action.
* A raise (completion, bet) is allowed when fewer than ``cap`` have been made this round (or
  the cap is lifted: ``uncapped_heads_up`` with exactly two players not folded), the seat
  can put in the full amount, and some other seat can answer it.
* Pots (G8): one pot per all-in level of the players still in (the top level included); a
  folded player's chips are dead money in the pots up to what it put in. Each pot goes to
  the best low among the players still in who reached its level; a tie splits it, the chips
  that do not divide go one each to the tied winners from the dealer's left. Chips above
  every level of a player still in (nobody matched them) go back.
* Street counts (the engine's ``streets`` block, streets 3 to 7): a street's betting round
  *counts* when at least one seat was asked to decide in it (the bring-in's decision included);
  it is *capped* when the completions, bets and raises made in it reached ``cap`` (also a
  heads-up round with ``uncapped_heads_up``, where the betting may go on beyond the cap).
* Log rows are those documented in :mod:`razzmatazz.core.razz.rules`. ``L_STREET``'s seat
  is the one G5 names to open (3rd street: the bring-in), also when that seat is all-in and
  the action passes to the next seat clockwise that can act (or nobody acts at all).
* 7th street with a short deck and ``exhausted=reshuffle``: the pool is the undealt stub (in
  deck order) followed by the folded seats' cards (seat order, then slot order), shuffled
  completely by the deal stream (its state after the deck's shuffle); the players still in
  take its first cards in seat order. With nobody folded there is nothing to shuffle in, the
  pool is the stub and a community card is dealt from it (the same as ``community``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from razzmatazz.core import streams
from razzmatazz.core.razz.policies import USER_ID, decide
from razzmatazz.core.razz.rules import (
    ALL_IN,
    C_ANTE,
    C_BIG,
    C_BRING_IN,
    C_CAP,
    C_PLAYER_STACKS,
    C_PLAYERS,
    C_RESHUFFLE,
    C_SMALL,
    C_TIE_SUIT,
    C_UNCAPPED_HU,
    CALL,
    FOLD,
    FOLDED,
    IN,
    L_ANTE,
    L_BRING_IN,
    L_CALL,
    L_CHECK,
    L_DEAL,
    L_FOLD,
    L_RAISE,
    L_RESHUFFLE,
    L_SHOW,
    L_STREET,
    L_WIN,
    LOG_ROWS,
    MAX_PLAYERS,
    RAISE,
    V_BET_SIZE,
    V_BETS,
    V_BETS_MADE,
    V_BRING_IN,
    V_BRING_IN_SEAT,
    V_CAN_RAISE,
    V_CAP,
    V_COMMUNITY,
    V_COMPLETED,
    V_DECISIONS,
    V_IN_HAND,
    V_LEVEL,
    V_OWN,
    V_PLAYERS,
    V_POT,
    V_PUT,
    V_SEAT,
    V_STACK,
    V_STATUS,
    V_STREET,
    V_TO_ACT,
    V_TO_CALL,
    V_UP,
    VIEW_LEN,
    Settings,
)
from tests.reference.razz import class_index, deal_from, game_state

# what one hand leaves per seat (the columns of the engine's ``res``)
NET, VPIP, SHOWDOWN, SHOWDOWN_WON, WON_WITHOUT_SHOWDOWN = range(5)
# per-player, per-seat and global tallies of a run, in the engine's order
PLAYER_FIELDS = ("hands", "net", "net2", "vpip", "showdowns", "showdowns_won", "won_without_showdown")
SEAT_FIELDS = ("hands", "net", "net2", "vpip", "showdown", "showdown_won", "won_without_showdown")
GLOBAL_FIELDS = ("hands", "blocks", "community", "reshuffles")
STREETS = (3, 4, 5, 6, 7)
STREET_FIELDS = ("rounds", "capped")

DOWN1, DOWN2, DOOR, FOURTH, FIFTH, SIXTH, SEVENTH = range(7)
UP_SLOTS = (DOOR, FOURTH, FIFTH, SIXTH)


# ---------------------------------------------------------------------------------------------
# G3 and G5: who brings it in, who opens
# ---------------------------------------------------------------------------------------------


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> int:
    return card % 4


def bring_in_of(doors: Sequence[int], tie_by_suit: bool) -> int:
    """G3: the seat whose door card is highest (king high, ace low).

    Equal ranks: the seat nearest the dealer's left, or with ``tie_by_suit`` the highest suit
    (clubs < diamonds < hearts < spades).
    """

    def strength(seat: int) -> tuple[int, int]:
        card = doors[seat]
        return (rank_of(card), suit_of(card) if tie_by_suit else -seat)

    return max(range(len(doors)), key=strength)


def board_order(up_cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """G5: order key of a board (smaller shows the better low).

    Category: no pair 0 < one pair 1 < two pair 2 < trips 3 < quads 4; then the ranks listed
    with the ones held more often first and, held equally often, the higher rank first
    (so the pair's rank, then the kickers from the highest).
    """
    mult = Counter(rank_of(c) for c in up_cards)
    top = max(mult.values())
    pairs = sum(1 for m in mult.values() if m == 2)
    if top == 1:
        category = 0
    elif top == 2:
        category = 1 if pairs == 1 else 2
    else:
        assert pairs == 0, "a full house cannot show on four up cards"
        category = top
    listing = sorted((rank_of(c) for c in up_cards), key=lambda r: (mult[r], r), reverse=True)
    return category, tuple(listing)


def opener_of(boards: Sequence[Sequence[int] | None]) -> int:
    """G5: the seat still in (board not None) with the best board; equal boards: nearest the dealer's left."""
    live = [s for s, b in enumerate(boards) if b is not None]
    return min(live, key=lambda s: (board_order(boards[s]), s))


# ---------------------------------------------------------------------------------------------
# G7 and G8: sharing the pots
# ---------------------------------------------------------------------------------------------


def share_pots(put: Sequence[int], still_in: Sequence[bool], lows: Sequence[int]) -> list[int]:
    """Chips each seat takes from the middle (see the module doc: pots at the all-in levels).

    ``lows`` are the classes of the players still in (smaller is better; ignored for folded seats).
    """
    n = len(put)
    won = [0] * n
    levels = sorted({put[s] for s in range(n) if still_in[s]})
    below = 0
    for level in levels:
        pot = sum(min(p, level) - min(p, below) for p in put)
        eligible = [s for s in range(n) if still_in[s] and put[s] >= level]
        best = min(lows[s] for s in eligible)
        winners = [s for s in eligible if lows[s] == best]  # seat order: nearest the dealer's left first
        share, odd = divmod(pot, len(winners))
        for s in winners:
            won[s] += share
        won[winners[0]] += odd  # every odd chip to the winner nearest the dealer's left
        below = level
    for s in range(n):  # nobody still in matched these chips
        won[s] += max(0, put[s] - below)
    return won


# ---------------------------------------------------------------------------------------------
# One hand
# ---------------------------------------------------------------------------------------------


class Hand:
    """One hand of fixed-limit Razz from a shuffled ``deck`` (cards in dealing order)."""

    def __init__(
        self, settings_row, pids, rows, pstates, deck, deal_state: int, user: Callable | None = None, rotation: int = 0
    ):
        cfg = [int(x) for x in settings_row]
        self.n = n = cfg[C_PLAYERS]
        self.ante = cfg[C_ANTE]
        self.bring_in_chips = cfg[C_BRING_IN]
        self.small, self.big = cfg[C_SMALL], cfg[C_BIG]
        self.cap = cfg[C_CAP]
        self.uncapped_heads_up = bool(cfg[C_UNCAPPED_HU])
        self.tie_by_suit = bool(cfg[C_TIE_SUIT])
        self.reshuffle = bool(cfg[C_RESHUFFLE])
        self.pids = [int(p) for p in pids]
        self.rows = [np.array(r, np.float64) for r in rows]
        self.pstates = [int(x) for x in pstates]
        self.user = user
        self.deck = [int(c) for c in deck]
        assert sorted(self.deck) == list(range(52))
        self.top = 0
        self.deal_state = int(deal_state)
        # player p of the lineup (seat (p + rotation) mod n) brings stacks[p]
        self.stack = [cfg[C_PLAYER_STACKS + (s - rotation) % n] for s in range(n)]
        self.put = [0] * n
        self.bet = [0] * n
        self.status = [IN] * n
        self.cards = [[-1] * 7 for _ in range(n)]
        self.community = -1
        self.reshuffled = False
        self.decisions = [0] * n
        self.vpip = [0] * n
        self.log: list[tuple[int, int, int, int]] = []
        self.res = np.zeros((n, 5), np.int64)
        self.rounds = dict.fromkeys(STREETS, 0)  # 1: the street's betting round asked a decision
        self.capped = dict.fromkeys(STREETS, 0)  # 1: ... and its bets reached the cap

    # --- bookkeeping ------------------------------------------------------------------------

    def note(self, kind: int, seat: int, a: int = 0, b: int = 0) -> None:
        if len(self.log) < LOG_ROWS - 1:  # the engine's log holds LOG_ROWS - 1 rows
            self.log.append((kind, seat, int(a), int(b)))

    def not_folded(self) -> list[int]:
        return [s for s in range(self.n) if self.status[s] != FOLDED]

    def can_answer(self) -> list[int]:
        return [s for s in range(self.n) if self.status[s] == IN]

    def pay(self, seat: int, chips: int) -> None:
        assert 0 <= chips <= self.stack[seat]
        self.stack[seat] -= chips
        self.bet[seat] += chips
        self.put[seat] += chips
        if self.stack[seat] == 0:
            self.status[seat] = ALL_IN

    def give(self, seat: int, slot: int) -> None:
        card = self.deck[self.top]
        self.top += 1
        self.cards[seat][slot] = card
        self.note(L_DEAL, seat, card, slot)

    # --- G1-G2, G6: the deal --------------------------------------------------------------

    def play(self) -> int:
        n = self.n
        for s in range(n):  # G1: antes (they are not bets of 3rd street's round)
            if self.ante > 0:
                self.pay(s, self.ante)
                self.bet[s] = 0
                self.note(L_ANTE, s, self.ante)
        for slot in (DOWN1, DOWN2, DOOR):  # G2: down, down, door, each round in seat order
            for s in range(n):
                self.give(s, slot)
        b = bring_in_of([self.cards[s][DOOR] for s in range(n)], self.tie_by_suit)
        self.note(L_STREET, 3, b)
        self.betting(3, b, b)
        for street in (4, 5, 6, 7):
            if len(self.not_folded()) < 2:
                break
            if street < 7:
                for s in self.not_folded():
                    self.give(s, street - 1)
            else:
                self.seventh()
            shown = min(street - 2, 4)
            boards = [self.cards[s][DOOR : DOOR + shown] if self.status[s] != FOLDED else None for s in range(n)]
            first = opener_of(boards)
            self.note(L_STREET, street, first)
            self.betting(street, first, -1)
        self.showdown()
        return int(self.community >= 0) + 2 * int(self.reshuffled)

    def seventh(self) -> None:
        """G6: one down card each; a short deck deals a community card (or reshuffles first)."""
        live = self.not_folded()
        if 52 - self.top >= len(live):
            for s in live:
                self.give(s, SEVENTH)
            return
        if self.reshuffle:
            muck = [c for s in range(self.n) if self.status[s] == FOLDED for c in self.cards[s] if c >= 0]
            pool = self.deck[self.top :] + muck
            if muck and len(pool) >= len(live):
                self.deal_state, _ = deal_from(self.deal_state, pool, len(pool))
                self.note(L_RESHUFFLE, -1, len(pool))
                for s, card in zip(live, pool):
                    self.cards[s][SEVENTH] = card
                    self.note(L_DEAL, s, card, SEVENTH)
                self.reshuffled = True
                return
        self.community = self.deck[self.top]
        self.top += 1
        self.note(L_DEAL, -1, self.community, SEVENTH)

    # --- G3, G4, G8, G10: betting ---------------------------------------------------------

    def must_act(self, seat: int, r: dict) -> bool:
        if self.status[seat] != IN:
            return False
        if self.bet[seat] < r["level"]:
            return True
        others = [t for t in self.can_answer() if t != seat]
        return seat not in r["acted"] and len(others) > 0

    def may_raise(self, seat: int, r: dict) -> bool:
        if not [t for t in self.can_answer() if t != seat]:
            return False
        lifted = self.uncapped_heads_up and len(self.not_folded()) == 2
        if r["made"] >= self.cap and not lifted:
            return False
        return self.stack[seat] >= self.raise_target(r) - self.bet[seat]

    def raise_target(self, r: dict) -> int:
        return r["size"] if not r["completed"] else r["level"] + r["size"]

    def view_of(self, seat: int, r: dict, forced: bool) -> np.ndarray:
        n = self.n
        v = np.full(VIEW_LEN, -1, np.int64)
        v[V_STREET] = r["street"]
        v[V_SEAT] = seat
        v[V_PLAYERS] = n
        v[V_TO_CALL] = min(r["level"] - self.bet[seat], self.stack[seat])
        v[V_POT] = sum(self.put)
        v[V_BET_SIZE] = r["size"]
        v[V_BETS_MADE] = r["made"]
        v[V_CAP] = self.cap
        v[V_CAN_RAISE] = int(self.may_raise(seat, r))
        v[V_BRING_IN] = int(forced)
        v[V_LEVEL] = r["level"]
        v[V_STACK] = self.stack[seat]
        v[V_COMMUNITY] = self.community
        v[V_IN_HAND] = len(self.not_folded())
        v[V_TO_ACT] = sum(1 for t in range(n) if t != seat and self.must_act(t, r))
        v[V_BRING_IN_SEAT] = r["bring_in"]
        v[V_COMPLETED] = int(r["completed"])
        v[V_DECISIONS] = self.decisions[seat]
        v[V_OWN : V_OWN + 7] = self.cards[seat]
        for t in range(MAX_PLAYERS):
            for j, slot in enumerate(UP_SLOTS):
                v[V_UP + 4 * t + j] = self.cards[t][slot] if t < n else -1
            v[V_STATUS + t] = self.status[t] if t < n else FOLDED
            v[V_BETS + t] = self.bet[t] if t < n else 0
            v[V_PUT + t] = self.put[t] if t < n else 0
        return v

    def ask(self, seat: int, r: dict, forced: bool = False) -> int:
        """The policy's move, made legal (G10)."""
        view = self.view_of(seat, r, forced)
        r["asked"] = True
        pid = self.pids[seat]
        state = np.uint64(self.pstates[seat])
        if pid >= USER_ID:
            move, state = self.user(pid, self.rows[seat], view, state)
        else:
            move, state = decide(pid, self.rows[seat], view, state)
        self.pstates[seat] = int(state)
        self.decisions[seat] += 1
        can_raise = bool(view[V_CAN_RAISE])
        if forced:  # the bring-in seat posts it or completes; it may not fold
            return RAISE if move == RAISE and can_raise else CALL
        if move == RAISE:
            return RAISE if can_raise else CALL
        if move == FOLD:
            return FOLD if view[V_TO_CALL] > 0 else CALL
        return CALL

    def betting(self, street: int, first: int, bring_in: int) -> None:
        r = {
            "street": street,
            "size": self.small if street <= 4 else self.big,
            "level": 0,
            "made": 0,
            "completed": street > 3,
            "acted": set(),
            "bring_in": bring_in,
            "asked": False,
        }
        if bring_in >= 0:
            if self.ask(bring_in, r, forced=True) == RAISE:
                self.complete_or_raise(bring_in, r)
            else:
                self.pay(bring_in, self.bring_in_chips)
                r["level"] = self.bring_in_chips
                self.note(L_BRING_IN, bring_in, self.bring_in_chips)
            r["acted"].add(bring_in)
            first = (bring_in + 1) % self.n
        seat = first
        while len(self.not_folded()) > 1:
            order = [(seat + i) % self.n for i in range(self.n)]
            due = [s for s in order if self.must_act(s, r)]
            if not due:
                break
            s = due[0]
            move = self.ask(s, r)
            if move == FOLD:
                self.status[s] = FOLDED
                self.note(L_FOLD, s)
            elif move == CALL:
                owed = min(r["level"] - self.bet[s], self.stack[s])
                if owed == 0:
                    self.note(L_CHECK, s)
                else:
                    self.pay(s, owed)
                    if street == 3:
                        self.vpip[s] = 1
                    self.note(L_CALL, s, owed, int(self.status[s] == ALL_IN))
            else:
                self.complete_or_raise(s, r)
            r["acted"].add(s)
            seat = (s + 1) % self.n
        self.bet = [0] * self.n
        self.rounds[street] = int(r["asked"])
        self.capped[street] = int(r["asked"] and r["made"] >= self.cap)

    def complete_or_raise(self, seat: int, r: dict) -> None:
        target = self.raise_target(r)
        kind = 0 if not r["completed"] else (1 if r["level"] == 0 else 2)  # completion, bet, raise
        self.pay(seat, target - self.bet[seat])
        r["level"] = target
        r["made"] += 1
        r["completed"] = True
        r["acted"] = set()
        if r["street"] == 3:
            self.vpip[seat] = 1
        self.note(L_RAISE, seat, target, kind)

    # --- G7: showdown ---------------------------------------------------------------------

    def showdown(self) -> None:
        n = self.n
        live = self.not_folded()
        lows = [0] * n
        if len(live) > 1:
            extra = [self.community] if self.community >= 0 else []
            for s in live:
                lows[s] = class_index([c for c in self.cards[s] if c >= 0] + extra)
                self.note(L_SHOW, s, lows[s])
        won = share_pots(self.put, [self.status[s] != FOLDED for s in range(n)], lows)
        best = min(lows[s] for s in live)
        for s in range(n):
            if won[s] > 0:
                self.note(L_WIN, s, won[s])
            self.res[s, NET] = won[s] - self.put[s]
            self.res[s, VPIP] = self.vpip[s]
            if s in live:
                if len(live) > 1:
                    self.res[s, SHOWDOWN] = 1
                    self.res[s, SHOWDOWN_WON] = int(lows[s] == best)
                else:
                    self.res[s, WON_WITHOUT_SHOWDOWN] = 1
        assert sum(won) == sum(self.put)

    def log_array(self) -> np.ndarray:
        return np.array(self.log, np.int64).reshape(-1, 4)


# ---------------------------------------------------------------------------------------------
# Runs: deals, seats, tallies
# ---------------------------------------------------------------------------------------------


def shuffled(deal_key, deal_index: int) -> tuple[list[int], int]:
    """The full 52-card shuffle of deal ``deal_index`` and the deal stream's state after it."""
    deck = list(range(52))
    state, _ = deal_from(game_state(int(deal_key), deal_index), deck, 52)
    return deck, state


def _lineup(job) -> tuple[list[int], list[np.ndarray]]:
    return [p.spec.id for p in job.lineup], [np.array(p.row, np.float64) for p in job.lineup]


def hand_of_run(job, g: int) -> Hand:
    """Hand ``g`` of ``job``'s run, not played yet (G9: deal ``g`` or ``g // N``; player p in seat (p + g) mod N)."""
    n = job.settings.players
    deck, state = shuffled(streams.key(job.seed, "razz", "deal"), g // n if job.duplicate else g)
    ids, rows = _lineup(job)
    seat_of = [(p + g) % n for p in range(n)]
    pids, prow = [0] * n, [None] * n
    for p in range(n):
        pids[seat_of[p]] = ids[p]
        prow[seat_of[p]] = rows[p]
    pstates = [game_state(int(streams.key(job.seed, "razz", "policy", s)), g) for s in range(n)]
    return Hand(job.settings.row(), pids, prow, pstates, deck, state, job.user, rotation=g % n)


def layout_size(n: int) -> int:
    return n * len(PLAYER_FIELDS) + n * len(SEAT_FIELDS) + len(GLOBAL_FIELDS) + 2 * n * n + len(STREETS) * 2


def reference_play_games(job, start: int, stop: int) -> np.ndarray:
    """What ``job.run_chunk(start, stop)`` returns, hand by hand in plain Python."""
    n = job.settings.players
    per_item = n if job.duplicate else 1
    players = [[0] * len(PLAYER_FIELDS) for _ in range(n)]
    seats = [[0] * len(SEAT_FIELDS) for _ in range(n)]
    glob = dict.fromkeys(GLOBAL_FIELDS, 0)
    cross = [[0] * n for _ in range(n)]
    cross_win = [[0] * n for _ in range(n)]
    streets = {t: dict.fromkeys(STREET_FIELDS, 0) for t in STREETS}
    for item in range(start, stop):
        block = [0] * n
        won = [0] * n  # hands won (a pot or a share of it) in the block
        for g in range(item * per_item, (item + 1) * per_item):
            hand = hand_of_run(job, g)
            flags = hand.play()
            glob["hands"] += 1
            glob["community"] += flags & 1
            glob["reshuffles"] += flags >> 1
            for t in STREETS:
                streets[t]["rounds"] += hand.rounds[t]
                streets[t]["capped"] += hand.capped[t]
            for p in range(n):
                s = (p + g) % n
                net = int(hand.res[s, NET])
                row = players[p]
                row[0] += 1
                row[1] += net
                row[2] += net * net
                row[3] += int(hand.res[s, VPIP])
                row[4] += int(hand.res[s, SHOWDOWN])
                row[5] += int(hand.res[s, SHOWDOWN_WON])
                row[6] += int(hand.res[s, WON_WITHOUT_SHOWDOWN])
                seats[s][0] += 1
                seats[s][1] += net
                seats[s][2] += net * net
                seats[s][3:7] = [
                    a + int(hand.res[s, f])
                    for a, f in zip(seats[s][3:7], (VPIP, SHOWDOWN, SHOWDOWN_WON, WON_WITHOUT_SHOWDOWN))
                ]
                block[p] += net
                won[p] += int(hand.res[s, SHOWDOWN_WON]) + int(hand.res[s, WON_WITHOUT_SHOWDOWN])
        glob["blocks"] += 1
        for p in range(n):
            for q in range(n):
                cross[p][q] += block[p] * block[q]
                cross_win[p][q] += won[p] * won[q]
    out = [x for row in players for x in row] + [x for row in seats for x in row]
    out += [glob[k] for k in GLOBAL_FIELDS] + [x for row in cross for x in row] + [x for row in cross_win for x in row]
    out += [streets[t][k] for t in STREETS for k in STREET_FIELDS]
    assert len(out) == layout_size(n)
    return np.array(out, np.int64)


def reference_trace(job, g: int) -> tuple[np.ndarray, np.ndarray, int]:
    """What ``job.trace(g)`` returns: (log rows, per-seat results, G6 flags)."""
    hand = hand_of_run(job, g)
    flags = hand.play()
    return hand.log_array(), hand.res, flags


def reference_play_deck(
    settings: Settings, seats, deck: Sequence[int], seed: int = 0, user: Callable | None = None
) -> tuple[np.ndarray, np.ndarray, int]:
    """What ``engine.play_deck`` returns: one hand from ``deck`` (the rest of 52 cards follows ascending).

    ``seats[s]`` plays seat ``s``; policy streams and the reshuffle's deal stream are those of
    game 0 under ``seed`` (the deal stream from its start, as no shuffle came before).
    """
    given = [int(c) for c in deck]
    full = given + [c for c in range(52) if c not in set(given)]
    n = settings.players
    assert len(seats) == n
    pstates = [game_state(int(streams.key(seed, "razz", "policy", s)), 0) for s in range(n)]
    hand = Hand(
        settings.row(),
        [p.spec.id for p in seats],
        [np.array(p.row, np.float64) for p in seats],
        pstates,
        full,
        game_state(int(streams.key(seed, "razz", "deal")), 0),
        user,
    )
    flags = hand.play()
    return hand.log_array(), hand.res, flags
