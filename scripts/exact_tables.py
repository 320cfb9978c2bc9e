"""Write the exact Razz tables the analyses ship with (analysis/razz/data/), from the exact kernels.

``heads_up.csv``: each of the 455 three-card starts against one random hand, all-in to seven cards
(wins and ties in card-level deals, ``exact.starting_hands_vs_random``). ``doors.csv``: each start
against one opponent showing each door card (``doors.door_chart``). Both take a minute or two; the
tables are checked by tests/razz/test_exact_tables.py, which enumerates a sample of cells again.

    python scripts/exact_tables.py
"""

from __future__ import annotations

import csv
from pathlib import Path

from razzmatazz.analysis.razz.equities import start_label
from razzmatazz.core.cards import RANKS
from razzmatazz.core.razz import doors, exact

OUT = Path(__file__).resolve().parents[1] / "analysis" / "razz" / "data"


def main() -> None:
    starts, res, deals = exact.starting_hands_vs_random()
    with open(OUT / "heads_up.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["start", "wins", "ties", "deals"])
        for s, (wins, ties) in zip(starts, res):
            w.writerow([start_label(s), int(wins), int(ties), deals])
    starts, door_ranks, res, deals = doors.door_chart()
    with open(OUT / "doors.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["start", "door", "wins", "ties", "deals"])
        for s, cells in zip(starts, res):
            for d, (wins, ties) in zip(door_ranks, cells):
                w.writerow([start_label(s), RANKS[d], int(wins), int(ties), deals])
    print(f"written: {OUT}/heads_up.csv, {OUT}/doors.csv")


if __name__ == "__main__":
    main()
