"""How much a luck adjustment (AIVAT's chance terms) would cut the SD of a Razz comparison: a probe on traces.

Plays ``--deals`` duplicate deals of two policies heads-up (or N-handed, the first policy against the rest),
replays each hand's log, and at every deal of cards (3rd street's three cards, each later street's card to every
player still in) adds to each player still in ``scale x (v_before - v_after)``, where ``v`` is its all-in equity
among the players still in (the chance its low wins at a showdown of random completions, ties shared) and
``scale`` the pot then plus ``--future`` big bets per player still in and street to come. Equity is a
conditional probability of the same deck the engine deals from, so ``E[v_after | before] = v_before``: the terms
have mean zero whatever the policies do (the estimate stays unbiased); they are estimated by ``--samples``
Monte Carlo completions (exact on 7th street; :func:`razzmatazz.core.razz.luck.equities`), whose noise also has
mean zero. The variants here (``--alpha``, ``--future``, no ``--reuse``) are the ones BENCHMARKS.md compares; the
estimator kept is :func:`razzmatazz.core.razz.luck.hand_terms` (pot x equity, reuse). Prints the SD of the paired
per-deal difference of the first two players, plain and adjusted, and the mean of the terms with its SE.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from razzmatazz.analysis.razz import lineup  # noqa: E402
from razzmatazz.core.razz import rules as R  # noqa: E402
from razzmatazz.core.razz.engine import GameJob  # noqa: E402
from razzmatazz.core.razz.luck import equities  # noqa: E402
from razzmatazz.core.razz.ranking import tables  # noqa: E402


def corrections(
    log: np.ndarray, n: int, s: R.Settings, samples: int, seed: int, alpha: float, future: float, tabs, reuse: bool
) -> np.ndarray:
    """Each seat's sum of chance terms over one hand's log."""
    hands = np.full((n, 7), -1, np.int64)
    counts = np.zeros(n, np.int64)
    live = np.ones(n, np.bool_)
    put = np.zeros(n, np.int64)
    bets = np.zeros(n, np.int64)
    dealt = np.zeros(52, np.bool_)
    terms = np.zeros(n)
    before = np.full(n, 1.0 / n)  # no card dealt: every seat alike
    scale = 0.0
    streets_left = 5
    eq = np.zeros(n)
    pending = False
    folded = False
    i = 0

    def close_deal() -> None:
        nonlocal pending
        equities(hands, counts, live, n, dealt, samples, np.uint64(seed + i), tabs[0], tabs[1], eq)
        terms[live] += scale * (before[live] - eq[live])
        pending = False

    for i, (kind, seat, a, _b) in enumerate(log):
        if kind == R.L_DEAL:
            if not pending:  # the first card of a street's deal: v before it, at the pot now
                if counts.sum() > 0 and (folded or not reuse):  # a fold since the last deal: v anew
                    state = np.uint64(seed + 7919 * i)
                    equities(hands, counts, live, n, dealt, samples, state, tabs[0], tabs[1], before)
                elif counts.sum() > 0:  # nothing but bets since: the last deal's estimate is v now
                    before[:] = eq
                folded = False
                scale = alpha * put.sum() + future * s.big_bet * live.sum() * streets_left
                streets_left -= 1
                pending = True
            hands[seat, counts[seat]] = a
            counts[seat] += 1
            dealt[a] = True
            continue
        if pending:
            close_deal()
        if kind == R.L_ANTE or kind == R.L_BRING_IN or kind == R.L_CALL:
            put[seat] += a
            bets[seat] += a
        elif kind == R.L_RAISE:
            put[seat] += a - bets[seat]
            bets[seat] = a
        elif kind == R.L_STREET:
            bets[:] = 0
        elif kind == R.L_FOLD:
            live[seat] = False
            folded = True
    return terms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", action="append", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--future", type=float, nargs="+", default=[0.0])
    parser.add_argument("--reuse", action="store_true", help="v before a deal is the last deal's estimate")
    parser.add_argument("--alpha", type=float, nargs="+", default=[1.0])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    n = args.players
    policies = args.policy or ["textbook-tuned", "steal-tuned"]
    settings = R.Settings(players=n)
    job = GameJob(settings, lineup(policies, n), args.seed, args.deals, duplicate=True)
    tabs = tables()
    start = time.perf_counter()
    traces = [job.trace(g) for g in range(args.deals * n)]
    play = time.perf_counter() - start
    plain = np.zeros((args.deals, n))
    for g, t in enumerate(traces):
        for s in range(n):
            plain[g // n, (s - g) % n] += t.results[s, 0]
    d_plain = plain[:, 0] - plain[:, 1]
    print(f"{args.deals} deals, {n} players, {policies}: plain paired SD {d_plain.std(ddof=1):.2f} chips a deal")
    for alpha, future in [(a, f) for a in args.alpha for f in args.future]:
        start = time.perf_counter()
        adj = plain.copy()
        for g, t in enumerate(traces):
            terms = corrections(
                t.log, n, settings, args.samples, args.seed * 1000003 + g * 101, alpha, future, tabs, args.reuse
            )
            for s in range(n):
                adj[g // n, (s - g) % n] += terms[s]
        took = time.perf_counter() - start
        d_adj = adj[:, 0] - adj[:, 1]
        mine = adj[:, 0] - plain[:, 0]  # the first player's terms, a deal at a time
        sd_cut = 1 - d_adj.std(ddof=1) / d_plain.std(ddof=1)
        print(
            f"alpha={alpha} future={future}: adjusted SD {d_adj.std(ddof=1):.2f} (cut {sd_cut:.0%}); mean difference "
            f"plain {d_plain.mean():+.2f}, adjusted {d_adj.mean():+.2f}; {policies[0]}'s terms {mine.mean():+.3f} "
            f"a deal (SE {mine.std(ddof=1) / math.sqrt(len(mine)):.3f}); {took:.1f} s for the terms, {play:.1f} s "
            "to play"
        )


if __name__ == "__main__":
    main()
