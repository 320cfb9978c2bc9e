"""``razzmatazz razz``: hand evaluation, all-in equity, the starting-hand table."""

from __future__ import annotations

import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis.cli.new_policy import add_new_policy
from razzmatazz.analysis.cli.options import (
    FORMATS,
    RESUMING,
    Folder,
    check_cluster,
    cluster_executor,
    columns,
    common_options,
    draw_seed,
    emit,
    keep_chunks,
    note,
    progress,
    resume_option,
    resume_run,
    set_threads,
)
from razzmatazz.analysis.razz.template import TEMPLATE
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Registry

TABLE_RUNS = Path("results/razz-table")
"""Where ``razz table`` keeps its runs when no --out is given: one folder per run, and ``latest``."""
DOOR_RUNS = Path("results/razz-doors")
"""The same for ``razz doors``."""


@click.group()
def razz() -> None:
    """Razz (seven-card stud, ace-to-five low): evaluation, equity, starting hands.

    \b
    Example:
      razzmatazz razz table --trials 20000 --out results/razz-table-small
    """


@razz.command("eval")
@click.argument("hands", nargs=-1, required=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="Output: human table, stable JSON, or CSV.",
)
@click.option(
    "--out", type=Folder(), default=None, help="Also write eval.parquet, eval.csv and manifest.json to this directory."
)
def eval_cmd(hands: tuple[str, ...], fmt: str, out: Path | None) -> None:
    """Best ace-to-five low of each HAND (5 to 7 cards; '-' reads one hand per line from stdin).

    Prints the best five cards (largest rank group first, then highest rank), the hand's name as players say it
    ("wheel", "7-5 low", "8-6-4 low", "pair of kings"), the category and the class index (0 = A-2-3-4-5 best
    ... 6174 = K-K-K-K-Q worst). Cards are a rank A23456789TJQK and a suit cdhs.

    \b
    Example:
      razzmatazz razz eval As2h3d4c5s6h7d "Kh Ks 7c 7d 4h 4s 2c"
    """
    import pandas as pd

    from razzmatazz.analysis.razz.equities import BadInput, evaluate_texts
    from razzmatazz.analysis.store import manifest, reserve, write_result

    texts: list[str] = []
    for h in hands:
        texts += [line for line in sys.stdin.read().splitlines() if line.strip()] if h == "-" else [h]
    if not texts:
        raise BadInput("no hand to evaluate (stdin was empty)")
    start = time.perf_counter()
    rows = evaluate_texts(texts)
    if out is not None:
        with reserve(out) as target:
            write_result(
                target,
                {"eval": pd.DataFrame(rows)},
                manifest(
                    kind="razz eval",
                    hands=len(rows),
                    threads=set_threads(None),
                    wall_time_s=round(time.perf_counter() - start, 3),
                ),
            )
    emit(
        fmt,
        lambda: columns(rows, ["hand", "best", "name", "category", "class"]),
        lambda: rows,
        lambda: pd.DataFrame(rows),
    )


@razz.command("equity")
@click.argument("hero", required=False)
@click.option(
    "--vs",
    "vs",
    multiple=True,
    metavar="HAND|RANGE|random",
    help="An opponent: a hand ('6s7h8d', 'xx8' with x unknown), a range ('A23,A24', "
    "'[A-8][A-8][A-8]!pair', 'A23@100,K9x@25') or 'random'. Repeat for each opponent.",
)
@click.option(
    "--opponents",
    type=int,
    default=None,
    help="Number of opponents (1-7); those not given with --vs are random. Default: the --vs count or 1.",
)
@click.option(
    "--dead",
    default="",
    metavar="CARDS",
    help="Cards out of the deck (folded up-cards), e.g. 9s9hTd; a rank alone (99T) takes free suits.",
)
@click.option(
    "--trials",
    type=int,
    default=None,
    help="Monte Carlo trials [default: 1,000,000]; with --precision, the most it may play [default: 10^10].",
)
@click.option(
    "--precision",
    type=float,
    default=None,
    metavar="P",
    help="Play until the hero's 95 % interval is at most +-P percentage points (e.g. 0.1), and say "
    "how many trials it took.",
)
@click.option("--exact", is_flag=True, help="Enumerate every deal exactly (heads-up only).")
@resume_option
@common_options
@click.pass_context
def equity_cmd(
    ctx: click.Context,
    hero: str,
    vs: tuple[str, ...],
    opponents: int | None,
    dead: str,
    trials: int | None,
    precision: float | None,
    exact: bool,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
) -> None:
    """All-in equity of HERO (3 to 7 cards, or a range) against opponents, to the river, ties split.

    Cards are like As2h3d; a rank without a suit (A23) takes any free suit, since suits
    never matter in Razz. Unknown cards of opponents are dealt at random from the unseen
    cards. A range lists hands in stud order (two down cards, then the door card, then up
    cards): commas join hands, x is any card, [A-5] or [A,2,4] a set of ranks, !pair or
    !PATTERN excludes, @W weights (default 100). With 8 players the 7th card is one shared
    community card (the Razz rule).

    \b
    Examples:
      razzmatazz razz equity As2h3d --vs 6s7h8d
      razzmatazz razz equity A2K --vs xx8 --exact
      razzmatazz razz equity A23 --vs '[A-8][A-8][A-8]!pair' --exact
      razzmatazz razz equity A23 --opponents 4 --dead 9s9hTd --trials 2000000 --format json
      razzmatazz razz equity A23 --opponents 2 --precision 0.1
      razzmatazz razz equity A23 --opponents 6 --trials 10000000000 --out results/a23   # then, if stopped:
      razzmatazz razz equity --resume results/a23
    """
    if resume is not None:
        return resume_run(ctx, resume, "razz equity")
    from razzmatazz.analysis.razz.equities import check_equity_request, equity, opponent_hands
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result

    if hero is None:
        raise InputError("razz equity needs a HERO hand (or --resume DIR)")
    resuming = ctx.meta.get(RESUMING, False)
    opp = opponent_hands(list(vs), opponents)
    check_equity_request(hero, opp, dead, trials=trials, exact_enum=exact, seed=seed, precision=precision)
    check_cluster(cluster, scheduler)
    if out is not None:
        check_out_dir(out, partial_ok=resuming)
    n_threads = set_threads(threads)
    if not exact:
        seed = draw_seed(seed, quiet or fmt != "table")
    with (
        reserve(out, partial_ok=resuming) if out is not None else nullcontext() as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "razz equity", quiet, seed=seed),
    ):
        start = time.perf_counter()
        res = equity(
            hero,
            opp,
            dead,
            trials=trials,
            exact_enum=exact,
            seed=seed,
            executor=ex,
            progress=progress(quiet),
            precision=precision,
        )
        wall = time.perf_counter() - start
        if target is not None:
            meta = manifest(
                kind="razz equity",
                seed=res.seed,
                trials=res.trials,
                exact=res.exact,
                precision=res.precision,
                reached=res.reached,
                threads=n_threads,
                wall_time_s=round(wall, 3),
                convention=res.convention,
                result=res.as_dict(),
            )
            write_result(target, {"equity": res.frame()}, meta)
    emit(fmt, lambda: _equity_text(res), res.as_dict, res.frame)


def _equity_text(res: Any) -> str:
    ranged = [c for c in res.combos if c is not None]
    if res.precision is not None:
        head = (
            f"Monte Carlo to +-{res.precision:g} points: {res.trials:,} trials, seed {res.seed}"
            if res.reached
            else f"Monte Carlo, {res.trials:,} trials (the most allowed), seed {res.seed}"
        )
    elif not res.exact:
        head = f"Monte Carlo, {res.trials:,} trials, seed {res.seed}"
    elif ranged:
        head = f"exact enumeration of every deal for each of the {ranged[0]:,} live combinations of the range"
    elif res.trials == 1:
        head = "exact: every card is known, a single deal"
    else:
        head = f"exact enumeration of all {res.trials:,} deals"
    lines = [f"Razz all-in equity ({head})"]
    rows = []
    players = [("hero", res.hero)] + [(f"opp {i + 1}", h) for i, h in enumerate(res.opponents)]
    for p, ((name, hand), s) in enumerate(zip(players, res.shares)):
        ci = "exact" if s.exact else f"{s.ci95[0]:.2%} - {s.ci95[1]:.2%}"
        combos = res.combos_of(p)
        rows.append(
            {
                "player": name,
                "hand": hand,
                "combos": "" if combos is None else f"{combos:,}",
                "equity": f"{s.equity:.3%}",
                "95% CI": ci,
                "win": f"{s.win:.3%}",
                "tie": f"{s.tie:.3%}",
                "stderr": "0" if s.exact else f"{s.stderr:.3%}",
            }
        )
    keys = ["player", "hand", *(["combos"] if ranged else []), "equity", "95% CI", "stderr", "win", "tie"]
    lines.append(columns(rows, keys, right=("combos",)))
    if ranged:
        lines.append(
            "combos: live combinations of a range once the known and dead cards are removed; each trial "
            "draws one per range, weighted, redrawing all when two share a card."
        )
    if res.precision is not None and not res.reached:
        lines.append(
            f"precision not reached: the hero's 95 % half-width is {res.half_width:.3g} points, "
            f"+-{res.precision:g} was asked; allow more with --trials"
        )
    if res.dead:
        lines.append(f"dead cards: {res.dead}")
    if res.community_card:
        lines.append(community_note(len(res.shares)))
    return "\n".join(lines)


def community_note(players: int) -> str:
    """What the shared 7th card is and what it does to the numbers."""
    return (
        f"Community card: the deck cannot give all {players} players a 7th card, so one 7th card is dealt "
        "face up and every player uses it. Each player then has 6 cards of their own instead of 7, which "
        "changes every equity: that is why a start can be worth more against 7 opponents than against 6."
    )


@razz.command("table")
@click.option(
    "--trials", type=int, default=100_000, show_default=True, help="Monte Carlo trials per (start, opponents) cell."
)
@click.option(
    "--opponents",
    "opp_text",
    default="1-7",
    show_default=True,
    help="Numbers of random opponents, e.g. '1-7' or '1,2,7'.",
)
@click.option(
    "--exact/--no-exact",
    default=True,
    show_default=True,
    help="Enumerate the heads-up column exactly (about 20 s) instead of sampling it.",
)
@click.option(
    "--rank-by",
    type=int,
    default=None,
    help="Rank the starts by this number of opponents [default: the fewest in the table].",
)
@click.option(
    "--top", type=click.IntRange(1, 455), default=25, show_default=True, help="Rows shown in the human table."
)
@resume_option
@common_options
@click.pass_context
def table_cmd(
    ctx: click.Context,
    trials: int,
    opp_text: str,
    exact: bool,
    rank_by: int | None,
    top: int,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
) -> None:
    """Equity of all 455 three-card starting hands against 1 to 7 random opponents.

    Writes table.parquet, table.csv, the figures and manifest.json to --out, or else to a new
    folder per run under results/razz-table/ (results/razz-table/latest points to the newest).
    The heads-up column is exact by default; the others are Monte Carlo with 95 % intervals.
    With 7 opponents the 7th card is a shared community card (the Razz rule when 8 players
    reach 7th street).

    \b
    Examples:
      razzmatazz razz table
      razzmatazz razz table --trials 1000000 --seed 7 --rank-by 5 --out results/razz-big
      razzmatazz razz table --resume results/razz-table/20261130-101500   # an interrupted run
    """
    if resume is not None:
        return resume_run(ctx, resume, "razz table")
    from razzmatazz.analysis.razz.equities import check_seed, check_table_request, opponent_counts, starting_table
    from razzmatazz.analysis.razz.plots import table_figures
    from razzmatazz.analysis.store import check_out_dir, manifest, reserve, write_result
    from razzmatazz.core.razz.deal import COMMUNITY_CONVENTION

    resuming = ctx.meta.get(RESUMING, False)
    opponents = opponent_counts(opp_text)
    check_table_request(trials, opponents, rank_by)
    if seed is not None:
        check_seed(seed)
    check_cluster(cluster, scheduler)
    check_out_dir(out if out is not None else TABLE_RUNS / "run", partial_ok=resuming)
    n_threads = set_threads(threads)
    seed = draw_seed(seed, quiet or fmt != "table")
    with (
        reserve(out if out is not None else TABLE_RUNS, new_run=out is None, partial_ok=resuming) as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "razz table", quiet, seed=seed),
    ):
        start = time.perf_counter()
        table = starting_table(
            trials=trials, opponents=opponents, exact_heads_up=exact, seed=seed, executor=ex, progress=progress(quiet)
        )
        wall = time.perf_counter() - start
        monte_carlo = not (exact and opponents == [1])
        how = ", ".join(
            ([f"{trials:,} trials per cell"] if monte_carlo else [])
            + (["heads-up exact"] if exact and 1 in opponents else [])
        )
        meta = manifest(
            kind="razz table",
            seed=seed,
            trials_per_cell=trials if monte_carlo else None,
            opponents=opponents,
            exact_heads_up=exact and 1 in opponents,
            rank_by=rank_by,
            cells=len(table),
            total_trials=int(table.loc[~table.exact, "trials"].sum()),
            threads=n_threads,
            wall_time_s=round(wall, 3),
            convention=COMMUNITY_CONVENTION,
            streams="cell (start s, k opponents): stream razz/table (1, 2, s, k), trial i = game i",
        )
        paths = write_result(
            target, {"table": table}, meta, table_figures(table, f"{how}, seed {seed}", rank_by=rank_by)
        )
    where = _written(target, paths, out is None)
    if fmt != "table":
        note(quiet, where)
    emit(
        fmt,
        lambda: _table_text(table, top, how, seed, rank_by, where),
        lambda: table.to_dict(orient="records"),
        lambda: table,
    )


def _written(target: Path, paths: list[Path], new_run: bool) -> str:
    """Where a result went, and the ``latest`` link of a folder of runs."""
    from razzmatazz.analysis.store import LATEST, point_latest

    where = f"written: {target}/ ({', '.join(p.name for p in paths)})"
    if new_run:
        link = point_latest(target)
        where += (
            f"; {link} points to it"
            if link is not None
            else f"; {target.parent / LATEST} is not a link razzmatazz made, so it was left alone"
        )
    return where


def _table_text(table: Any, top: int, how: str, seed: int, rank_by: int | None, where: str) -> str:
    from razzmatazz.analysis.razz.equities import wide_equity

    wide = wide_equity(table, rank_by=rank_by)
    by = rank_by if rank_by is not None else wide.columns.min()
    half = (wide_equity(table, "ci_high", rank_by) - wide_equity(table, "ci_low", rank_by)) / 2
    exact = wide_equity(table, "exact", rank_by)
    same = wide_equity(table, "same_as_next", rank_by)[by]
    rows = []
    for i, hand in enumerate(wide.index[:top]):
        row = {"rank": i + 1, "hand": hand, " ": "~" if same[hand] else ""}
        for k in wide.columns:
            value = f"{wide.at[hand, k]:.2%}"
            row[f"vs {k}"] = value if exact.at[hand, k] else f"{value} ±{half.at[hand, k]:.2%}"
        rows.append(row)
    keys = list(rows[0].keys())
    lines = [
        f"Razz starting hands, all-in equity against random opponents ({how}, seed {seed})",
        f"Ranked by the {by}-opponent column; ± is the half-width of the 95 % interval.",
        columns(rows, keys, right=tuple(k for k in keys if k.startswith("vs "))),
    ]
    if same[wide.index[:top]].any():
        lines.append(
            "~ : the data cannot tell this start's order against the next one apart (95 %); more --trials would."
        )
    if 7 in wide.columns:
        lines.append(community_note(8))
    lines.append(where)
    return "\n".join(lines)


@razz.command("draw")
@click.argument("hand")
@click.option("--dead", default="", metavar="CARDS", help="Cards out of the deck (folded up-cards), e.g. 4s5h.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="Output: human table, stable JSON, or CSV.",
)
def draw_cmd(hand: str, dead: str, fmt: str) -> None:
    """Exact odds of finishing with each low from HAND (1 to 7 cards), drawing to seven cards.

    A low is named by its highest card: the wheel (5), 6-low ... K-low, or paired (no five
    different ranks). Every possible draw from the unseen cards is counted exactly.

    \b
    Examples:
      razzmatazz razz draw A23
      razzmatazz razz draw A258 --dead 4s4h3c --format json
    """
    import pandas as pd

    from razzmatazz.analysis.razz.equities import draw

    res = draw(hand, dead)
    rows = [{"final low": _low_label(k), "probability": p, "this or better": None} for k, p in res["lows"].items()]
    total = 0.0
    for r in rows[:-1]:
        total += r["probability"]
        r["this or better"] = total
    shown = [
        {k: (f"{v:.3%}" if isinstance(v, float) else ("" if v is None else v)) for k, v in r.items()} for r in rows
    ]
    head = f"Razz draw odds from {res['hand']}" + (f", dead {res['dead']}" if res["dead"] else "")
    text = (
        f"{head} (exact over {res['ways']:,} draws)\n"
        + columns(shown, ["final low", "probability", "this or better"], right=("probability", "this or better"))
        + f"\n8 or better: {res['eight_or_better']:.3%}"
    )
    emit(
        fmt,
        lambda: text,
        lambda: {k: v for k, v in res.items() if k != "counts"},
        lambda: pd.DataFrame(
            [
                {"hand": res["hand"], "dead": res["dead"], "low": k, "probability": p, "ways": res["counts"][k]}
                for k, p in res["lows"].items()
            ]
        ),
    )


def _low_label(key: str) -> str:
    return {"5": "wheel (5)", "paired": "paired"}.get(key, f"{key}-low")


@razz.command("street")
@click.argument("hands", nargs=-1)
@click.option("--dead", default="", metavar="CARDS", help="Other cards seen out of play (not in any hand below).")
@click.option("--trials", type=int, default=None, help="Monte Carlo trials per multiway street [default: 200,000].")
@resume_option
@common_options
@click.pass_context
def street_cmd(
    ctx: click.Context,
    hands: tuple[str, ...],
    dead: str,
    trials: int | None,
    resume: Path | None,
    seed: int | None,
    threads: int | None,
    fmt: str,
    out: Path | None,
    quiet: bool,
    cluster: str | None,
    scheduler: str | None,
) -> None:
    """Each player's equity at 3rd to 7th street, replaying a hand as it was dealt.

    Give each player's cards in stud order (two down cards, the door card, three more up
    cards, the last one down), 3 to 7 of them, x for a card not seen. A player with fewer
    cards than a street folded before it: from then on those cards are dead. Heads-up
    streets are exact, multiway streets Monte Carlo.

    \b
    Examples:
      razzmatazz razz street As2h3d4c5s6h7d 6s7h8d9cTsJhQd
      razzmatazz razz street As2h3dQc7s8h2d 6s7h8d9cTsJh4d KcKdK --seed 3
      razzmatazz razz street --resume results/street   # an interrupted run with --out results/street
    """
    if resume is not None:
        return resume_run(ctx, resume, "razz street")
    from razzmatazz.analysis.razz.equities import check_street_request, street_equities
    from razzmatazz.analysis.store import manifest, reserve, write_result
    from razzmatazz.core.rng import new_seed

    if not hands:
        raise InputError("razz street needs the players' HANDS (or --resume DIR)")
    resuming = ctx.meta.get(RESUMING, False)
    check_street_request(list(hands), dead, trials, seed)
    check_cluster(cluster, scheduler)
    n_threads = set_threads(threads)
    if out is not None and seed is None:  # a run that may be resumed needs its seed now
        seed = new_seed()
    with (
        reserve(out, partial_ok=resuming) if out is not None else nullcontext() as target,
        cluster_executor(cluster, scheduler) as ex,
        keep_chunks(ctx, target, "razz street", quiet, seed=seed),
    ):
        start = time.perf_counter()
        res = street_equities(list(hands), dead, trials=trials, seed=seed, executor=ex, progress=progress(quiet))
        if res.seed is not None and seed is None:
            note(quiet or fmt != "table", f"seed: {res.seed}")
        if target is not None:
            write_result(
                target,
                {"streets": res.frame()},
                manifest(
                    kind="razz street",
                    seed=res.seed,
                    threads=n_threads,
                    wall_time_s=round(time.perf_counter() - start, 3),
                    result=res.as_dict(),
                ),
            )
    emit(fmt, lambda: _street_text(res), res.as_dict, res.frame)


def _street_text(res: Any) -> str:
    from razzmatazz.analysis.razz.equities import ORDINAL as names
    from razzmatazz.analysis.stats import Z95

    rows = []
    for p, hand in enumerate(res.hands):
        row = {"player": p + 1, "hand": hand}
        for r in res.rows:
            e, se = r["equity"][p], r["stderr"][p]
            row[names[r["street"]]] = (
                "folded" if e is None else f"{e:.2%}" if r["method"] == "exact" else f"{e:.2%} ±{Z95 * se:.2%}"
            )
        row["best low"] = res.best[p] or ""
        rows.append(row)
    keys = list(rows[0])
    how = ", ".join(f"{names[r['street']]}: {r['method']}" for r in res.rows)
    seed = f", seed {res.seed}" if res.seed is not None else ""
    return "\n".join(
        [
            f"Razz equity street by street ({how}{seed}); ± is the 95 % interval half-width",
            columns(rows, keys, right=tuple(keys[2:-1])),
        ]
    )


@razz.command("doors")
@click.option(
    "--top", type=click.IntRange(1, 455), default=20, show_default=True, help="Starts shown in the human table."
)
@click.option("--threads", type=int, default=None, help="Worker threads (default: all cores).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="Output on stdout: human table, stable JSON, or CSV.",
)
@click.option(
    "--out",
    type=Folder(),
    default=None,
    help="Directory for doors.parquet, doors.csv, doors.png and manifest.json "
    "[default: a new folder under results/razz-doors/].",
)
@click.option("--quiet", is_flag=True, help="No notes on stderr.")
def doors_cmd(top: int, threads: int | None, fmt: str, out: Path | None, quiet: bool) -> None:
    """The door-card chart: every start against one opponent showing each door card, exact.

    The opponent's two down cards are unknown; both players draw to seven cards (all-in,
    ties split). This is the chart for deciding whether to complete or fold against a
    bring-in. Rows are starts, best first (by equity against a random hand); columns are
    the opponent's door card.

    \b
    Examples:
      razzmatazz razz doors
      razzmatazz razz doors --format json --out results/doors
    """
    from razzmatazz.analysis.razz.equities import door_table
    from razzmatazz.analysis.razz.plots import door_figures
    from razzmatazz.analysis.store import manifest, reserve, write_result

    n_threads = set_threads(threads)
    with reserve(out if out is not None else DOOR_RUNS, new_run=out is None) as target:
        start = time.perf_counter()
        chart = door_table()
        wall = time.perf_counter() - start
        meta = manifest(
            kind="razz doors",
            exact=True,
            cells=len(chart),
            deals_per_cell=int(chart["deals"].iloc[0]),
            threads=n_threads,
            wall_time_s=round(wall, 3),
        )
        paths = write_result(target, {"doors": chart}, meta, door_figures(chart, "exact enumeration of every deal"))
    where = _written(target, paths, out is None)
    if fmt != "table":
        note(quiet, where)
    emit(fmt, lambda: _doors_text(chart, top, where), lambda: chart.to_dict(orient="records"), lambda: chart)


def _doors_text(chart: Any, top: int, where: str) -> str:
    from razzmatazz.core.cards import RANKS

    wide = chart.pivot(index="start", columns="door", values="equity")
    starts = list(chart["start"].unique())[:top]
    rows = [
        {"rank": i + 1, "start": s, **{d: f"{100 * wide.at[s, d]:.1f}" for d in RANKS}} for i, s in enumerate(starts)
    ]
    return "\n".join(
        [
            "Razz door-card chart: all-in equity % of each start against one opponent showing a door card (exact)",
            columns(rows, list(rows[0]), right=tuple(RANKS)),
            f"the {top} best starts of 455, ranked by equity against a random hand; all are in the files",
            where,
        ]
    )


from razzmatazz.analysis.razz import cli_convert as _convert  # noqa: E402,F401  (adds razz convert)
from razzmatazz.analysis.razz import cli_replay as _replay  # noqa: E402,F401  (adds razz replay)
from razzmatazz.analysis.razz import cli_review as _review  # noqa: E402,F401  (adds razz review)
from razzmatazz.analysis.razz import cli_stats as _stats  # noqa: E402,F401  (adds razz stats)


def _registry() -> Registry:
    from razzmatazz.core.razz.policies import REGISTRY

    return REGISTRY


add_new_policy(razz, "razz", TEMPLATE, _registry)
