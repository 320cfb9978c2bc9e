"""The Razz report's runs: their sizes, the lineups with a strong seat, and the simulations themselves."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from razzmatazz.analysis.report.findings import Tables, strong_seat
from razzmatazz.analysis.report.sections import Run, Sizes, Timer
from razzmatazz.analysis.report.strong import STRONG
from razzmatazz.analysis.report.strong import leaders as best_two

RAZZ_PLAYERS = 6
TOUGH, LOOSE = "tough", "loose"
"""The two fields (:data:`razzmatazz.analysis.razz.game.FIELDS`): the default mix of tuned heuristics, and the
mix before issue 27, which seats two weak policies (station, random)."""
ALONE, SEATED = f"no {STRONG} seat", f"one {STRONG} seat"
"""The ``lineup`` of a run: the field as it is, or with one :data:`STRONG` seat in place of one of its policies."""
STRONG_DIVISOR = {"quick": 1, "full": 4}
"""The runs with one :data:`STRONG` seat play the main run's hands divided by this, at least :data:`STRONG_LEAST`."""
STRONG_LEAST = {"quick": 24_000, "full": 120_000}
"""The fewest hands of a run with one :data:`STRONG` seat (times the sizes' scale): a six-handed table with one
search seat plays about 1,500 (loose field) to 3,000 (tough field) hands a second on two cores."""
STRONG_CHUNK = 128
"""Duplicate deals per chunk of the strong runs, so that a few thousand hands still keep every core busy."""
CAP_STREETS = (5, 7)
"""The streets whose capped share the cap-war finding states (issue 27's figures were of these)."""
ISSUE_CAPPED = "28 % of 5th streets and 27 % of 7th streets"
"""Issue 27's figure for the old "ahead" test in a tough field (quoted in the streets' intro, not a finding)."""


@dataclass(frozen=True)
class RazzSizes:
    """The Razz report's own sizes in one mode: opponents of the starting-hand table, the policies' target."""

    bb_target: float
    """Half-width for a Razz policy's result, big bets per 100 hands."""
    opponents: tuple[int, ...]
    max_hands: int
    exact_heads_up: bool
    """The heads-up column of the starting-hand table exact (the shipped enumeration) instead of sampled."""


SIZES = {
    "quick": RazzSizes(6.0, (1, 3, 6), 600_000, exact_heads_up=True),
    "full": RazzSizes(1.5, (1, 2, 3, 4, 5, 6, 7), 5_000_000, exact_heads_up=True),
}


def pilot_hands(sizes: Sizes) -> int:
    """Hands of the Razz pilot run that measures the spread of a policy's result."""
    return max(RAZZ_PLAYERS * 100, round(12_000 * sizes.scale))


def hands_for(sizes: Sizes, pilot_n: int, pilot_half_width: float) -> int:
    """Razz hands for the mode's ``bb_target``, from the pilot's widest half-width (hw shrinks as 1/sqrt(n))."""
    own = SIZES[sizes.mode]
    need = math.ceil(pilot_n * (pilot_half_width / own.bb_target) ** 2 * sizes.scale)
    return int(min(max(need, pilot_n), own.max_hands))


def strong_hands(sizes: Sizes, hands: int) -> int:
    """Hands of a run with one :data:`STRONG` seat: the main run's ``hands`` divided by the mode's
    :data:`STRONG_DIVISOR`, at least the mode's :data:`STRONG_LEAST` (scaled) and a hundred deals."""
    least = max(RAZZ_PLAYERS * 100, round(STRONG_LEAST[sizes.mode] * sizes.scale))
    return max(least, hands // STRONG_DIVISOR[sizes.mode])


def simulate_razz(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The starting-hand table, and six-handed runs of the full game on the same decks (duplicate deals): the
    tough field (the default mix; a pilot sets the hands), the loose field, and each field with one
    :data:`STRONG` seat."""
    from razzmatazz.analysis.razz import equities as razz
    from razzmatazz.analysis.razz import game as razz_game
    from razzmatazz.core.razz.rules import Settings

    timer, trials, own = Timer(), sizes.shares(), SIZES[sizes.mode]
    starts = razz.starting_table(
        trials=trials, opponents=own.opponents, exact_heads_up=own.exact_heads_up, seed=seed, progress=progress
    )
    how = "; heads-up enumerated exactly" if own.exact_heads_up else ""
    runs = [
        Run(
            "Razz starting hands against random opponents",
            "razz_starts",
            f"{trials:,} trials per Monte Carlo cell{how}",
            seed,
            timer(),
        )
    ]
    settings, mix = Settings(players=RAZZ_PLAYERS), razz_game.lineup([], RAZZ_PLAYERS, field=TOUGH)
    timer, pilot_n = Timer(), pilot_hands(sizes)
    pilot = razz_game.play(settings, mix, pilot_n, seed, duplicate=True, progress=progress)
    pilot_hw = float(((pilot.policies.ci_high - pilot.policies.ci_low) / 2).max())
    runs.append(Run("Razz pilot run (sets the number of hands)", "-", f"{pilot.hands:,} hands", seed, timer()))
    tables: Tables = {"razz_starts": starts}
    lineups: list[dict] = []
    streets: list[pd.DataFrame] = []

    def record(result, field: str, lineup: str, seat: int = 0, replaced: str = "") -> None:
        lineups.append(
            {
                "field": field,
                "lineup": lineup,
                "seat": seat,
                "replaced": replaced,
                "hands": result.hands,
                "policies": ", ".join(p.label for p in result.lineup),
            }
        )
        streets.append(_fielded(result.streets, field, lineup))

    hands = hands_for(sizes, pilot.hands, pilot_hw)
    for field, prefix, what in ((TOUGH, "razz", "the default mix"), (LOOSE, "razz_loose", "the mix before issue 27")):
        timer = Timer()
        mix = razz_game.lineup([], RAZZ_PLAYERS, field=field)
        result = razz_game.play(settings, mix, hands, seed, duplicate=True, progress=progress)
        seats = ", razz_seats" if field == TOUGH else ""
        runs.append(
            Run(
                f"Razz, {RAZZ_PLAYERS}-handed fixed limit, {field} field ({what}), duplicate deals",
                f"{prefix}_policies, {prefix}_pairs{seats}, razz_streets",
                f"{result.hands:,} hands",
                seed,
                timer(),
            )
        )
        tables[f"{prefix}_policies"] = _fielded(result.policies.assign(table_players=RAZZ_PLAYERS), field)
        tables[f"{prefix}_pairs"] = _fielded(result.pairs, field)
        if field == TOUGH:
            tables["razz_seats"] = result.seats.assign(table_players=RAZZ_PLAYERS)
        record(result, field, ALONE)
    strong = strong_hands(sizes, hands)
    parts: dict[str, list[pd.DataFrame]] = {"policies": [], "pairs": []}
    for field in (TOUGH, LOOSE):
        plan = strong_lineup(field, tables["razz_policies" if field == TOUGH else "razz_loose_policies"])
        timer = Timer()
        result = razz_game.play(
            settings,
            razz_game.lineup(plan["texts"], RAZZ_PLAYERS),
            strong,
            seed,
            duplicate=True,
            progress=progress,
            chunk_size=STRONG_CHUNK,
        )
        runs.append(
            Run(
                f"Razz, {RAZZ_PLAYERS}-handed fixed limit, {field} field with one {STRONG} seat (default budget) in "
                f"place of {plan['replaced']}, duplicate deals",
                "razz_strong_policies, razz_strong_pairs, razz_streets",
                f"{result.hands:,} hands",
                seed,
                timer(),
            )
        )
        parts["policies"].append(_fielded(result.policies.assign(table_players=RAZZ_PLAYERS), field))
        parts["pairs"].append(_fielded(result.pairs, field))
        record(result, field, SEATED, plan["seat"], plan["replaced"])
    tables.update({f"razz_strong_{k}": pd.concat(v, ignore_index=True) for k, v in parts.items()})
    tables["razz_lineups"] = pd.DataFrame(lineups)
    tables["razz_streets"] = pd.concat(streets, ignore_index=True)
    return tables, runs


def _fielded(frame: pd.DataFrame, field: str, lineup: str | None = None) -> pd.DataFrame:
    """``frame`` with the ``field`` (and ``lineup``) of its run as its first columns."""
    out = frame.copy()
    if lineup is not None:
        out.insert(0, "lineup", lineup)
    out.insert(0, "field", field)
    return out


WEAK = ("station", "random")
"""The loose field's weak seats, kept when the strong player sits down: the loose field asks who exploits them."""


def leaders(pol: pd.DataFrame) -> tuple[str, ...]:
    """The two policies of a run with the highest results, best first (the pair the lead finding states)."""
    return best_two(pol, "bb_per_100")


def strong_lineup(field: str, pol: pd.DataFrame) -> dict:
    """The run with one :data:`STRONG` seat for ``field``: its six-handed mix with the strong player in place of
    a policy that neither of the two leaders of ``pol`` (the field's own run) plays, nor a :data:`WEAK` one."""
    from razzmatazz.analysis.razz.game import lineup

    labels = [p.label for p in lineup([], RAZZ_PLAYERS, field=field)]
    seat = strong_seat(labels, (*leaders(pol), *WEAK))
    texts = [STRONG if i == seat else x for i, x in enumerate(labels)]
    return {"field": field, "seat": seat + 1, "replaced": labels[seat], "texts": texts}
