"""``razzmatazz razz replay``: PHH hand histories replayed street by street, checked against the rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from razzmatazz.analysis.cli.options import emit
from razzmatazz.analysis.razz.cli import razz

STREET_TRIALS = 200_000


def search_options(fn: Callable, none: bool = True) -> Callable:
    """``--search`` (the strong player asked; ``none``: it may be left out) and ``--field-model`` (every other
    seat in its rollouts)."""
    fn = click.option(
        "--field-model",
        "field_text",
        default="tag",
        show_default=True,
        metavar="NAME[:k=v,...]",
        help="The policy the search player's rollouts play every other seat with.",
    )(fn)
    return click.option(
        "--search",
        "search_text",
        default="search-strong",
        show_default=True,
        metavar="TEXT",
        help="The search player asked at each decision (search, search-strong, search:samples=N,...)"
        + (", or none." if none else "."),
    )(fn)


@razz.command("replay")
@click.argument(
    "paths", nargs=-1, required=True, metavar="FILE.phh|FILE.phhs|FILE.txt|DIR...", type=click.Path(path_type=Path)
)
@click.option(
    "--policy",
    "policy_texts",
    multiple=True,
    metavar="NAME[:k=v,...]",
    help="A policy to ask at every decision (repeat). Default: tag, rock, station, steal, reader. See 'razz policies'.",
)
@search_options
@click.option("--trials", type=int, default=None, help="Monte Carlo trials per multiway street [default: 200,000].")
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Root seed of the Monte Carlo streets and of the search, 0 to 2^63-1 (a new one is drawn and shown if "
    "omitted).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output on stdout: human table, or stable JSON.",
)
def replay_cmd(
    paths: tuple[Path, ...],
    policy_texts: tuple[str, ...],
    search_text: str,
    field_text: str,
    trials: int | None,
    seed: int | None,
    fmt: str,
):
    """Replay PHH hand histories of fixed-limit Razz (variant FR), checking every action.

    Each street shows the pot, each player's cards and all-in equity from the cards known then
    (heads-up exact, multiway Monte Carlo with its 95 % interval; ?? cards are unknown), every
    action and what the policies and the search player would have done there; then the
    finishing stacks, and whether they agree with the file's. The search player is asked from an
    engine position that follows the file, the other seats played in its rollouts by
    --field-model; where the engine and the file part (e.g. PokerKit's short all-in raise) it is
    not asked for the rest of the hand, and the output says why. A .phhs file (a collection of
    hands, as 'razz play --human SEAT --log' writes) is read hand by hand, each named FILE [KEY].
    A folder is read entry by entry (*.phh and *.phhs). An illegal action, a card dealt twice,
    another variant, a malformed file or one that is not a regular file of at most 8 MB (a FIFO,
    a device, a directory, a symbolic link loop or to nothing) is one line on stderr naming the
    file (and hand) and the action; the other files and hands are still replayed and printed,
    the last line counts the hands replayed and refused, and the exit status is 2. Site hand
    histories (PokerStars, Full Tilt, Winamax: .txt; Merge: .xml) are read hand by hand too, each named FILE [#HANDID];
    'razz convert' writes them as PHH.

    \b
    Examples:
      razzmatazz razz replay hand-000001.phh
      razzmatazz razz play --players 3 --hands 20 --seed 1 --phh hands && razzmatazz razz replay hands
      razzmatazz razz replay hands --policy tag --policy tag:max_card=9 --format json --seed 7
      razzmatazz razz replay hands --search search:samples=8 --field-model reader --seed 7
      razzmatazz razz replay hands --search none
      razzmatazz razz play --players 3 --human 1 --log my-hands.phhs && razzmatazz razz replay my-hands.phhs
    """
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.razz import replay as RP
    from razzmatazz.analysis.razz.equities import check_trials
    from razzmatazz.core.rng import new_seed

    policies = RP.policy_list(policy_texts)
    if trials is not None:
        check_trials(trials)
    if seed is not None:
        check_seed(seed)
    seed = new_seed() if seed is None else seed
    searcher = RP.searcher(search_text, field_text, seed)
    trials = STREET_TRIALS if trials is None else trials
    results, errors = RP.replay_paths(list(paths), policies, trials, seed, searcher)
    if results:
        emit(
            fmt,
            lambda: "\n\n".join([RP.legend(policies, seed, searcher), *(RP.text(r, policies) for r in results)]),
            lambda: {
                "hands": [RP.as_dict(r, policies) for r in results],
                "policies": [p.label for p in policies],
                "policy_note": RP.POLICY_NOTE,
                "search": searcher.policy.label if searcher else None,
                "field_model": searcher.model.label if searcher else None,
                "seed": seed,
                "trials": trials,
                "errors": errors,
            },
            lambda: None,
        )
    refused(errors, f"{len(results):,} hands replayed", len(results))


def refused(errors: list[str], done: str, count: int) -> None:
    """Each refused hand or file as one line on stderr, then, where several were read, a last line counting
    those ``done`` (``N hands replayed``) and refused; exit status 2. Nothing if no hand was refused."""
    if errors and (count or len(errors) > 1):
        errors = [*errors, f"{done}, {len(errors):,} refused (a hand or a file each line above)"]
    _errors(errors)


def _errors(errors: list[str]) -> None:
    """Each bad file as one line on stderr, then exit status 2."""
    if not errors:
        return
    from razzmatazz.analysis.cli import fail

    for message in errors[:-1]:
        click.echo("razzmatazz: error: " + " ".join(message.split()), err=True)
    fail(errors[-1])
