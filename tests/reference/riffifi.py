"""A slow, plainly written pure-Python reference for Riffifi (C1-G6 of ``seeds/riffifi.md``).

It plays the same games as :mod:`razzmatazz.core.riffifi.engine` from the rulings as written,
so that the numba kernel can be checked game by game, log row by log row. Shared with the
project are only:

* the random-number primitives of :mod:`razzmatazz.core.rng` (``game_state``, ``next_u64``,
  ``lemire32``, ``deal_from``) and the stream keys of :mod:`razzmatazz.core.streams`;
* the constants of :mod:`razzmatazz.core.riffifi.rules`: card ids (``colour * 8 + value - 1``,
  the Officer 40), the state and view layout (``ST_*``, ``V_*``, ``K_*``) and the log kinds
  (``L_*``); a :class:`~razzmatazz.core.riffifi.rules.Settings` is read only for its fields;
* the policies themselves (:func:`razzmatazz.core.riffifi.policies.decide`); the view they
  receive is built here, field by field, from this file's own plain state.

The game logic (deck, redeals, passing, turns, undercuts, claims with the cap, the middle,
the stealing cascade and the tie split, the Officer, ``stay``, the end of a deal, scoring and
winners) is this file's own, written from the rulings.

Conventions (the rulings' words, made exact; they also fix the order of the log rows):

* Seats are numbered clockwise; the left neighbour of seat s is seat s + 1 (mod N). The
  dealer of deal 0 is the last seat; ``rotate`` moves the dealer one seat per deal.
* Passing (G1): after a deal each seat passes the hand it was given for that deal to its left
  neighbour, so in deal k seat s plays the hand dealt to seat s - k. With ``ticks`` the cards
  are dealt afresh every N deals.
* A turn: ``L_TURN`` (orbit = turns played / N); with ``stay`` the seat's paid cards leave
  (colour order); its open claim is collected; it is asked for a card (an impossible answer is
  the lowest card id in hand); the Officer then asks for its target.
* A claim logs ``L_CLAIM``; the card leaves the table at once (``pile``) or is marked paid
  (``stay``). Chips beyond the cap lapse first (``L_LAPSE``), then the middle pays, then the
  richest opponents: a whole tier of tied richest opponents pays everything it holds if the
  shortfall covers it (rows in seat number order), else each pays the even share and the odd
  chips come one at a time (clockwise from the collector's left, or asked of the collector's
  policy with ``chooser``). When no opponent holds the colour the rest lapses.
* With ``orbit`` the end of a deal is one more orbit starting at the seat after the last to
  play, in which only claims are collected (no ``L_TURN`` rows, no paid cards leave).
* The view's orbit field of a colour with nothing face up keeps the orbit of the last card that
  lay there this deal (0 before any); no rule reads it.
* Ticks are recorded at the end of every deal in either scoring (reported as the ``ticks``
  result); only ``ticks`` scoring ends the game on them. A colour is ticked when the chips of it
  held at the ends of the game's deals so far add up to ``tick_at`` (``tally running``), or when
  one deal ends with that many (``tally deal``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from razzmatazz.core import streams
from razzmatazz.core.riffifi import engine
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import decide
from razzmatazz.core.rng import deal_from, game_state, lemire32, next_u64

N_COLOURS = 5
N_VALUES = 8
OFFICER = 40
CAP = 12
MIDDLE = 5  # the middle's chip row in the state layout
MAX_SEATS = 5
HAND_SIZE = {3: 12, 4: 10, 5: 8}
WIN = 60
# columns of one seat's result (the engine's H_* order)
SCORE, WIN_COL, TICKS, CHIPS = 0, 1, 2, 3
N_RESULT = 8


def colour_of(card: int) -> int:
    return card // N_VALUES


def value_of(card: int) -> int:
    return card % N_VALUES + 1


def card_of(colour: int, value: int) -> int:
    return colour * N_VALUES + value - 1


def mask_of(cards) -> int:
    m = 0
    for card in cards:
        m |= 1 << card
    return m


# ---------------------------------------------------------------------------------------------
# C1-C4: the deal
# ---------------------------------------------------------------------------------------------


def uniform_below(state, n: int):
    """A uniform integer in [0, n) from the deal stream: 32 high bits, Lemire, redrawn on rejection."""
    while True:
        state, x = next_u64(np.uint64(state))
        k = int(lemire32(np.uint64(int(x) >> 32), n))
        if k >= 0:
            return np.uint64(state), k


def has_long_colour(hand: set[int]) -> bool:
    """C3: five or more cards of one colour (the Officer has no colour)."""
    counts = [0] * N_COLOURS
    for card in hand:
        if card != OFFICER:
            counts[colour_of(card)] += 1
    return max(counts) >= 5


def fresh_deal(settings, state) -> tuple[object, list[set[int]], int]:
    """C2-C4: shuffle and deal (again while someone holds 5+ of a colour and ``redeal`` is on).

    Returns the stream state after the last shuffle, a hand per seat and the number of redeals.
    """
    n = settings.players
    size = HAND_SIZE[n]
    redeals = 0
    while True:
        ones_out: set[int] = set()  # colours whose 1 is not in this game
        if n == 3 and not settings.officer:
            state, kept = uniform_below(state, N_COLOURS)  # four of the five 1s are set aside
            ones_out = {c for c in range(N_COLOURS) if c != kept}
        elif n == 3:
            ones_out = set(range(N_COLOURS))  # the Officer replaces all five 1s
        elif settings.officer:
            state, leaving = uniform_below(state, N_COLOURS)  # the Officer replaces one 1
            ones_out = {leaving}
        deck = [
            card_of(c, v) for c in range(N_COLOURS) for v in range(1, N_VALUES + 1) if not (v == 1 and c in ones_out)
        ]
        if settings.officer:
            deck.append(OFFICER)
        assert len(deck) == n * size
        cards = np.array(deck, np.int64)
        swap = np.zeros(len(deck), np.int64)
        state = np.uint64(deal_from(np.uint64(state), cards, len(deck), swap))
        hands = [set(int(c) for c in cards[s * size : (s + 1) * size]) for s in range(n)]
        if not settings.redeal or not any(has_long_colour(h) for h in hands):
            return state, hands, redeals
        redeals += 1


# ---------------------------------------------------------------------------------------------
# A deal and a game
# ---------------------------------------------------------------------------------------------


@dataclass
class FaceUp:
    """The one face-up card of a colour."""

    owner: int
    value: int
    orbit: int
    paid: bool = False


@dataclass
class Seat:
    policy: int
    row: np.ndarray
    stream: object
    hand: set[int] = field(default_factory=set)
    played: set[int] = field(default_factory=set)
    chips: list[int] = field(default_factory=lambda: [0] * N_COLOURS)
    score: int = 0  # chips of the finished deals of this game
    ticked: set[int] = field(default_factory=set)
    chips_by_colour: list[int] = field(default_factory=lambda: [0] * N_COLOURS)  # summed over deals


class Game:
    """One game of Riffifi between the policies in ``seats`` (policy id, parameter row, stream state)."""

    def __init__(
        self, settings, seats: Sequence[tuple[int, np.ndarray, object]], deal_state, ask: Callable = decide
    ) -> None:
        self.settings = settings
        self.n = settings.players
        assert len(seats) == self.n
        self.seats = [Seat(pid, row, state) for pid, row, state in seats]
        self.deal_state = deal_state
        self.ask_policy = ask
        self.rows: list[tuple[int, int, int, int, int]] = []
        self.redeals = 0
        self.deals = 0
        self.wins = [0] * self.n
        self.events: Counter = Counter()  # how often some rare branches ran (for the tests' coverage check)
        # the deal in play
        self.deal = 0
        self.start = 0
        self.turns = 0
        self.public: set[int] = set()
        self.up: dict[int, FaceUp] = {}
        self.last_orbit = [0] * N_COLOURS
        self.middle = [0] * N_COLOURS
        # memory (G1 pass): which dealt hand each seat plays, the hands each seat held earlier in this round,
        # and the cards of each dealt hand everyone saw in the earlier deals of the round
        self.hand_of = list(range(self.n))
        self.held_before: list[set[int]] = [set() for _ in range(self.n)]
        self.shown: list[set[int]] = [set() for _ in range(self.n)]

    def note(self, kind: int, seat: int, a: int = 0, b: int = 0, c: int = 0) -> None:
        self.rows.append((kind, seat, a, b, c))

    # -- what a seat sees -----------------------------------------------------------------------

    def view_of(self, seat: int, kind: int, colour: int = -1, odd: int = 0, tied: Sequence[int] = ()) -> np.ndarray:
        v = [0] * R.VIEW_LEN  # filled as a list, returned as an int64 array
        for s in range(MAX_SEATS):
            if s < self.n:
                p = self.seats[s]
                v[R.ST_HAND + s] = mask_of(p.hand) if s == seat else 0
                v[R.ST_PLAYED + s] = mask_of(p.played if s == seat else p.played & self.public)
                for c in range(N_COLOURS):
                    v[R.ST_CHIPS + s * N_COLOURS + c] = p.chips[c]
                v[R.ST_SCORE + s] = p.score
                v[R.ST_TICKS + s] = mask_of(p.ticked)
                v[R.V_HAND_N + s] = len(p.hand)
        v[R.ST_PUBLIC] = mask_of(self.public)
        for c in range(N_COLOURS):
            up = self.up.get(c)
            v[R.ST_UP_OWNER + c] = up.owner if up else -1
            v[R.ST_UP_VALUE + c] = up.value if up else 0
            v[R.ST_UP_PAID + c] = int(up.paid) if up else 0
            v[R.ST_UP_ORBIT + c] = up.orbit if up else self.last_orbit[c]
            v[R.ST_CHIPS + MIDDLE * N_COLOURS + c] = self.middle[c]
        v[R.ST_PLAYERS] = self.n
        v[R.ST_START] = self.start
        v[R.ST_DEAL] = self.deal
        v[R.ST_TURN] = self.turns
        v[R.V_KIND] = kind
        v[R.V_SEAT] = seat
        v[R.V_COLOUR] = colour
        v[R.V_ODD] = odd
        v[R.V_TIED] = mask_of(tied)
        v[R.V_ROUND] = len(self.held_before[seat])
        for o in range(self.n):
            known = set(self.shown[self.hand_of[o]])
            if o != seat and self.hand_of[o] in self.held_before[seat]:
                known |= self.seats[o].hand | self.seats[o].played
            v[R.V_KNOWN + o] = mask_of(known)
        return np.array(v, np.int64)

    def ask(self, seat: int, kind: int, **decision) -> int:
        """The seat's policy's answer to a decision of ``kind``; its stream moves on."""
        p = self.seats[seat]
        answer, stream = self.ask_policy(p.policy, p.row, self.view_of(seat, kind, **decision), p.stream)
        p.stream = np.uint64(stream)
        return int(answer)

    # -- moving cards and chips -----------------------------------------------------------------

    def turn_down(self, colour: int) -> FaceUp:
        up = self.up.pop(colour)
        self.last_orbit[colour] = up.orbit
        return up

    def take(self, taker: int, giver: int, colour: int, k: int) -> None:
        """``taker`` takes ``k`` chips of ``colour`` from seat ``giver`` or the middle (MIDDLE)."""
        if k <= 0:
            return
        if giver == MIDDLE:
            assert self.middle[colour] >= k
            self.middle[colour] -= k
        else:
            self.events["take from a seat"] += 1
            assert giver != taker and self.seats[giver].chips[colour] >= k
            self.seats[giver].chips[colour] -= k
        self.seats[taker].chips[colour] += k
        self.note(R.L_TAKE, taker, colour, k, giver)

    def open_claim(self, seat: int) -> int | None:
        """The colour of the seat's face-up card that has not paid (its last card), if any."""
        mine = [c for c, up in self.up.items() if up.owner == seat and not up.paid]
        assert len(mine) <= 1
        return mine[0] if mine else None

    def collect(self, seat: int, colour: int) -> None:
        """D4-D8: the seat collects its face-up card of ``colour``."""
        up = self.up[colour]
        self.note(R.L_CLAIM, seat, card_of(colour, up.value), up.value)
        if self.settings.after_claim == "pile":
            self.turn_down(colour)
        else:
            up.paid = True
        mine = self.seats[seat].chips
        want = max(0, min(up.value, CAP - mine[colour]))  # D7: no more than up to 12 chips
        if want < up.value:
            self.note(R.L_LAPSE, seat, colour, up.value - want)
            self.events["cap lapse"] += 1
        if want == 0:
            return
        from_middle = min(want, self.middle[colour])  # D5: the middle pays first
        self.take(seat, MIDDLE, colour, from_middle)
        want -= from_middle
        opponents = [o for o in range(self.n) if o != seat]
        while want > 0:
            most = max(self.seats[o].chips[colour] for o in opponents)
            if most == 0:
                self.note(R.L_LAPSE, seat, colour, want)  # nobody has any left
                self.events["nobody has any"] += 1
                return
            richest = [o for o in opponents if self.seats[o].chips[colour] == most]
            if len(richest) > 1:
                self.events["tied richest"] += 1
            if want >= most * len(richest):  # they run out: all of theirs, then the next richest
                self.events["richest run out"] += 1
                for o in richest:
                    self.take(seat, o, colour, most)
                want -= most * len(richest)
                continue
            share, odd = divmod(want, len(richest))  # D6: as evenly as possible
            for o in richest:
                self.take(seat, o, colour, share)
            candidates = sorted(richest, key=lambda o: (o - seat) % self.n)  # from the collector's left
            while odd > 0:
                giver = candidates[0]
                if self.settings.tie == "chooser":
                    answer = self.ask(seat, R.K_SPLIT, colour=colour, odd=odd, tied=candidates)
                    if answer in candidates:
                        giver = answer
                self.take(seat, giver, colour, 1)
                self.events["odd chip"] += 1
                candidates.remove(giver)
                odd -= 1
            return

    def play(self, seat: int, card: int, orbit: int) -> None:
        """D1-D3: the seat plays a coloured card face up (or sets it aside when it is higher)."""
        p = self.seats[seat]
        p.hand.remove(card)
        p.played.add(card)
        self.note(R.L_PLAY, seat, card)
        colour, value = colour_of(card), value_of(card)
        up = self.up.get(colour)
        if up is not None and value > up.value:  # the new card is the higher one
            reveal = self.settings.reveal_own
            if reveal:
                self.public.add(card)
            self.note(R.L_SELF, seat, card, int(reveal))
            self.events["aside shown" if reveal else "aside unseen"] += 1
            return
        if up is not None:  # the face-up card is the higher one
            self.turn_down(colour)
            self.note(R.L_UNDERCUT, seat, card_of(colour, up.value), up.owner)
            self.events["undercut" if up.owner != seat else "own card undercut"] += 1
        self.public.add(card)
        self.up[colour] = FaceUp(seat, value, orbit)

    def officer(self, seat: int, target: int) -> None:
        """G5: the Officer turns down the face-up card of colour ``target`` (or nothing)."""
        p = self.seats[seat]
        p.hand.remove(OFFICER)
        p.played.add(OFFICER)
        self.public.add(OFFICER)
        if target in self.up:
            up = self.turn_down(target)
            self.note(R.L_OFFICER, seat, target, card_of(target, up.value), up.owner)
            self.events["officer hit" if not up.paid else "officer hit a paid card"] += 1
        else:
            self.note(R.L_OFFICER, seat, -1, -1, -1)
            self.events["officer on nothing"] += 1

    def turn(self, seat: int, orbit: int) -> None:
        """D1, D4, D8, G5: one turn of the seat in orbit ``orbit`` of the deal."""
        self.note(R.L_TURN, seat, orbit)
        if self.settings.after_claim == "stay":  # D8: a paid card leaves at its owner's next turn
            for c in sorted(self.up):
                if self.up[c].owner == seat and self.up[c].paid:
                    up = self.turn_down(c)
                    self.note(R.L_STAY_OFF, seat, card_of(c, up.value))
                    self.events["stay off"] += 1
        colour = self.open_claim(seat)
        if colour is not None:
            self.collect(seat, colour)
        hand = self.seats[seat].hand
        card = self.ask(seat, R.K_PLAY)
        if card not in hand:
            card = min(hand)
        if card == OFFICER:
            self.officer(seat, self.ask(seat, R.K_TARGET))
        else:
            self.play(seat, card, orbit)
        self.turns += 1

    # -- deals and the game ---------------------------------------------------------------------

    def play_deal(self, hands: list[set[int]], deal: int) -> list[int]:
        """One deal from ``hands`` (seat order); returns each seat's points (chips held at the end)."""
        n = self.n
        self.deal = deal
        self.start = deal % n if self.settings.start == "rotate" else 0
        dealer = (self.start - 1) % n
        for s, p in enumerate(self.seats):
            p.hand = set(hands[s])
            p.played = set()
            p.chips = [0] * N_COLOURS
        self.middle = [self.settings.chips_per_colour] * N_COLOURS
        self.public = set()
        self.up = {}
        self.last_orbit = [0] * N_COLOURS
        self.turns = 0
        self.note(R.L_DEAL, -1, deal, dealer, self.start)
        seat, orbit = self.start, 0
        while any(p.hand for p in self.seats):
            assert self.seats[seat].hand
            self.turn(seat, orbit)
            seat = (seat + 1) % n
            if seat == self.start:
                orbit += 1
        if self.settings.end == "orbit":  # D9: the orbit goes on, claims only
            for _ in range(n):
                colour = self.open_claim(seat)
                if colour is not None:
                    self.collect(seat, colour)
                    self.events["end orbit claim"] += 1
                seat = (seat + 1) % n
        self.note(R.L_DEAL_END, -1, deal)
        assert sum(self.middle) + sum(sum(p.chips) for p in self.seats) == N_COLOURS * self.settings.chips_per_colour
        points = []
        for p in self.seats:  # D10 and G4
            points.append(sum(p.chips))
            p.score += sum(p.chips)
            for c in range(N_COLOURS):
                p.chips_by_colour[c] += p.chips[c]
                counted = p.chips[c] if self.settings.tally == "deal" else p.chips_by_colour[c]
                if counted >= self.settings.tick_at:  # G4: the running total of the game, or this deal's
                    p.ticked.add(c)
        return points

    def share_win(self, winners: list[int]) -> None:
        for s in winners:
            self.wins[s] = WIN // len(winners)

    def play_game(self) -> None:
        """G1-G4: deals until the game ends, then the winners."""
        n = self.n
        ticks = self.settings.scoring == "ticks"
        last_deal = self.settings.max_deals if ticks else n
        held: list[set[int]] = []
        for deal in range(last_deal):
            if self.settings.passing == "reshuffle" or deal % n == 0:
                self.deal_state, held, redeals = fresh_deal(self.settings, self.deal_state)
                self.redeals += redeals
                self.hand_of = list(range(n))
                self.held_before = [set() for _ in range(n)]
                self.shown = [set() for _ in range(n)]
            points = self.play_deal(held, deal)
            self.deals += 1
            if self.settings.passing == "pass":  # every seat passes its hand to the left
                held = [held[(s - 1) % n] for s in range(n)]
                for s, p in enumerate(self.seats):  # what this deal showed of each hand; who held which
                    self.shown[self.hand_of[s]] |= p.played & self.public
                    self.held_before[s].add(self.hand_of[s])
                self.hand_of = [self.hand_of[(s - 1) % n] for s in range(n)]
            if ticks:
                complete = [s for s in range(n) if len(self.seats[s].ticked) == N_COLOURS]
                if complete:  # G4: the most chips in this deal among those who ticked all five
                    best = max(points[s] for s in complete)
                    self.share_win([s for s in complete if points[s] == best])
                    return
        if ticks:  # G4: max_deals reached, most ticks, then most chips over all deals
            best = max((len(p.ticked), p.score) for p in self.seats)
            self.share_win([s for s, p in enumerate(self.seats) if (len(p.ticked), p.score) == best])
        else:  # G3
            best = max(p.score for p in self.seats)
            self.share_win([s for s, p in enumerate(self.seats) if p.score == best])

    def results(self) -> list[list[int]]:
        """Per seat: score, win (of 60), ticks, chips of each colour over all deals."""
        return [[p.score, self.wins[s], len(p.ticked), *p.chips_by_colour] for s, p in enumerate(self.seats)]


# ---------------------------------------------------------------------------------------------
# A game of a run
# ---------------------------------------------------------------------------------------------


@dataclass
class Played:
    """What the reference reports for one game."""

    rows: list[tuple[int, int, int, int, int]]
    results: list[list[int]]  # per seat, the engine's H_* columns
    redeals: int
    deals: int
    seat_of_player: list[int]
    events: Counter


def reference_game(
    settings, lineup: Sequence, seed: int, g: int, duplicate: bool = False, ask: Callable = decide
) -> Played:
    """Game ``g`` of a run of ``lineup`` (policies with ``spec.id`` and ``row``) under root ``seed`` (G6)."""
    n = settings.players
    width = max(1, max(len(p.row) for p in lineup))
    seat_of_player = [(p + g) % n for p in range(n)]
    seats: list = [None] * n
    for p, policy in enumerate(lineup):
        s = seat_of_player[p]
        row = np.zeros(width, np.float64)
        row[: len(policy.row)] = policy.row
        stream = np.uint64(game_state(streams.key(seed, "riffifi", "policy", s), g))
        seats[s] = (policy.spec.id, row, stream)
    item = g // n if duplicate else g
    deal_state = np.uint64(game_state(streams.key(seed, "riffifi", "deal"), item))
    game = Game(settings, seats, deal_state, ask)
    game.play_game()
    return Played(game.rows, game.results(), game.redeals, game.deals, seat_of_player, game.events)


# ---------------------------------------------------------------------------------------------
# The counts of a run (the layout of razzmatazz.core.riffifi.engine)
# ---------------------------------------------------------------------------------------------


def reference_counts(job, start: int, stop: int) -> np.ndarray:
    """What ``job.run_chunk(start, stop)`` must return, from this reference's games."""

    def game(g: int) -> tuple[list, list, int]:
        played = reference_game(job.settings, job.lineup, job.seed, g, job.duplicate)
        return played.rows, played.results, played.redeals

    return counts_of_games(job, start, stop, game)


def counts_of_games(job, start: int, stop: int, game: Callable) -> np.ndarray:
    """The counts of ``job.run_chunk(start, stop)`` summed from its games one by one.

    ``game(g)`` gives game g's log rows, per-seat results (``H_*`` columns) and redeals: from this
    reference (:func:`reference_counts`) or from the kernel's traces.
    """
    n = job.settings.players
    lay = engine.layout(n)
    out = np.zeros(lay["size"], np.int64)
    per_item = n if job.duplicate else 1
    o_glob, o_table, o_pos = lay["global"], lay["table"], lay["position"]
    for item in range(start, stop):
        block = np.zeros(n, np.int64)
        block_win = np.zeros(n, np.int64)
        for g in range(item * per_item, (item + 1) * per_item):
            log, res, redeals = game(g)
            log, res = np.asarray(log, np.int64).reshape(-1, 5), np.asarray(res, np.int64)
            out[o_glob + engine.G_REDEALS] += redeals
            out[o_glob + engine.G_GAMES] += 1
            for s in range(n):
                p = (s - g) % n
                for base in (lay["player"] + p * engine.N_PFIELDS, lay["seat"] + s * engine.N_PFIELDS):
                    score, win = int(res[s, engine.H_SCORE]), int(res[s, engine.H_WIN])
                    out[base + engine.P_GAMES] += 1
                    out[base + engine.P_SCORE] += score
                    out[base + engine.P_SCORE2] += score * score
                    out[base + engine.P_WIN] += win
                    out[base + engine.P_WIN2] += win * win
                    out[base + engine.P_CHIPS : base + engine.P_CHIPS + 5] += res[
                        s, engine.H_CHIPS : engine.H_CHIPS + 5
                    ]
                    out[base + engine.P_TICKS] += res[s, engine.H_TICKS]
                block[p] += res[s, engine.H_SCORE]
                block_win[p] += res[s, engine.H_WIN]
            # from the log: deals, positions, undercuts, set-asides, the Officer, lapses, the middle, the card table
            pos = np.zeros(n, np.int64)
            officer = 0
            deals = 0
            chips = np.zeros(n, np.int64)
            start = holder = 0
            orbit = 0
            played_in = {}
            claim, gained = None, 0
            for kind, seat, a, b, c in log.tolist():
                if kind not in (R.L_TAKE, R.L_LAPSE) and claim is not None:
                    out[o_table + claim + engine.T_CHIPS] += gained
                    claim = None
                if kind == R.L_DEAL:
                    chips[:] = 0
                    start, holder, played_in = c, -1, {}
                elif kind == R.L_TURN:
                    orbit = min(a, engine.ORBITS - 1)
                elif kind == R.L_PLAY:
                    played_in[a] = orbit
                    out[o_table + (orbit * R.N_VALUES + a % R.N_VALUES) * 3 + engine.T_PLAYS] += 1
                elif kind == R.L_UNDERCUT:
                    out[o_glob + engine.G_UNDERCUTS] += 1
                elif kind == R.L_SELF:
                    out[o_glob + engine.G_ASIDE] += 1
                elif kind == R.L_OFFICER:
                    holder = seat
                    out[o_glob + engine.G_OFFICER_HITS] += a >= 0
                elif kind == R.L_CLAIM:
                    claim, gained = (played_in[a] * R.N_VALUES + a % R.N_VALUES) * 3, 0
                    out[o_table + claim + engine.T_PAID] += 1
                elif kind == R.L_TAKE:
                    chips[seat] += b
                    if c != R.MIDDLE:
                        chips[c] -= b
                    gained += b
                elif kind == R.L_LAPSE:
                    out[o_glob + engine.G_LAPSED] += b
                elif kind == R.L_DEAL_END:
                    deals += 1
                    for s in range(n):
                        pos[(s - start) % n] += chips[s]
                    if holder >= 0:
                        officer += (n - 1) * chips[holder] - (chips.sum() - chips[holder])
                        out[o_glob + engine.G_OFFICER_DEALS] += 1
                    out[o_glob + engine.G_MIDDLE] += R.N_COLOURS * job.settings.chips_per_colour - chips.sum()
            out[o_glob + engine.G_DEALS] += deals
            out[o_glob + engine.G_OFFICER_SUM] += officer  # per game: the holder's edge summed over its deals
            out[o_glob + engine.G_OFFICER_SQ] += officer * officer
            for r in range(n):
                out[o_pos + r * engine.N_POSFIELDS] += deals
                out[o_pos + r * engine.N_POSFIELDS + 1] += pos[r]
                out[o_pos + r * engine.N_POSFIELDS + 2] += pos[r] * pos[r]
        out[o_glob + engine.G_BLOCKS] += 1
        cross = lay["cross"]
        out[cross : cross + n * n] += np.outer(block, block).ravel()
        out[cross + n * n : cross + 2 * n * n] += np.outer(block_win, block_win).ravel()
    return out
