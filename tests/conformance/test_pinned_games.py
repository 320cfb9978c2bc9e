"""The three games' numbers for a given seed never change unless a change says so: counts pinned per game.

Each case plays a few thousand games (Razz: hands) at given switches and lineups and pins the digest of
the run's integer counts, with two totals to read. The same counts must come out on one thread or two and
with any chunk size. A change that moves a result (a rule's default, a policy, a stream) must update
these pins in the same commit and say so; ``python -m tests.conformance.test_pinned_games`` prints them.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

import numpy as np
import pytest

from razzmatazz.core import batch

CASES = {
    # name: (game, settings, lineup texts, duplicate, seed, items)
    "razz six, the default mix": ("razz", {"players": 6}, [], False, 1, 3000),
    "razz six, the loose field": (
        "razz",
        {"players": 6},
        ["tag", "rock", "station", "steal", "reader", "random"],
        False,
        1,
        3000,
    ),
    "razz heads-up, duplicate": ("razz", {"players": 2}, ["tag", "steal:door=7,behind=1"], True, 2, 2000),
    "razz eight, reshuffle, stacks": (
        "razz",
        {"players": 8, "exhausted": "reshuffle", "stack": 300},
        ["station", "reader", "rock", "random"],
        False,
        3,
        1500,
    ),
    "razzia four, the default mix": ("razzia", {"players": 4}, [], False, 1, 3000),
    "razzia three, duplicate": ("razzia", {"players": 3}, ["hunter", "greedy:haggle=2"], True, 2, 2000),
    "razzia five, switches": (
        "razzia",
        {"players": 5, "duel_tie": "reroll", "offer_duel": True, "dropped_bars": "random"},
        ["crowd", "bigpot", "random"],
        False,
        3,
        2000,
    ),
    "razzia two, spielbox": ("razzia", {"players": 2, "spielbox": True}, ["greedy", "random"], False, 4, 2000),
    "riffifi four, the heuristics": (
        "riffifi",
        {"players": 4},
        ["expect", "undercut", "lowest", "thief-tuned"],
        False,
        1,
        3000,
    ),
    "riffifi four, the default mix (its planner searches)": ("riffifi", {"players": 4}, [], True, 4, 400),
    "riffifi three, officer, duplicate": (
        "riffifi",
        {"players": 3, "officer": True},
        ["expect", "undercut", "thief"],
        True,
        2,
        2000,
    ),
    "riffifi five, ticks": (
        "riffifi",
        {"players": 5, "scoring": "ticks"},
        ["expect", "undercut", "lowest", "thief-tuned", "expect-tuned"],
        False,
        3,
        1500,
    ),
    "riffifi four, clockwise, stay": (
        "riffifi",
        {"players": 4, "tie": "clockwise", "after_claim": "stay"},
        ["holdlow", "lowest", "random"],
        False,
        4,
        2000,
    ),
}

PINNED: dict[str, tuple[str, int, int]] = {
    # name: (sha256 of the counts' bytes, first 16 hex digits; number of counts; their sum)
    "razz six, the default mix": ("c3b3edb84aabc4e3", 170, 33040438),
    "razz six, the loose field": ("e71cf1af24ee1a0c", 170, 140742668),
    "razz heads-up, duplicate": ("70218f888f77d20b", 50, 3167682),
    "razz eight, reshuffle, stacks": ("029d05f4be6351be", 254, 207818678),
    "razzia four, the default mix": ("845de5dbf7e0fe49", 3141, 6855052809),
    "razzia three, duplicate": ("270463232b22404f", 3110, 7671217512),
    "razzia five, switches": ("1d6ea6904fa98764", 3176, 4552609029),
    "razzia two, spielbox": ("45a15db7c907411c", 3083, 4729514929),
    "riffifi four, the heuristics": ("c44975dd7a8a4538", 432, 307831535),
    "riffifi four, the default mix (its planner searches)": ("20bb3adf944eb019", 432, 98931656),
    "riffifi three, officer, duplicate": ("279370c4f7f7f90c", 393, 273129255),
    "riffifi five, ticks": ("06af6f5de9284232", 475, 206073494),
    "riffifi four, clockwise, stay": ("7a2eedaf302ebeb6", 432, 209721294),
}


def _job(case: str):
    """The batch job of a case, built the way each game's ``play`` builds it."""
    game, fields, texts, duplicate, seed, items = CASES[case]
    if game == "razz":
        from razzmatazz.analysis.razz import game as A
        from razzmatazz.core.razz import engine as E
        from razzmatazz.core.razz.rules import Settings
    elif game == "razzia":
        from razzmatazz.analysis import razzia as A
        from razzmatazz.core.razzia import engine as E
        from razzmatazz.core.razzia.rules import Settings
    else:
        from razzmatazz.analysis import riffifi as A
        from razzmatazz.core.riffifi import engine as E
        from razzmatazz.core.riffifi.rules import Settings
    settings = replace(Settings(), **fields)
    lineup = A.lineup(texts, settings.players)
    n = -(-items // settings.players) if duplicate else items
    return E.GameJob(settings, tuple(lineup), seed, n, duplicate, None)


def _pin(counts: np.ndarray) -> tuple[str, int, int]:
    return (
        hashlib.sha256(np.ascontiguousarray(counts, np.int64).tobytes()).hexdigest()[:16],
        counts.size,
        int(counts.sum()),
    )


@pytest.mark.parametrize("case", list(CASES))
def test_a_games_counts_are_pinned(case):
    job = _job(case)
    one = batch.run([job], threads=1, progress=False)[0]
    assert case in PINNED, f"no pin for {case!r}: {_pin(one)}"
    assert _pin(one) == PINNED[case], f"{case!r} moved: now {_pin(one)}; a change that moves it must say so"
    two = batch.run([job], threads=2, chunk_size=777, progress=False)[0]
    assert np.array_equal(one, two)


if __name__ == "__main__":
    for name in CASES:
        print(f"    {name!r}: {_pin(batch.run([_job(name)], threads=2, progress=False)[0])},")
