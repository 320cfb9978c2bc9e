"""``razzmatazz razz stats``: tracker statistics per player over hand histories."""

from __future__ import annotations

from pathlib import Path

import click

from razzmatazz.analysis.cli.options import columns, emit
from razzmatazz.analysis.razz.cli import razz

SHOWN = (
    ("hands", "hands", None),
    ("VPIP", "vpip", "hands"),
    ("complete", "completed", "hands"),
    ("steal", "steals", "steal_chances"),
    ("BI folds to steal", "bring_in_folded_to_steal", "bring_in_faced_steal"),
    ("others fold to steal", "others_folded_to_steal", "others_faced_steal"),
    ("WTSD", "showdowns", "saw_4th"),
    ("W$SD", "won_at_showdown", "showdowns"),
)
"""The table's columns: a share as a percentage with its count (``part/whole``)."""


@razz.command("stats")
@click.argument("paths", nargs=-1, required=True, metavar="FILE|DIR...", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="Output on stdout: human table, stable JSON, or CSV.",
)
def stats_cmd(paths: tuple[Path, ...], fmt: str) -> None:
    """Tracker statistics per player over hand histories (PHH, as 'razz play --phh' writes them, or a
    site's: PokerStars, Full Tilt, Winamax, Merge), each share beside its count so the sample shows.

    VPIP (money put in voluntarily on 3rd street), completion, steal attempts (completing an unopened
    pot with a door card lower than every door still to act) and folds to them by the bring-in and by
    the others, went to showdown (of the hands that saw 4th street), won at showdown, aggression factor
    (completions, bets and raises over calls). Every hand is replayed and checked first; a bad one is
    one line on stderr and the others are counted (exit status 2).

    \b
    Examples:
      razzmatazz razz stats HH20261201.txt
      razzmatazz razz play --players 6 --hands 2000 --seed 1 --phh hands && razzmatazz razz stats hands --format json
    """
    from razzmatazz.analysis.razz import replay as RP
    from razzmatazz.analysis.razz import tracker
    from razzmatazz.analysis.razz.cli_replay import refused

    results, errors = RP.replayed(list(paths))
    rows = [t.row(name) for name, t in tracker.tally(results).items()]
    if results:
        emit(
            fmt,
            lambda: _table(rows, len(results)),
            lambda: {"hands": len(results), "players": rows, "definitions": dict(tracker.COLUMNS), "errors": errors},
            lambda: _frame(rows),
        )
    refused(errors, f"{len(results):,} hands counted", len(results))


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}% ({part}/{whole})" if whole else "- (0/0)"


def _table(rows: list[dict], hands: int) -> str:
    out = []
    for r in rows:
        cells = {"player": r["player"]}
        for label, part, whole in SHOWN:
            cells[label] = str(r[part]) if whole is None else _share(r[part], r[whole])
        af = r["aggression_factor"]
        cells["AF"] = (f"{af:.2f}" if af is not None else "-") + f" ({r['aggressive']}/{r['calls']})"
        out.append(cells)
    keys = ["player", *(label for label, _, _ in SHOWN), "AF"]
    return f"{hands:,} hands\n" + columns(out, keys, right=tuple(keys[1:]))


def _frame(rows: list[dict]):  # noqa: ANN202  (pandas is imported here only)
    import pandas as pd

    return pd.DataFrame(rows)
