"""The Riffifi report's runs: the study, the runs with strong players seated, and the exploit runs."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from razzmatazz.analysis.report.findings import Tables, strong_seat
from razzmatazz.analysis.report.sections import Run, Sizes, Timer
from razzmatazz.analysis.report.strong import STRONG
from razzmatazz.analysis.report.strong import leaders as best_two

PLAYERS = {"quick": (3, 4, 5), "full": (3, 4, 5)}
"""The study's player counts in each mode."""
EVERY = "every seat"
STRONG_DIVISOR = {"quick": 3, "full": 4}
"""The runs with one :data:`STRONG` seat play the study's games per player count divided by this."""
EVERY_DIVISOR = {"quick": 16, "full": 32}
"""The runs with :data:`STRONG` in every seat (about five times slower a game) play the study's games per player
count and variant divided by this."""
STRONG_CHUNK = 128
"""Games per chunk of the strong runs, so that a few hundred games still keep every core busy."""
SEATED_TABLES = ("policies", "pairs")
"""What the runs with one strong seat are for: the ranking."""
EVERY_TABLES = ("positions", "cards", "officer")
"""What the runs with strong players in every seat are for: positions, early cards, the Officer."""
ONE = "officer_one"
"""The table of the runs of the Officer's deals with the 1 it replaced in its place (``officer_as_one``)."""
STRONG_TABLES = ("lineups", *SEATED_TABLES, *EVERY_TABLES, ONE)


def simulate_riffifi(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The Riffifi study (each player count with and without the Officer) and the runs under strong play."""
    from razzmatazz.analysis.riffifi import game as riffifi

    timer, games = Timer(), sizes.shares()
    study = riffifi.study(list(PLAYERS[sizes.mode]), games, seed, progress=progress)
    study["officer_one"] = riffifi.officer_as_one(list(PLAYERS[sizes.mode]), games, seed, progress=progress)
    names = ("policies", "pairs", "positions", "cards", "officer", "officer_one")
    runs = [
        Run(
            f"Riffifi study: default mix, {len(PLAYERS[sizes.mode])} player counts, without and with the Officer, "
            "and the Officer's deals with the 1 it replaced in its place",
            ", ".join(f"riffifi_{n}" for n in names),
            f"{games:,} games per player count and variant",
            seed,
            timer(),
        )
    ]
    tables = {f"riffifi_{k}": study[k].reset_index(drop=True) for k in names}
    timer, n = Timer(), len(PLAYERS[sizes.mode])
    one, every = (max(least, games // d[sizes.mode]) for least, d in ((200, STRONG_DIVISOR), (60, EVERY_DIVISOR)))
    tables.update(strong_study(tables["riffifi_policies"], list(PLAYERS[sizes.mode]), one, every, seed, progress))
    runs.append(
        Run(
            f"Riffifi under strong play: one {STRONG} seat in the default mix ({n} player counts, no Officer), "
            f"and {STRONG} in {EVERY} ({n} player counts, without and with the Officer, and with a 1 in its place)",
            ", ".join(f"riffifi_strong_{k}" for k in STRONG_TABLES),
            f"{one:,} games per player count with one {STRONG} seat, {every:,} per player count and variant "
            f"with {STRONG} in {EVERY}",
            seed,
            timer(),
        )
    )
    timer = Timer()
    tables.update(exploit_study(list(PLAYERS[sizes.mode]), one, seed, progress))
    runs.append(
        Run(
            f"Riffifi exploitability: {STRONG} in the seat of each policy of the default mix in turn, the same deals "
            f"played by the mix itself ({n} player counts, no Officer)",
            EXPLOITED,
            f"{one:,} games per lineup and player count",
            seed,
            timer(),
        )
    )
    return tables, runs


EXPLOITED = "riffifi_exploit"
"""The exploit runs' gains (:func:`razzmatazz.analysis.studies.exploit.exploit`), one row per player count and
policy."""


def exploit_study(players: Sequence[int], games: int, seed: int, progress: bool | None) -> Tables:
    """Per player count, :data:`STRONG`'s paired gain in the seat of each policy of the default mix."""
    from razzmatazz.analysis.riffifi.game import DEFAULT_MIX, leading
    from razzmatazz.analysis.studies.exploit import exploit

    parts = [
        exploit("riffifi", list(DEFAULT_MIX[:n]), n, STRONG, games, seed, progress=progress).gains.assign(players=n)
        for n in players
    ]
    return {EXPLOITED: leading(pd.concat(parts, ignore_index=True), ("players",))}


def leaders(pol: pd.DataFrame, n: int) -> tuple[str, ...]:
    """The two policies with the highest win rates at ``n`` players without the Officer, best first."""
    return best_two(pol[(pol.players == n) & ~pol.officer], "win_rate")


def strong_lineups(pol: pd.DataFrame, players: Sequence[int]) -> list[dict]:
    """The strong runs: per player count, the default mix without the Officer with one :data:`STRONG` seat in
    place of a policy that neither leader plays, then :data:`STRONG` in every seat without and with the Officer,
    and with the 1 it replaced in its place."""
    from razzmatazz.analysis.riffifi.game import DEFAULT_MIX

    plans = []
    for n in players:
        labels = list(DEFAULT_MIX[:n])
        seat = strong_seat(labels, leaders(pol, n))
        texts = [STRONG if i == seat else x for i, x in enumerate(labels)]
        for officer in (False, True):  # the gate of every verdict at these rules (findings.gated_verdict)
            one_seat = {"players": n, "officer": officer, "as_one": False, "seat": seat + 1, "replaced": labels[seat]}
            plans.append({**one_seat, "texts": texts})
        plans += [
            {"players": n, "officer": o, "as_one": a, "seat": 0, "replaced": EVERY, "texts": [STRONG]}
            for o, a in ((False, False), (True, False), (False, True))
        ]
    return plans


def strong_study(
    pol: pd.DataFrame, players: Sequence[int], one: int, every: int, seed: int, progress: bool | None
) -> Tables:
    """The runs of :func:`strong_lineups` (``one`` games with one strong seat, ``every`` with strong players in
    every seat): the lineups, the policies and pairs of the first kind, the positions, cards and Officer of the
    second, as ``riffifi_strong_*`` tables."""
    from razzmatazz.analysis.riffifi import game as riffifi
    from razzmatazz.core.riffifi.rules import Settings

    parts: dict[str, list[pd.DataFrame]] = {k: [] for k in STRONG_TABLES}
    for p in strong_lineups(pol, players):
        n, officer, full = p["players"], p["officer"], p["replaced"] == EVERY
        result = riffifi.play(
            Settings(players=n, officer=officer, officer_as_one=p["as_one"]),
            riffifi.lineup(p["texts"], n),
            every if full else one,
            seed,
            progress=progress,
            chunk_size=STRONG_CHUNK,
        )
        row = {k: p[k] for k in ("players", "officer", "as_one", "seat", "replaced")}
        row["games"] = result.games
        parts["lineups"].append(pd.DataFrame([{**row, "lineup": ", ".join(x.label for x in result.lineup)}]))
        keys = (ONE,) if p["as_one"] else EVERY_TABLES if full else SEATED_TABLES
        for k in keys:
            part = getattr(result, "officer" if k == ONE else k)
            if len(part):
                parts[k].append(part.assign(players=n, officer=officer))
    from razzmatazz.analysis.riffifi.game import leading

    return {f"riffifi_strong_{k}": leading(pd.concat(f, ignore_index=True)) for k, f in parts.items()}
