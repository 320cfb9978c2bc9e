"""Riffifi's rulings (``seeds/riffifi.md``): at least one test per id, C1-C4, D1-D10, G1-G6.

Two kinds of test. The rulebook's worked examples and the single rules are checked on the rule
functions of :mod:`razzmatazz.core.riffifi.rules` with hand-built states. Whole games are checked
by :class:`Replay`, an independent model of the rulings that reads a traced game's log row by row,
keeps its own table (face-up cards, chips of every holder, points, ticks), recomputes every claim
(middle first, richest opponent next, ties shared, odd chips by the tie rule, the cap) and records
each disagreement with the engine under the ruling it breaks; each test then asserts that its
ruling has none, over games of many settings, and that the situation it is about did occur.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter, defaultdict

import numpy as np
import pytest

from razzmatazz.core import streams
from razzmatazz.core.errors import InputError
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.rng import game_state

YELLOW, RED, BLUE, GREEN, ORANGE = range(5)
NOLOG = np.zeros((1, 5), np.int64)
KEY = np.uint64(12345)
ALL40 = (1 << 40) - 1


def card(colour: int, value: int) -> int:
    return colour * R.N_VALUES + value - 1


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def popcount(m) -> int:
    return bin(int(m)).count("1")


def colour_of(c: int) -> int:
    return c // R.N_VALUES


def value_of(c: int) -> int:
    return c % R.N_VALUES + 1


def new_log() -> np.ndarray:
    return np.zeros((R.LOG_ROWS, 5), np.int64)


def rows(log: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in r) for r in log[1 : log[0, 0] + 1]]


def table(settings: R.Settings | None = None, hands=(), start: int = 0):
    """A new deal of ``settings`` with ``hands[s]`` (lists of card ids): (settings row, state)."""
    settings = settings or R.Settings()
    cfg = settings.row()
    st = np.zeros(R.VIEW_LEN, np.int64)
    h = np.zeros(R.MAX_PLAYERS, np.int64)
    for s, cards in enumerate(hands):
        h[s] = mask(cards)
    R.new_deal(cfg, st, h, 0, start, settings.chips_per_colour)
    return cfg, st


def chips(st, holder: int, colour: int) -> int:
    return int(st[R.ST_CHIPS + holder * R.N_COLOURS + colour])


def set_chips(st, colour: int, **holders: int) -> None:
    """Set chips of ``colour``: ``middle=k``, ``s0=k``, ``s1=k``...; the middle gets the rest of 12 if not given."""
    for name, k in holders.items():
        holder = R.MIDDLE if name == "middle" else int(name[1:])
        st[R.ST_CHIPS + holder * R.N_COLOURS + colour] = k
    if "middle" not in holders:
        seats = sum(chips(st, s, colour) for s in range(R.MAX_PLAYERS))
        st[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS + colour] = 12 - seats


def place(cfg, st, s: int, c: int, log=NOLOG) -> int:
    """Seat ``s`` plays card ``c`` (put into its hand first)."""
    st[R.ST_HAND + s] |= 1 << c
    return R.play_card(cfg, st, s, c, 0, log)


def collect(cfg, st, s: int, colour: int, log=NOLOG) -> None:
    """Seat ``s`` collects its claim in ``colour``, odd chips by the clockwise rule (what the engine does)."""
    odd, tied = R.claim(cfg, st, s, colour, log)
    n = int(st[R.ST_PLAYERS])
    while odd > 0:
        giver = R.clockwise_from(s, n, tied)
        R.move_chips(st, giver, s, colour, 1, log)
        tied &= ~(1 << giver)
        odd -= 1


def up(st, colour: int) -> tuple[int, int, int]:
    """(owner, value, paid) of the face-up card of ``colour``."""
    return int(st[R.ST_UP_OWNER + colour]), int(st[R.ST_UP_VALUE + colour]), int(st[R.ST_UP_PAID + colour])


def lineup(*names: str):
    return tuple(P.REGISTRY.parse(x) for x in names)


# ---------------------------------------------------------------- an independent model of a traced game


class Desync(Exception):
    def __init__(self, rule: str, msg: str):
        super().__init__(msg)
        self.rule = rule


def ref_claim(chips_before, s: int, colour: int, value: int, n: int, tie: str, score):
    """Our own reading of D5-D7: the chips each giver hands to ``s`` and the chips that lapse.

    ``tie`` is ``clockwise`` (odd chips from the tied seats nearest the collector's left),
    ``leader`` (the built-in policies' choice under ``tie chooser``: the tied seat with the most
    points so far, on equal points the one nearest the collector's left) or ``any`` (any tied seat; returns the
    possible odd givers instead). Returns (gives Counter, lapsed, odd, tied list).
    """
    ch = [row[:] for row in chips_before]
    gives: Counter = Counter()
    need = min(value, R.CAP - ch[s][colour])
    if need <= 0:
        return gives, value, 0, []

    def move(giver, k):
        ch[giver][colour] -= k
        ch[s][colour] += k
        gives[giver] += k

    k = min(need, ch[R.MIDDLE][colour])
    if k:
        move(R.MIDDLE, k)
    need -= k
    odd, tied = 0, []
    while need > 0:
        opponents = [o for o in range(n) if o != s]
        most = max(ch[o][colour] for o in opponents)
        if most == 0:
            break
        tied = [o for o in opponents if ch[o][colour] == most]
        if need >= most * len(tied):
            for o in tied:
                move(o, most)
            need -= most * len(tied)
            tied = []
            continue
        share, odd = divmod(need, len(tied))
        for o in tied:
            if share:
                move(o, share)
        need = 0
        left = list(tied)
        for _ in range(odd if tie != "any" else 0):
            if tie == "clockwise":
                giver = next((s + i) % n for i in range(1, n + 1) if (s + i) % n in left)
            else:
                points = {o: score[o] + sum(ch[o][: R.N_COLOURS]) for o in left}
                giver = min(left, key=lambda o: (-points[o], (o - s) % n))
            move(giver, 1)
            left.remove(giver)
    got = sum(gives.values())
    lapsed = value - got - (odd if tie == "any" else 0)
    return gives, lapsed, odd, tied


class Replay:
    """Reads one traced game against our model; ``violations[rule]`` lists the disagreements."""

    def __init__(
        self,
        settings: R.Settings,
        log: np.ndarray,
        res: np.ndarray,
        tie: str = "clockwise",
        seats: tuple[str, ...] = (),
    ):
        self.cfg = settings
        self.seats = seats  # policy name per seat, if known: the Officer's target is then checked
        self.n = settings.players
        self.rows = [tuple(int(x) for x in r) for r in log]
        self.res = res
        self.tie = tie
        self.k = 0
        self.violations: dict[str, list[str]] = defaultdict(list)
        self.stats: Counter = Counter()
        self.deals: list[dict] = []
        try:
            self._game()
        except Desync as e:
            self.violations[e.rule].append(f"row {self.k}: {e}")
        except IndexError:
            self.violations["D1"].append("the log ends in the middle of a deal")

    def bad(self, rule: str, msg: str) -> None:
        self.violations[rule].append(f"deal {len(self.deals)} row {self.k}: {msg}")

    def next(self, rule: str, kinds: tuple[int, ...]) -> tuple[int, ...]:
        row = self.rows[self.k]
        if row[0] not in kinds:
            raise Desync(rule, f"expected a row of kind {kinds}, got {row}")
        self.k += 1
        return row

    def peek(self) -> int:
        return self.rows[self.k][0] if self.k < len(self.rows) else -1

    # -- a game
    def _game(self) -> None:
        n = self.n
        self.score = [0] * n
        self.win = [0] * n
        self.ticks = [0] * n
        self.chips_total = [[0] * R.N_COLOURS for _ in range(n)]
        while self.k < len(self.rows):
            self._deal()
            if self._game_over():
                break
        if self.k != len(self.rows):
            self.bad("G4" if self.cfg.scoring == "ticks" else "G1", "rows after the game's end")
        if not self.deals or not self._ended:
            self.bad("G4" if self.cfg.scoring == "ticks" else "G1", f"game stopped after {len(self.deals)} deals")
        res = self.res
        for s in range(n):
            if int(res[s, E.H_SCORE]) != self.score[s]:
                self.bad("D10", f"seat {s} scores {res[s, E.H_SCORE]}, the replay's deals sum to {self.score[s]}")
            for c in range(R.N_COLOURS):
                if int(res[s, E.H_CHIPS + c]) != self.chips_total[s][c]:
                    self.bad(
                        "C1",
                        f"seat {s} colour {c}: engine {res[s, E.H_CHIPS + c]}, replayed chips {self.chips_total[s][c]}",
                    )
            if self.cfg.scoring == "ticks" and int(res[s, E.H_TICKS]) != popcount(self.ticks[s]):
                self.bad("G4", f"seat {s} has {res[s, E.H_TICKS]} ticks, expected {popcount(self.ticks[s])}")
            if int(res[s, E.H_WIN]) != self.win[s]:
                rule = "G4" if self.cfg.scoring == "ticks" else "G3"
                self.bad(rule, f"seat {s} win {res[s, E.H_WIN]}, expected {self.win[s]} (scores {self.score})")

    _ended = False

    def _game_over(self) -> bool:
        n, d = self.n, len(self.deals)
        points = self.deals[-1]["points"]
        self.win = [0] * n
        if self.cfg.scoring == "chips":
            if d < n:
                return False
            best = max(self.score)
            winners = [s for s in range(n) if self.score[s] == best]
        else:
            full = [s for s in range(n) if self.ticks[s] == 31]
            if full:
                self.stats["ticks_full"] += 1
                best = max(points[s] for s in full)
                winners = [s for s in full if points[s] == best]
            elif d == self.cfg.max_deals:
                self.stats["ticks_cap"] += 1
                key = [popcount(self.ticks[s]) * 100000 + self.score[s] for s in range(n)]
                winners = [s for s in range(n) if key[s] == max(key)]
            else:
                return False
        for s in winners:
            self.win[s] = E.WIN // len(winners)
        self.stats["shared_win"] += len(winners) > 1
        self._ended = True
        return True

    # -- a deal
    def _deal(self) -> None:
        n, hand = self.n, self.cfg.hand_size
        kind, seat, deal, dealer, start = self.next("G2", (R.L_DEAL,))
        if deal != len(self.deals):
            self.bad("G2", f"deal numbered {deal}, expected {len(self.deals)}")
        want = deal % n if self.cfg.start == "rotate" else 0
        if start != want or dealer != (start - 1) % n:
            self.bad("G2", f"deal {deal}: dealer {dealer}, start {start}; expected start {want} left of the dealer")
        self.chips = [[0] * R.N_COLOURS for _ in range(R.MIDDLE)] + [[self.cfg.chips_per_colour] * R.N_COLOURS]
        self.up: dict[int, list[int]] = {}  # colour -> [owner, value, paid]
        self.played = [0] * n
        self.order: list[int] = []
        for t in range(n * hand):
            s = (start + t) % n
            row = self.next("D1", (R.L_TURN,))
            if row[1:3] != (s, t // n):
                raise Desync("D1", f"turn {t}: seat {row[1]} orbit {row[2]}, expected seat {s} orbit {t // n}")
            self._turn(s)
        end_claims = []
        for t in range(n):
            s = (start + t) % n
            c = self._open_claim(s)
            if c >= 0:
                if self.cfg.end == "orbit":
                    end_claims.append(s)
                    self._claim(s, c, "D9")
                else:
                    self.stats["end_lapsed"] += 1
        if self.peek() == R.L_CLAIM:
            self.bad("D9", f"claim {self.rows[self.k]} after the end orbit (end={self.cfg.end})")
            while self.peek() in (R.L_CLAIM, R.L_TAKE, R.L_LAPSE):
                self.k += 1
        self.stats["end_claims"] += len(end_claims)
        row = self.next("D9", (R.L_DEAL_END,))
        if row[2] != deal:
            self.bad("D1", f"end of deal {row[2]}, expected {deal}")
        points = [sum(self.chips[s]) for s in range(n)]
        for colour in range(R.N_COLOURS):
            total = sum(self.chips[h][colour] for h in range(R.MIDDLE + 1))
            if total != self.cfg.chips_per_colour:
                self.bad("C1", f"colour {colour}: {total} chips at the end of the deal")
        for s in range(n):
            self.score[s] += points[s]
            for c in range(R.N_COLOURS):
                self.chips_total[s][c] += self.chips[s][c]
                counted = self.chips[s][c] if self.cfg.tally == "deal" else self.chips_total[s][c]
                if counted >= self.cfg.tick_at:
                    self.ticks[s] |= 1 << c
        self.deals.append(
            {
                "start": start,
                "dealer": dealer,
                "played": list(self.played),
                "points": points,
                "order": self.order,
                "end_claims": end_claims,
            }
        )

    def _open_claim(self, s: int) -> int:
        mine = [c for c, (o, _, paid) in self.up.items() if o == s and not paid]
        if len(mine) > 1:
            self.bad("D4", f"seat {s} has {len(mine)} unpaid face-up cards")
        return min(mine) if mine else -1

    def _turn(self, s: int) -> None:
        if self.cfg.after_claim == "stay":
            for c in sorted(self.up):
                o, v, paid = self.up[c]
                if o == s and paid:
                    row = self.next("D8", (R.L_STAY_OFF,))
                    if row[1:3] != (s, card(c, v)):
                        self.bad("D8", f"stay-off row {row}, expected seat {s} card {card(c, v)}")
                    del self.up[c]
                    self.stats["stay_off"] += 1
        if self.peek() == R.L_STAY_OFF:
            self.bad("D8", f"unexpected {self.rows[self.k]}")
            self.k += 1
        c = self._open_claim(s)
        if c >= 0:
            self._claim(s, c)
        elif self.peek() == R.L_CLAIM:
            raise Desync("D4", f"seat {s} claims {self.rows[self.k]} without a face-up card of its own")
        row = self.next("D1", (R.L_PLAY, R.L_OFFICER))
        if row[1] != s:
            raise Desync("D1", f"seat {row[1]} plays in seat {s}'s turn")
        self.order.append(s)
        if row[0] == R.L_PLAY:
            self._play(s, row[2])
        else:
            self._officer(s, row)

    def _play(self, s: int, c: int) -> None:
        if not 0 <= c < R.OFFICER or any((p >> c) & 1 for p in self.played):
            raise Desync("D1", f"seat {s} plays card {c}, not a card or played before")
        self.played[s] |= 1 << c
        colour, v = colour_of(c), value_of(c)
        if colour in self.up:
            owner, old, _ = self.up[colour]
            if v < old:
                row = self.next("D2", (R.L_UNDERCUT,))
                if row[1:5] != (s, card(colour, old), owner, 0):
                    self.bad("D2", f"undercut row {row}, expected card {card(colour, old)} of seat {owner} down")
                self.up[colour] = [s, v, 0]
                self.stats["undercut"] += 1
                self.stats["undercut_own"] += owner == s
            else:
                row = self.next("D2", (R.L_SELF,))
                if row[1:3] != (s, c):
                    self.bad("D2", f"set-aside row {row}, expected seat {s} card {c}")
                if row[3] != int(self.cfg.reveal_own):
                    self.bad("D3", f"set-aside row {row}: shown={row[3]} with reveal_own={self.cfg.reveal_own}")
                self.stats["aside"] += 1
        else:
            self.up[colour] = [s, v, 0]
        if self.peek() in (R.L_UNDERCUT, R.L_SELF):
            self.bad("D2", f"unexpected {self.rows[self.k]} after seat {s} played {c}")
            self.k += 1

    def _officer(self, s: int, row) -> None:
        if not self.cfg.officer or any((p >> R.OFFICER) & 1 for p in self.played):
            raise Desync("G5", f"Officer played without the variant or twice: {row}")
        self.played[s] |= 1 << R.OFFICER
        _, _, colour, c, owner = row
        if self.seats:  # the policy's target: random hits an opponent's claim, the heuristics the largest
            claims = {k: v for k, (o, v, paid) in self.up.items() if o != s and not paid}
            if self.seats[s] == "random":
                ok = colour in claims if claims else colour == -1
            else:
                ok = colour == (min(claims, key=lambda k: (-claims[k], k)) if claims else -1)
            if not ok:
                self.bad("G5", f"seat {s} ({self.seats[s]}) turned down colour {colour}; opponents' claims {claims}")
        if colour >= 0:
            if colour not in self.up or (c, owner) != (card(colour, self.up[colour][1]), self.up[colour][0]):
                self.bad("G5", f"Officer row {row} does not match the face-up card {self.up.get(colour)}")
            self.up.pop(colour, None)
            self.stats["officer_hit"] += 1
            self.stats["officer_own"] += owner == s
        else:
            if (c, owner) != (-1, -1):
                self.bad("G5", f"Officer row {row} turns nothing but names a card")
            self.stats["officer_none"] += 1

    def _claim(self, s: int, colour: int, rule: str = "D4") -> None:
        """Seat ``s`` collects its face-up card of ``colour`` (D4, or D9 in the end orbit)."""
        n = self.n
        owner, v, _ = self.up[colour]
        row = self.next(rule, (R.L_CLAIM,))
        if row[1:4] != (s, card(colour, v), v):
            self.bad(rule, f"claim row {row}, expected seat {s} card {card(colour, v)} for {v}")
        if self.cfg.after_claim == "pile":
            del self.up[colour]
        else:
            self.up[colour][2] = 1
        tie = self.tie if self.cfg.tie == "chooser" else "clockwise"
        if tie == "policy":  # the collector's own: random picks any tied seat, the others the leader
            tie = "any" if self.seats[s] == "random" else "leader"
        gives, lapsed, odd, tied = ref_claim(self.chips, s, colour, v, n, tie, self.score)
        self.stats["claims"] += 1
        self.stats["odd_split"] += odd > 0
        self.stats["cascade"] += sum(1 for g in gives if g != R.MIDDLE) > 1
        self.stats["cap_lapse"] += self.chips[s][colour] + v > R.CAP
        got: Counter = Counter()
        seen_lapse = 0
        from_seat = False
        while self.peek() in (R.L_TAKE, R.L_LAPSE):
            kind, taker, c, k, giver = self.next("D4", (R.L_TAKE, R.L_LAPSE))
            if taker != s or c != colour or k <= 0:
                self.bad("D4", f"row {(kind, taker, c, k, giver)} in seat {s}'s claim of colour {colour}")
            if kind == R.L_LAPSE:
                seen_lapse += k
                continue
            if giver == s or not (0 <= giver < n or giver == R.MIDDLE):
                self.bad("D7", f"seat {s} takes from {giver}")
                continue
            if giver == R.MIDDLE and from_seat:
                self.bad("D5", f"seat {s} takes from the middle after taking from a seat")
            from_seat |= giver != R.MIDDLE
            if self.chips[giver][c] < k:
                self.bad("C1", f"holder {giver} gives {k} chips of colour {c} but has {self.chips[giver][c]}")
            self.chips[giver][c] -= k
            self.chips[s][c] += k
            got[giver] += k
            if self.chips[s][c] > R.CAP:
                self.bad("D7", f"seat {s} holds {self.chips[s][c]} chips of colour {c}")
        differ = {o: got[o] - gives[o] for o in set(got) | set(gives) if got[o] != gives[o]}
        if tie == "any":  # the odd chips: one each from `odd` of the tied seats, any of them
            if sorted(differ.values()) != [1] * odd or not set(differ) <= set(tied):
                self.bad(
                    "D6",
                    f"seat {s} claims {v} of colour {colour}: took {dict(got)}, expected {dict(gives)} "
                    f"and one chip each from {odd} of the tied seats {tied}",
                )
        elif differ:
            rule = "D6" if odd and set(differ) <= set(tied) else "D5"
            self.bad(rule, f"seat {s} claims {v} of colour {colour}: took {dict(got)}, expected {dict(gives)}")
        if seen_lapse != lapsed:
            self.bad("D7", f"seat {s} claims {v} of colour {colour}: {seen_lapse} lapse, expected {lapsed}")


SETUPS = {
    # name: (settings, lineup, games, tie model: clockwise, leader, any, or policy: the collector's own)
    "default": (R.Settings(), ("random",) * 4, 40, "policy"),
    "clockwise": (R.Settings(tie="clockwise"), ("random", "lowest", "thief", "random"), 40, "clockwise"),
    "mixed": (R.Settings(), ("lowest", "undercut", "holdlow", "expect"), 20, "policy"),
    "three": (R.Settings(players=3), ("random",) * 3, 30, "policy"),
    "five": (R.Settings(players=5), ("random", "thief", "random", "undercut", "random"), 30, "policy"),
    "chips10": (R.Settings(chips_per_colour=10), ("random",) * 4, 30, "policy"),
    "officer3": (R.Settings(players=3, officer=True), ("random", "lowest", "thief"), 30, "policy"),
    "officer4": (R.Settings(officer=True), ("random", "lowest", "undercut", "expect"), 30, "policy"),
    "officer5": (R.Settings(players=5, officer=True), ("random",) * 5, 30, "policy"),
    "reveal": (R.Settings(reveal_own=True), ("random",) * 4, 20, "policy"),
    "stay": (R.Settings(after_claim="stay"), ("random",) * 4, 30, "policy"),
    "stay_officer": (R.Settings(after_claim="stay", officer=True, players=5), ("random",) * 5, 20, "policy"),
    "lapse": (R.Settings(end="lapse"), ("random",) * 4, 20, "policy"),
    "chooser_random": (R.Settings(tie="chooser", players=5), ("random",) * 5, 30, "any"),
    "chooser_leader": (
        R.Settings(tie="chooser", players=5),
        ("lowest", "undercut", "holdlow", "thief", "expect"),
        30,
        "leader",
    ),
    "reshuffle": (R.Settings(passing="reshuffle"), ("random",) * 4, 20, "policy"),
    "fixed": (R.Settings(start="fixed", players=3), ("random",) * 3, 20, "policy"),
    "ticks": (R.Settings(scoring="ticks", tick_at=12), ("random",) * 4, 15, "policy"),
    "ticks_low": (R.Settings(scoring="ticks", tick_at=3, players=3), ("random",) * 3, 20, "policy"),
    "ticks_cap": (
        R.Settings(scoring="ticks", tick_at=12, max_deals=4, passing="reshuffle"),
        ("random",) * 4,
        30,
        "policy",
    ),
    "ticks_deal": (
        R.Settings(scoring="ticks", tally="deal", tick_at=5, max_deals=5, passing="reshuffle"),
        ("random",) * 4,
        30,
        "policy",
    ),
}
SEED = 20240611


@functools.cache
def traced(name: str) -> tuple[list[Replay], list[np.ndarray], list[np.ndarray]]:
    """The replays, logs and per-seat results of the games of setup ``name``."""
    settings, names, games, tie = SETUPS[name]
    job = E.GameJob(settings, lineup(*names), SEED, games)
    replays, logs = [], []
    n = settings.players
    for g in range(games):
        log, res, _ = job.trace(g)
        seats = tuple(names[(s - g) % n] for s in range(n))  # player p sits in seat (p + g) mod n (G6)
        replays.append(Replay(settings, log, res, tie, seats))
        logs.append((log, res))
    return replays, [log for log, _ in logs], [res for _, res in logs]


def violations(rule: str, names=tuple(SETUPS)) -> list[str]:
    out = []
    for name in names:
        for g, rep in enumerate(traced(name)[0]):
            out += [f"{name} game {g}: {m}" for m in rep.violations.get(rule, [])]
    return out


def stats(names=tuple(SETUPS)) -> Counter:
    total: Counter = Counter()
    for name in names:
        for rep in traced(name)[0]:
            total.update(rep.stats)
    return total


def test_the_replay_model_catches_a_tampered_log():
    """Negative control: the model is not blind. One chip moved from another giver is a D5/D6 finding."""
    settings = SETUPS["default"][0]
    log = traced("default")[1][0].copy()
    res = traced("default")[2][0]
    assert not Replay(settings, log, res).violations
    takes = np.flatnonzero((log[:, 0] == R.L_TAKE) & (log[:, 4] == R.MIDDLE))
    log[takes[0], 3] += 1  # one more chip from the middle than the engine took
    rep = Replay(settings, log, res)
    assert rep.violations["D5"] or rep.violations["C1"] or rep.violations["D7"]
    swapped = traced("default")[1][0].copy()
    plays = np.flatnonzero(swapped[:, 0] == R.L_TURN)
    swapped[plays[1], 1] = (swapped[plays[1], 1] + 1) % 4  # the second turn given to the wrong seat
    assert Replay(settings, swapped, res).violations["D1"]


# ---------------------------------------------------------------- C: components and the deal


def test_c1_cards_and_names():
    assert R.OFFICER == 40 and R.N_COLOURS * R.N_VALUES == 40
    names = [R.card_name(c) for c in range(40)]
    assert len(set(names)) == 40
    assert names[card(BLUE, 5)] == "blue 5" and names[card(YELLOW, 1)] == "yellow 1" and names[39] == "orange 8"
    assert all(R.parse_card(x) == c for c, x in enumerate(names))
    assert R.card_name(R.OFFICER) == "officer" and R.parse_card("officer") == R.OFFICER


@pytest.mark.parametrize("per_colour", [12, 10])
def test_c1_a_deal_starts_with_all_chips_in_the_middle(per_colour):
    _, st = table(R.Settings(chips_per_colour=per_colour), hands=[[0], [1], [2], [3]])
    for c in range(R.N_COLOURS):
        assert chips(st, R.MIDDLE, c) == per_colour
        assert all(chips(st, s, c) == 0 for s in range(R.MAX_PLAYERS))


@pytest.mark.parametrize(
    "name", ["default", "three", "five", "chips10", "officer4", "stay", "chooser_random", "ticks", "ticks_cap"]
)
def test_c1_chips_conserved_and_capped_in_engine_games(name):
    """Replaying every L_TAKE row: no holder gives chips it lacks, no seat ever holds more than 12 of a
    colour, 60 (50) chips at every deal's end, and the engine's per-seat chips equal the replayed ones."""
    assert not violations("C1", [name])
    assert not violations("D7", [name])
    assert stats([name])["claims"] > 100


@pytest.mark.parametrize(
    "settings",
    [R.Settings(), R.Settings(chips_per_colour=10, players=3), R.Settings(players=5, officer=True, after_claim="stay")],
    ids=["default", "chips10-3p", "officer-stay-5p"],
)
def test_c1_chips_conserved_after_every_turn_with_the_rule_functions(settings):
    """Random games driven through the rule functions, the state checked after every turn: each colour's
    chips sum to chips_per_colour, no seat above 12, at most one face-up card per colour (the lowest played
    since it was placed), hands and played cards a partition of the deal."""
    rng = np.random.default_rng(5)
    cfg = settings.row()
    n, per = settings.players, settings.chips_per_colour
    st = np.zeros(R.ST_LEN, np.int64)
    for item in range(25):
        hands, _ = E.first_deal(cfg, KEY, item)
        deck = 0
        for h in hands:
            deck |= int(h)
        R.new_deal(cfg, st, np.concatenate([hands, np.zeros(R.MAX_PLAYERS - n, np.int64)]), 0, item % n, per)
        for t in range(n * settings.hand_size):
            s = (item + t) % n
            if settings.after_claim == "stay":
                R.retire_paid(st, s, NOLOG)
            c = R.claim_colour(st, s)
            if c >= 0:
                collect(cfg, st, s, c)
            hand = [x for x in range(41) if (int(st[R.ST_HAND + s]) >> x) & 1]
            x = int(rng.choice(hand))
            if x == R.OFFICER:
                R.play_officer(st, s, int(rng.integers(-1, 5)), NOLOG)
            else:
                before = up(st, colour_of(x))[1]
                R.play_card(cfg, st, s, x, t // n, NOLOG)
                assert up(st, colour_of(x))[1] == (min(before, value_of(x)) if before else value_of(x))
            for colour in range(R.N_COLOURS):
                held = [chips(st, h, colour) for h in range(R.MIDDLE + 1)]
                assert sum(held) == per
                assert all(0 <= k <= R.CAP for k in held) and held[R.MIDDLE] <= per
                assert all(k == 0 for k in held[n : R.MIDDLE])
                owner, v, _ = up(st, colour)
                if owner >= 0:
                    assert (int(st[R.ST_PLAYED + owner]) & int(st[R.ST_PUBLIC])) >> card(colour, v) & 1
            masks = [int(st[R.ST_HAND + s]) for s in range(n)] + [int(st[R.ST_PLAYED + s]) for s in range(n)]
            assert sum(popcount(m) for m in masks) == popcount(deck)
            assert functools.reduce(lambda a, b: a | b, masks) == deck
        for s in range(n):
            c = R.claim_colour(st, s)
            if c >= 0:
                collect(cfg, st, s, c)
        assert all(sum(chips(st, h, c) for h in range(R.MIDDLE + 1)) == per for c in range(R.N_COLOURS))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_c2_deal_composition(players):
    settings = R.Settings(players=players)
    size = {3: 12, 4: 10, 5: 8}[players]
    kept = Counter()
    for item in range(300):
        hands, _ = E.first_deal(settings.row(), KEY, item)
        hands = [int(h) for h in hands]
        assert len(hands) == players
        assert all(popcount(h) == size for h in hands)
        union = functools.reduce(lambda a, b: a | b, hands)
        assert popcount(union) == players * size, "hands overlap"
        assert not union >> R.OFFICER
        ones = [c for c in range(R.N_COLOURS) if union >> card(c, 1) & 1]
        others = union & ~mask(card(c, 1) for c in range(R.N_COLOURS))
        assert others == ALL40 & ~mask(card(c, 1) for c in range(R.N_COLOURS)), "a card other than a 1 missing"
        if players == 3:
            assert popcount(union) == 36 and len(ones) == 1
            kept[ones[0]] += 1
        else:
            assert union == ALL40
    if players == 3:
        assert set(kept) == set(range(R.N_COLOURS)), f"the kept 1 is not random: {kept}"


def test_c2_the_kept_one_is_uniform_over_colours():
    """Which 1 stays in a 3-player deal: each colour with chance 1/5 (4 standard errors)."""
    cfg = R.Settings(players=3, redeal=False).row()
    items = 3000
    kept = Counter()
    for item in range(items):
        hands, _ = E.first_deal(cfg, np.uint64(777), item)
        union = functools.reduce(lambda a, b: a | b, [int(h) for h in hands])
        kept.update(c for c in range(R.N_COLOURS) if union >> card(c, 1) & 1)
    se = (items * 0.2 * 0.8) ** 0.5
    for c in range(R.N_COLOURS):
        assert abs(kept[c] - items / 5) <= 4 * se, kept


@pytest.mark.parametrize("players", [3, 4, 5])
def test_c3_redeal_on_never_leaves_five_of_a_colour(players):
    cfg = R.Settings(players=players).row()
    redeals = 0
    for item in range(400):
        hands, k = E.first_deal(cfg, KEY, item)
        redeals += k
        assert all(R.colour_counts_ok(h) for h in hands)
        for h in hands:
            assert max(popcount((int(h) >> (8 * c)) & 0xFF) for c in range(R.N_COLOURS)) <= 4
    assert redeals > 0, "no deal needed redealing: the check is vacuous"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_c3_redeal_off_keeps_hands_with_five_of_a_colour(players):
    cfg = R.Settings(players=players, redeal=False).row()
    bad = 0
    for item in range(400):
        hands, k = E.first_deal(cfg, KEY, item)
        assert k == 0
        bad += any(max(popcount((int(h) >> (8 * c)) & 0xFF) for c in range(R.N_COLOURS)) >= 5 for h in hands)
    assert bad > 0


def test_c3_colour_counts_ok():
    assert R.colour_counts_ok(mask([card(RED, v) for v in (1, 3, 5, 8)] + [card(BLUE, 1)]))
    assert not R.colour_counts_ok(mask([card(RED, v) for v in (1, 3, 5, 7, 8)]))
    assert not R.colour_counts_ok(mask([card(ORANGE, v) for v in range(1, 9)]))
    assert R.colour_counts_ok(0)


@pytest.mark.parametrize(
    "settings",
    [R.Settings(players=3), R.Settings(), R.Settings(players=5, officer=True)],
    ids=["3p", "4p", "5p-officer"],
)
def test_c3_the_new_deal_is_the_next_shuffle_of_the_same_stream(settings):
    """With redeal on, the deal equals the first acceptable one among the successive shuffles of the
    deal stream (what the same stream gives with redeal off, shuffle after shuffle)."""
    on = settings.row()
    off = dataclasses.replace(settings, redeal=False).row()
    deck = np.zeros(R.OFFICER + 1, np.int64)
    swap = np.zeros(R.OFFICER + 1, np.int64)
    dealt = np.zeros(R.MAX_PLAYERS, np.int64)
    redealt = 0
    for item in range(150):
        hands, redeals = E.first_deal(on, KEY, item)
        state = np.uint64(game_state(KEY, item))  # a Python int below 2**63 would be typed int64
        shuffles = 0
        while True:
            state, k = E.deal_hands(off, state, deck, swap, dealt)
            state = np.uint64(state)
            assert k == 0
            if all(R.colour_counts_ok(h) for h in dealt[: settings.players]):
                break
            shuffles += 1
        assert shuffles == redeals
        assert np.array_equal(hands, dealt[: settings.players])
        redealt += redeals > 0
    assert redealt > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_c4_officer_variant_composition(players):
    settings = R.Settings(players=players, officer=True)
    size = settings.hand_size
    dropped = Counter()
    for item in range(300):
        hands, _ = E.first_deal(settings.row(), KEY, item)
        hands = [int(h) for h in hands]
        assert all(popcount(h) == size for h in hands)
        union = functools.reduce(lambda a, b: a | b, hands)
        assert popcount(union) == players * size, "hands overlap"
        assert sum((h >> R.OFFICER) & 1 for h in hands) == 1, "the Officer is in exactly one hand"
        ones = [c for c in range(R.N_COLOURS) if union >> card(c, 1) & 1]
        if players == 3:
            assert popcount(union) == 36 and ones == []
        else:
            assert popcount(union) == 40 and len(ones) == 4
            dropped.update(set(range(R.N_COLOURS)) - set(ones))
        assert union & ALL40 & ~mask(card(c, 1) for c in range(R.N_COLOURS)) == ALL40 & ~mask(
            card(c, 1) for c in range(R.N_COLOURS)
        )
    if players > 3:
        assert set(dropped) == set(range(R.N_COLOURS))
        se = (300 * 0.2 * 0.8) ** 0.5
        assert all(abs(dropped[c] - 60) <= 4 * se for c in range(R.N_COLOURS)), dropped


def test_c4_the_officer_is_never_in_the_standard_game():
    for players in (3, 4, 5):
        for item in range(50):
            hands, _ = E.first_deal(R.Settings(players=players).row(), KEY, item)
            assert not any(int(h) >> R.OFFICER for h in hands)


# ---------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 2}, "3, 4 or 5 players"),
        ({"players": 6}, "3, 4 or 5 players"),
        ({"players": True}, "3, 4 or 5 players"),
        ({"players": "4"}, "3, 4 or 5 players"),
        ({"chips_per_colour": 11}, "chips per colour"),
        ({"after_claim": "keep"}, "after-claim must be one of pile, stay"),
        ({"end": "never"}, "end must be one of orbit, lapse"),
        ({"tie": "random"}, "tie must be one of clockwise, chooser"),
        ({"passing": "right"}, "passing must be one of pass, reshuffle"),
        ({"start": "random"}, "start must be one of rotate, fixed"),
        ({"scoring": "points"}, "scoring must be one of chips, ticks"),
        ({"scoring": "ticks", "tick_at": 0}, "tick-at"),
        ({"scoring": "ticks", "tick_at": 13}, "tick-at"),
        ({"scoring": "ticks", "max_deals": 3}, "max-deals"),
        ({"max_deals": 30}, "max-deals"),
        ({"chips_per_colour": 12.0}, "chips-per-colour must be a whole number, got 12.0"),
        ({"scoring": "ticks", "tick_at": 7.0}, "tick-at must be a whole number"),
        ({"reveal_own": 5}, "reveal-own must be true or false, got 5"),
        ({"officer": "no"}, "officer must be true or false"),
        ({"redeal": 1}, "redeal must be true or false"),
        ({"tie": ["chooser"]}, "tie must be one of clockwise, chooser"),
        ({"tally": "total"}, "tally must be one of running, deal"),
        ({"tie": "x" * 500}, r"got 'x{36}\.\.\.$"),
    ],
)
def test_settings_validation_names_the_problem(kwargs, words):
    with pytest.raises(InputError, match=words):
        R.Settings(**kwargs)


def test_settings_defaults_match_the_rulings():
    s = R.Settings()
    assert (
        s.players,
        s.chips_per_colour,
        s.officer,
        s.redeal,
        s.reveal_own,
        s.after_claim,
        s.end,
        s.tie,
        s.passing,
        s.start,
        s.scoring,
        s.tick_at,
        s.max_deals,
        s.tally,
    ) == (4, 12, False, True, False, "pile", "orbit", "chooser", "pass", "rotate", "chips", 7, 20, "running")
    assert [R.Settings(players=p).hand_size for p in (3, 4, 5)] == [12, 10, 8]


# ---------------------------------------------------------------- D: a deal


def test_d1_in_games_every_turn_plays_one_card_from_hand_in_seat_order():
    """Replayed games: turns go clockwise from the start player, each turn plays exactly one card
    (no passing), every card of the deal once, each seat its hand size."""
    assert not violations("D1")
    for name in SETUPS:
        settings = SETUPS[name][0]
        for rep in traced(name)[0]:
            for deal in rep.deals:
                assert [popcount(p) for p in deal["played"]] == [settings.hand_size] * settings.players


def test_d1_an_impossible_card_is_played_as_the_lowest_card_in_hand():
    hand = mask([card(RED, 5), card(BLUE, 2), card(YELLOW, 7)])
    assert E._legal_card(card(RED, 5), hand) == card(RED, 5)
    assert E._legal_card(card(GREEN, 1), hand) == card(YELLOW, 7)
    assert E._legal_card(-3, hand) == card(YELLOW, 7)
    assert E._legal_card(99, hand) == card(YELLOW, 7)


def test_d2_rulebook_blue5_yellow7_blue2():
    """Narben-Ede (0) blue 5, Kletter-Max (1) yellow 7, Blondie (2) blue 2: the blue 5 is turned down
    at once, before Lilly (3) plays; it has lost its claim, Kletter-Max and Blondie keep theirs."""
    cfg, st = table(hands=[[card(BLUE, 5)], [card(YELLOW, 7)], [card(BLUE, 2)], [card(RED, 1)]])
    log = new_log()
    assert R.play_card(cfg, st, 0, card(BLUE, 5), 0, log) == R.PLACED
    assert R.play_card(cfg, st, 1, card(YELLOW, 7), 0, log) == R.PLACED
    assert R.play_card(cfg, st, 2, card(BLUE, 2), 0, log) == R.UNDERCUT
    assert up(st, BLUE) == (2, 2, 0)
    assert up(st, YELLOW) == (1, 7, 0)
    assert int(st[R.ST_PLAYED]) >> card(BLUE, 5) & 1, "the blue 5 goes to Narben-Ede's pile"
    assert int(st[R.ST_PUBLIC]) >> card(BLUE, 5) & 1, "everyone saw it face up"
    assert [R.claim_colour(st, s) for s in range(4)] == [-1, YELLOW, BLUE, -1]
    assert rows(log) == [
        (R.L_PLAY, 0, card(BLUE, 5), 0, 0),
        (R.L_PLAY, 1, card(YELLOW, 7), 0, 0),
        (R.L_PLAY, 2, card(BLUE, 2), 0, 0),
        (R.L_UNDERCUT, 2, card(BLUE, 5), 0, 0),
    ]
    assert int(st[R.ST_HAND + 3]) == 1 << card(RED, 1), "Lilly has not played yet"


@pytest.mark.parametrize("reveal", [False, True])
def test_d2_the_higher_of_two_cards_of_a_colour_is_always_turned_down(reveal):
    settings = R.Settings(reveal_own=reveal)
    for colour in range(R.N_COLOURS):
        for a in range(1, 9):
            for b in range(1, 9):
                if a == b:
                    continue
                cfg, st = table(settings, hands=[[card(colour, a)], [card(colour, b)], [], []])
                R.play_card(cfg, st, 0, card(colour, a), 0, NOLOG)
                result = R.play_card(cfg, st, 1, card(colour, b), 0, NOLOG)
                low_owner = 1 if b < a else 0
                assert result == (R.UNDERCUT if b < a else R.ASIDE)
                assert up(st, colour) == (low_owner, min(a, b), 0)
                assert sum(up(st, c)[0] >= 0 for c in range(R.N_COLOURS)) == 1
                assert int(st[R.ST_PLAYED + 1]) >> card(colour, b) & 1
                assert bool(int(st[R.ST_PUBLIC]) >> card(colour, b) & 1) == (b < a or reveal)


def test_d2_undercuts_in_games_turn_down_the_higher_card():
    assert not violations("D2")
    assert stats()["undercut"] > 100 and stats()["aside"] > 100


@pytest.mark.parametrize("reveal", [False, True])
def test_d3_rulebook_red7_on_red4_is_set_aside(reveal):
    """A red 7 played while a red 4 lies face up is set aside itself: unseen unless reveal_own."""
    cfg, st = table(R.Settings(reveal_own=reveal), hands=[[card(RED, 4)], [card(RED, 7)], [], []])
    log = new_log()
    R.play_card(cfg, st, 0, card(RED, 4), 0, log)
    assert R.play_card(cfg, st, 1, card(RED, 7), 0, log) == R.ASIDE
    assert up(st, RED) == (0, 4, 0), "the red 4 stays face up"
    assert R.claim_colour(st, 1) == -1
    assert int(st[R.ST_PLAYED + 1]) >> card(RED, 7) & 1 and not int(st[R.ST_HAND + 1])
    assert bool(int(st[R.ST_PUBLIC]) >> card(RED, 7) & 1) == reveal
    assert rows(log)[-1] == (R.L_SELF, 1, card(RED, 7), int(reveal), 0)
    view = np.zeros(R.VIEW_LEN, np.int64)
    R.fill_view(st, 2, R.K_PLAY, view)
    assert bool(int(view[R.ST_PLAYED + 1]) >> card(RED, 7) & 1) == reveal, "others see it only if shown"
    R.fill_view(st, 1, R.K_PLAY, view)
    assert int(view[R.ST_PLAYED + 1]) >> card(RED, 7) & 1, "its owner knows it"


def test_d3_a_card_turned_down_by_another_stays_seen():
    cfg, st = table(hands=[[card(GREEN, 6)], [card(GREEN, 3)], [], []])
    R.play_card(cfg, st, 0, card(GREEN, 6), 0, NOLOG)
    R.play_card(cfg, st, 1, card(GREEN, 3), 0, NOLOG)
    view = np.zeros(R.VIEW_LEN, np.int64)
    R.fill_view(st, 2, R.K_PLAY, view)
    assert int(view[R.ST_PLAYED + 0]) >> card(GREEN, 6) & 1


def test_d3_set_aside_rows_in_games_say_shown_only_with_reveal_own():
    assert not violations("D3")
    assert stats(["reveal"])["aside"] > 0 and stats(["default"])["aside"] > 0


def test_d4_claim_collects_the_card_value_in_its_colour_before_playing():
    cfg, st = table(hands=[[card(RED, 4), card(BLUE, 1)], [card(YELLOW, 2)], [card(GREEN, 3)], [card(ORANGE, 8)]])
    for s, c in enumerate([card(RED, 4), card(YELLOW, 2), card(GREEN, 3), card(ORANGE, 8)]):
        R.play_card(cfg, st, s, c, 0, NOLOG)
    assert R.claim_colour(st, 0) == RED
    log = new_log()
    assert R.claim(cfg, st, 0, RED, log) == (0, 0)
    assert chips(st, 0, RED) == 4 and chips(st, R.MIDDLE, RED) == 8
    assert sum(chips(st, 0, c) for c in range(R.N_COLOURS)) == 4, "red chips only (F17: not blue)"
    assert up(st, RED)[0] == -1 and R.claim_colour(st, 0) == -1, "the paid card goes to the pile"
    assert rows(log) == [(R.L_CLAIM, 0, card(RED, 4), 4, 0), (R.L_TAKE, 0, RED, 4, R.MIDDLE)]


def test_d4_claims_in_games_pay_their_own_card_at_the_owners_turn():
    assert not violations("D4")
    assert stats()["claims"] > 1000


def test_d5_rulebook_seven_red_none_in_the_middle():
    """Narben-Ede (0) claims 7 red, none in the middle, Kletter-Max (1) 6, Blondie (2) 3, Lilly (3) 3:
    6 from Kletter-Max, then 1 from Blondie or Lilly (clockwise: Blondie, nearer Narben-Ede's left)."""
    cfg, st = table()
    set_chips(st, RED, middle=0, s1=6, s2=3, s3=3)
    place(cfg, st, 0, card(RED, 7))
    assert R.richest(st, 0, RED) == (6, 0b0010)
    log = new_log()
    odd, tied = R.claim(cfg, st, 0, RED, log)
    assert (odd, tied) == (1, 0b1100), "one chip left to come from Blondie or Lilly"
    assert [chips(st, s, RED) for s in range(4)] == [6, 0, 3, 3]
    assert R.clockwise_from(0, 4, tied) == 2
    collect_rest = R.clockwise_from(0, 4, tied)
    R.move_chips(st, collect_rest, 0, RED, 1, log)
    assert [chips(st, s, RED) for s in range(4)] == [7, 0, 2, 3]
    assert [r for r in rows(log) if r[0] == R.L_TAKE] == [(R.L_TAKE, 0, RED, 6, 1), (R.L_TAKE, 0, RED, 1, 2)]


def test_d5_the_middle_pays_first_then_the_richest():
    """7 blue with 2 in the middle: 2 from the middle, the missing 5 from the opponent with the most."""
    cfg, st = table()
    set_chips(st, BLUE, middle=2, s1=3, s2=6, s3=1)
    place(cfg, st, 0, card(BLUE, 7))
    assert R.claim(cfg, st, 0, BLUE, NOLOG)[0] == 0, "no odd chips"
    assert [chips(st, h, BLUE) for h in (0, 1, 2, 3, R.MIDDLE)] == [7, 3, 1, 1, 0]


def test_d5_cascade_to_next_richest():
    """When the richest runs out, the next richest pays, and so on."""
    cfg, st = table()
    set_chips(st, GREEN, middle=0, s0=3, s1=4, s2=3, s3=2)
    place(cfg, st, 0, card(GREEN, 8))
    log = new_log()
    assert R.claim(cfg, st, 0, GREEN, log)[0] == 0
    assert [chips(st, s, GREEN) for s in range(4)] == [11, 0, 0, 1]
    assert [r[3:] for r in rows(log) if r[0] == R.L_TAKE] == [(4, 1), (3, 2), (1, 3)]


def test_d5_claims_in_games_follow_middle_then_richest():
    assert not violations("D5")
    assert stats()["cascade"] > 10


def test_d6_rulebook_five_blue_split_three_and_two():
    """7 blue, 2 in the middle, two opponents tied on 5: the missing 5 as 3 and 2 (the odd chip from the
    tied seat nearest the collector's left)."""
    for collector, tied_seats, first in ((0, (1, 2), 1), (2, (3, 0), 3), (1, (0, 3), 3)):
        cfg, st = table()
        set_chips(st, BLUE, middle=2, **{f"s{o}": 5 for o in tied_seats})
        place(cfg, st, collector, card(BLUE, 7))
        odd, tied = R.claim(cfg, st, collector, BLUE, NOLOG)
        assert (odd, tied) == (1, mask(tied_seats))
        assert [chips(st, o, BLUE) for o in tied_seats] == [3, 3], "an even share of 2 each first"
        assert R.clockwise_from(collector, 4, tied) == first
        R.move_chips(st, first, collector, BLUE, 1, NOLOG)
        given = {o: 5 - chips(st, o, BLUE) for o in tied_seats}
        assert given[first] == 3 and sorted(given.values()) == [2, 3]
        assert chips(st, collector, BLUE) == 7


def test_d6_two_odd_chips_among_three_tied_go_clockwise():
    cfg, st = table(R.Settings(players=5))
    set_chips(st, ORANGE, middle=0, s0=3, s1=3, s4=3)
    place(cfg, st, 3, card(ORANGE, 5))
    collect(cfg, st, 3, ORANGE)
    assert [chips(st, s, ORANGE) for s in range(5)] == [1, 2, 0, 5, 1], "seats 4 and 0 give the odd chips"


def test_d6_clockwise_from():
    assert R.clockwise_from(0, 4, 0b1100) == 2
    assert R.clockwise_from(3, 4, 0b0011) == 0
    assert R.clockwise_from(2, 5, 0b00011) == 0
    assert R.clockwise_from(2, 5, 0b11011) == 3
    assert R.clockwise_from(2, 5, 0b00111) == 0, "seat 2's own bit is skipped when others are tied"
    assert R.clockwise_from(1, 3, 0) == -1


def test_d6_clockwise_from_excludes_the_collector():
    assert R.clockwise_from(1, 3, 0b010) == -1


@pytest.mark.parametrize(
    ("name", "model"),
    [
        ("clockwise", "clockwise"),
        ("default", "policy"),
        ("five", "policy"),
        ("chooser_leader", "leader"),
        ("chooser_random", "any"),
    ],
)
def test_d6_odd_chips_in_games_follow_the_tie_rule(name, model):
    """clockwise: the tied seats nearest the collector's left; chooser: the collector's policy picks
    (the built-in heuristics pick the leader; random picks any tied seat, never one outside the tie)."""
    assert SETUPS[name][3] == model
    assert not violations("D6", [name])
    assert not violations("D5", [name])
    assert stats([name])["odd_split"] > 0


def test_d7_rulebook_green_cap():
    """5 green claimed while holding 10: only 2 more, the remaining 3 lapse."""
    cfg, st = table()
    set_chips(st, GREEN, middle=2, s0=10)
    place(cfg, st, 0, card(GREEN, 5))
    log = new_log()
    assert R.claim(cfg, st, 0, GREEN, log) == (0, 0)
    assert chips(st, 0, GREEN) == 12 and chips(st, R.MIDDLE, GREEN) == 0
    assert rows(log)[1:] == [(R.L_LAPSE, 0, GREEN, 3, 0), (R.L_TAKE, 0, GREEN, 2, R.MIDDLE)]


def test_d7_cap_also_stops_taking_from_opponents():
    cfg, st = table()
    set_chips(st, GREEN, middle=0, s0=10, s1=2)
    place(cfg, st, 0, card(GREEN, 5))
    R.claim(cfg, st, 0, GREEN, NOLOG)
    assert chips(st, 0, GREEN) == 12 and chips(st, 1, GREEN) == 0
    cfg, st = table()
    set_chips(st, GREEN, middle=0, s0=12)
    place(cfg, st, 0, card(GREEN, 3))
    log = new_log()
    assert R.claim(cfg, st, 0, GREEN, log) == (0, 0)
    assert chips(st, 0, GREEN) == 12
    assert rows(log)[1:] == [(R.L_LAPSE, 0, GREEN, 3, 0)]


def test_d7_a_claimant_never_takes_from_itself():
    cfg, st = table()
    set_chips(st, YELLOW, middle=0, s0=8, s1=4)
    place(cfg, st, 0, card(YELLOW, 3))
    assert R.richest(st, 0, YELLOW) == (4, 0b10)
    R.claim(cfg, st, 0, YELLOW, NOLOG)
    assert [chips(st, s, YELLOW) for s in range(4)] == [11, 1, 0, 0]


def test_d7_nothing_left_to_take_lapses():
    cfg, st = table(R.Settings(chips_per_colour=10))
    set_chips(st, ORANGE, middle=0, s0=9, s1=1)
    place(cfg, st, 0, card(ORANGE, 6))
    log = new_log()
    assert R.claim(cfg, st, 0, ORANGE, log) == (0, 0)
    assert chips(st, 0, ORANGE) == 10
    lapses = [r for r in rows(log) if r[0] == R.L_LAPSE]
    # 6 claimed, room for 3 under the cap, 1 taken from seat 1, 2 lapse for want of chips: 5 lapse in all
    assert sum(r[3] for r in lapses) == 5


def test_d7_cap_and_lapses_in_games():
    assert not violations("D7")
    assert stats()["cap_lapse"] > 0


def test_d8_after_claim_stay():
    """With ``stay`` the paid card lies face up one more orbit (it can still be undercut), then goes to
    the pile at its owner's next turn without paying again."""
    settings = R.Settings(after_claim="stay")
    cfg, st = table(settings)
    place(cfg, st, 0, card(RED, 5))
    log = new_log()
    R.claim(cfg, st, 0, RED, log)
    assert chips(st, 0, RED) == 5
    assert up(st, RED) == (0, 5, 1), "still face up, paid"
    assert R.claim_colour(st, 0) == -1
    R.retire_paid(st, 0, log)
    assert up(st, RED)[0] == -1 and chips(st, 0, RED) == 5
    assert rows(log)[-1] == (R.L_STAY_OFF, 0, card(RED, 5), 0, 0)
    # it blocks its colour and can be undercut in the orbit it stays
    cfg, st = table(settings)
    place(cfg, st, 0, card(RED, 5))
    R.claim(cfg, st, 0, RED, NOLOG)
    assert place(cfg, st, 1, card(RED, 6)) == R.ASIDE
    assert place(cfg, st, 2, card(RED, 2)) == R.UNDERCUT
    assert up(st, RED) == (2, 2, 0)
    R.retire_paid(st, 0, NOLOG)
    assert up(st, RED) == (2, 2, 0), "retire_paid touches only the seat's own paid cards"
    # with pile it is gone at once
    cfg, st = table()
    place(cfg, st, 0, card(RED, 5))
    R.claim(cfg, st, 0, RED, NOLOG)
    assert up(st, RED) == (-1, 0, 0)


def test_d8_stay_in_games():
    assert not violations("D8")
    assert stats(["stay", "stay_officer"])["stay_off"] > 100
    assert stats(["default"])["stay_off"] == 0
    for name in ("stay", "stay_officer"):
        for log in traced(name)[1]:
            deal_of = np.cumsum(log[:, 0] == R.L_DEAL)
            claims = log[log[:, 0] == R.L_CLAIM]
            keys = list(zip(deal_of[log[:, 0] == R.L_CLAIM].tolist(), claims[:, 2].tolist(), strict=True))
            assert len(keys) == len(set(keys)), "a card paid twice"


def test_d9_end_orbit_in_games():
    assert not violations("D9")
    assert stats(["default"])["end_claims"] > 0 and stats(["default"])["end_lapsed"] == 0
    assert stats(["lapse"])["end_claims"] == 0 and stats(["lapse"])["end_lapsed"] > 0
    for rep in traced("default")[0]:
        for deal in rep.deals:
            order = [(s - deal["start"]) % 4 for s in deal["end_claims"]]
            assert order == sorted(order)


def test_d10_new_deal_resets_chips_and_table():
    cfg, st = table()
    place(cfg, st, 0, card(RED, 5))
    R.claim(cfg, st, 0, RED, NOLOG)
    set_chips(st, BLUE, middle=0, s1=12)
    place(cfg, st, 2, card(BLUE, 1))
    hands = np.array([1, 2, 4, 8, 0], np.int64)
    R.new_deal(cfg, st, hands, 1, 1, 12)
    for c in range(R.N_COLOURS):
        assert chips(st, R.MIDDLE, c) == 12 and all(chips(st, s, c) == 0 for s in range(R.MAX_PLAYERS))
        assert up(st, c) == (-1, 0, 0)
    assert int(st[R.ST_PUBLIC]) == 0 and not any(st[R.ST_PLAYED : R.ST_PLAYED + 5])
    assert list(st[R.ST_HAND : R.ST_HAND + 5]) == [1, 2, 4, 8, 0]
    assert (st[R.ST_DEAL], st[R.ST_START], st[R.ST_TURN]) == (1, 1, 0)


def test_d10_each_deals_chips_are_its_points():
    """Each deal starts with all chips in the middle; a seat's score is the sum of its chips at the end
    of every deal (the replay resets and sums; the engine's totals must agree)."""
    assert not violations("D10")
    for name in ("default", "three", "chips10"):
        for rep in traced(name)[0]:
            per = SETUPS[name][0].chips_per_colour
            assert all(sum(d["points"]) <= 5 * per for d in rep.deals)
            assert rep.score == [sum(d["points"][s] for d in rep.deals) for s in range(rep.n)]


# ---------------------------------------------------------------- G: the game


def _dealt_sequence(settings: R.Settings, g: int, count: int, duplicate: bool = False) -> list[list[int]]:
    """The hands of ``count`` successive fresh deals of game ``g`` of a run with seed SEED."""
    cfg = settings.row()
    key = streams.key(SEED, "riffifi", "deal")
    state = np.uint64(game_state(key, g // settings.players if duplicate else g))
    deck = np.zeros(R.OFFICER + 1, np.int64)
    swap = np.zeros(R.OFFICER + 1, np.int64)
    dealt = np.zeros(R.MAX_PLAYERS, np.int64)
    out = []
    for _ in range(count):
        state, _ = E.deal_hands(cfg, state, deck, swap, dealt)
        state = np.uint64(state)
        out.append([int(h) for h in dealt[: settings.players]])
    return out


@pytest.mark.parametrize("name", ["default", "three", "five", "officer4", "ticks"])
def test_g1_pass_each_hand_moves_one_seat_left(name):
    """With ``pass`` seat s plays in deal k the hand dealt to seat (s - k) mod N (a fresh deal every N deals)."""
    settings = SETUPS[name][0]
    n = settings.players
    key = streams.key(SEED, "riffifi", "deal")
    for g, rep in enumerate(traced(name)[0][:10]):
        fresh = _dealt_sequence(settings, g, (len(rep.deals) + n - 1) // n)
        hands, _ = E.first_deal(settings.row(), key, g)
        assert [int(h) for h in hands] == fresh[0]
        for k, deal in enumerate(rep.deals):
            block = fresh[k // n]
            assert deal["played"] == [block[(s - k) % n] for s in range(n)], f"game {g} deal {k}"
        assert len(rep.deals) >= n


def test_g1_reshuffle_deals_afresh_every_time():
    settings = SETUPS["reshuffle"][0]
    for g, rep in enumerate(traced("reshuffle")[0][:10]):
        fresh = _dealt_sequence(settings, g, len(rep.deals))
        assert [d["played"] for d in rep.deals] == fresh
        assert sorted(fresh[1]) != sorted(fresh[0])


def test_g1_a_game_is_as_many_deals_as_players():
    for name in ("default", "three", "five", "reshuffle", "fixed", "stay", "officer3"):
        for rep in traced(name)[0]:
            assert len(rep.deals) == SETUPS[name][0].players
    assert not violations("G1")


@pytest.mark.parametrize("name", ["default", "three", "five", "fixed", "ticks"])
def test_g2_start_player_rotates(name):
    """L_DEAL rows: deal 0's dealer is the last seat so seat 0 starts; the dealer moves one seat clockwise
    every deal (``rotate``) or seat 0 always starts (``fixed``); the first turn is the start player's."""
    settings = SETUPS[name][0]
    n = settings.players
    for log in traced(name)[1]:
        deals = log[log[:, 0] == R.L_DEAL]
        for row in deals:
            d = int(row[2])
            start = d % n if settings.start == "rotate" else 0
            assert tuple(int(x) for x in row) == (R.L_DEAL, -1, d, (start - 1) % n, start)
        first_turns = [int(log[i + 1, 1]) for i in np.flatnonzero(log[:, 0] == R.L_DEAL)]
        assert first_turns == [int(r[4]) for r in deals]
    assert not violations("G2", [name])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_g2_identical_deterministic_policies_score_the_same(players):
    """With pass and rotate every dealt hand is played from the same place relative to the start
    player, so a table of identical deterministic policies gives everyone the same total (with odd chips
    given clockwise: the collector's choice looks at the earlier deals' points, which differ)."""
    settings = R.Settings(players=players, tie="clockwise")
    job = E.GameJob(settings, lineup(*["lowest"] * players), 99, 10)
    for g in range(6):
        res = job.trace(g).results
        assert len(set(res[:, E.H_SCORE].tolist())) == 1, res[:, E.H_SCORE]
        assert res[:, E.H_WIN].tolist() == [E.WIN // players] * players


def test_g2_with_a_fixed_start_identical_policies_differ():
    job = E.GameJob(R.Settings(start="fixed", tie="clockwise"), lineup(*["lowest"] * 4), 99, 10)
    assert any(len(set(job.trace(g)[1][:, E.H_SCORE].tolist())) > 1 for g in range(6))


def test_g3_most_chips_wins_and_ties_share():
    """The replay's winners (most chips over all deals, k tied share 60/k) equal the engine's."""
    assert not violations("G3")
    for name in SETUPS:
        for rep in traced(name)[0]:
            assert sum(rep.win) == E.WIN
    # a shared win: identical deterministic policies tie (test_g2), 60 split
    res = E.GameJob(R.Settings(players=5, tie="clockwise"), lineup(*["lowest"] * 5), 1, 1).trace(0).results
    assert res[:, E.H_WIN].tolist() == [12] * 5


def test_g3_share_win():
    res = np.zeros((R.MAX_PLAYERS, E.N_RES), np.int64)
    st = np.zeros(R.ST_LEN, np.int64)
    E._share_win(res, 4, np.array([50, 70, 70, 30, 0], np.int64), 70, st, False)
    assert res[:4, E.H_WIN].tolist() == [0, 30, 30, 0]


@pytest.mark.parametrize("name", ["ticks", "ticks_low", "ticks_cap", "ticks_deal"])
def test_g4_ticks_variant(name):
    """A colour is ticked when the chips of it collected over the game's deals reach 7 (``tally deal``: 7+
    in one deal); ticks are kept; the game ends after the first deal in which someone has all five, won by
    the most chips in that deal among them; else at max_deals by the most ticks, then the most chips."""
    assert not violations("G4", [name])
    assert not violations("G3", [name])
    settings = SETUPS[name][0]
    for rep in traced(name)[0]:
        assert 1 <= len(rep.deals) <= settings.max_deals
    s = stats([name])
    assert s["ticks_full"] + s["ticks_cap"] == SETUPS[name][2]
    if name != "ticks":
        assert s["ticks_full"] > 0 and (name == "ticks_low" or s["ticks_cap"] > 0)


def _after_three_deals(tally: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rulebook's scoring table after 3 rounds: Narben-Ede (seat 0) has collected 5 yellow, 9 red, no blue,
    7 green and 8 orange (each colour's running tally); Kletter-Max (seat 1) 7 of everything but 6 green."""
    cfg = R.Settings(scoring="ticks", tally=tally).row()
    st = np.zeros(R.ST_LEN, np.int64)
    res = np.zeros((R.MAX_PLAYERS, E.N_RES), np.int64)
    res[0, E.H_CHIPS : E.H_CHIPS + 5] = [5, 9, 0, 7, 8]
    res[1, E.H_CHIPS : E.H_CHIPS + 5] = [7, 7, 7, 6, 7]
    st[R.ST_TICKS] = 0b11010  # red, green, orange ticked (their running tallies reached 7)
    st[R.ST_TICKS + 1] = 0b10111
    return cfg, st, res


def test_g4_rulebook_narben_ede_needs_only_2_yellow_and_7_blue():
    """Rulebook: "Standing after 3 rounds: Narben-Ede needs only 2 yellow and 7 blue chips to end the game as
    the winner." The tally runs over the deals: 2 yellow (5 + 2 = 7) and 7 blue in the fourth deal tick his
    last two colours and end the game; counted per deal, 2 yellow would not tick yellow."""
    cfg, st, res = _after_three_deals("running")
    set_chips(st, YELLOW, s0=2, s1=0)
    set_chips(st, BLUE, s0=7, s1=0)
    E.tick_deal(cfg, st, res, 0)
    assert st[R.ST_TICKS] == 0b11111
    assert res[0, E.H_CHIPS : E.H_CHIPS + 5].tolist() == [7, 9, 7, 7, 8]
    cfg, st, res = _after_three_deals("running")
    set_chips(st, YELLOW, s0=1, s1=0)
    set_chips(st, BLUE, s0=7, s1=0)
    E.tick_deal(cfg, st, res, 0)
    assert st[R.ST_TICKS] == 0b11110, "one yellow short: 6 of 7"
    cfg, st, res = _after_three_deals("deal")
    set_chips(st, YELLOW, s0=2, s1=0)
    set_chips(st, BLUE, s0=7, s1=0)
    E.tick_deal(cfg, st, res, 0)
    assert st[R.ST_TICKS] == 0b11110, "per deal, 2 yellow tick nothing"


def test_g4_rulebook_two_finish_together_the_most_chips_of_the_last_round_wins():
    """Rulebook: "If 2 players can tick off all colours after the same round, the winner is the one who
    collected the most chips in the last round"; Narben-Ede 9 chips in the fourth deal, Kletter-Max 10."""
    cfg, st, res = _after_three_deals("running")
    set_chips(st, YELLOW, s0=2, s1=0)
    set_chips(st, BLUE, s0=7, s1=0)
    set_chips(st, GREEN, s0=0, s1=1)
    set_chips(st, RED, s0=0, s1=9)
    E.tick_deal(cfg, st, res, 0)
    E.tick_deal(cfg, st, res, 1)
    assert st[R.ST_TICKS] == st[R.ST_TICKS + 1] == 0b11111
    points = np.array([9, 10, 0, 0, 0], np.int64)
    res[:, E.H_WIN] = 0
    E._share_win(res, 4, points, 10, st, True)
    assert res[:4, E.H_WIN].tolist() == [0, 60, 0, 0]


def test_g4_winner_helpers():
    """All five ticked: the most chips in that deal among them wins, a richer seat without all ticks does
    not; at the cap: the most ticks, then the most chips over all deals."""
    res = np.zeros((R.MAX_PLAYERS, E.N_RES), np.int64)
    st = np.zeros(R.ST_LEN, np.int64)
    st[R.ST_TICKS : R.ST_TICKS + 4] = [31, 15, 31, 31]
    E._share_win(res, 4, np.array([30, 50, 30, 10, 0], np.int64), 30, st, True)
    assert res[:4, E.H_WIN].tolist() == [30, 0, 30, 0]
    res[:] = 0
    st[R.ST_TICKS : R.ST_TICKS + 4] = [0b111, 0b1111, 0b11110, 0b1]
    st[R.ST_SCORE : R.ST_SCORE + 4] = [100, 80, 90, 200]
    E._ticks_cap_win(res, 4, st, np.zeros(R.MAX_PLAYERS, np.int64))
    assert res[:4, E.H_WIN].tolist() == [0, 0, 60, 0]


def test_g5_officer_turns_down_any_face_up_card():
    settings = R.Settings(officer=True)
    for target_owner in (1, 0):  # another's card, then the player's own
        cfg, st = table(settings, hands=[[card(RED, 3), R.OFFICER], [card(BLUE, 6)], [], []])
        R.play_card(cfg, st, 0, card(RED, 3), 0, NOLOG)
        R.play_card(cfg, st, 1, card(BLUE, 6), 0, NOLOG)
        colour = BLUE if target_owner == 1 else RED
        log = new_log()
        assert R.play_officer(st, 0, colour, log) == colour
        assert up(st, colour)[0] == -1
        assert R.claim_colour(st, target_owner) == -1, "the card turned down loses its claim"
        other = RED if colour == BLUE else BLUE
        assert up(st, other)[0] >= 0
        turned = card(colour, 6 if colour == BLUE else 3)
        assert rows(log) == [(R.L_OFFICER, 0, colour, turned, target_owner)]
        assert int(st[R.ST_PLAYED + target_owner]) >> turned & 1, "it goes to its owner's pile"
        assert not int(st[R.ST_HAND]) >> R.OFFICER & 1 and int(st[R.ST_PLAYED]) >> R.OFFICER & 1
        assert int(st[R.ST_PUBLIC]) >> R.OFFICER & 1
        assert all(up(st, c)[0] != 0 or c == RED for c in range(R.N_COLOURS)), "the Officer claims nothing"


@pytest.mark.parametrize("target", [-1, GREEN, 7, -5])
def test_g5_officer_with_no_target_or_an_empty_colour_turns_nothing(target):
    cfg, st = table(R.Settings(officer=True), hands=[[R.OFFICER], [card(BLUE, 6)], [], []])
    R.play_card(cfg, st, 1, card(BLUE, 6), 0, NOLOG)
    log = new_log()
    assert R.play_officer(st, 0, target, log) == -1
    assert up(st, BLUE) == (1, 6, 0)
    assert rows(log) == [(R.L_OFFICER, 0, -1, -1, -1)]
    assert R.claim_colour(st, 0) == -1 and int(st[R.ST_PLAYED]) == 1 << R.OFFICER


def test_g5_officer_in_games():
    """The Officer is played in its owner's turn instead of a card, turns down the named face-up card or
    none, and never claims; it appears only in the variant."""
    assert not violations("G5")
    s = stats(["officer3", "officer4", "officer5", "stay_officer"])
    assert s["officer_hit"] > 10 and s["officer_none"] > 0
    for name in ("default", "three", "five"):
        for log in traced(name)[1]:
            assert not (log[:, 0] == R.L_OFFICER).any()


def test_g6_players_rotate_one_seat_per_game():
    ids = np.array([10, 11, 12, 13, 14], np.int64)
    rows_ = np.arange(5, dtype=np.float64).reshape(5, 1)
    for n in (3, 4, 5):
        for g in range(7):
            pids = np.zeros(n, np.int64)
            params = np.zeros((n, 1))
            E.seat_policies(g, n, ids[:n], rows_[:n], pids, params)
            for p in range(n):
                assert pids[(p + g) % n] == ids[p] and params[(p + g) % n, 0] == p


def test_g6_duplicate_plays_each_deal_n_times():
    settings = R.Settings()
    job = E.GameJob(settings, lineup("random", "lowest", "undercut", "expect"), SEED, 3, duplicate=True)
    firsts = []
    for g in range(8):
        log, res, _ = job.trace(g)
        rep = Replay(settings, log, res)
        assert not rep.violations, dict(rep.violations)
        firsts.append(rep.deals[0]["played"])
    assert firsts[0] == firsts[1] == firsts[2] == firsts[3]
    assert firsts[4] == firsts[5] == firsts[6] == firsts[7] != firsts[0]
    assert firsts[0] == _dealt_sequence(settings, 0, 1, duplicate=True)[0]
