"""Options and output helpers shared by every game's commands."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from razzmatazz.analysis.inputs import shorten
from razzmatazz.core.errors import InputError

if TYPE_CHECKING:
    from razzmatazz.analysis.trace import GameTrace

FORMATS = ("table", "json", "csv")
MAX_INDEX = 2**63 - 1
"""The largest game or hand number (``--trace``): random streams are keyed by a 64-bit index."""


class Index(click.ParamType):
    """A game or hand number, 0 to :data:`MAX_INDEX` (``--trace``): anything else is refused in words."""

    name = "number"

    def __init__(self, unit: str) -> None:
        self.unit = unit

    def convert(self, value: Any, param: Any, ctx: Any) -> int:  # noqa: D102
        from razzmatazz.analysis.inputs import shorten

        try:
            n = int(value)
        except (TypeError, ValueError):
            self.fail(f"takes a {self.unit} number (0, 1, 2, ...), got {shorten(str(value))!r}", param, ctx)
        if not 0 <= n <= MAX_INDEX:
            self.fail(f"takes a {self.unit} number from 0 to {MAX_INDEX:,}, got {shorten(str(value))}", param, ctx)
        return n


class Folder(click.Path):
    """A folder named on the command line (``--out``, ``--resume``): an empty name is refused in words."""

    def __init__(self) -> None:
        super().__init__(path_type=Path)

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:  # noqa: D102
        if isinstance(value, str) and not value.strip():
            self.fail("is empty: name a folder", param, ctx)
        return super().convert(value, param, ctx)


def common_options(fn: Callable) -> Callable:
    """``--seed --threads --format --out --quiet --cluster --scheduler``, shared by every simulation command."""
    options = [
        click.option(
            "--seed",
            type=int,
            default=None,
            help="Root seed, 0 to 2^63-1 (a new one is drawn, printed and stored if omitted).",
        ),
        click.option("--threads", type=int, default=None, help="Worker threads (default: all cores)."),
        click.option(
            "--format",
            "fmt",
            type=click.Choice(FORMATS),
            default="table",
            show_default=True,
            help="Output on stdout: human table, stable JSON, or CSV.",
        ),
        click.option(
            "--out",
            type=Folder(),
            default=None,
            help="Directory for the result files (parquet, CSV, figures if any, manifest.json); "
            "an earlier result there is replaced, any other non-empty directory refused.",
        ),
        click.option("--quiet", is_flag=True, help="No progress or notes on stderr."),
        click.option(
            "--cluster",
            default=None,
            metavar="local:N",
            help="Run the Monte Carlo chunks on a local dask cluster of N worker processes "
            "(needs razzmatazz[cluster]); the counts are identical.",
        ),
        click.option(
            "--scheduler",
            default=None,
            metavar="tcp://HOST:PORT",
            help="Run the Monte Carlo chunks on an existing dask.distributed cluster.",
        ),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def one_plugin(ctx: click.Context, param: click.Parameter, value: tuple[Path, ...]) -> Path | None:
    """The one ``--plugin`` file of a command: given twice, it is refused (click would keep the last)."""
    if len(value) > 1:
        raise InputError(
            f"--plugin is given {len(value)} times; a run takes one file of your own policies: "
            "list them all in one file's POLICIES"
        )
    return value[0] if value else None


def plugin_option(fn: Callable) -> Callable:
    """``--plugin FILE.py``: a file of the user's own policies, seated like built-ins (``GAME new-policy``)."""
    return click.option(
        "--plugin",
        type=click.Path(path_type=Path),
        multiple=True,
        callback=one_plugin,
        metavar="FILE.py",
        help="Policies of your own from this file, usable like the built-ins (see 'GAME new-policy').",
    )(fn)


def policy_list_options(fn: Callable) -> Callable:
    """``--format --plugin``, shared by every game's ``policies`` command."""
    fn = click.option(
        "--plugin",
        type=click.Path(path_type=Path),
        multiple=True,
        callback=one_plugin,
        metavar="FILE.py",
        help="Also list the policies of this file.",
    )(fn)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="table",
        show_default=True,
        help="Output on stdout: human table, stable JSON, or CSV.",
    )(fn)


def list_policies(fmt: str, registry: Any, game: str, fixed: dict[str, str] | None = None) -> None:
    """Print the policies of ``registry`` with their parameters and defaults; ``fixed`` gives, for a policy
    whose parameters are too many to list, one line that stands for them."""
    import pandas as pd

    listing = registry.describe()
    rows = [
        {
            "policy": d["name"],
            "parameter": p["name"],
            "default": p["default"],
            "range": f"[{p['lo']}, {p['hi']}]",
            "help": p["help"],
        }
        for d in listing
        for p in d["params"]
    ]
    emit(fmt, lambda: _policies_text(listing, game, fixed or {}), lambda: listing, lambda: pd.DataFrame(rows))


def _policies_text(listing: list[dict], game: str, fixed: dict[str, str]) -> str:
    lines = [f"{game} policies (use NAME or NAME:key=value,... with --policy):"]
    for d in listing:
        lines.append(f"\n{d['name']}: {d['help']}")
        if d["name"] in fixed:
            lines.append(fixed[d["name"]])
            continue
        for p in d["params"]:
            value = int(p["default"]) if p["integer"] else p["default"]
            lo, hi = (int(p["lo"]), int(p["hi"])) if p["integer"] else (p["lo"], p["hi"])
            lines.append(f"  {p['name']} = {value}  ({lo} to {hi}): {p['help']}")
        for x in d.get("presets", ()):
            lines.append(f"  preset {x['name']} = {x['text']}: {x['help']}")
    return "\n".join(lines)


RUN_FREE = ("resume", "threads", "fmt", "quiet", "cluster", "scheduler", "out")
"""Options that do not define a run's results: a resumed run may take them anew."""
RESUMING = "razzmatazz.resuming"


def resume_option(fn: Callable) -> Callable:
    """``--resume DIR``: continue the interrupted run written to DIR."""
    return click.option(
        "--resume",
        type=Folder(),
        default=None,
        metavar="DIR",
        help="Continue the interrupted run whose --out was DIR (its finished chunks are kept in "
        "DIR/.partial); the other options come from that run.",
    )(fn)


def human_options(fn: Callable) -> Callable:
    """``--human SEAT`` and ``--log FILE``: a person plays one seat in the terminal."""
    fn = click.option(
        "--log",
        "human_log",
        type=click.Path(path_type=Path, dir_okay=False),
        default=None,
        metavar="FILE",
        help="With --human: keep every decision of your seat in FILE (a new file: JSON lines, or the game's "
        "hand histories).",
    )(fn)
    return click.option(
        "--human",
        type=click.IntRange(min=1),
        default=None,
        metavar="SEAT",
        help="Play seat SEAT (1 is the dealer's left) yourself in the terminal, game after game, "
        "against the policies; ? at a decision asks for advice, q ends the session.",
    )(fn)


def check_human(human: int | None, players: int, **conflicts: Any) -> None:
    """Refuse a seat that is not at the table and the options a human seat cannot be played with (``--out``,
    ``--duplicate`` ...), in one line."""
    if human is not None and human > players:
        raise InputError(f"--human {human}: the seats are 1 to {players}")
    if human is None:
        if conflicts.get("human_log") is not None:
            raise InputError("--log keeps a human seat's decisions: it needs --human SEAT")
        return
    for name, value in conflicts.items():
        if name in ("human_log", "fmt"):
            continue
        if value is not None and value is not False and value != ():
            raise InputError(f"--human plays in the terminal: it cannot be used with --{name.replace('_', '-')}")
    log = conflicts.get("human_log")
    if log is not None and Path(log).exists():
        raise InputError(f"--log {log}: the file exists; name a new one")
    if conflicts.get("fmt", "table") != "table":
        raise InputError("--human plays in the terminal: it cannot be used with --format " + conflicts["fmt"])


def check_trace(trace: int | None, out: Path | None, unit: str = "game") -> None:
    """Refuse ``--trace`` with ``--out``: a trace is printed, never written, so the folder would stay empty."""
    if trace is not None and out is not None:
        raise InputError(
            f"--trace prints one {unit} on stdout and writes no file: it cannot be used with --out "
            "(keep it with --format json > FILE)"
        )


def resume_run(ctx: click.Context, resume: Path, kind: str) -> None:
    """Run the command again with the arguments of the interrupted ``kind`` run kept in ``resume``.

    The original command line may be given again with ``--resume DIR`` added: an option given with
    another value than the run's is refused, naming it, and so is ``--out`` naming another folder.
    """
    from razzmatazz.analysis.store import damaged, load_run

    out = ctx.params.get("out")
    if out is not None and _where(out) != _where(resume):
        raise InputError(
            f"--resume {shorten(str(resume))} continues the run in that folder: leave out "
            f"--out {shorten(str(out))}, or give the same folder"
        )
    stored = dict(load_run(resume, kind)["args"])
    kept_plugin = stored.pop(PLUGIN_HASH, None)
    params = {p.name: p for p in ctx.command.params if p.name not in RUN_FREE}
    if set(stored) != set(params):
        missing = sorted(set(params) - set(stored)) or sorted(set(stored) - set(params))
        raise damaged(resume, f"run.json does not list the run's options as {kind} has them ({missing[0]})")
    try:
        args = {k: _restored(ctx, params[k], v) for k, v in stored.items()}
    except click.BadParameter as e:
        raise damaged(resume, f"run.json: {e.format_message()}") from None
    for name, p in params.items():
        if ctx.get_parameter_source(name) != ParameterSource.DEFAULT and not _same(ctx.params[name], args[name]):
            was, now = shorten(_shown(args[name])), shorten(_shown(ctx.params[name]))
            label = p.opts[0] if isinstance(p, click.Option) else p.human_readable_name  # an argument: GAME
            raise InputError(f"--resume continues a run as it was started, with {label} {was}: leave out {label} {now}")
    if kept_plugin is not None:
        _check_plugin_kept(args.get("plugin"), kept_plugin)
    ctx.meta[RESUMING] = True
    ctx.params.update(args)  # what run_args sees: the run's own arguments
    free = {k: ctx.params[k] for k in RUN_FREE if k in ctx.params}
    callback = ctx.command.callback
    assert callback is not None  # a command that resumes is a function's
    ctx.invoke(callback, **{**args, **free, "out": resume, "resume": None})


def _restored(ctx: click.Context, p: click.Parameter, value: Any) -> Any:
    """A stored argument of an interrupted run as the command receives it: cast to the option's type and, for an
    option whose callback makes one value of a repeated one (``--plugin``), through that callback."""
    if value is None:
        return None
    if p.multiple and p.callback is not None:
        return p.process_value(ctx, [value] if isinstance(value, str) else value)
    return p.type_cast_value(ctx, value)


PLUGIN_HASH = "plugin_sha256"
"""The run's policy file's content hash, kept beside its arguments: a resume plays the same policies."""


def _plugin_hash(path: Any) -> str | None:
    try:
        return hashlib.sha256(Path(str(path)).read_bytes()).hexdigest()
    except OSError:
        return None


def _check_plugin_kept(path: Any, kept: str) -> None:
    """Refuse to resume a run whose policy file is gone or has changed since the run began."""
    now = _plugin_hash(path) if path is not None else None
    if now is None:
        raise InputError(f"--resume: the run's policy file {shorten(str(path))} cannot be read; restore it to resume")
    if now != kept:
        raise InputError(
            f"--resume: the policy file {shorten(str(path))} has changed since the run began; restore it to "
            "resume, or start a new run"
        )


def _where(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _same(given: Any, kept: Any) -> bool:
    if isinstance(given, tuple | list) and isinstance(kept, tuple | list):
        return list(given) == list(kept)
    return given == kept or (isinstance(given, Path) and _where(given) == _where(Path(str(kept))))


def _shown(value: Any) -> str:
    if isinstance(value, tuple | list):
        return " ".join(map(str, value)) or "(none)"
    return "(not given)" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


@contextmanager
def keep_chunks(ctx: click.Context, target: Path | None, kind: str, quiet: bool, **drawn: Any) -> Iterator[None]:
    """Keep the run's finished chunks in ``target/.partial`` for ``--resume`` (see :func:`store.checkpointed`).

    A new run stores its arguments (with the values ``drawn`` at run time, the seed); a resumed one
    says how many chunks it found.
    """
    from razzmatazz.analysis.store import checkpointed

    with checkpointed(target, kind, run_args(ctx, **drawn), resuming=ctx.meta.get(RESUMING, False)) as done:
        if done:
            note(quiet, f"resuming {target}: {done:,} chunks already played")
        yield


def run_args(ctx: click.Context, **drawn: Any) -> dict:
    """The arguments that define this run (JSON-ready), with values drawn at run time (the seed)."""
    args = {k: v for k, v in ctx.params.items() if k not in RUN_FREE}
    args.update(drawn)
    if args.get("plugin") is not None:
        args[PLUGIN_HASH] = _plugin_hash(args["plugin"])
    return {k: (list(v) if isinstance(v, tuple) else str(v) if isinstance(v, Path) else v) for k, v in args.items()}


def check_cluster(cluster: str | None, scheduler: str | None) -> None:
    """``--cluster`` / ``--scheduler`` checked before any work."""
    from razzmatazz.analysis.cluster import check_cluster as check

    check(cluster, scheduler)


def cluster_executor(cluster: str | None, scheduler: str | None) -> Any:
    """The executor for ``--cluster`` / ``--scheduler`` (None: this machine's threads)."""
    from razzmatazz.analysis.cluster import cluster_executor as executor

    return executor(cluster, scheduler)


def note(quiet: bool, text: str) -> None:
    """A note for people on stderr (not with ``--quiet``)."""
    if not quiet:
        click.echo(text, err=True)


def set_threads(threads: int | None) -> int:
    """Apply ``--threads``; returns the number of worker threads in use."""
    from razzmatazz.core.threads import set_threads as apply

    return apply(threads)


def draw_seed(seed: int | None, quiet: bool) -> int:
    """The given seed, or a new one, printed on stderr so that the run can be repeated."""
    from razzmatazz.core.rng import new_seed

    if seed is None:
        seed = new_seed()
        note(quiet, f"seed: {seed}")
    return seed


def progress(quiet: bool) -> bool | None:
    """The batch runner's progress setting: automatic, or none with ``--quiet``."""
    return False if quiet else None


def emit(fmt: str, text_table: Callable[[], str], as_json: Callable[[], Any], frame: Callable[[], Any]) -> None:
    """Print the result on stdout in the chosen format."""
    if fmt == "json":
        echo(json.dumps(as_json(), indent=2))
    elif fmt == "csv":
        echo(frame().to_csv(index=False), nl=False)
    else:
        echo(text_table())


def emit_trace(fmt: str, trace: GameTrace) -> None:
    """Print a traced game: its account for people, its JSON (``to_dict``), or its events as CSV (one row each)."""

    def events() -> Any:
        import pandas as pd

        return pd.DataFrame(trace.events()).convert_dtypes()

    emit(fmt, trace.text, trace.to_dict, events)


def echo(text: str, nl: bool = True) -> None:
    """Print on stdout; a stdout that cannot be written (full disk, closed pipe) is an InputError."""
    try:
        click.echo(text, nl=nl)
    except OSError as e:
        _stdout_failed(e)
    flush_stdout()


def flush_stdout() -> None:
    """Flush stdout, turning a failure into an InputError."""
    if sys.stdout is None:
        _stdout_failed(None)
    try:
        sys.stdout.flush()
    except OSError as e:
        _stdout_failed(e)


def _stdout_failed(e: OSError | None) -> None:
    from razzmatazz.analysis.cli.console import failed

    failed("it is closed" if e is None else e.strerror or str(e))


def columns(rows: list[dict], keys: list[str], right: tuple[str, ...] = ()) -> str:
    """Rows as aligned text columns under a header; ``right`` columns are right-aligned."""
    cells = [[str(r[k]) for k in keys] for r in rows]
    widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]

    def line(values: list[str]) -> str:
        return "  ".join(v.rjust(w) if k in right else v.ljust(w) for v, w, k in zip(values, widths, keys)).rstrip()

    return "\n".join([line(list(keys)), *(line(c) for c in cells)])
