"""``razzmatazz razz review``: a player's decisions in hand histories beside the strong player's."""

from __future__ import annotations

import functools
from pathlib import Path

import click

from razzmatazz.analysis.cli.options import Folder, emit
from razzmatazz.analysis.razz.cli import razz
from razzmatazz.analysis.razz.cli_replay import search_options
from razzmatazz.core.errors import InputError


@razz.command("review")
@click.argument("paths", nargs=-1, required=True, metavar="FILE|DIR...", type=click.Path(path_type=Path))
@click.option(
    "--hero", required=True, metavar="NAME", help="The player whose decisions are reviewed, as the files name them."
)
@functools.partial(search_options, none=False)
@click.option("--samples", type=int, default=500, show_default=True, help="Samples valuing each decision's moves.")
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Root seed of the search and the valuation, 0 to 2^63-1 (a new one is drawn and shown if omitted).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output on stdout: human table, or stable JSON.",
)
@click.option(
    "--out",
    type=Folder(),
    default=None,
    metavar="DIR",
    help="Also write the review here: review.html (the report's style), review.json, the chart, the tables.",
)
def review_cmd(
    paths: tuple[Path, ...],
    hero: str,
    search_text: str,
    field_text: str,
    samples: int,
    seed: int | None,
    fmt: str,
    out: Path | None,
) -> None:
    """Review one player's decisions in hand histories (PHH or a site's: PokerStars, Full Tilt, Winamax, Merge).

    At every decision of --hero, the strong player (--search) is asked from the hero's own view
    (the others' down cards and the cards to come drawn, never read from the file), each legal move
    is valued on --samples samples of its own with the other seats played as --field-model, and the
    hero's loss where it chose otherwise is the paired difference with its 95 % interval, in big
    bets. Summaries by street, by the hero's door card and by situation (first in, facing a
    completion, facing a bet, on the end), and the total in big bets per 100 hands. Hands without
    the hero are skipped and counted; a decision after the engine and the file part (see 'razz
    replay') or whose own cards the file does not show is not reviewed, and the output says why. A
    bad hand is one line on stderr and the others are reviewed (exit status 2).

    \b
    Examples:
      razzmatazz razz review HH20261201.txt --hero MyName
      razzmatazz razz review hands --hero MyName --samples 400 --seed 7 --out my-review
      razzmatazz razz play --players 3 --human 2 --log my.phhs && razzmatazz razz review my.phhs --hero "seat 2 (you)"
    """
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.razz import replay as RP
    from razzmatazz.analysis.razz import review as RV
    from razzmatazz.analysis.razz import tracker
    from razzmatazz.analysis.razz.cli_replay import refused
    from razzmatazz.analysis.store import check_out_dir
    from razzmatazz.core.rng import new_seed

    if not hero.strip():
        raise InputError("--hero: the name is empty (give the player's name as the files write it)")
    RV.check_samples(samples)
    if seed is not None:
        check_seed(seed)
    if out is not None:
        check_out_dir(out)
    seed = new_seed() if seed is None else seed
    searcher = RP.searcher(search_text, field_text, seed)
    if searcher is None:
        raise InputError("--search none: the review needs a search player to compare with")
    results, errors = RP.replayed(list(paths))
    if results:
        review = RV.review(results, hero, searcher, samples)
        stats = [t.row(name) for name, t in tracker.tally(results).items()]
        data = RV.as_dict(review, searcher, samples, errors, stats)
        if out is not None:
            from razzmatazz.analysis.razz import review_page

            review_page.write(out, data)
        emit(fmt, lambda: RV.text(review, searcher, samples), lambda: data, lambda: None)
    refused(errors, f"{len(results):,} hands read", len(results))
