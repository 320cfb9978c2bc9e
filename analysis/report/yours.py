"""The topic of a report made with ``--plugin FILE``: your policies against the default mix's best heuristic and
against the search player, in the same seat on the same deals (issue 40).

The default mix is played first; the seat of its best heuristic (as the skill ladder picks it:
:func:`razzmatazz.analysis.studies.ladder.best_seat`) is then taken by each of the file's policies in turn and by
the default ``search``, every lineup on the same batches of deals (:mod:`razzmatazz.analysis.studies.paired`).
Each policy's paired gain over the heuristic and its paired difference from ``search``, with 95 % t intervals
over the batches, say whether it plays better than the best built-in heuristic and how far it is from strong
play. The table is ``GAME_yours``.
"""

from __future__ import annotations

import pandas as pd

from razzmatazz.analysis.report.findings import Cells, Display, Finding, Tables, Topic, say
from razzmatazz.analysis.report.sections import Run, Sizes, Timer, display
from razzmatazz.analysis.report.skill import formats, games_per_rung, sentence_unit

TITLE = "Your policies"
YOURS = 6
"""Purpose of the batches' derived seeds (tournament.py uses 1 to 3, exploit.py 4, ladder.py 5)."""
SEARCH = "search"
COLUMNS = (
    "policy",
    "heuristic",
    "seat",
    "players",
    "unit",
    "games",
    "result",
    "gain",
    "gain_low",
    "gain_high",
    "vs_search",
    "vs_search_low",
    "vs_search_high",
)


def table_name(game: str) -> str:
    return f"{game}_yours"


def plugin_names(game: str) -> list[str]:
    """The names of the policies of the plugin loaded for ``game`` (none without ``--plugin``)."""
    from razzmatazz.analysis.games import game as spec

    user = spec(game).user
    return [] if user is None else [s.name for s in user.specs]


def simulate_yours(
    game: str, sizes: Sizes, seed: int, progress: bool | None, strong: str = SEARCH
) -> tuple[Tables, list[Run]]:
    """Each plugin policy and the search player (``strong``: default the default ``search``) in the best
    heuristic's seat: the table and its run."""
    from razzmatazz.analysis.games import game as spec
    from razzmatazz.analysis.studies import paired
    from razzmatazz.analysis.studies.ladder import best_seat, measure_of
    from razzmatazz.core.batch import _progress

    g, names, timer = spec(game), plugin_names(game), Timer()
    settings = g.settings(None)
    n, measure = settings.players, measure_of(g.item)
    mix = tuple(g.module.lineup([], n))
    dup = g.duplicate(settings, None)
    size = paired.batch_games(games_per_rung(game, sizes))
    seeds = paired.batch_seeds(seed, g, YOURS, [x.text for x in mix])

    def seated(text: str, seat: int) -> list[pd.DataFrame]:
        lineup = tuple(g.parse(text, n) if i == seat else x for i, x in enumerate(mix))
        return paired.play_batches(g, settings, lineup, size, seeds, dup, None, bar.update)

    with _progress(len(seeds) * (2 + len(names)), progress, f"{g.name} your policies", "run") as bar:
        base = paired.play_batches(g, settings, mix, size, seeds, dup, None, bar.update)
        seat = best_seat(base, mix, measure)
        searched = seated(strong, seat)
        rows = [_row(strong, base, searched, searched, seat, measure)]
        rows += [_row(name, base, seated(name, seat), searched, seat, measure) for name in names]
    unit = g.short_unit if measure == "payoff" else "win-rate points"
    frame = pd.DataFrame(rows).assign(heuristic=mix[seat].label, seat=seat + 1, players=n, unit=unit)
    frame = frame[list(COLUMNS)]
    games = int(frame.games.iloc[0])
    return {table_name(game): frame}, [
        Run("your policies", table_name(game), f"{games:,} {g.item}s a lineup, {len(rows) + 1} lineups", seed, timer())
    ]


def _row(
    name: str, base: list[pd.DataFrame], alt: list[pd.DataFrame], strong: list[pd.DataFrame], seat: int, m: str
) -> dict:
    from razzmatazz.analysis.studies import paired

    over = paired.difference(base, alt, seat)
    vs = paired.difference(strong, alt, seat)
    return {
        "policy": name,
        "games": over["games"],
        "result": over[f"alt_{m}"],
        "gain": over[f"{m}_difference"],
        "gain_low": over[f"{m}_low"],
        "gain_high": over[f"{m}_high"],
        "vs_search": vs[f"{m}_difference"],
        "vs_search_low": vs[f"{m}_low"],
        "vs_search_high": vs[f"{m}_high"],
    }


def yours_topic(tables: Tables, game: str) -> Topic:
    """The topic: what was played, a finding per policy and the table."""
    frame = tables[table_name(game)]
    fmt, unit = formats(frame)
    return Topic(
        TITLE,
        "Each policy of your file, and the default search player, takes the seat of the default mix's best "
        "heuristic, every lineup on the same deals (paired): each one's gain over that heuristic and its "
        "difference from the search player, with 95 % intervals over 20 batches.",
        yours_findings(tables, game),
        displays=[
            Display(
                "Your policies in the best heuristic's seat",
                f"Gain over {frame.heuristic.iloc[0]} in its seat (seat {frame.seat.iloc[0]} of "
                f"{frame.players.iloc[0]}), and difference from the default search there; 95 % intervals.",
                display(
                    frame,
                    {
                        "policy": "policy",
                        "games": "games",
                        "gain over the heuristic": ("gain", "gain_low", "gain_high", fmt, unit),
                        "against search": ("vs_search", "vs_search_low", "vs_search_high", fmt, unit),
                    },
                ),
            )
        ],
    )


def yours_findings(tables: Tables, game: str) -> list[Finding]:
    """One sentence per policy of the file: its gain over the heuristic and where it stands against search."""
    name = table_name(game)
    frame, cell = tables[name], Cells(tables)
    fmt, unit = formats(frame)[0], sentence_unit(frame)
    out = []
    for i in range(1, len(frame)):
        refs = {
            "policy": cell(name, i, "policy", "s"),
            "heuristic": cell(name, i, "heuristic", "s"),
            "players": cell(name, i, "players", "d"),
            "gain": cell(name, i, "gain", fmt),
            "low": cell(name, i, "gain_low", fmt),
            "high": cell(name, i, "gain_high", fmt),
            "vs": cell(name, i, "vs_search", fmt),
            "vs_low": cell(name, i, "vs_search_low", fmt),
            "vs_high": cell(name, i, "vs_search_high", fmt),
        }
        row = frame.iloc[i]
        out.append(
            say(
                "At {players} players, your {policy} in {heuristic}'s seat gains {gain}" + unit + " over {heuristic} "
                "(95 % CI {low} to {high}): " + _standing(row.gain_low, row.gain_high, "the heuristic") + "; against "
                "the default search in that seat it makes {vs}"
                + unit
                + " (95 % CI {vs_low} to {vs_high}): "
                + _standing(row.vs_search_low, row.vs_search_high, "search")
                + ".",
                **refs,
            )
        )
    return out


def _standing(low: float, high: float, other: str) -> str:
    """Whether an interval establishes the policy ahead of ``other``, behind it, or neither."""
    if low > 0:
        return f"established ahead of {other}"
    if high < 0:
        return f"established behind {other}"
    return f"not established different from {other} at this sample size"
