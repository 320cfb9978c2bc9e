"""Razz numbers for a given seed never change: counts pinned from the code before issue 5.

These were produced by issue 2's kernels (OpenMP blocks, stream paths (1, 1) and (1, 2, s, k))
and must come out identical from every later version: a refactor of streams, threads or
chunking that changes them breaks every stored result's reproducibility.
"""

import numpy as np
import pytest

from razzmatazz.analysis.razz import equity, starting_table
from razzmatazz.core import batch, streams
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob

PINNED = [
    # hero, opponents, dead, seed, trials, counts[p, k] (k-way share of the best low)
    ("As2h3d", ["6s7h8d"], "", 7, 20000, [[0, 11827, 7], [0, 8166, 7]]),
    (
        "A23",
        ["random"] * 3,
        "9s9hTd",
        2026,
        20000,
        [[0, 10748, 87, 1, 0], [0, 2979, 34, 0, 0], [0, 3180, 32, 1, 0], [0, 2992, 47, 1, 0]],
    ),
    ("A2K", ["xx8"], "", 1, 10000, [[0, 4554, 3], [0, 5443, 3]]),
    (
        "KsQhJd",
        ["random"] * 7,
        "",
        5,
        10000,
        [
            [0, 1] + [0] * 7,
            [0, 1383, 37] + [0] * 6,
            [0, 1454, 38] + [0] * 6,
            [0, 1368, 25] + [0] * 6,
            [0, 1425, 39] + [0] * 6,
            [0, 1432, 38] + [0] * 6,
            [0, 1423, 22] + [0] * 6,
            [0, 1399, 31] + [0] * 6,
        ],
    ),
]


@pytest.mark.parametrize("hero, opps, dead, seed, trials, counts", PINNED, ids=[p[0] for p in PINNED])
def test_equity_counts_are_pinned(hero, opps, dead, seed, trials, counts):
    job = EquityJob(make_deal(hero, opps, dead), streams.key(seed, "razz", "equity"), trials)
    for threads, chunk in ((1, batch.DEFAULT_CHUNK), (2, 3_001)):
        got = batch.run([job], threads=threads, chunk_size=chunk, progress=False)[0]
        assert got.tolist() == counts
    res = equity(hero, opps, dead, trials=trials, seed=seed)
    assert res.shares[0].win == counts[0][1] / trials


def test_table_cells_are_pinned():
    t = starting_table(trials=2000, opponents=[2, 7], exact_heads_up=False, seed=11).set_index(["hand", "opponents"])
    pinned = {
        ("A23", 2): (1207, 1.0),
        ("58T", 2): (743, 0.0),
        ("KKK", 2): (12, 0.0),
        ("A23", 7): (906, 10.5),
        ("58T", 7): (185, 0.5),
        ("KKK", 7): (0, 0.0),
    }
    for cell, (wins, ties) in pinned.items():
        assert t.loc[cell, "wins"] == wins and np.isclose(t.loc[cell, "tie_share_sum"], ties), cell
