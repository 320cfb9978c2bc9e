"""Peak memory of a run as the number of games grows: counts are streamed, so it stays flat.

Runs ``razzmatazz GAME play`` (the default table and mix) in a subprocess for each size and
prints the child's peak resident memory (``ru_maxrss``) and wall time. Usage::

    python scripts/bench_memory.py                     # razz: 10^6 and 10^8 hands (about 10 minutes)
    python scripts/bench_memory.py --hands 1000000 10000000
    python scripts/bench_memory.py --game riffifi --hands 100000 10000000   # games of Riffifi
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("razzmatazz")


COUNT = {"razz": "--hands", "riffifi": "--games", "razzia": "--games"}
"""What each game's ``play`` counts."""


def peak(game: str, hands: int) -> tuple[float, float]:
    """(peak resident MiB, seconds) of one run of ``hands`` hands (games) in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(
        [str(SCRIPT), game, "play", COUNT[game], str(hands), "--seed", "1", "--quiet", "--format", "json"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(after, before) / 1024, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(COUNT), default="razz")
    parser.add_argument("--hands", type=int, nargs="+", default=[10**6, 10**8], help="hands (Razz) or games")
    args = parser.parse_args()
    unit = "hands" if args.game == "razz" else "games"
    print(f"razzmatazz {args.game} play\n{unit:>14s} {'peak RSS (MiB)':>16s} {'seconds':>9s}")
    for hands in sorted(args.hands):  # ru_maxrss of children is a running maximum: smallest first
        mib, wall = peak(args.game, hands)
        print(f"{hands:14,d} {mib:16.0f} {wall:9.1f}")


if __name__ == "__main__":
    main()
