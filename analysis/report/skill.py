"""The finding every game's report shares: how much skill pays (issue 37 item 6).

The game's skill ladder (:mod:`razzmatazz.analysis.studies.ladder`, after TAG's SkillLadder) is climbed at the
report's sizes: ``search`` at 1, 2, 4, ... samples a decision in the seat of the default mix's best heuristic,
each rung against the rung below on the same deals. The report states the first rung's gain over that
heuristic, the last rung's, and where and why the climb stopped; its table is ``GAME_ladder``.
"""

from __future__ import annotations

import pandas as pd

from razzmatazz.analysis.report.findings import Cells, Display, Finding, Tables, Topic, say
from razzmatazz.analysis.report.sections import Run, Sizes, Timer, display

TITLE = "How much skill pays"
GAMES = {("quick", "hand"): 6_000, ("quick", "game"): 800, ("full", "hand"): 40_000, ("full", "game"): 4_000}
"""Games (Razz: hands) per rung, by the report's mode and what the game counts."""
TOP = {"quick": 16, "full": 64}
"""The most samples a decision the ladder climbs to, by mode."""
MIN_GAMES = 200


def has_ladder(game: str) -> bool:
    """Whether ``game`` has a search player, so a skill ladder."""
    from razzmatazz.analysis.games import game as spec
    from razzmatazz.core.policy import PolicyError

    try:
        spec(game).registry.get("search")
    except PolicyError:
        return False
    return True


def table_name(game: str) -> str:
    return f"{game}_ladder"


def games_per_rung(game: str, sizes: Sizes) -> int:
    """Games (Razz: hands) per lineup at the report's sizes: :data:`GAMES`, scaled, at least :data:`MIN_GAMES`."""
    from razzmatazz.analysis.games import game as spec

    return max(MIN_GAMES, round(GAMES[(sizes.mode, spec(game).item)] * sizes.scale))


def simulate_skill(game: str, sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """Climb ``game``'s ladder at the report's sizes: its table (one row per rung) and its run."""
    from razzmatazz.analysis.games import game as spec
    from razzmatazz.analysis.studies.ladder import ladder

    item = spec(game).item
    timer = Timer()
    result = ladder(game, games=games_per_rung(game, sizes), seed=seed, top=TOP[sizes.mode], progress=progress)
    frame = result.rungs.assign(
        heuristic=result.heuristic,
        players=result.players,
        unit=result.unit,
        top=TOP[sizes.mode],
        last=False,
        stopped_early=not result.stopped.startswith("reached"),
    )
    frame.loc[frame.index[-1], "last"] = True
    name = table_name(game)
    size = f"{result.games:,} {item}s per rung, {len(frame)} rungs"
    return {name: frame}, [Run("skill ladder", name, size, seed, timer())]


def skill_topic(tables: Tables, game: str) -> Topic:
    """The topic: what the ladder measured, its findings and its table."""
    name = table_name(game)
    frame = tables[name]
    fmt, unit = formats(frame)
    return Topic(
        TITLE,
        "The search player at 1, 2, 4, ... samples a decision takes the seat of the default mix's best heuristic, "
        "every rung on the same deals as the rung below (paired); each doubling's gain with its 95 % interval. "
        "The climb ends at the first doubling that gains no established amount, or at the top budget.",
        skill_findings(tables, game),
        displays=[
            Display(
                "The skill ladder",
                f"Each rung's gain over the rung below (the first rung's: over {frame.heuristic.iloc[0]}) and over "
                "the heuristic, 95 % intervals over 20 batches.",
                display(
                    frame,
                    {
                        "rung": "rung",
                        "policy": "policy",
                        "games": "games",
                        "gain over the rung below": ("gain", "gain_low", "gain_high", fmt, unit),
                        "gain over the heuristic": (
                            "over_heuristic",
                            "over_heuristic_low",
                            "over_heuristic_high",
                            fmt,
                            unit,
                        ),
                    },
                ),
            )
        ],
    )


def formats(frame: pd.DataFrame) -> tuple[str, str]:
    """How a table of gains (its ``unit`` column: a payoff unit or win-rate points) writes its numbers: the format
    and the unit after each number in a displayed table (" bb/100"; none for win-rate points, shown as %)."""
    if frame.unit.iloc[0] == "win-rate points":
        return "+%", ""
    return "+.1f", f" {frame.unit.iloc[0]}"


def sentence_unit(frame: pd.DataFrame) -> str:
    """The unit after a number in a sentence: the payoff unit, or " win-rate points"."""
    return formats(frame)[1] or " win-rate points"


def skill_findings(tables: Tables, game: str) -> list[Finding]:
    """The first rung's gain over the heuristic, the last rung's, and where the climb stopped and why."""
    name = table_name(game)
    frame, cell = tables[name], Cells(tables)
    payoff = frame.unit.iloc[0] != "win-rate points"
    fmt, unit = formats(frame)[0], sentence_unit(frame)
    last = len(frame) - 1

    def over(i: int) -> dict:
        return {
            "policy": cell(name, i, "policy", "s"),
            "heuristic": cell(name, i, "heuristic", "s"),
            "gain": cell(name, i, "over_heuristic", fmt),
            "low": cell(name, i, "over_heuristic_low", fmt),
            "high": cell(name, i, "over_heuristic_high", fmt),
            "players": cell(name, i, "players", "d"),
        }

    out = [
        say(
            "At {players} players, the search player at one sample a decision ({policy}) in {heuristic}'s seat "
            "gains {gain}" + unit + " over {heuristic} (95 % CI {low} to {high}).",
            **over(0),
        )
    ]
    if last > 0:
        out.append(
            say(
                "Its last rung ({policy}) gains {gain}" + unit + " over {heuristic} (95 % CI {low} to {high}).",
                **over(last),
            )
        )
    c = {
        "policy": cell(name, last, "policy", "s"),
        "rung": cell(name, last, "rung", "d"),
        "gain": cell(name, last, "gain", fmt),
        "low": cell(name, last, "gain_low", fmt),
        "high": cell(name, last, "gain_high", fmt),
        "top": cell(name, last, "top", "d"),
        "games": cell(name, last, "games", "d"),
    }
    if bool(frame.stopped_early.iloc[last]):
        out.append(
            say(
                "Skill stops paying, at this sample size, at rung {rung} ({policy}): doubling the samples gains "
                "{gain}" + unit + " over the rung below (95 % CI {low} to {high}, {games} "
                f"{'hands' if payoff else 'games'} a rung), not an established amount.",
                **c,
            )
        )
    else:
        out.append(
            say(
                "Skill still pays at the top budget ({top} samples, rung {rung}): its doubling gains {gain}"
                + unit
                + " over the rung below (95 % CI {low} to {high}), established.",
                **c,
            )
        )
    return out
