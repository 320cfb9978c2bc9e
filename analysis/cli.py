"""The ``razzmatazz`` command line.

Every analysis command takes the same conventions: ``--seed`` (drawn, printed and stored
when omitted), ``--threads``, ``--format table|json|csv`` and ``--out DIR``. Bad input is
reported as one line on stderr with exit status 2, before any result is written.
Heavy modules (numba, pandas) are imported inside commands so ``--help`` stays fast.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

FORMATS = ("table", "json", "csv")


class _Cli(click.Group):
    """A group whose errors are one line on stderr with exit status 2, never a traceback."""

    def main(self, args: Any = None, prog_name: Any = None, **extra: Any) -> Any:  # noqa: D102
        from core.errors import InputError

        extra.pop("standalone_mode", None)
        try:
            super().main(args, prog_name or "razzmatazz", standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.format_message())
            sys.exit(2)
        except click.ClickException as e:
            _fail(e.format_message())
        except InputError as e:
            _fail(str(e))
        except (click.Abort, KeyboardInterrupt):
            click.echo("razzmatazz: interrupted", err=True)
            sys.exit(130)
        sys.exit(0)


def _fail(message: str) -> None:
    click.echo("razzmatazz: error: " + " ".join(message.split()), err=True)
    sys.exit(2)


def common_options(fn: Callable) -> Callable:
    """``--seed --threads --format --out --quiet``, shared by every analysis command."""
    options = [
        click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
                     help="Root seed (a new one is drawn, printed and stored if omitted)."),
        click.option("--threads", type=int, default=None, help="Numba threads (default: all cores)."),
        click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
                     help="Output on stdout: human table, stable JSON, or CSV."),
        click.option("--out", type=click.Path(path_type=Path), default=None,
                     help="Directory for the result files (parquet, CSV, figures if any, manifest.json); "
                          "an earlier result there is replaced, any other non-empty directory refused."),
        click.option("--quiet", is_flag=True, help="No progress bar or notes on stderr."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


@click.group(name="razzmatazz", cls=_Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="razzmatazz")
def main() -> None:
    """Monte Carlo strategy analyser for Razz, Razzia and Riffifi.

    \b
    Example:
      razzmatazz razz equity A23 --vs 678
    """


@main.group()
def razz() -> None:
    """Razz (seven-card stud, ace-to-five low): evaluation, equity, starting hands.

    \b
    Example:
      razzmatazz razz table --trials 20000 --out results/razz-table
    """


def _note(quiet: bool, text: str) -> None:
    if not quiet:
        click.echo(text, err=True)


def _setup(threads: int | None, seed: int | None, quiet: bool, needs_seed: bool = True) -> tuple[int, int]:
    from core.batch import set_threads
    from core.errors import InputError
    from core.rng import new_seed

    try:
        n_threads = set_threads(threads)
    except ValueError as e:
        raise InputError(str(e)) from None
    if seed is None and needs_seed:
        seed = new_seed()
        _note(quiet, f"seed: {seed}")
    return n_threads, seed if seed is not None else 0


def _emit(fmt: str, text_table: Callable[[], str], as_json: Callable[[], Any], frame: Callable[[], Any]) -> None:
    if fmt == "json":
        click.echo(json.dumps(as_json(), indent=2))
    elif fmt == "csv":
        click.echo(frame().to_csv(index=False), nl=False)
    else:
        click.echo(text_table())


def _columns(rows: list[dict], keys: list[str]) -> str:
    cells = [[str(r[k]) for k in keys] for r in rows]
    widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
    lines = ["  ".join(k.ljust(w) for k, w in zip(keys, widths)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    return "\n".join(lines)


@razz.command("eval")
@click.argument("hands", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="Output: human table, stable JSON, or CSV.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Also write eval.parquet, eval.csv and manifest.json to this directory.")
def eval_cmd(hands: tuple[str, ...], fmt: str, out: Path | None) -> None:
    """Best ace-to-five low of each HAND (5 to 7 cards; '-' reads one hand per line from stdin).

    Prints the best five cards (largest rank group first, then highest rank), the category and the class index
    (0 = A-2-3-4-5 best ... 6174 = K-K-K-K-Q worst).

    \b
    Example:
      razzmatazz razz eval As2h3d4c5s6h7d "Kh Ks 7c 7d 4h 4s 2c"
    """
    import pandas as pd

    from analysis.razz import BadInput, evaluate_texts
    from analysis.store import check_out_dir, manifest, write_result

    texts: list[str] = []
    for h in hands:
        texts += [line for line in sys.stdin.read().splitlines() if line.strip()] if h == "-" else [h]
    if not texts:
        raise BadInput("no hand to evaluate (stdin was empty)")
    if out is not None:
        check_out_dir(out)
    n_threads, _ = _setup(None, None, True, needs_seed=False)
    start = time.perf_counter()
    rows = evaluate_texts(texts)
    if out is not None:
        write_result(out, {"eval": pd.DataFrame(rows)},
                     manifest(kind="razz eval", hands=len(rows), threads=n_threads,
                              wall_time_s=round(time.perf_counter() - start, 3)))
    _emit(fmt, lambda: _columns(rows, ["hand", "best", "category", "class"]), lambda: rows,
          lambda: pd.DataFrame(rows))


@razz.command("equity")
@click.argument("hero")
@click.option("--vs", "vs", multiple=True, metavar="HAND|random",
              help="An opponent: a hand ('6s7h8d', 'xx8' with x unknown) or 'random'. Repeatable.")
@click.option("--opponents", type=click.IntRange(1, 7), default=None,
              help="Number of opponents (1-7); those not given with --vs are random. Default: the --vs count or 1.")
@click.option("--dead", default="", metavar="CARDS",
              help="Cards out of the deck (folded up-cards), e.g. 9s9hTd; a rank alone (99T) takes free suits.")
@click.option("--trials", type=int, default=None, help="Monte Carlo trials [default: 1,000,000].")
@click.option("--exact", is_flag=True, help="Enumerate every deal exactly (heads-up only).")
@common_options
def equity_cmd(hero: str, vs: tuple[str, ...], opponents: int | None, dead: str, trials: int | None,
               exact: bool, seed: int | None, threads: int | None, fmt: str, out: Path | None,
               quiet: bool) -> None:
    """All-in equity of HERO (3 to 7 cards) against opponents, to the river, ties split.

    Cards are like As2h3d; a rank without a suit (A23) takes any free suit, since suits
    never matter in Razz. Unknown cards of opponents are dealt at random from the unseen
    cards. With 8 players the 7th card is one shared community card (the Razz rule).

    \b
    Examples:
      razzmatazz razz equity As2h3d --vs 6s7h8d
      razzmatazz razz equity A2K --vs xx8 --exact
      razzmatazz razz equity A23 --opponents 4 --dead 9s9hTd --trials 2000000 --format json
    """
    from analysis.razz import BadInput, check_trials, equity
    from analysis.store import check_out_dir, manifest, write_result
    from core.razz.deal import make_deal

    opp = list(vs)
    if opponents is not None:
        if opponents < len(opp):
            raise BadInput(f"--opponents {opponents} is fewer than the {len(opp)} hands given with --vs")
        opp += ["random"] * (opponents - len(opp))
    opp = opp or ["random"]
    if exact and trials is not None:
        raise BadInput("--exact enumerates every deal; it takes no --trials")
    if exact and seed is not None:
        raise BadInput("--exact enumerates every deal and uses no random numbers; it takes no --seed")
    if trials is not None:
        check_trials(trials)
    make_deal(hero, opp, dead)  # validate before anything is printed or written
    if out is not None:
        check_out_dir(out)
    n_threads, seed = _setup(threads, seed, quiet or fmt != "table", needs_seed=not exact)
    start = time.perf_counter()
    res = equity(hero, opp, dead, trials=trials if trials is not None else 1_000_000, exact_enum=exact,
                 seed=seed, progress=None if not quiet else False)
    wall = time.perf_counter() - start
    if out is not None:
        meta = manifest(kind="razz equity", seed=res.seed, trials=res.trials, exact=res.exact,
                        threads=n_threads, wall_time_s=round(wall, 3), convention=res.convention,
                        result=res.as_dict())
        write_result(out, {"equity": res.frame()}, meta)
    _emit(fmt, lambda: _equity_text(res), res.as_dict, res.frame)


def _equity_text(res: Any) -> str:
    head = ("exact enumeration of all " + f"{res.trials:,} deals" if res.exact
            else f"Monte Carlo, {res.trials:,} trials, seed {res.seed}")
    lines = [f"Razz all-in equity ({head})"]
    rows = []
    for name, hand, s in [("hero", res.hero, res.shares[0])] + [
        (f"opp {i + 1}", h, s) for i, (h, s) in enumerate(zip(res.opponents, res.shares[1:]))
    ]:
        ci = "exact" if s.exact else f"{s.ci95[0]:.2%} - {s.ci95[1]:.2%}"
        rows.append({"player": name, "hand": hand, "equity": f"{s.equity:.3%}", "95% CI": ci,
                     "win": f"{s.win:.3%}", "tie": f"{s.tie:.3%}",
                     "stderr": "0" if s.exact else f"{s.stderr:.3%}"})
    lines.append(_columns(rows, ["player", "hand", "equity", "95% CI", "stderr", "win", "tie"]))
    if res.dead:
        lines.append(f"dead cards: {res.dead}")
    used = "used in this deal" if res.community_card else "not needed here"
    lines.append(f"convention: {res.convention} ({used})")
    return "\n".join(lines)


def _parse_opponents(text: str) -> list[int]:
    out: set[int] = set()
    try:
        for part in text.split(","):
            lo, _, hi = part.partition("-")
            out.update(range(int(lo), int(hi or lo) + 1))
    except ValueError:
        out = {0}
    if not out or not out <= set(range(1, 8)):
        from analysis.razz import BadInput

        raise BadInput(f"--opponents takes numbers 1 to 7 like '1-7' or '1,3,7', got {text!r}")
    return sorted(out)


@razz.command("table")
@click.option("--trials", type=int, default=100_000, show_default=True,
              help="Monte Carlo trials per (start, opponents) cell.")
@click.option("--opponents", "opp_text", default="1-7", show_default=True,
              help="Numbers of random opponents, e.g. '1-7' or '1,2,7'.")
@click.option("--exact", is_flag=True, help="Enumerate the heads-up column exactly (about 20 s).")
@click.option("--top", type=click.IntRange(1, 455), default=25, show_default=True,
              help="Rows shown in the human table.")
@common_options
def table_cmd(trials: int, opp_text: str, exact: bool, top: int, seed: int | None, threads: int | None,
              fmt: str, out: Path | None, quiet: bool) -> None:
    """Equity of all 455 three-card starting hands against 1 to 7 random opponents.

    Writes table.parquet, table.csv, heatmap.png, best_starts.png and manifest.json to
    --out (default results/razz-table). With 7 opponents the 7th card is a shared community
    card (the Razz rule when 8 players reach 7th street).

    \b
    Examples:
      razzmatazz razz table
      razzmatazz razz table --trials 1000000 --exact --seed 7 --out results/razz-big
    """
    from analysis.razz import check_table_request, starting_table
    from analysis.store import check_out_dir, manifest, write_result

    opponents = _parse_opponents(opp_text)
    check_table_request(trials, opponents, exact)
    out = check_out_dir(out if out is not None else Path("results/razz-table"))
    n_threads, seed = _setup(threads, seed, quiet or fmt != "table")
    start = time.perf_counter()
    table = starting_table(trials=trials, opponents=opponents, exact_heads_up=exact, seed=seed,
                           progress=None if not quiet else False)
    wall = time.perf_counter() - start
    from analysis.plots import table_figures
    from core.razz.deal import COMMUNITY_CONVENTION

    monte_carlo = not (exact and opponents == [1])
    how = ", ".join(([f"{trials:,} trials per cell"] if monte_carlo else [])
                    + (["heads-up exact"] if exact and 1 in opponents else []))
    meta = manifest(kind="razz table", seed=seed, trials_per_cell=trials if monte_carlo else None, opponents=opponents,
                    exact_heads_up=exact, cells=len(table), total_trials=int(table.loc[~table.exact, "trials"].sum()),
                    threads=n_threads, wall_time_s=round(wall, 3), convention=COMMUNITY_CONVENTION,
                    streams="trial i of cell (start s, k opponents) uses stream (seed, 1, 2, s, k), game i")
    note = "; 7 opponents: shared community 7th card" if 7 in opponents else ""
    paths = write_result(out, {"table": table}, meta, table_figures(table, f"{how}, seed {seed}{note}"))
    _emit(fmt, lambda: _table_text(table, top, how, seed, paths), lambda: table.to_dict(orient="records"),
          lambda: table)


def _table_text(table: Any, top: int, how: str, seed: int, paths: list[Path]) -> str:
    from analysis.razz import wide_equity

    wide = wide_equity(table).head(top)
    rows = [{"rank": i + 1, "hand": h, **{f"vs {k}": f"{v:.2%}" for k, v in r.items()}}
            for i, (h, r) in enumerate(wide.iterrows())]
    lines = [f"Razz starting hands, all-in equity vs random opponents ({how}, seed {seed})",
             _columns(rows, list(rows[0].keys()))]
    if 7 in wide.columns:
        lines.append("7 opponents: the 7th card is one shared community card (8 players do not fit in the deck).")
    lines.append("written: " + ", ".join(str(p) for p in paths))
    return "\n".join(lines)
