"""The loop the board games' soak scripts share (``soak_razzia.py``, ``soak_riffifi.py``): random tables played on
the batch runner, their counts checked, a sample of games traced and checked row by row; and the command line."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from razzmatazz.core import batch


def soak(
    engine: Any,
    random_table: Callable[[random.Random], tuple[Any, tuple]],
    check_counts: Callable[[Any, Any, int], list[str]],
    check_log: Callable[[Any, Any, Any], list[str]],
    games: int,
    tables: int,
    seed: int,
    traced: int = 20,
) -> tuple[int, list[str]]:
    """Play ``games`` games of ``engine`` (its ``GameJob``) over ``tables`` random tables; (games played,
    violations)."""
    rng = random.Random(seed)
    violations: list[str] = []
    played = 0
    for t in range(tables):
        settings, lineup = random_table(rng)
        n_games = games // tables + (1 if t < games % tables else 0)
        job = engine.GameJob(settings, lineup, seed + t, n_games)
        counts = batch.run([job], progress=False)[0]
        played += n_games
        where = f"table {t} ({settings}, {[p.text for p in lineup]})"
        violations += [f"{where}: {v}" for v in check_counts(counts, settings, n_games)]
        for g in rng.sample(range(n_games), min(traced, n_games)):
            log, res, _ = job.trace(g)
            violations += [f"{where} game {g}: {v}" for v in check_log(settings, log, res)]
    return played, violations


def main(doc: str, run: Callable[[int, int, int, int], tuple[int, list[str]]]) -> None:
    """The command line of a soak script: ``run(games, tables, seed, traced)``, the first violations, exit 1 if any."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--traced", type=int, default=20, help="games traced and checked row by row per table")
    args = parser.parse_args()
    start = time.perf_counter()
    played, violations = run(args.games, args.tables, args.seed, args.traced)
    for v in violations[:20]:
        print(v)
    print(
        f"{played:,} games on {args.tables} tables, {len(violations)} violations, {time.perf_counter() - start:.0f} s"
    )
    sys.exit(1 if violations else 0)
