"""A player's decisions in hand histories set beside the strong player's (``razzmatazz razz review``).

Each hand the hero plays is followed by an engine position, as ``razz replay`` asks its search player
(:class:`.replay._Follow`). At each decision of the hero whose own cards the file shows, the search player
(``--search``, ``search-strong`` by default) is asked from the hero's observation alone: the others' down
cards and the cards to come are drawn, never read from the file. Its move is the ``best_move``. Then every
legal move is valued on ``samples`` further samples of its own (a key of the seat's stream drawn after the
search's, so the valuation does not share the draws that chose the move): the chips the hero ends the hand
with after that move, the others played by the field model. The hero's loss at the decision is the paired
mean of (best move - hero's move) over those samples, in big bets, with its 95 % interval; 0 where the hero
made the search's move. A negative loss says the hero's move valued higher than the search's choice.

The loss of several decisions is their sum (their samples are independent, so their variances add); per 100
hands it is that sum over the hands the hero played, times 100: an estimate of what the hero's decisions
cost in these hands against this field model, not of how the hero fares at other tables.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

import numpy as np

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.analysis.stats import Z95, mean_columns
from razzmatazz.core.cards import RANKS, UNKNOWN, card_str
from razzmatazz.core.errors import InputError
from razzmatazz.core.razz import rules as R

SITUATIONS = ("first in", "facing a completion", "facing a bet", "on the end")
"""Where a decision stands: nobody has completed or bet yet on this street (the bring-in's choice and an
unopened pot included); 3rd street facing a completion; facing a bet or a raise; and any 7th-street decision."""
MAX_SAMPLES = 100_000
DECISION_COLUMNS = (
    "file",
    "hand_id",
    "street",
    "situation",
    "door",
    "cards",
    "pot",
    "hero_move",
    "best_move",
    "loss",
    "loss_low",
    "loss_high",
    "samples",
)
"""The decisions table's columns (the JSON's entries without ``values``)."""
GROUP_COLUMNS = ("decisions", "differ", "loss", "loss_low", "loss_high")


@dataclass(frozen=True)
class Estimate:
    """A mean over samples in big bets and its 95 % interval."""

    mean: float
    low: float
    high: float

    @staticmethod
    def of(chips: np.ndarray, big_bet: int) -> Estimate:
        """The mean of ``chips`` (one a sample) in big bets, with a normal 95 % interval (none from one sample)."""
        values = [int(x) for x in chips]
        m = mean_columns(len(values), sum(values), sum(x * x for x in values), scale=1 / big_bet)
        mean = float(m["mean"])
        return Estimate(mean, *((float(m["ci_low"]), float(m["ci_high"])) if len(values) > 1 else (mean, mean)))

    @property
    def se(self) -> float:
        return (self.high - self.low) / (2 * Z95)


ZERO = Estimate(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Reviewed:
    """One decision of the hero: where, what the hero and the search did, each move's value, the loss."""

    file: str
    hand_id: str
    street: int
    situation: str
    door: str
    cards: str
    """The hero's cards at the decision, in the order dealt (``As 2d 4c 7h``)."""
    pot: int
    hero_move: str
    best_move: str
    values: dict[str, Estimate]
    loss: Estimate
    samples: int


@dataclass
class Review:
    """Every reviewed decision of ``hero`` and the hands counted."""

    hero: str
    decisions: list[Reviewed] = field(default_factory=list)
    hands: int = 0
    """Hands the hero played (reviewed wholly or in part)."""
    absent: int = 0
    """Hands read in which no player has the hero's name."""
    not_reviewed: list[dict] = field(default_factory=list)
    """Decisions of the hero not reviewed, each with its hand and why."""


def situation(street: int, completed: bool, level: int, to_call: int, small_bet: int) -> str:
    """The :data:`SITUATIONS` entry of a decision."""
    if street == 7:
        return SITUATIONS[3]
    if not completed or to_call == 0 or level == 0:
        return SITUATIONS[0]
    return SITUATIONS[1] if street == 3 and level == small_bet else SITUATIONS[2]


class _Review(RP._Follow):
    """The engine position following one file; the hero's decisions valued."""

    def __init__(
        self, result: RP.Result, searcher: RP.Searcher, hero: int, hand: int, samples: int, found: list[Reviewed]
    ) -> None:
        from razzmatazz.core.razz import state as S
        from razzmatazz.core.rng import game_state

        super().__init__(result, searcher)
        self.result, self.hero, self.samples = result, hero, samples
        if result.history.site is not None:  # a site's hands have no number of a run: each its own draws
            self.pos[S.PS_PSTATE + hero] = RP._i64(game_state(self.ro[2][hero], hand))
        self.found = found

    def decide(self, street: RP.Street, d: RP.Decision) -> None:
        move = RP._file_move(d)
        self._check(street, d, move)
        if d.player == self.hero:
            if UNKNOWN in street.cards[d.player]:
                raise _NotShown(RP.unknown_note(d.player))
            self.found.append(self._value(street, d, move))
        self.S.apply(self.ro, self.pos, move)

    def _value(self, street: RP.Street, d: RP.Decision, move: int) -> Reviewed:
        from razzmatazz.core.razz import search as SR

        S, t = self.S, self.t
        pids, params = self._lineup(self.hero)
        moves, chips = SR.move_values(self.ro, self.pos, self.hero, pids, params, self.samples)
        best = self._ask(self.hero)
        words = {int(m): self._words(self.hero, int(m))[1] for m in moves}
        column = {int(m): c for c, m in enumerate(moves)}
        best_move = next(int(m) for m in moves if self._words(self.hero, int(m))[0] == best[0])
        values = {words[m]: Estimate.of(chips[:, c], t.big_bet) for m, c in column.items()} if len(chips) else {}
        loss = ZERO
        if best_move != move:
            loss = Estimate.of(chips[:, column[best_move]] - chips[:, column[move]], t.big_bet)
        history = self.result.history
        return Reviewed(
            file=history.path,
            hand_id=_hand_id(history),
            street=street.street,
            situation=situation(
                street.street,
                bool(self._at(S.PS_COMPLETED)),
                self._at(S.PS_LEVEL),
                self._at(S.PS_VIEW + R.V_TO_CALL),
                t.small_bet,
            ),
            door=RANKS[street.cards[self.hero][2] // 4],
            cards=" ".join(card_str(c) for c in street.cards[self.hero]),
            pot=d.pot or 0,
            hero_move=words[move],
            best_move=words[best_move],
            values=values,
            loss=loss,
            samples=len(chips),
        )


def _hand_id(history: RP.History) -> str:
    """The site's number of the hand, or its number in its run (a PHH file)."""
    return history.hand_id or str(history.hand)


def _not_reviewed(history: RP.History, action: str, why: str) -> dict:
    """An entry of :attr:`Review.not_reviewed`."""
    return {"file": history.path, "hand_id": _hand_id(history), "action": action, "reason": why}


class _NotShown(Exception):
    """The hero's own cards are not all in the file at a decision."""


def review(results: Iterable[RP.Result], hero: str, searcher: RP.Searcher, samples: int) -> Review:
    """Every decision of the player named ``hero`` in ``results`` reviewed (see the module doc)."""
    out = Review(hero)
    for i, result in enumerate(results):
        players = result.history.players
        if hero not in players:
            out.absent += 1
            continue
        if players.count(hero) > 1:  # a simulation's file may seat one policy twice
            why = f"{players.count(hero)} players have that name"
            out.not_reviewed.append(_not_reviewed(result.history, "", why))
            continue
        out.hands += 1
        _review_hand(out, result, players.index(hero), searcher, samples, i)
    if out.hands == 0:
        why = "a player of that name" if not out.not_reviewed else "only one player of that name (it names several)"
        raise InputError(f"--hero {hero!r}: no hand read has {why}")
    return out


def _review_hand(out: Review, result: RP.Result, hero: int, searcher: RP.Searcher, samples: int, i: int) -> None:
    """The hero's decisions in one hand added to ``out``; those after the engine and the file part are listed."""
    follow: _Review | None = None
    why = ""
    try:
        follow = _Review(result, searcher, hero, i, samples, out.decisions)
    except RP._Diverged as e:
        why = str(e)
    history = result.history
    for street in result.streets:
        for d in (d for d in street.actions if d.pot is not None):
            if follow is not None:
                try:
                    follow.decide(street, d)
                    continue
                except (RP._Diverged, _NotShown) as e:
                    why, follow = str(e), None
            if d.player == hero:
                out.not_reviewed.append(_not_reviewed(history, d.phh, why))


def check_samples(samples: int) -> int:
    """``--samples``: 2 to :data:`MAX_SAMPLES`."""
    if not 2 <= samples <= MAX_SAMPLES:
        raise InputError(f"--samples {samples}: must be 2 to {MAX_SAMPLES:,}")
    return samples


# ----------------------------------------------------------------------------- summaries


def total(decisions: list[Reviewed]) -> Estimate:
    """The summed loss of ``decisions`` (independent samples: the variances add), big bets."""
    mean = sum(d.loss.mean for d in decisions)
    half = Z95 * math.sqrt(sum(d.loss.se**2 for d in decisions))
    return Estimate(mean, mean - half, mean + half)


def per_100(loss: Estimate, hands: int) -> Estimate:
    """A summed loss per 100 hands."""
    k = 100 / hands if hands else 0.0
    return Estimate(loss.mean * k, loss.low * k, loss.high * k)


def groups(decisions: list[Reviewed], key: str, order: Iterable) -> list[dict]:
    """One row per value of ``key`` (in ``order``, those with decisions): decisions, how many the hero made
    otherwise than the search, and the summed loss in big bets with its interval."""
    rows = []
    for value in order:
        these = [d for d in decisions if getattr(d, key) == value]
        if these:
            loss = total(these)
            rows.append(
                {
                    key: value,
                    "decisions": len(these),
                    "differ": sum(d.hero_move != d.best_move for d in these),
                    "loss": loss.mean,
                    "loss_low": loss.low,
                    "loss_high": loss.high,
                }
            )
    return rows


def summary(r: Review) -> dict:
    """The JSON's ``summary``: totals, then the loss by street, by door card and by situation."""
    lost = per_100(total(r.decisions), r.hands)
    return {
        "hero": r.hero,
        "hands": r.hands,
        "decisions": len(r.decisions),
        "differ": sum(d.hero_move != d.best_move for d in r.decisions),
        "bb_per_100_lost": lost.mean,
        "low": lost.low,
        "high": lost.high,
        "absent": r.absent,
        "not_reviewed": len(r.not_reviewed),
        "by_street": groups(r.decisions, "street", range(3, 8)),
        "by_door": groups(r.decisions, "door", RANKS),
        "by_situation": groups(r.decisions, "situation", SITUATIONS),
    }


def decision_dict(d: Reviewed) -> dict:
    """One entry of the JSON's ``decisions``."""
    where = {k: getattr(d, k) for k in DECISION_COLUMNS[:9]}
    values = {m: asdict(v) for m, v in d.values.items()}
    return {
        **where,
        "loss": d.loss.mean,
        "loss_low": d.loss.low,
        "loss_high": d.loss.high,
        "values": values,
        "samples": d.samples,
    }


def as_dict(r: Review, searcher: RP.Searcher, samples: int, errors: list[str], stats: list[dict]) -> dict:
    """The review as JSON."""
    return {
        "hero": r.hero,
        "search": searcher.policy.label,
        "field_model": searcher.model.label,
        "seed": searcher.seed,
        "samples": samples,
        "summary": summary(r),
        "decisions": [decision_dict(d) for d in r.decisions],
        "not_reviewed": r.not_reviewed,
        "stats": stats,
        "errors": errors,
    }


def _bb(e: Estimate) -> str:
    return f"{e.mean:+.2f} [{e.low:+.2f}, {e.high:+.2f}]"


def text(r: Review, searcher: RP.Searcher, samples: int) -> str:
    """The review for people: the total, the tables by street, door and situation, then each decision where the
    hero and the search differ."""
    s = summary(r)
    lines = [
        f"{r.hero}: {s['hands']:,} hands, {s['decisions']:,} decisions reviewed, {s['differ']:,} made otherwise "
        f"than {searcher.policy.label}",
        f"estimated loss {s['bb_per_100_lost']:+.1f} big bets per 100 hands [{s['low']:+.1f}, {s['high']:+.1f}] "
        f"(95 %; each decision's moves valued on {samples:,} samples, the field played as {searcher.model.label}; "
        f"seed {searcher.seed})",
    ]
    if r.absent or r.not_reviewed:
        lines.append(f"{r.absent:,} hands without {r.hero} skipped; {len(r.not_reviewed):,} decisions not reviewed")
    for title, key in (("street", "by_street"), ("door card", "by_door"), ("situation", "by_situation")):
        lines += ["", f"loss by {title} (big bets, 95 %):"]
        for row in s[key]:
            name = RP.STREET_NAMES[row["street"]] if key == "by_street" else row[key.removeprefix("by_")]
            est = Estimate(row["loss"], row["loss_low"], row["loss_high"])
            lines.append(f"  {name:<20} {row['decisions']:>5} decisions {row['differ']:>4} differ  {_bb(est)}")
    differ = [d for d in r.decisions if d.hero_move != d.best_move]
    if differ:
        lines += ["", "decisions made otherwise (big bets; each move's value, 95 %):"]
        for d in differ:
            values = "; ".join(f"{m} {_bb(v)}" for m, v in d.values.items())
            lines.append(
                f"  #{d.hand_id} {RP.STREET_NAMES[d.street]} [{d.cards}] ({d.situation}): {d.hero_move}, "
                f"search {d.best_move}, "
                f"loss {_bb(d.loss)}  [{values}]"
            )
    for n in r.not_reviewed:
        lines.append(f"  not reviewed: #{n['hand_id']} {n['action']}: {n['reason']}")
    return "\n".join(lines)
