"""Razz analyses for the CLI and notebooks: hand evaluation, equity queries, starting-hand tables."""

from __future__ import annotations

import re
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd

from razzmatazz.analysis.inputs import check_seed
from razzmatazz.analysis.stats import Z95, Share, equity_columns, exact_share, from_counts
from razzmatazz.core import batch, streams
from razzmatazz.core.cards import ANY_SUIT, DECK_SIZE, RANKS, UNKNOWN, ParsedHand, card_str, parse_hand, resolve_suits
from razzmatazz.core.errors import InputError
from razzmatazz.core.razz import equity as mc
from razzmatazz.core.razz import exact
from razzmatazz.core.razz.deal import COMMUNITY_CONVENTION, HAND_SIZE, MAX_PLAYERS, Deal, make_deal
from razzmatazz.core.razz.evaluate import evaluate
from razzmatazz.core.razz.names import draw_odds, hand_name
from razzmatazz.core.razz.ranges import is_range
from razzmatazz.core.razz.ranking import category_of, class_ranks
from razzmatazz.core.rng import new_seed

MAX_TRIALS = 10**12
"""Largest trial count accepted (about a day of one core heads-up); counts stay far below int64."""
MAX_OPPONENTS = MAX_PLAYERS - 1
DEFAULT_TRIALS = 1_000_000
DEFAULT_TABLE_TRIALS = 100_000
FIRST_ROUND = 100_000
"""Trials of the first round of a run to a precision (``equity(precision=...)``)."""
PRECISION_TRIALS = 10**10
"""Most trials a run to a precision plays unless ``trials`` says otherwise."""
ALL_OPPONENTS = tuple(range(1, MAX_OPPONENTS + 1))


class BadInput(InputError):
    """A request that cannot be answered as asked (reported as one line, exit status 2)."""


# ----------------------------------------------------------------------------- evaluation


def evaluate_texts(texts: list[str]) -> list[dict]:
    """Best low of each hand text (5 to 7 cards): ``hand``, ``best``, ``name``, ``category``, ``class``.

    Cards are echoed as written: a rank given without a suit is shown without one.
    """
    hands, shown = [], []
    for line, text in enumerate(texts, 1):
        where = f" (hand {line})" if len(texts) > 1 else ""
        try:
            parsed = parse_hand(text)
        except InputError as e:
            raise BadInput(f"{e}{where}") from None
        if not 5 <= len(parsed) <= 7:
            raise BadInput(f"a hand to evaluate has 5 to 7 cards, {text.strip()!r} has {len(parsed)}{where}")
        cards = resolve_suits([parsed])[0]
        hands.append(cards)
        shown.append(
            {
                int(c): card_str(int(c)) if su != ANY_SUIT else RANKS[r]
                for c, r, su in zip(cards, parsed.ranks, parsed.suits)
            }
        )
    classes = [0] * len(hands)
    for size in {len(h) for h in hands}:
        idx = [i for i, h in enumerate(hands) if len(h) == size]
        for i, cls in zip(idx, evaluate(np.stack([hands[i] for i in idx]))):
            classes[i] = int(cls)
    return [
        {
            "hand": "".join(names[int(c)] for c in cards),
            "best": "".join(names[c] for c in best_five(cards, cls)),
            "name": hand_name(cls),
            "category": category_of(cls),
            "class": cls,
        }
        for cards, names, cls in zip(hands, shown, classes)
    ]


def best_five(cards: np.ndarray, cls: int) -> list[int]:
    """The five cards of ``cards`` making class ``cls``, in comparison order.

    Rank groups by size, then rank, highest first: ``5s4c3d2hAs``, ``4h4sKh7c2c`` (fours with
    K-7-2), ``4c4d4hKcKd`` (fours full of kings).
    """
    ranks = class_ranks()[cls].tolist()
    order = sorted(set(ranks), key=lambda r: (-ranks.count(r), -r))
    left = [int(c) for c in cards]
    picked = []
    for r in order:
        for _ in range(ranks.count(r)):
            c = next(c for c in left if c >> 2 == r)
            left.remove(c)
            picked.append(c)
    return picked


# ----------------------------------------------------------------------------- equity


@dataclass
class EquityResult:
    """Answer to one equity question; ``shares[0]`` is the hero."""

    hero: str
    opponents: list[str]
    dead: str
    shares: list[Share]
    trials: int
    exact: bool
    seed: int | None
    community_card: bool
    convention: str = COMMUNITY_CONVENTION
    method: str = field(default="")
    combos: list[int | None] = field(default_factory=list)
    """Live combinations of each player's range after card removal (None: not a range)."""
    precision: float | None = None
    """The half-width asked for (percentage points of the hero's equity), if the run went to a precision."""
    reached: bool | None = None
    """Did the hero's 95 % half-width get down to :attr:`precision` within the trials allowed?"""

    @property
    def half_width(self) -> float:
        """Half the width of the hero's 95 % interval, in percentage points (0 when exact)."""
        lo, hi = self.shares[0].ci95
        return 0.0 if self.exact else 100 * (hi - lo) / 2

    def combos_of(self, p: int) -> int | None:
        return self.combos[p] if self.combos else None

    def as_dict(self) -> dict:
        hero = self.shares[0].as_dict()
        return {
            "hero": self.hero,
            "hero_combos": self.combos_of(0),
            "opponents": [
                {"hand": h, "combos": self.combos_of(i + 1), **s.as_dict()}
                for i, (h, s) in enumerate(zip(self.opponents, self.shares[1:]))
            ],
            "dead": self.dead,
            "equity": hero["equity"],
            "win": hero["win"],
            "tie": hero["tie"],
            "stderr": hero["stderr"],
            "ci95": hero["ci95"],
            "win_ci95": hero["win_ci95"],
            "trials": self.trials,
            "exact": self.exact,
            "seed": self.seed,
            "method": self.method,
            "community_card": self.community_card,
            "convention": self.convention,
            "precision": self.precision,
            "half_width": self.half_width,
            "reached": self.reached,
        }

    def frame(self) -> pd.DataFrame:
        """One row per player."""
        rows = [{"player": "hero", "hand": self.hero, "combos": self.combos_of(0), **self.shares[0].as_dict()}]
        rows += [
            {"player": f"opponent {i + 1}", "hand": h, "combos": self.combos_of(i + 1), **s.as_dict()}
            for i, (h, s) in enumerate(zip(self.opponents, self.shares[1:]))
        ]
        df = pd.DataFrame(rows)
        for col in ("ci95", "win_ci95"):
            df[[f"{col}_low", f"{col}_high"]] = pd.DataFrame(df.pop(col).tolist(), index=df.index)
        df["seed"] = self.seed
        df["community_card"] = self.community_card
        df["convention"] = self.convention
        return df


def opponent_hands(hands: list[str], count: int | None = None) -> list[str]:
    """The opponents of an equity question: ``hands`` first, then ``random`` up to ``count``.

    Without ``count`` there are as many opponents as hands, or one random opponent.
    """
    hands = list(hands)
    if count is None:
        return hands or ["random"]
    if not 1 <= count <= MAX_OPPONENTS:
        raise BadInput(f"Razz takes 1 to {MAX_OPPONENTS} opponents, got {count}")
    if count < len(hands):
        raise BadInput(f"number of opponents {count} is less than the {len(hands)} hands given")
    return hands + ["random"] * (count - len(hands))


def equity(
    hero: str,
    opponents: list[str],
    dead: str = "",
    *,
    trials: int | None = None,
    exact_enum: bool = False,
    seed: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
    precision: float | None = None,
) -> EquityResult:
    """All-in equity of ``hero`` against ``opponents`` (hand, range or ``"random"`` texts).

    Monte Carlo with ``trials`` trials (default 1,000,000) from root ``seed`` (drawn when
    None; the result keeps it), or exact enumeration when ``exact_enum`` (heads-up only, a
    hand against a hand or a range; no trials, no seed). With ``precision`` (percentage points),
    Monte Carlo runs in rounds until the hero's 95 % half-width is at most ``precision``, ``trials``
    being then the most it may play (default :data:`PRECISION_TRIALS`): the trials are those of one
    run, so the answer equals ``equity(trials=result.trials, seed=result.seed)``. Raises
    :class:`~razzmatazz.core.errors.InputError` naming the problem.
    """
    deal = check_equity_request(
        hero, opponents, dead, trials=trials, exact_enum=exact_enum, seed=seed, precision=precision
    )
    labels = [_label(text) for text in [hero, *opponents]]
    combos = [len(r) if r is not None else None for r in deal.ranges]
    if exact_enum:
        shares, deals = _exact_shares(deal)
        return EquityResult(
            labels[0],
            labels[1:],
            _label(dead),
            shares,
            deals,
            True,
            None,
            deal.community,
            method="exact enumeration of all deals",
            combos=combos,
        )
    seed = new_seed() if seed is None else seed
    key = streams.key(seed, "razz", "equity")
    if precision is None:
        trials = DEFAULT_TRIALS if trials is None else trials
        counts = _trials(deal, key, 0, trials, executor, progress)
        reached = None
    else:
        counts, trials, reached = _to_precision(deal, key, precision, trials or PRECISION_TRIALS, executor, progress)
    return EquityResult(
        labels[0],
        labels[1:],
        _label(dead),
        from_counts(counts, trials),
        trials,
        False,
        seed,
        deal.community,
        method="Monte Carlo",
        combos=combos,
        precision=precision,
        reached=reached,
    )


@dataclass(frozen=True)
class _TrialRange:
    """Trials ``first .. first + n_items - 1`` of an equity job, as a job of their own (a round)."""

    job: mc.EquityJob
    first: int
    n_items: int

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        return self.job.run_chunk(self.first + start, self.first + stop)


def _trials(
    deal: Deal, key: np.uint64, first: int, n: int, executor: Executor | None, progress: bool | None
) -> np.ndarray:
    """The counts of trials ``first .. first + n - 1``; refused if the ranges could hardly ever be dealt."""
    job = _TrialRange(mc.EquityJob(deal, key, first + n), first, n)
    counts = batch.run([job], executor=executor, progress=progress, desc="equity", unit="trial")[0]
    if counts[0, 0]:
        raise BadInput(
            f"in {counts[0, 0]:,} trials the ranges shared a card in {mc.MAX_REDRAWS:,} draws in a row: "
            "they can almost never be dealt together"
        )
    return counts


def _to_precision(
    deal: Deal, key: np.uint64, precision: float, most: int, executor: Executor | None, progress: bool | None
) -> tuple[np.ndarray, int, bool]:
    """Rounds of trials until the hero's half-width is at most ``precision`` points, or ``most`` trials.

    Each round plays the next trials of the one run; its size is what the half-width so far says is
    still needed (the half-width falls as 1 / sqrt(trials)), plus 10 %, at least 10,000 trials.
    """
    done, counts = 0, None
    n = min(FIRST_ROUND, most)
    while True:
        part = _trials(deal, key, done, n, executor, progress)
        counts = part if counts is None else counts + part
        done += n
        lo, hi = from_counts(counts, done)[0].ci95
        half = 100 * (hi - lo) / 2
        if half <= precision or done >= most:
            return counts, done, half <= precision
        need = int(done * (half / precision) ** 2 * 1.1) - done
        n = min(most - done, max(10_000, -(-need // 10_000) * 10_000))


def _exact_shares(deal: Deal) -> tuple[list[Share], int]:
    """Exact heads-up shares of both players, and the number of deals enumerated."""
    if not deal.ranges:
        wins, ties, deals = exact.heads_up(deal)
        return [exact_share(wins, ties, deals), exact_share(wins, ties, deals, hero=False)], deals
    win, tie, _, deals = exact.heads_up_ranges(deal)
    lose = 1.0 - win - tie
    return [
        Share(e, w, tie, 0.0, (e, e), (w, w), deals, True) for w, e in ((win, win + tie / 2), (lose, lose + tie / 2))
    ], deals


@lru_cache(maxsize=8)
def _deal(hero: str, opponents: tuple[str, ...], dead: str) -> Deal:
    """:func:`make_deal`, remembered: a range is enumerated once for the check and the run."""
    return make_deal(hero, list(opponents), dead)


def check_equity_request(
    hero: str,
    opponents: list[str],
    dead: str = "",
    *,
    trials: int | None = None,
    exact_enum: bool = False,
    seed: int | None = None,
    precision: float | None = None,
) -> Deal:
    """Refuse an equity question that cannot be answered as asked (before any work); returns its deal."""
    if precision is not None:
        if exact_enum:
            raise BadInput("exact enumeration has no sampling error; --precision is for Monte Carlo")
        if isinstance(precision, bool) or not isinstance(precision, int | float) or not 0.001 <= precision <= 50:
            raise BadInput(f"the precision is a half-width in percentage points, 0.001 to 50, got {precision!r}")
    if exact_enum:
        if len(opponents) != 1:
            raise BadInput(f"exact enumeration covers heads-up (one opponent) only, got {len(opponents)} opponents")
        if is_range(hero) and is_range(opponents[0]):
            raise BadInput("exact enumeration covers a hand against a range, not a range against a range")
        if trials is not None:
            raise BadInput("exact enumeration counts every deal; it takes no number of trials")
        if seed is not None:
            raise BadInput("exact enumeration uses no random numbers; it takes no seed")
    if trials is not None:
        check_trials(trials)
    if seed is not None:
        check_seed(seed)
    return _deal(hero, tuple(opponents), dead)


def check_trials(trials: int) -> None:
    """Refuse a trial count that is not positive or beyond :data:`MAX_TRIALS`."""
    if not 1 <= trials <= MAX_TRIALS:
        raise BadInput(f"trials must be between 1 and {MAX_TRIALS:,}, got {trials:,}")


def opponent_counts(text: str) -> list[int]:
    """Parse numbers of opponents like ``1-7`` or ``1,3,7`` (each 1 to 7), checking bounds first."""
    out: set[int] = set()
    for part in text.split(","):
        lo, dash, hi = part.strip().partition("-")
        try:
            a, b = int(lo), int(hi if dash else lo)
        except ValueError:
            a = b = 0
        if not (1 <= a <= b <= MAX_OPPONENTS):
            raise BadInput(
                f"numbers of opponents are 1 to {MAX_OPPONENTS}, written like '1-7' or '1,3,7'; got {text!r}"
            )
        out.update(range(a, b + 1))
    return sorted(out)


def check_table_request(trials: int, opponents: Sequence[int], rank_by: int | None = None) -> None:
    """Refuse a starting-hand table that cannot be computed as asked."""
    check_trials(trials)
    if not opponents or any(not 1 <= k <= MAX_OPPONENTS for k in opponents):
        raise BadInput(f"numbers of opponents must be between 1 and {MAX_OPPONENTS}, got {opponents}")
    if rank_by is not None and rank_by not in opponents:
        raise BadInput(f"cannot rank by {rank_by} opponents: the table has {', '.join(map(str, opponents))}")


def _label(text: str) -> str:
    """A hand or range as the user wrote it, without spaces."""
    return re.sub(r"\s+", "", text)


# ----------------------------------------------------------------------------- starting hands


def start_label(counts: np.ndarray) -> str:
    """``A23``-style label (ranks ascending) of a three-card rank multiset."""
    return "".join(RANKS[r] * int(n) for r, n in enumerate(counts))


def _kind(counts: np.ndarray) -> str:
    top = int(np.max(counts))
    return {1: "three different", 2: "pair", 3: "trips"}[top]


def starting_table(
    *,
    trials: int = DEFAULT_TABLE_TRIALS,
    opponents: Sequence[int] = ALL_OPPONENTS,
    exact_heads_up: bool = True,
    seed: int,
    executor: Executor | None = None,
    progress: bool | None = False,
) -> pd.DataFrame:
    """Equity of all 455 three-card starts against 1 to 7 random opponents, one row per cell.

    Monte Carlo cells use stream ``razz/table`` with parts (start, opponents); with
    ``exact_heads_up`` (the default) the one-opponent column is enumerated exactly instead.
    Columns include ``rank`` (1 = best within its number of opponents) and ``same_as_next``:
    whether the order of this start and the next one down cannot be told apart at 95 %.
    """
    opponents = sorted(set(opponents))
    check_table_request(trials, opponents)
    starts = exact.multisets(3)[0]
    labels = [start_label(s) for s in starts]
    frames = []
    mc_opps = [k for k in sorted(set(opponents)) if not (exact_heads_up and k == 1)]
    if exact_heads_up and 1 in opponents:
        frames.append(_exact_column(starts, labels))
    if mc_opps:
        jobs, cells = [], []
        for i, label in enumerate(labels):
            for k in mc_opps:
                deal = make_deal(label, ["random"] * k)
                jobs.append(mc.EquityJob(deal, streams.key(seed, "razz", "table", i, k), trials))
                cells.append((i, k, deal.community))
        counts = batch.run(jobs, executor=executor, progress=progress, desc="starting hands", unit="trial")
        width = max(c.shape[1] for c in counts)
        hero = np.zeros((len(counts), width), np.int64)
        for row, c in enumerate(counts):
            hero[row, : c.shape[1]] = c[0]
        cols = equity_columns(hero, np.full(len(counts), trials))
        frames.append(
            pd.DataFrame(
                {
                    "hand": [labels[i] for i, _, _ in cells],
                    "opponents": [k for _, k, _ in cells],
                    **cols,
                    "trials": trials,
                    "exact": False,
                    "community_card": [cc for _, _, cc in cells],
                    "wins": hero[:, 1],
                    "tie_share_sum": (hero[:, 2:] / np.arange(2, width)).sum(axis=1),
                }
            )
        )
    df = pd.concat(frames, ignore_index=True)
    kind = {lab: _kind(s) for lab, s in zip(labels, starts)}
    high = {lab: RANKS[int(np.nonzero(s)[0].max())] for lab, s in zip(labels, starts)}
    df.insert(1, "kind", df["hand"].map(kind))
    df.insert(2, "high_card", df["hand"].map(high))
    df["rank"] = df.groupby("opponents")["equity"].rank(ascending=False, method="min").astype(int)
    df = df.sort_values(["opponents", "rank", "hand"]).reset_index(drop=True)
    df["same_as_next"] = _same_as_next(df)
    return df


def _same_as_next(df: pd.DataFrame) -> np.ndarray:
    """Per row (sorted best first within each number of opponents): is the gap to the next row within noise?

    Cells are independent streams, so the gap's standard error is sqrt(se1**2 + se2**2); a gap
    below 1.96 of those (or exactly zero) does not establish the order at 95 %.
    """
    nxt = df.groupby("opponents")[["equity", "stderr"]].shift(-1)
    gap = df["equity"] - nxt["equity"]
    se = np.sqrt(df["stderr"] ** 2 + nxt["stderr"] ** 2)
    return ((gap <= Z95 * se) & nxt["equity"].notna()).to_numpy()


def wide_equity(table: pd.DataFrame, values: str = "equity", rank_by: int | None = None) -> pd.DataFrame:
    """``values`` of a starting-hand table as hands x opponents, best first by column ``rank_by``.

    ``rank_by`` defaults to the fewest opponents in the table.
    """
    wide = table.pivot(index="hand", columns="opponents", values="equity")
    by = wide.columns.min() if rank_by is None else rank_by
    order = wide.sort_values(by, ascending=False, kind="stable").index
    return table.pivot(index="hand", columns="opponents", values=values).loc[order]


DATA = Path(__file__).resolve().parent / "data"
"""The exact tables shipped with the package (written by ``scripts/exact_tables.py``)."""


def exact_table(name: str, labels: list[str], per_start: int = 1) -> pd.DataFrame:
    """A shipped exact table (``heads_up`` or ``doors``), checked: the 455 starts in ``labels`` order
    (``per_start`` rows each), whole non-negative counts, ``wins + ties <= deals``."""
    frame = pd.read_csv(DATA / f"{name}.csv", keep_default_na=False)
    starts = frame["start"].tolist()
    counts = frame[["wins", "ties", "deals"]].to_numpy()
    ok = (
        starts == [x for x in labels for _ in range(per_start)]
        and counts.dtype.kind == "i"
        and (counts >= 0).all()
        and (counts[:, 0] + counts[:, 1] <= counts[:, 2]).all()
    )
    if not ok:
        raise ValueError(f"{DATA / name}.csv is damaged: run scripts/exact_tables.py to write it again")
    return frame


def _exact_column(starts: np.ndarray, labels: list[str]) -> pd.DataFrame:
    """The heads-up column, exact (from the shipped table: the same numbers as
    :func:`~razzmatazz.core.razz.exact.starting_hands_vs_random`, without its minute of enumeration)."""
    table = exact_table("heads_up", labels)
    wins, ties, deals = (table[c].to_numpy() for c in ("wins", "ties", "deals"))
    eq = (wins + ties / 2) / deals
    return pd.DataFrame(
        {
            "hand": labels,
            "opponents": 1,
            "equity": eq,
            "win": wins / deals,
            "tie": ties / deals,
            "stderr": 0.0,
            "ci_low": eq,
            "ci_high": eq,
            "trials": deals,
            "exact": True,
            "community_card": False,
            "wins": wins,
            "tie_share_sum": ties / 2,
        }
    )


# ----------------------------------------------------------------------------- draw odds


def draw(hand: str, dead: str = "") -> dict:
    """Exact odds of each final low from a partial hand (1 to 7 known cards), drawing to seven.

    Returns ``{"hand", "dead", "lows": {"5": p, ..., "K": p, "paired": p}, "eight_or_better": p,
    "ways"}``; a low's key is the highest card of the final five.
    """
    parsed = parse_hand(hand)
    if not 1 <= len(parsed) <= HAND_SIZE:
        raise BadInput(f"a hand to draw from has 1 to 7 cards, {hand.strip()!r} has {len(parsed)}")
    dead_hand = parse_hand(dead) if dead.strip() else None
    cards = resolve_suits([parsed] + ([dead_hand] if dead_hand else []))
    n_dead = len(dead_hand) if dead_hand else 0
    if n_dead + HAND_SIZE > DECK_SIZE:  # the hand's cards plus those to draw must fit beside the dead ones
        raise BadInput(
            f"too many dead cards: {HAND_SIZE - len(parsed)} cards to draw, {DECK_SIZE - len(parsed) - n_dead} left"
        )
    odds = draw_odds(cards[0], cards[1] if dead_hand else None)
    return {"hand": _label(hand), "dead": _label(dead), **odds}


# ----------------------------------------------------------------------------- streets

STREETS = (3, 4, 5, 6, 7)
ORDINAL = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
STREET_TRIALS = 200_000


@dataclass
class StreetResult:
    """Equity of each player at each street of one hand, as it was dealt."""

    hands: list[str]
    dead: str
    rows: list[dict]
    seed: int | None
    best: list[str | None]
    """Each player's best low as players name it, from their known cards (None below five known cards)."""

    def as_dict(self) -> dict:
        return {"hands": self.hands, "dead": self.dead, "seed": self.seed, "best": self.best, "streets": self.rows}

    def frame(self) -> pd.DataFrame:
        """One row per (street, player)."""
        return pd.DataFrame(
            [
                {
                    "street": r["street"],
                    "player": p + 1,
                    "hand": self.hands[p],
                    "known": r["known"][p],
                    "active": r["active"][p],
                    "equity": r["equity"][p],
                    "stderr": r["stderr"][p],
                    "method": r["method"],
                    "trials": r["trials"],
                    "community_card": r["community_card"],
                }
                for r in self.rows
                for p in range(len(self.hands))
            ]
        )


def street_equities(
    hands: list[str],
    dead: str = "",
    *,
    trials: int | None = None,
    seed: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
) -> StreetResult:
    """Each player's all-in equity at 3rd to 7th street, replaying ``hands`` as they were dealt.

    A hand lists a player's cards in stud order (two down, four up, the last down; ``x`` for an
    unknown card), 3 to 7 of them: a player with fewer cards than a street folded before it,
    and from then on that player's cards are dead. Heads-up streets are exact; multiway streets
    are Monte Carlo (``trials`` each, stream ``razz/street``).
    """
    check_street_request(hands, dead, trials, seed)
    parsed = [parse_hand(h, allow_unknown=True) for h in hands]
    cards = resolve_suits(parsed + ([parse_hand(dead)] if dead.strip() else []))
    last = max(len(p) for p in parsed)
    seed = new_seed() if seed is None and any(_active(parsed, s) > 2 for s in STREETS if s <= last) else seed
    rows = []
    for street in (s for s in STREETS if s <= last):
        rows.append(_street(street, parsed, cards, trials or STREET_TRIALS, seed, executor, progress))
    best = [_best_name(c) for c in cards[: len(parsed)]]
    return StreetResult([_label(h) for h in hands], _label(dead), rows, seed, best)


def _best_name(cards: np.ndarray) -> str | None:
    """The name of the best low among a player's known cards (five or more), else None."""
    known = cards[cards != UNKNOWN]
    return hand_name(int(evaluate(known))) if len(known) >= 5 else None


def check_street_request(hands: list[str], dead: str = "", trials: int | None = None, seed: int | None = None) -> None:
    """Refuse a hand replay that cannot be computed as given."""
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise BadInput(f"a Razz hand has 2 to {MAX_PLAYERS} players, got {len(hands)}")
    for i, h in enumerate(hands, 1):
        n = len(parse_hand(h, allow_unknown=True))
        if not 3 <= n <= HAND_SIZE:
            raise BadInput(
                f"player {i}'s cards {h.strip()!r} are {n}; a hand as dealt has 3 (3rd street) to 7 (7th street) cards"
            )
    parsed = [parse_hand(h, allow_unknown=True) for h in hands]
    resolve_suits(parsed + ([parse_hand(dead)] if dead.strip() else []))
    last = max(len(p) for p in parsed)
    for street in range(3, last + 1):
        if _active(parsed, street) < 2:
            raise BadInput(
                f"only one player reaches {ORDINAL[street]} street: it has nobody to play against "
                "(give the other players' cards up to the last street they played)"
            )
    if trials is not None:
        check_trials(trials)
    if seed is not None:
        check_seed(seed)


def _street_seed(seed: int | None, street: int) -> int | None:
    """The root seed of one street's Monte Carlo: derived from stream ``razz/street``."""
    return None if seed is None else int(streams.key(seed, "razz", "street", street)) >> 1


def _active(parsed: list[ParsedHand], street: int) -> int:
    return sum(len(p) >= street for p in parsed)


def _street(
    street: int,
    parsed: list[ParsedHand],
    cards: list[np.ndarray],
    trials: int,
    seed: int | None,
    executor: Executor | None,
    progress: bool | None,
) -> dict:
    """Equities at one street: the active players' first ``street`` cards, folded players' cards dead."""
    active = [p for p, h in enumerate(parsed) if len(h) >= street]
    dead = [c for p, h in enumerate(parsed) if len(h) < street for c in cards[p] if c != UNKNOWN]
    if len(cards) > len(parsed):
        dead += cards[-1].tolist()
    texts = ["".join(card_str(int(c)) for c in cards[p][:street]) for p in active]
    hero = max(range(len(active)), key=lambda i: (UNKNOWN not in cards[active[i]][:street], -i))
    order = [hero] + [i for i in range(len(active)) if i != hero]
    if UNKNOWN in cards[active[hero]][:street]:
        raise BadInput(f"at {ORDINAL[street]} street no player's cards are all known; give at least one player's cards")
    dead_text = "".join(card_str(int(c)) for c in dead)
    exact_enum = len(active) == 2
    res = equity(
        texts[order[0]],
        [texts[i] for i in order[1:]],
        dead_text,
        trials=None if exact_enum else trials,
        exact_enum=exact_enum,
        seed=None if exact_enum else _street_seed(seed, street),
        executor=executor,
        progress=progress,
    )
    eq: list[float | None] = [None] * len(parsed)
    se: list[float | None] = [None] * len(parsed)
    for slot, i in enumerate(order):
        eq[active[i]] = res.shares[slot].equity
        se[active[i]] = res.shares[slot].stderr
    return {
        "street": street,
        "active": [len(h) >= street for h in parsed],
        "known": ["".join(card_str(int(c)) for c in cards[p][:street]) for p in range(len(parsed))],
        "equity": eq,
        "stderr": se,
        "method": "exact" if res.exact else "Monte Carlo",
        "trials": res.trials,
        "community_card": res.community_card,
    }


# ----------------------------------------------------------------------------- door cards


def door_table() -> pd.DataFrame:
    """The exact door-card chart: each of the 455 starts against one opponent showing each door card.

    One row per (start, door): ``start`` (``A23``), ``door`` (``A`` ... ``K``), ``equity``,
    ``win``, ``tie``, ``deals`` (card-level deals per cell), and ``vs_random`` (the start's exact
    equity against a random hand, used to order the starts best first).
    """
    starts = exact.multisets(3)[0]
    labels = [start_label(s) for s in starts]
    doors = np.arange(len(RANKS))
    table = exact_table("doors", labels, len(doors))
    if table["door"].tolist() != [RANKS[d] for d in doors] * len(starts):
        raise ValueError(f"{DATA}/doors.csv is damaged: run scripts/exact_tables.py to write it again")
    wins, ties = (table[c].to_numpy().reshape(len(starts), len(doors)) for c in ("wins", "ties"))
    deals = int(table["deals"].iloc[0])
    equity = (wins + ties / 2) / deals
    avail = 4 - starts.astype(np.int64)  # a random opponent's door is each unseen card alike
    vs_random = (equity * avail).sum(axis=1) / avail.sum(axis=1)
    df = pd.DataFrame(
        {
            "start": np.repeat(labels, len(doors)),
            "door": np.tile([RANKS[d] for d in doors], len(labels)),
            "equity": equity.ravel(),
            "win": (wins / deals).ravel(),
            "tie": (ties / deals).ravel(),
            "deals": deals,
            "exact": True,
            "vs_random": np.repeat(vs_random, len(doors)),
        }
    )
    order = df.drop_duplicates("start").sort_values("vs_random", ascending=False, kind="stable")["start"]
    rank = {s: i for i, s in enumerate(order)}
    return df.sort_values(
        ["start", "door"], key=lambda c: c.map(rank) if c.name == "start" else c.map(RANKS.index)
    ).reset_index(drop=True)
