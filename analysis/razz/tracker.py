"""Tracker statistics of Razz players over a set of replayed hands (``razz stats``; seeds/razz.md, "Tracker
statistics"): what stud trackers count, each figure with the count it is a share of."""

from __future__ import annotations

from dataclasses import dataclass, fields

from razzmatazz.analysis.razz.replay import Decision, Result, Street
from razzmatazz.core.cards import UNKNOWN

COLUMNS = (
    ("hands", "hands dealt in"),
    ("vpip", "hands with money put in voluntarily on 3rd street (a call, completion or raise; not the bring-in)"),
    ("completed", "hands completed or raised on 3rd street"),
    ("steal_chances", "3rd street unopened (only the bring-in in) with a door lower than every door still to act"),
    ("steals", "of those, completed: a steal attempt"),
    ("bring_in_faced_steal", "hands as the bring-in facing a steal attempt"),
    ("bring_in_folded_to_steal", "of those, folded"),
    ("others_faced_steal", "hands facing a steal attempt, not as the bring-in"),
    ("others_folded_to_steal", "of those, folded"),
    ("saw_4th", "hands still in on 4th street"),
    ("showdowns", "hands at the showdown (two or more still in at the end)"),
    ("won_at_showdown", "of those, won a share of a pot"),
    ("aggressive", "completions, bets and raises, every street"),
    ("calls", "calls, every street (checks and the bring-in not counted)"),
)
"""The counts per player, each with what it counts."""


@dataclass
class Tally:
    """One player's counts over the hands (:data:`COLUMNS`)."""

    hands: int = 0
    vpip: int = 0
    completed: int = 0
    steal_chances: int = 0
    steals: int = 0
    bring_in_faced_steal: int = 0
    bring_in_folded_to_steal: int = 0
    others_faced_steal: int = 0
    others_folded_to_steal: int = 0
    saw_4th: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    aggressive: int = 0
    calls: int = 0

    def row(self, name: str) -> dict:
        """The counts and the shares they give (None where the count under it is 0)."""
        counts = {f.name: getattr(self, f.name) for f in fields(self)}

        def share(a: int, b: int) -> float | None:
            return a / b if b else None

        return {
            "player": name,
            **counts,
            "vpip_rate": share(self.vpip, self.hands),
            "completion_rate": share(self.completed, self.hands),
            "steal_rate": share(self.steals, self.steal_chances),
            "bring_in_fold_to_steal_rate": share(self.bring_in_folded_to_steal, self.bring_in_faced_steal),
            "others_fold_to_steal_rate": share(self.others_folded_to_steal, self.others_faced_steal),
            "showdown_rate": share(self.showdowns, self.saw_4th),
            "won_at_showdown_rate": share(self.won_at_showdown, self.showdowns),
            "aggression_factor": share(self.aggressive, self.calls),
        }


def _verb(d: Decision) -> str:
    """A decision's PHH verb (``pb``, ``f``, ``cc``, ``cbr``, ``sm``)."""
    words = d.phh.split()
    return words[1] if len(words) > 1 else ""


def _rank(card: int) -> int:
    """A door card's rank for Razz, the ace lowest (unknown: above every card)."""
    return 99 if card == UNKNOWN else card // 4  # cards.RANKS: the ace first


def tally(results: list[Result]) -> dict[str, Tally]:
    """Every player's counts over ``results``, by name, in the order the names first appear."""
    out: dict[str, Tally] = {}
    for r in results:
        names = list(r.history.players)
        for name in names:
            out.setdefault(name, Tally()).hands += 1
        _hand(r, [out[name] for name in names])
    return out


def _hand(r: Result, t: list[Tally]) -> None:
    n = len(t)
    third = next((s for s in r.streets if s.street == 3), None)
    if third is None:
        return
    _third_street(third, t)
    folded = [False] * n
    for s in r.streets:
        if s.street == 4:
            for p in range(n):
                t[p].saw_4th += bool(s.live[p])
        for d in s.actions:
            verb = _verb(d)
            t[d.player].aggressive += verb == "cbr"
            t[d.player].calls += d.move.startswith("calls")
            folded[d.player] |= verb == "f"
    at_end = [p for p in range(n) if not folded[p]]
    if len(at_end) >= 2:
        for p in at_end:
            t[p].showdowns += 1
            t[p].won_at_showdown += bool(r.won and r.won[p] > 0)


def _third_street(s: Street, t: list[Tally]) -> None:
    """VPIP, completions and steals: who acts in turn on 3rd street, what was in when it acted."""
    n = len(t)
    acts = [d for d in s.actions if _verb(d) in ("pb", "f", "cc", "cbr")]
    doors = [cards[2] if len(cards) > 2 else UNKNOWN for cards in s.cards]
    bring_in = next((d.player for d in acts if _verb(d) == "pb"), None)
    first_act: dict[int, int] = {}
    for i, d in enumerate(acts):
        first_act.setdefault(d.player, i)
    put_in, completed = [False] * n, [False] * n
    opened = called = False
    faced: set[int] = set()
    stole_at = -1
    for i, d in enumerate(acts):
        p, verb = d.player, _verb(d)
        if p in faced:
            faced.discard(p)
            folded = verb == "f"
            if p == bring_in:
                t[p].bring_in_faced_steal += 1
                t[p].bring_in_folded_to_steal += folded
            else:
                t[p].others_faced_steal += 1
                t[p].others_folded_to_steal += folded
        if not opened and not called and p != bring_in and verb != "pb":
            later = {q for q, j in first_act.items() if j > i} | ({bring_in} if bring_in is not None else set())
            if later and all(_rank(doors[p]) < _rank(doors[q]) for q in later):
                t[p].steal_chances += 1
                if verb == "cbr":
                    t[p].steals += 1
                    faced, stole_at = set(later), i
        if i != stole_at and verb in ("cc", "cbr"):
            faced = set()  # the steal called or re-raised: those after it face that, not the steal alone
        put_in[p] |= verb in ("cc", "cbr")
        completed[p] |= verb == "cbr"
        opened |= verb == "cbr"
        called |= verb == "cc"
    for p in range(n):
        t[p].vpip += put_in[p]
        t[p].completed += completed[p]
