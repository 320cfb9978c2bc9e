"""Steering an engine position along the file, and asking the search player from it at each decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from razzmatazz.analysis.razz.replay.play import unknown_note
from razzmatazz.analysis.razz.replay.read import Table
from razzmatazz.analysis.razz.replay.records import Decision, EngineRun, Result, Searcher, Street
from razzmatazz.core.cards import UNKNOWN, card_str
from razzmatazz.core.errors import InputError
from razzmatazz.core.razz import rules as R

if TYPE_CHECKING:
    from razzmatazz.core.razz.engine import GameJob


STOPPED_EARLIER = "the engine position left the file earlier in the hand"
MOVE_NAMES = {R.FOLD: "fold", R.CALL: "call", R.RAISE: "raise"}


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
            self.pos[S.PS_PSTATE + s] = _i64(game_state(self.ro[2][s], result.history.hand))

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
        pot = self._at(S.PS_VIEW + R.V_POT)
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
            short = self._at(S.PS_VIEW + R.V_STACK) < self._target() - self._at(S.PS_VIEW + R.V_BETS + d.player)
            why = "an all-in for less than a full bet, which the engine never makes (G8)" if short else ""
            raise _Diverged(
                f"{who} {d.phh.split(maxsplit=1)[1]}: "
                + (why or f"the engine offers only {' or '.join(MOVE_NAMES[m] for m in legal)} here")
            )
        if move == R.RAISE and int(d.phh.split()[2]) not in (self._target(), self._callable(d.player)):
            raise _Diverged(f"{who} {d.phh.split(maxsplit=1)[1]} where the engine's raise is to {self._target():,}")

    def _callable(self, p: int) -> int:
        """The most any other player still in can have put in this round once all in: a raise the file caps there
        (:meth:`.hand.Hand._capped`) is the engine's full raise, the chips beyond never called."""
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
        size, level = self._at(S.PS_SIZE), self._at(S.PS_LEVEL)
        return level + size if self._at(S.PS_COMPLETED) else size

    def _check_cards(self, cards: list[list[int]], community: int) -> None:
        """The engine's cards are the file's known ones (a 7th street from a reshuffled deck is not)."""
        S = self.S
        hands = self.pos[S.PS_HANDS : S.PS_VIEW].reshape(R.MAX_PLAYERS, 7)
        why = " (7th street from a reshuffled deck, which the engine shuffles with its own stream)"
        why = why if self._at(S.PS_FLAGS) >> 1 else ""
        for s, held in enumerate(cards):
            for j, c in enumerate(held):
                if c != UNKNOWN and hands[s, j] != c:
                    mine = card_str(int(hands[s, j])) if hands[s, j] >= 0 else "no card"
                    raise _Diverged(f"the engine dealt p{s + 1} {mine} where the file has {card_str(c)}{why}")
        if community >= 0 and self._at(S.PS_COMMUNITY) != community:
            raise _Diverged(f"the engine has no community card {card_str(community)}")

    def _ask(self, seat: int) -> tuple[str, str]:
        """The search player's move in ``seat`` as a PHH action and in words; its stream advances one draw."""
        from razzmatazz.core.razz import search as SR

        pids, params = self._lineup(seat)
        work = self.pos.copy()
        move = int(SR.choose(self.ro, work, seat, pids, params))
        self.pos[self.S.PS_PSTATE + seat] = work[self.S.PS_PSTATE + seat]
        return self._words(seat, move)

    def _words(self, p: int, move: int) -> tuple[str, str]:
        """A move of the actor ``p`` now as a PHH action and in words (as :func:`.play._as_action` says it)."""
        S, who = self.S, f"p{p + 1}"
        if move == R.RAISE:
            target, level = self._target(), self._at(S.PS_LEVEL)
            word = ("raise to" if level else "bet") if self._at(S.PS_COMPLETED) else "complete to"
            return f"{who} cbr {target}", f"{word} {target}"
        if move == R.FOLD:
            return f"{who} f", "fold"
        if self._at(S.PS_VIEW + R.V_BRING_IN):
            return f"{who} pb", "bring in"
        to_call = self._at(S.PS_VIEW + R.V_TO_CALL)
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
        res = self.pos[S.PS_RES : S.PS_LOG].reshape(R.MAX_PLAYERS, 5)
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
