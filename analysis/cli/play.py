"""``razzmatazz GAME play`` and ``GAME policies`` for every registered game, written once.

A game declares its part in a :class:`PlayForm` (its own options, how they make its ``Settings``, its
tables, its text and JSON) named by ``GameSpec.play``; :func:`add_play` adds both commands to the
game's group. The pipeline is the same for all: checks (every one before any work), ``--resume``,
``--trace``, ``--human``, then the batch run with ``--out`` written atomically with its manifest.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from razzmatazz.analysis.cli.options import (
    RESUMING,
    Index,
    check_cluster,
    check_human,
    check_trace,
    cluster_executor,
    columns,
    common_options,
    draw_seed,
    emit,
    emit_trace,
    human_options,
    keep_chunks,
    list_policies,
    note,
    one_plugin,
    policy_list_options,
    progress,
    resume_option,
    resume_run,
    set_threads,
)
from razzmatazz.analysis.games import GameSpec

Options = dict[str, Any]
"""The values of a game's own options, by parameter name."""


def _no_check(settings: Any, own: Options, run: dict[str, Any]) -> None:
    """No refusals of the game's own beyond the shared ones."""


def _nothing_more(spec: GameSpec, settings: Any, lineup: Sequence[Any], result: Any, own: Options, **run: Any) -> str:
    """No output of the game's own beyond the tables."""
    return ""


@dataclass(frozen=True)
class PlayForm:
    """One game's part of its ``play`` command: what the shared pipeline cannot know."""

    doc: str  # the command's help: what it reports, and examples
    options: Sequence[Callable[[Callable], Callable]]  # the game's own click options, in the help's order
    settings: Callable[[int, Options], Any]  # the rules' Settings from --players and the game's options
    mix: Callable[[int, Options], str]  # what the table plays without --policy, for the note
    text: Callable[[Any, float, str], str]  # the result as a table (result, wall seconds, "written: ...")
    tables: tuple[str, ...]  # the result's tables written by --out
    streams: str  # the streams the run draws from, for the manifest
    counts: Callable[[Any], dict] = lambda result: {}  # the manifest's counts of the run
    players_help: str = "Players at the table."
    policy_help: str = "Policy of the next player (repeat; the list is repeated to fill the table)."
    games_default: int = 100_000
    games_help: str = "Games to play."
    games_names: tuple[str, ...] = ("--games",)  # the option's names (the first is what the item is called)
    duplicate_help: str = "Duplicate deals: each deal played N times with the players rotated."
    trace_help: str = "Print game GAME (default 0) of the run (--format json: its events and results; csv: events)."
    lineup_options: dict[str, str] = field(default_factory=dict)  # the game's ``lineup`` keywords: their options
    human_conflicts: tuple[str, ...] = ()  # the game's options a human seat cannot be played with
    check: Callable[[Any, Options, dict[str, Any]], None] = _no_check  # the game's refusals (settings, own, shared)
    more: Callable[..., str] = _nothing_more  # output beyond the tables (Razz's hand histories): what was written
    figures: Callable[[Any], Any] | None = None  # the figures --out writes, if any
    json_more: Callable[[Any], dict] = lambda result: {}  # the JSON's fields beyond the counts and tables
    policies_fixed: dict[str, str] = field(default_factory=dict)  # 'GAME policies': parameters every policy has


def add_play(group: click.Group, spec: GameSpec, form: PlayForm) -> None:
    """Add ``play`` and ``policies`` to the game's ``group``."""
    group.add_command(_play_command(spec, form))
    group.add_command(_policies_command(spec, form))


def _play_command(spec: GameSpec, form: PlayForm) -> click.Command:
    """The ``play`` command of ``spec``'s game: the shared options around the game's own."""
    unit = spec.item
    count = form.games_names[0].lstrip("-")

    def play_cmd(ctx: click.Context, **params: Any) -> None:
        _play(ctx, spec, form, count, params)

    play_cmd.__doc__ = form.doc
    decorators: list[Any] = [
        click.command("play"),
        click.option("--players", type=int, default=spec.default_players, show_default=True, help=form.players_help),
        click.option("--policy", "policy_texts", multiple=True, metavar="NAME[:k=v,...]", help=form.policy_help),
        click.option(
            *form.games_names, count, type=int, default=form.games_default, show_default=True, help=form.games_help
        ),
        click.option("--duplicate", is_flag=True, help=form.duplicate_help),
        *form.options,
        click.option(
            "--trace",
            type=Index(unit),
            default=None,
            is_flag=False,
            flag_value=0,
            metavar=f"[{unit.upper()}]",
            help=form.trace_help,
        ),
        click.option(
            "--plugin",
            type=click.Path(path_type=Path),
            multiple=True,
            callback=one_plugin,
            metavar="FILE.py",
            help="A Python file with your own policies (POLICIES and a jitted decide; see the README).",
        ),
        human_options,
        resume_option,
        common_options,
        click.pass_context,
    ]
    fn: Any = play_cmd
    for decorate in reversed(decorators):
        fn = decorate(fn)
    return fn


def _play(ctx: click.Context, spec: GameSpec, form: PlayForm, count: str, params: dict[str, Any]) -> None:
    """Check everything, then trace, seat a human, or run the games and show (and write) the tables."""
    run = {k: params.pop(k) for k in _SHARED}
    games = params.pop(count)
    own: Options = params  # what is left: the game's own options
    kind = f"{spec.name} play"
    if run["resume"] is not None:
        return resume_run(ctx, run["resume"], kind)
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.analysis.store import check_out_dir

    api = spec.module
    resuming = ctx.meta.get(RESUMING, False)
    players, human, human_log, duplicate = run["players"], run["human"], run["human_log"], run["duplicate"]
    trace, seed, out, fmt, quiet = run["trace"], run["seed"], run["out"], run["fmt"], run["quiet"]
    if human is not None:  # before a plugin is compiled: the --log file must be new and creatable
        from razzmatazz.analysis.seat import check_log

        check_log(human_log)
    user = api.load_plugin(run["plugin"]) if run["plugin"] is not None else None
    settings = form.settings(players, own)
    lineup = api.lineup(run["policy_texts"], players, user, **{k: own[v] for k, v in form.lineup_options.items()})
    api.check_games(games)
    form.check(settings, own, {**run, "games": games})
    if seed is not None:
        check_seed(seed)
    conflicts = {k: own[k] for k in form.human_conflicts}
    check_human(
        human,
        players,
        human_log=human_log,
        duplicate=duplicate,
        trace=trace,
        **conflicts,
        out=out,
        fmt=fmt,
        cluster=run["cluster"],
    )
    check_trace(trace, out, spec.item)
    if out is not None:
        check_out_dir(out, partial_ok=resuming)
    check_cluster(run["cluster"], run["scheduler"])
    n_threads = set_threads(run["threads"])
    if not run["policy_texts"]:
        note(quiet or fmt != "table", f"no --policy given: playing {form.mix(players, own)}")
    if trace is not None:
        seed = draw_seed(seed, quiet)
        emit_trace(fmt, api.trace(settings, lineup, seed, trace, duplicate=duplicate, user=user))
        return
    if human is not None:
        from razzmatazz.analysis.seat import human_cli

        return human_cli(spec.name, settings, lineup, seed, human, games, human_log, user)
    seed = draw_seed(seed, quiet or fmt != "table")
    result, wall, written = _run(ctx, spec, form, settings, lineup, games, seed, user, own, run, n_threads)
    if fmt != "table" and written:
        note(quiet, written)
    emit(fmt, lambda: form.text(result, wall, written), lambda: play_json(form, result), lambda: result.policies)


_SHARED = (
    "players",
    "policy_texts",
    "duplicate",
    "trace",
    "plugin",
    "human",
    "human_log",
    "resume",
    "seed",
    "threads",
    "fmt",
    "out",
    "quiet",
    "cluster",
    "scheduler",
)
"""The parameters every game's ``play`` has (besides its count of games)."""


def _run(
    ctx: click.Context,
    spec: GameSpec,
    form: PlayForm,
    settings: Any,
    lineup: Sequence[Any],
    games: int,
    seed: int,
    user: Any,
    own: Options,
    run: dict[str, Any],
    n_threads: int,
) -> tuple[Any, float, str]:
    """Play the games (keeping finished chunks for ``--resume``), write ``--out``; the result, its wall time and
    what was written."""
    from razzmatazz.analysis.store import manifest, reserve, write_result

    kind, out, quiet, duplicate = f"{spec.name} play", run["out"], run["quiet"], run["duplicate"]
    resuming = ctx.meta.get(RESUMING, False)
    held = reserve(out, partial_ok=resuming) if out is not None else nullcontext(None)
    with (
        held as target,
        cluster_executor(run["cluster"], run["scheduler"]) as ex,
        keep_chunks(ctx, target, kind, quiet, seed=seed),
    ):
        begin = time.perf_counter()
        result = spec.module.play(
            settings, lineup, games, seed, duplicate=duplicate, user=user, executor=ex, progress=progress(quiet)
        )
        wall = time.perf_counter() - begin
        written = form.more(spec, settings, lineup, result, own, seed=seed, duplicate=duplicate, user=user)
        if target is not None:
            meta = manifest(
                kind=kind,
                seed=seed,
                settings=vars(settings),
                lineup=[p.text for p in lineup],
                **form.counts(result),
                duplicate=duplicate,
                threads=n_threads,
                wall_time_s=round(wall, 3),
                resumed=resuming,
                streams=form.streams,
            )
            tables = {name: getattr(result, name) for name in form.tables}
            figures = form.figures(result) if form.figures is not None else None
            paths = write_result(target, tables, meta, figures=figures)
            done = f"written: {target}/ ({', '.join(p.name for p in paths)})"
            written = "; ".join(filter(None, [written, done]))
    return result, wall, written


def _policies_command(spec: GameSpec, form: PlayForm) -> click.Command:
    """``GAME policies``: the built-in policies (and a policy file's), their parameters and defaults."""

    def policies_cmd(fmt: str, plugin: Path | None) -> None:
        registry = spec.module.load_plugin(plugin).registry() if plugin is not None else spec.registry
        list_policies(fmt, registry, spec.title, form.policies_fixed or None)

    policies_cmd.__doc__ = f"""The built-in policies of '{spec.name} play', their parameters and defaults.

    \b
    Examples:
      razzmatazz {spec.name} policies
      razzmatazz {spec.name} policies --plugin examples/{spec.name}_policy.py --format json
    """
    return click.command("policies")(policy_list_options(policies_cmd))


def play_json(form: PlayForm, result: Any) -> dict:
    """A play's result as JSON: the seed, the counts, the table's rules and lineup, then every table."""
    return {
        "seed": result.seed,
        **form.counts(result),
        "duplicate": result.duplicate,
        "settings": vars(result.settings),
        "lineup": [p.text for p in result.lineup],
        **form.json_more(result),
        **{name: getattr(result, name).to_dict(orient="records") for name in form.tables},
    }


def win_tables(result: Any, label: str, value: Callable[[float], str], difference: Callable[[float], str]) -> list[str]:
    """A game won by winning: each policy's win rate and payoff (``label``, as ``value`` writes it) with their
    intervals, then the paired differences between policies (``difference`` writes the payoff's)."""
    unit = label.split("/")[0]
    pol = [
        {
            "policy": r.policy,
            "players": r.players,
            "win rate": f"{r.win_rate:.1%}",
            "95% interval": f"[{r.win_low:.1%}, {r.win_high:.1%}]",
            label: value(r.payoff),
            f"{unit} interval": f"[{value(r.payoff_low)}, {value(r.payoff_high)}]",
        }
        for r in result.policies.itertuples()
    ]
    lines = [columns(pol, list(pol[0]), right=("players", "win rate", label))]
    if len(result.pairs):
        pairs = [
            {
                "policy": r.policy,
                "minus": r.versus,
                "win rate": f"{r.win_rate_difference:+.1%}",
                "95% interval": f"[{r.win_rate_low:+.1%}, {r.win_rate_high:+.1%}]",
                label: difference(r.payoff_difference),
                "clear": "yes" if r.clear else "no",
            }
            for r in result.pairs.itertuples()
        ]
        lines += [
            "",
            "Differences between policies (paired over games; clear = the win-rate interval excludes 0):",
            columns(pairs, list(pairs[0]), right=("win rate", label)),
        ]
    return lines
