"""Luck-adjusted estimates (issue 38), Razz: the SD they cut and what they cost, in one run (``bench.py --only luck``).

For each table (heads-up and six-handed, `textbook-tuned` against `steal-tuned` and the default mix's others, with
duplicate deals) it traces the hands, adds :func:`razzmatazz.core.razz.luck.hand_terms` to each player's net, and
prints the SD of the first two players' paired per-deal difference plain and adjusted, the hands each needs for a
95 % interval of +-1 big bet per 100 hands, the terms' cost per hand (from the hand's log; the log itself, which a
kernel would then write, is not counted) against the kernel's time per hand, and the verdict the issue asks for:
whether games per second times the variance ratio improves.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from razzmatazz.analysis.razz import lineup  # noqa: E402
from razzmatazz.core import streams  # noqa: E402
from razzmatazz.core.razz import luck  # noqa: E402
from razzmatazz.core.razz import rules as R  # noqa: E402
from razzmatazz.core.razz.engine import GameJob  # noqa: E402
from razzmatazz.core.razz.ranking import tables  # noqa: E402
from razzmatazz.core.rng import stream_key  # noqa: E402

POLICIES = ["textbook-tuned", "steal-tuned"]
SAMPLES = 64


def measure(players: int, deals: int, seed: int, policies: list[str]) -> dict[str, float]:
    """One table's SDs (chips a deal), the hands for a 95 % interval of +-1 bb/100, and each part's seconds a hand."""
    settings = R.Settings(players=players)
    job = GameJob(settings, lineup(policies, players), seed, deals, True)
    job.run_chunk(0, 1)
    start = time.perf_counter()
    job.run_chunk(0, deals)
    kernel = (time.perf_counter() - start) / job.games
    nopair, paired = tables()
    key = stream_key(seed, *streams.stream("razz", "luck").path())
    luck.hand_terms(np.zeros((0, 4), np.int64), players, key, 0, SAMPLES, nopair, paired)  # compile
    plain, adjusted = np.zeros((deals, players)), np.zeros((deals, players))
    spent = 0.0
    for g in range(job.games):
        t = job.trace(g)
        log = np.asarray(t.log, np.int64)
        start = time.perf_counter()
        terms = luck.hand_terms(log, players, key, g, SAMPLES, nopair, paired)
        spent += time.perf_counter() - start
        for s in range(players):
            plain[g // players, (s - g) % players] += t.results[s, 0]
            adjusted[g // players, (s - g) % players] += t.results[s, 0] + terms[s]
    sd_plain = float(np.std(plain[:, 0] - plain[:, 1], ddof=1))
    sd_adj = float(np.std(adjusted[:, 0] - adjusted[:, 1], ddof=1))
    bb100 = 100.0 / (players * settings.big_bet)  # chips a deal -> big bets per 100 hands
    need = lambda sd: (1.96 * sd * bb100) ** 2 * players  # noqa: E731  (hands for a 95 % interval of +-1 bb/100)
    return {
        "sd_plain": sd_plain,
        "sd_adj": sd_adj,
        "hands_plain": need(sd_plain),
        "hands_adj": need(sd_adj),
        "kernel": kernel,
        "terms": spent / job.games,
    }


def report(scale: float, seed: int) -> None:
    """Print the table of :func:`measure` for heads-up and six-handed play."""
    print(f"\nRazz luck terms (pot x all-in equity, {SAMPLES} samples), the first two players, duplicate deals")
    print(
        f"{'first two players':>30} {'players':>7} {'deals':>6} {'SD plain':>9} {'SD adj':>8} {'cut':>5}"
        f" {'hands plain':>12} {'hands adj':>10}"
        f" {'us/hand':>8} {'+terms':>8} {'gain':>6}"
    )
    tables_ = (
        (POLICIES, 2, max(200, int(4000 * scale))),
        (POLICIES, 6, max(60, int(600 * scale))),
        (["search", POLICIES[0]], 2, max(40, int(400 * scale))),
    )
    for policies, players, deals in tables_:
        m = measure(players, deals, seed, policies)
        ratio = (m["sd_plain"] / m["sd_adj"]) ** 2
        slower = (m["kernel"] + m["terms"]) / m["kernel"]
        print(
            f"{' vs '.join(policies):>30} {players:>7} {deals:>6} {m['sd_plain']:>9.2f} {m['sd_adj']:>8.2f}"
            f" {1 - m['sd_adj'] / m['sd_plain']:>5.0%}"
            f" {m['hands_plain']:>12,.0f} {m['hands_adj']:>10,.0f} {m['kernel'] * 1e6:>8.2f}"
            f" {m['terms'] * 1e6:>8.1f} {ratio / slower:>5.2f}x"
        )
    print("hands: for a 95 % interval of +-1 bb/100 on the paired difference; us/hand: the kernel; +terms: the luck")
    print("terms a hand; gain: the variance ratio over the slowdown (games per second times variance ratio: above 1")
    print("the adjustment pays)")
