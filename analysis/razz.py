"""Razz analyses for the CLI and notebooks: hand evaluation, equity queries, starting-hand tables."""

from __future__ import annotations

import re
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.stats import Share, equity_columns, exact_share, from_counts
from core import batch
from core.cards import ANY_SUIT, RANKS, card_str, parse_hand, resolve_suits
from core.errors import InputError
from core.razz import equity as mc
from core.razz import exact
from core.razz.deal import COMMUNITY_CONVENTION, make_deal
from core.razz.evaluate import evaluate
from core.razz.ranking import category_of, class_ranks
from core.rng import stream_key

MAX_TRIALS = 10**12
"""Largest trial count accepted (about a day of one core heads-up); counts stay far below int64."""
GAME_CODE = 1
STREAM_EQUITY = 1
STREAM_TABLE = 2


class BadInput(InputError):
    """A request that cannot be answered as asked (reported as one line, exit status 2)."""


# ----------------------------------------------------------------------------- evaluation

def evaluate_texts(texts: list[str]) -> list[dict]:
    """Best low of each hand text (5 to 7 cards): ``hand``, ``best``, ``category``, ``class``.

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
        shown.append({int(c): card_str(int(c)) if su != ANY_SUIT else RANKS[r]
                      for c, r, su in zip(cards, parsed.ranks, parsed.suits)})
    classes = [0] * len(hands)
    for size in {len(h) for h in hands}:
        idx = [i for i, h in enumerate(hands) if len(h) == size]
        for i, cls in zip(idx, evaluate(np.stack([hands[i] for i in idx]))):
            classes[i] = int(cls)
    return [
        {"hand": "".join(names[int(c)] for c in cards),
         "best": "".join(names[c] for c in best_five(cards, cls)),
         "category": category_of(cls), "class": cls}
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

    def as_dict(self) -> dict:
        hero = self.shares[0].as_dict()
        return {
            "hero": self.hero,
            "opponents": [{"hand": h, **s.as_dict()} for h, s in zip(self.opponents, self.shares[1:])],
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
        }

    def frame(self) -> pd.DataFrame:
        """One row per player."""
        rows = [{"player": "hero", "hand": self.hero, **self.shares[0].as_dict()}]
        rows += [
            {"player": f"opponent {i + 1}", "hand": h, **s.as_dict()}
            for i, (h, s) in enumerate(zip(self.opponents, self.shares[1:]))
        ]
        df = pd.DataFrame(rows)
        for col in ("ci95", "win_ci95"):
            df[[f"{col}_low", f"{col}_high"]] = pd.DataFrame(df.pop(col).tolist(), index=df.index)
        df["seed"] = self.seed
        df["community_card"] = self.community_card
        df["convention"] = self.convention
        return df


def equity(
    hero: str,
    opponents: list[str],
    dead: str = "",
    *,
    trials: int = 1_000_000,
    exact_enum: bool = False,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool | None = False,
) -> EquityResult:
    """All-in equity of ``hero`` against ``opponents`` (hand texts or ``"random"``).

    Monte Carlo with ``trials`` trials from root ``seed``, or exact enumeration when
    ``exact_enum`` (heads-up only). Raises :class:`BadInput` or ``CardError`` on bad input.
    """
    deal = make_deal(hero, opponents, dead)
    labels = [_label(text) for text in [hero, *opponents]]
    if exact_enum:
        if deal.n_players != 2:
            raise BadInput(f"--exact applies to heads-up (one opponent) only, got {deal.n_players - 1}")
        wins, ties, deals = exact.heads_up(deal)
        shares = [exact_share(wins, ties, deals), exact_share(wins, ties, deals, hero=False)]
        return EquityResult(labels[0], labels[1:], _label(dead), shares, deals, True, None,
                            deal.community, method="exact enumeration of all deals")
    check_trials(trials)
    job = mc.EquityJob(deal, stream_key(seed, GAME_CODE, STREAM_EQUITY), trials)
    counts = batch.run([job], executor=executor, progress=progress, desc="equity", unit="trial")[0]
    return EquityResult(labels[0], labels[1:], _label(dead), from_counts(counts, trials), trials,
                        False, seed, deal.community, method="Monte Carlo")


def check_trials(trials: int) -> None:
    """Refuse a trial count that is not positive or beyond :data:`MAX_TRIALS`."""
    if not 1 <= trials <= MAX_TRIALS:
        raise BadInput(f"--trials must be between 1 and {MAX_TRIALS:,}, got {trials:,}")


def check_table_request(trials: int, opponents: list[int], exact_heads_up: bool) -> None:
    """Refuse a starting-hand table that cannot be computed as asked."""
    check_trials(trials)
    if not opponents or any(not 1 <= k <= 7 for k in opponents):
        raise BadInput(f"opponents must be between 1 and 7, got {opponents}")
    if exact_heads_up and 1 not in opponents:
        raise BadInput("--exact computes the heads-up column; include 1 in --opponents")


def _label(text: str) -> str:
    """A hand as the user wrote it, without spaces or commas."""
    return re.sub(r"[\s,]+", "", text)


# ----------------------------------------------------------------------------- starting hands

def start_label(counts: np.ndarray) -> str:
    """``A23``-style label (ranks ascending) of a three-card rank multiset."""
    return "".join(RANKS[r] * int(n) for r, n in enumerate(counts))


def _kind(counts: np.ndarray) -> str:
    top = int(np.max(counts))
    return {1: "three different", 2: "pair", 3: "trips"}[top]


def starting_table(
    *,
    trials: int,
    opponents: list[int],
    exact_heads_up: bool,
    seed: int,
    executor: Executor | None = None,
    progress: bool | None = False,
) -> pd.DataFrame:
    """Equity of all 455 three-card starts against 1 to 7 random opponents, one row per cell.

    Monte Carlo cells use stream ``(seed, razz, table, start, opponents)``; with
    ``exact_heads_up`` the one-opponent column is enumerated exactly instead.
    """
    check_table_request(trials, opponents, exact_heads_up)
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
                jobs.append(mc.EquityJob(deal, stream_key(seed, GAME_CODE, STREAM_TABLE, i, k), trials))
                cells.append((i, k, deal.community))
        counts = batch.run(jobs, executor=executor, progress=progress, desc="starting hands", unit="trial")
        width = max(c.shape[1] for c in counts)
        hero = np.zeros((len(counts), width), np.int64)
        for row, c in enumerate(counts):
            hero[row, : c.shape[1]] = c[0]
        cols = equity_columns(hero, np.full(len(counts), trials))
        frames.append(pd.DataFrame({
            "hand": [labels[i] for i, _, _ in cells],
            "opponents": [k for _, k, _ in cells],
            **cols,
            "trials": trials,
            "exact": False,
            "community_card": [cc for _, _, cc in cells],
            "wins": hero[:, 1],
            "tie_share_sum": (hero[:, 2:] / np.arange(2, width)).sum(axis=1),
        }))
    df = pd.concat(frames, ignore_index=True)
    kind = {lab: _kind(s) for lab, s in zip(labels, starts)}
    high = {lab: RANKS[int(np.nonzero(s)[0].max())] for lab, s in zip(labels, starts)}
    df.insert(1, "kind", df["hand"].map(kind))
    df.insert(2, "high_card", df["hand"].map(high))
    df["rank"] = df.groupby("opponents")["equity"].rank(ascending=False, method="min").astype(int)
    return df.sort_values(["opponents", "rank", "hand"]).reset_index(drop=True)


def wide_equity(table: pd.DataFrame, values: str = "equity") -> pd.DataFrame:
    """``values`` of a starting-hand table as hands x opponents, best heads-up (first column) first."""
    wide = table.pivot(index="hand", columns="opponents", values="equity")
    order = wide.sort_values(wide.columns.min(), ascending=False).index
    return table.pivot(index="hand", columns="opponents", values=values).loc[order]


def _exact_column(starts: np.ndarray, labels: list[str]) -> pd.DataFrame:
    _, res, deals = exact.starting_hands_vs_random()
    wins, ties = res[:, 0], res[:, 1]
    eq = (wins + ties / 2) / deals
    return pd.DataFrame({
        "hand": labels, "opponents": 1, "equity": eq, "win": wins / deals, "tie": ties / deals,
        "stderr": 0.0, "ci_low": eq, "ci_high": eq, "trials": deals, "exact": True,
        "community_card": False, "wins": wins, "tie_share_sum": ties / 2,
    })
