"""``razzmatazz razz convert``: site hand histories (PokerStars) written as PHH files, one a hand."""

from __future__ import annotations

from pathlib import Path

import click

from razzmatazz.analysis.cli.options import Folder
from razzmatazz.analysis.razz.cli import razz


@razz.command("convert")
@click.argument("paths", nargs=-1, required=True, metavar="FILE|DIR...", type=click.Path(path_type=Path))
@click.option(
    "--out",
    "out",
    required=True,
    type=Folder(),
    metavar="DIR",
    help="A new or empty folder for the PHH files, one a hand (SITE-HANDID.phh).",
)
def convert_cmd(paths: tuple[Path, ...], out: Path) -> None:
    """Site hand histories of Razz (PokerStars, Full Tilt and Winamax text, Merge XML; cash games,
    tournaments, sit-and-gos) as PHH files that PokerKit and 'razz replay' read, one file a hand.

    Each hand is replayed before it is written (every action checked against the rules, as 'razz
    replay' does; a folder's .txt files that are a site's Razz history are read, not its subfolders).
    A hand PokerKit refuses though real tables play it (a raise capped at what the others can call)
    is written with a note saying so, and counted. A hand that cannot be read or breaks a rule is one
    line on stderr naming the file,
    the hand and the line or action, and the others are still written. The folder is written all at
    once: nothing partial is left. The last line gives the count written and refused; the exit status
    is 2 when any hand was refused. 'razz replay' reads the site files directly too.

    \b
    Examples:
      razzmatazz razz convert HH20261201.txt --out hands
      razzmatazz razz convert ~/PokerStars/HandHistory/MyName/ --out hands && razzmatazz razz replay hands
    """
    from razzmatazz.analysis.razz import convert
    from razzmatazz.analysis.razz.cli_replay import refused

    written, errors, flagged = convert.convert_paths(list(paths), out)
    if not errors:
        note = f" ({len(flagged):,} with a note that PokerKit refuses it: {', '.join(flagged[:3])})" if flagged else ""
        click.echo(f"{written:,} hands written to {out}" + note)
    refused(
        errors,
        f"{written:,} hands written ({len(flagged):,} with a note)" if flagged else f"{written:,} hands written",
        written,
    )
