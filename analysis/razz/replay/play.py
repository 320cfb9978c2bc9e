"""Playing a file action by action, and what the asked policies would have done at each decision."""

from __future__ import annotations

import numpy as np

from razzmatazz.analysis.razz.replay.hand import Hand, _Illegal, _slot_is_down
from razzmatazz.analysis.razz.replay.read import MAX_CHIPS, History, ReplayError
from razzmatazz.analysis.razz.replay.records import Decision, Result
from razzmatazz.core.cards import UNKNOWN
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Policy
from razzmatazz.core.razz import rules as R

DEFAULT_POLICIES = ("tag", "rock", "station", "steal", "reader")
"""The policies asked at every decision unless others are named: the built-in Razz heuristics."""
NOT_ASKED = ("random", "script")
"""Policies that are not decision rules to compare a move with (coin flips, a fixed script)."""


def _policy_answers(hand: Hand, p: int) -> tuple[dict[str, tuple[str, str]] | None, str]:
    """What each policy would do at ``p``'s decision, as a PHH action and in words (None: not asked, and why)."""
    if not hand.policies:
        return None, ""
    if UNKNOWN in hand.cards[p]:
        return None, unknown_note(p)
    view, can_raise, target = policy_view(hand, p)
    from razzmatazz.core.razz.policies import decide

    answers = {}
    for policy in hand.policies:
        move, _ = decide(policy.spec.id, np.array(policy.row), view.copy(), np.uint64(0))
        answers[policy.label] = _as_action(hand, p, _repair(hand, p, int(move), can_raise), target)
    return answers, ""


def unknown_note(p: int) -> str:
    """Why a decision is not asked about: its player's cards are not all known."""
    return f"not asked: p{p + 1}'s own cards are not all known"


def policy_view(hand: Hand, p: int) -> tuple[np.ndarray, bool, int | None]:
    """The view the engine gives ``p``'s policy here (G10), whether it may raise, and to what."""
    t, n = hand.t, hand.t.n
    target, _ = hand.cbr_target(p)
    can_raise = target is not None and hand.full_raise(p)
    v = np.full(R.VIEW_LEN, -1, np.int64)
    v[R.V_STREET], v[R.V_SEAT], v[R.V_PLAYERS] = hand.street, p, n
    v[R.V_TO_CALL] = min(hand.level - hand.bets[p], hand.stacks[p])
    v[R.V_POT], v[R.V_BET_SIZE], v[R.V_BETS_MADE] = sum(hand.put), hand.size, hand.raises
    v[R.V_CAP], v[R.V_CAN_RAISE], v[R.V_BRING_IN] = t.cap, can_raise, hand.bring_in_status
    v[R.V_LEVEL], v[R.V_STACK], v[R.V_COMMUNITY] = hand.level, hand.stacks[p], hand.community
    v[R.V_IN_HAND], v[R.V_TO_ACT], v[R.V_BRING_IN_SEAT] = hand.n_live, len(hand.queue) - 1, hand.bring_in_seat
    v[R.V_COMPLETED], v[R.V_DECISIONS] = not hand.completion_status, hand.decisions[p]
    for j, c in enumerate(hand.cards[p]):
        v[R.V_OWN + j] = c
    for s in range(R.MAX_PLAYERS):
        up = [c for j, c in enumerate(hand.cards[s]) if not _slot_is_down(j)] if s < n else []
        for j, c in enumerate(up[:4]):
            v[R.V_UP + 4 * s + j] = c
        folded = s >= n or not hand.live[s]
        v[R.V_STATUS + s] = R.FOLDED if folded else R.ALL_IN if hand.stacks[s] == 0 else R.IN
        v[R.V_BETS + s] = hand.bets[s] if s < n else 0
        v[R.V_PUT + s] = hand.put[s] if s < n else 0
    return v, can_raise, target


def _repair(hand: Hand, p: int, move: int, can_raise: bool) -> int:
    """The move the engine plays for a policy's answer (G10): the nearest legal one."""
    if hand.bring_in_status:
        return R.RAISE if move == R.RAISE and can_raise else R.CALL
    if move == R.RAISE and not can_raise:
        return R.CALL
    if move == R.FOLD and hand.bets[p] >= hand.level:
        return R.CALL
    return move if move in (R.FOLD, R.RAISE) else R.CALL


def _as_action(hand: Hand, p: int, move: int, target: int | None) -> tuple[str, str]:
    """A move of ``p`` now as a PHH action and in words."""
    who = hand.name(p)
    if move == R.RAISE:
        return f"{who} cbr {target}", f"{hand._cbr_word()} {target}"
    if move == R.FOLD:
        return f"{who} f", "fold"
    if hand.bring_in_status:
        return f"{who} pb", "bring in"
    to_call = min(hand.level - hand.bets[p], hand.stacks[p])
    return f"{who} cc", "check" if to_call == 0 else f"call {to_call}"


def _digits(word: str) -> bool:
    """``word`` is written in the digits 0-9 (``str.isdigit`` also takes ``²`` and ``٥``, which ``int`` refuses or
    PHH does not write)."""
    return word.isascii() and word.isdigit()


def _player(word: str, n: int) -> int:
    number = word[1:]
    if word[:1] != "p" or not _digits(number) or len(number) > 3 or not 1 <= int(number) <= n:
        raise _Illegal(f"{shorten(word)!r} is not a player (p1 to p{n})")
    return int(number) - 1


def _amount(word: str) -> int:
    if not _digits(word):
        raise _Illegal(f"{shorten(word)!r} is not a whole number of chips")
    if len(word) > len(str(MAX_CHIPS)):
        raise _Illegal(f"{shorten(word)} chips: more than any stack holds (at most {MAX_CHIPS:,})")
    return int(word)


def apply(hand: Hand, words: list[str]) -> Decision | None:
    """Play one action (its words, the comment left out); returns what it did, or None for dealing."""
    n = hand.t.n
    match words:
        case ["d", "dh", who, cards]:
            hand.deal_hole(_player(who, n), cards)
            return None
        case ["d", "db", cards]:
            hand.deal_board(cards)
            return None
        case [who, "sm", *rest] if len(rest) <= 1:
            p = _player(who, n)
            return Decision(p, " ".join(words), hand.show(p, rest[0] if rest else None))
        case [who, ("pb" | "f" | "cc") as verb] | [who, "cbr" as verb, _]:
            p = _player(who, n)
            turn = hand.phase == "bet" and hand.queue[0] == p
            answers, note = _policy_answers(hand, p) if turn else (None, "")
            pot = sum(hand.put)
            if verb == "pb":
                move = hand.bring_in(p)
            elif verb == "f":
                move = hand.fold(p)
            elif verb == "cc":
                move = hand.check_call(p)
            else:
                move = hand.complete_bet_raise(p, _amount(words[2]))
            return Decision(p, " ".join(words), move, answers, note, pot)
    raise _Illegal("not a Razz action (d dh, d db, pb, f, cc, cbr, sm)")


def replay(history: History, policies: tuple[Policy, ...] = ()) -> Result:
    """Play every action of ``history``; :class:`ReplayError` at the first one the rules forbid."""
    hand = Hand(history.table, policies)
    for i, action in enumerate(history.actions, 1):
        words = action.split("#", 1)[0].split()
        if not words:
            continue
        try:
            decision = apply(hand, words)
        except _Illegal as e:
            where = history.sources[i - 1] if history.sources else f"action {i} {shorten(action.strip())!r}"
            raise ReplayError(f"{history.path}: {where}: {e}") from None
        if decision is not None:
            hand.streets[-1].actions.append(decision)
    try:
        finishing, classes, won = hand.finish()
    except _Illegal as e:
        raise ReplayError(f"{history.path}: {e}") from None
    return Result(history, hand.streets, finishing, classes, hand.notes, won, [list(c) for c in hand.cards])


def policy_list(texts: tuple[str, ...]) -> tuple[Policy, ...]:
    """The policies to ask (default :data:`DEFAULT_POLICIES`); random and script are refused."""
    from razzmatazz.core.razz.policies import REGISTRY

    policies = tuple(REGISTRY.parse(t) for t in (texts or DEFAULT_POLICIES))
    for p in policies:
        if p.spec.name in NOT_ASKED:
            raise InputError(f"--policy {p.spec.name}: it is not a decision rule to compare a move with")
        if p.spec.name == "search":
            raise InputError(f"--policy {p.label}: the search player is asked with --search")
    labels = [p.label for p in policies]
    if len(set(labels)) != len(labels):
        raise InputError(f"--policy names {max(labels, key=labels.count)} twice")
    return policies
