"""The skill ladder: how much skill pays in a game (any registered game with a ``search`` policy).

The game's ``search`` player climbs a ladder of budgets, 1, 2, 4, 8, ... samples a decision. The default mix is
played first; the seat of its best heuristic (the highest mean result over the batches: payoff for a game
counted in hands, win rate for one counted in games) is then taken by each rung in turn, every lineup on the
same batches of deals (:mod:`razzmatazz.analysis.studies.paired`, duplicate where the game deals them). Each
rung's paired gain over the rung below (the first rung's: over the heuristic it replaced) and over the
heuristic, with 95 % t intervals over the batches, tells how much a doubling of thought still pays. The climb
stops at the first rung whose gain over the one below is not established (its interval's low end not above
zero), or at ``top`` samples. The idea is TAG's SkillLadder (game designers use it to tell skill from luck).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from dataclasses import field as dataclass_field  # the result has a field named field
from typing import Any

import pandas as pd

from razzmatazz.analysis.games import GameSpec
from razzmatazz.analysis.inputs import check_seed
from razzmatazz.analysis.studies import LADDER_GAMES, LADDER_TOP, paired
from razzmatazz.analysis.studies.exploit import table_settings
from razzmatazz.analysis.studies.tournament import Log, game
from razzmatazz.core.batch import _progress
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import PolicyError

LADDER = 5
"""Purpose of the batches' derived seeds (tournament.py uses 1 to 3, exploit.py 4)."""
SEARCH = "search"
DEFAULT_GAMES = LADDER_GAMES
TOP = LADDER_TOP
MAX_TOP = 4096
"""The largest --top (samples a decision)."""
RUNG_COLUMNS = (
    "rung",
    "policy",
    "samples",
    "games",
    "result",
    "gain",
    "gain_low",
    "gain_high",
    "established",
    "over_heuristic",
    "over_heuristic_low",
    "over_heuristic_high",
    "seconds",
)


@dataclass
class LadderResult:
    """What :func:`ladder` returns: ``rungs`` (:data:`RUNG_COLUMNS`: the rung's paired ``gain`` over the rung
    below, the first rung's over the heuristic, and ``over_heuristic``, each with its 95 % interval, in
    ``measure``'s unit), and why the climb ended (``stopped``)."""

    game: str
    players: int
    field: tuple[str, ...]
    seat: int  # the player index the rungs take
    heuristic: str
    measure: str  # "payoff" or "win_rate"
    unit: str
    rungs: pd.DataFrame
    games: int
    batch_games: int
    seed: int
    duplicate: bool
    stopped: str
    settings: Any = dataclass_field(repr=False)


def measure_of(item: str) -> str:
    """The result a ladder compares: payoff where the game counts hands (a pot's share is no win), else win rate."""
    return "payoff" if item == "hand" else "win_rate"


def budgets(top: int) -> list[int]:
    """1, 2, 4, ... up to ``top`` samples."""
    out = [1]
    while out[-1] * 2 <= top:
        out.append(out[-1] * 2)
    return out


def check(game_name: str, players: int | None, games: int | None, top: int) -> tuple[GameSpec, Any, int]:
    """A ladder's input checked (every problem an :class:`InputError` naming it): the game, its settings (every
    player count the game itself seats, as ``exploit`` and ``tune`` take them) and the games per lineup. ``top``
    is a power of two: the rungs double from 1, so another number would not be climbed to."""
    g = game(game_name)
    try:
        g.registry.get(SEARCH)
    except PolicyError:
        raise InputError(f"{g.name} has no {SEARCH} policy, so it has no skill ladder") from None
    settings = table_settings(g, players)
    games = DEFAULT_GAMES[g.item] if games is None else games
    g.check_games(games)
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= MAX_TOP or top & (top - 1):
        raise InputError(
            f"--top must be a power of two from 1 to {MAX_TOP:,} samples (the rungs double: 1, 2, 4, 8, ...), "
            f"got {shorten(top)}"
        )
    return g, settings, games


def ladder(
    game_name: str,
    players: int | None = None,
    games: int | None = None,
    seed: int = 0,
    *,
    top: int = TOP,
    duplicate: bool | None = None,
    executor: Executor | None = None,
    progress: bool | None = False,
    log: Log | None = None,
    clock: Callable[[], float] | None = None,
) -> LadderResult:
    """Climb the ladder of ``search`` budgets in game ``game_name`` (see the module doc)."""
    import time

    g, settings, games = check(game_name, players, games, top)
    n = settings.players
    check_seed(seed)
    clock = clock or time.perf_counter
    mix = tuple(g.module.lineup([], n))
    measure = measure_of(g.item)
    dup = g.duplicate(settings, duplicate)
    size = paired.batch_games(games)
    seeds = paired.batch_seeds(seed, g, LADDER, [x.text for x in mix])
    steps = budgets(top)
    with _progress(len(seeds) * (1 + len(steps)), progress, f"{g.name} ladder", "run") as bar:
        base = paired.play_batches(g, settings, mix, size, seeds, dup, executor, bar.update)
        seat = best_seat(base, mix, measure)
        if log:
            log(f"the default mix: {', '.join(x.label for x in mix)}; the rungs take {mix[seat].label}'s seat")
        rows, below, stopped = [], base, f"reached --top {top}"
        for k, samples in enumerate(steps, 1):
            text = f"{SEARCH}:samples={samples}"
            if log:
                log(f"rung {k}: {text}")
            begin = clock()
            lineup = tuple(g.parse(text, n) if i == seat else x for i, x in enumerate(mix))
            alt = paired.play_batches(g, settings, lineup, size, seeds, dup, executor, bar.update)
            rows.append(_rung(k, text, samples, base, below, alt, seat, measure, clock() - begin))
            below = alt
            if k > 1 and not rows[-1]["established"]:
                stopped = f"rung {k} ({samples} samples) gains no established amount over rung {k - 1}"
                break
    rungs = pd.DataFrame(rows, columns=list(RUNG_COLUMNS))
    return LadderResult(
        g.name,
        n,
        tuple(x.label for x in mix),
        seat,
        mix[seat].label,
        measure,
        g.short_unit if measure == "payoff" else "win-rate points",
        rungs,
        int(rungs.games.iloc[0]),
        size,
        seed,
        dup,
        stopped,
        settings,
    )


def best_seat(base: list[pd.DataFrame], field: tuple[Any, ...], measure: str) -> int:
    """The first seat of the policy with the highest mean ``measure`` over the batches (ties: the first)."""
    means = [sum(float(b[measure][i]) for b in base) / len(base) for i in range(len(field))]
    best = max(range(len(field)), key=lambda i: (means[i], -i))
    return [x.label for x in field].index(field[best].label)


def _rung(
    k: int,
    text: str,
    samples: int,
    base: list[pd.DataFrame],
    below: list[pd.DataFrame],
    alt: list[pd.DataFrame],
    seat: int,
    measure: str,
    seconds: float,
) -> dict:
    up, over = paired.difference(below, alt, seat), paired.difference(base, alt, seat)
    return {
        "rung": k,
        "policy": text,
        "samples": samples,
        "games": up["games"],
        "result": up[f"alt_{measure}"],
        "gain": up[f"{measure}_difference"],
        "gain_low": up[f"{measure}_low"],
        "gain_high": up[f"{measure}_high"],
        "established": bool(up[f"{measure}_low"] > 0),
        "over_heuristic": over[f"{measure}_difference"],
        "over_heuristic_low": over[f"{measure}_low"],
        "over_heuristic_high": over[f"{measure}_high"],
        "seconds": seconds,
    }


def describe(result: LadderResult) -> list[str]:
    """The design of a ladder run in a few plain sentences."""
    g = game(result.game)
    return [
        f"{g.title} skill ladder on {result.players} seats: {SEARCH} at 1, 2, 4, ... samples a decision in the seat "
        f"of {result.heuristic} (player {result.seat + 1}, the default mix's best), seed {result.seed}",
        f"{result.games:,} {g.item}s per lineup in {paired.BATCHES} batches of {result.batch_games:,} (each batch "
        f"from its own seed, shared by every lineup){', duplicate deals' if result.duplicate else ''}",
        f"gain = the rung minus the rung below (the first rung: minus {result.heuristic}), "
        f"{'payoff in ' + result.unit if result.measure == 'payoff' else 'win rate'}; 95 % t intervals over the "
        f"batches' paired differences; the climb ends where a doubling gains no established amount",
        f"stopped: {result.stopped}",
    ]
