"""A Razz hand under PokerKit's rules (fixed limit), fed one PHH action at a time, and how its pots are won.

What the engine decides the same way is the engine's code: who brings in and who opens (``rules.bring_in_seat``,
``rules.opener_seat``), the low hands (``evaluate``), the view a policy is shown (:mod:`.play`) and, where the
engine can play the table, the position the search answers from (:mod:`.follow`). The betting and the pots are
this module's own because a site's table is not the engine's game: unequal antes and dead ones, antes trimmed,
PokerKit's short all-in raises, a bet capped at what the others can call, cards nobody saw; the engine refuses
such a table (its settings have one ante and no short raise), so following the file needs PokerKit's rules.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from razzmatazz.analysis.razz.replay.read import Table, phh_cards, phh_text
from razzmatazz.analysis.razz.replay.records import Street
from razzmatazz.core.cards import UNKNOWN, card_str
from razzmatazz.core.policy import Policy
from razzmatazz.core.razz import rules as R

DOWN_SLOTS = (0, 1, 6)
STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


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
        """Who acts first, by the engine's own rules: the bring-in on 3rd street (G3), else the best board (G5)."""
        n = self.t.n
        if self.street == 3:
            doors = np.array([self._up(p)[0] for p in range(n)], np.int64)
            return int(R.bring_in_seat(doors, n, not self.t.tie_by_seat))
        k = min(self.street - 2, 4)
        up = np.zeros((n, 4), np.int64)
        for p in range(n):
            if self.live[p]:
                up[p, :k] = self._up(p)[:k]
        status = np.array([R.IN if self.live[p] else R.FOLDED for p in range(n)], np.int64)
        return int(R.opener_seat(up, status, n, k))

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
