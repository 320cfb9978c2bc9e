"""Cold compile time of each kernel a game's run and tests compile, and the speed of each, in one process.

    python scripts/compile_times.py riffifi [--players 4]   (default: the game's default table)

numba's cache goes to a new temporary folder (``NUMBA_CACHE_DIR``), so every kernel compiles from scratch, in
the order a session meets them: the search seat's run and trace, the decision-point interface's step, the
default mix (in the fast lane where the game has one), the general engine's. Each compile line counts only what an
earlier line did not compile. To compare two commits, run this in a checkout of each, one after the other
(the VM's speed varies between days).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from razzmatazz.analysis.games import GameSpec

SEARCH_SECONDS = 2.0
"""About how long the search seat's timed run lasts (its size is set from a first, short run)."""


def _timed(label: str, f: Callable, *args) -> float:
    t = time.perf_counter()
    f(*args)
    dt = time.perf_counter() - t
    print(f"{label:<28} {dt:8.1f} s", flush=True)
    return dt


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("NUMBA_CACHE_DIR", tempfile.mkdtemp(prefix="razzmatazz-numba-"))
    from razzmatazz.analysis import games
    from razzmatazz.core.errors import InputError

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--players", type=int, default=None, help="default: the game's default table")
    args = parser.parse_args()
    spec = games.game(args.game)
    try:
        settings = spec.settings(args.players)
    except InputError as e:
        parser.exit(2, f"compile_times.py: {e}\n")
    run(spec, settings)


def run(spec: GameSpec, settings: Any) -> None:
    """Compile and time each kernel of the game ``spec`` at ``settings`` (its rules' ``Settings``)."""
    from razzmatazz.core.positions import Position

    E = importlib.import_module(f"{spec.core}.engine")
    S = importlib.import_module(f"{spec.core}.state")
    n = settings.players
    field = spec.module.lineup([], n)
    start = time.perf_counter()

    if "search" in {s.name for s in spec.registry}:  # a game without a search player skips these
        search = E.GameJob(settings, (spec.registry.parse("search"), *field[1:]), 7, 10**6)
        _timed("compile: search seat", search.run_chunk, 0, 2)
        size = max(20, int(SEARCH_SECONDS * 20 / _timed("  first 20 games", search.run_chunk, 0, 20)))
        print(f"{'  search seat, games/s':<28} {size / _timed('  run', search.run_chunk, 0, size):8.0f}")

        _timed("compile: search seat trace", search.trace, 0)

    def steps() -> None:
        p = Position.begin(S, E.GameJob(settings, field, 7, 10), 0)
        while not p.over():
            p.step()

    _timed("compile: interface step", steps)
    mix = E.GameJob(settings, field, 7, 100_000)
    _timed("compile: default mix", mix.run_chunk, 0, 2)
    print(f"{'  default mix, games/s':<28} {100_000 / _timed('  run', mix.run_chunk, 0, 100_000):8.0f}")
    if importlib.util.find_spec(f"{spec.core}.fast"):  # a fast lane: the general engine apart
        _timed("compile: general engine", E.play_games, *mix.kernel_args(), 0, 2)
        rate = 50_000 / _timed("  run", E.play_games, *mix.kernel_args(), 0, 50_000)
        print(f"{'  general engine, games/s':<28} {rate:8.0f}")
    print(f"{'total':<28} {time.perf_counter() - start:8.1f} s")


if __name__ == "__main__":
    main()
