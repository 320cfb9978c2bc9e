"""Reports: a self-contained HTML page and a Markdown file per game, from runs the report makes itself.

:func:`build_report` runs each game's simulations through the games' Python API
(each game's section, ``GameSpec.report``, made of :mod:`razzmatazz.analysis.report.sections`), writes
every finding from the tables (:mod:`razzmatazz.analysis.report.findings`), draws the figures and renders
the templates in ``analysis/report/templates``. The HTML embeds its figures (PNG data URIs) and its CSS, so it opens
anywhere without a network; the Markdown refers to the PNG files beside it. Everything (pages,
figures, tables as parquet and CSV, ``findings``, ``manifest.json``) is written at once through
:mod:`razzmatazz.analysis.store`: a failed or interrupted run leaves nothing behind.

With several games, each game runs in its own process: compiling a game's kernels takes most of
a quick report's time and is single-threaded, so the games compile side by side.
"""

from __future__ import annotations

import base64
import hashlib
import json
import multiprocessing
import shlex
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from importlib import metadata
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import cast

import pandas as pd

from razzmatazz.analysis import games as registry
from razzmatazz.analysis import store
from razzmatazz.analysis.report import skill, yours
from razzmatazz.analysis.report.findings import Finding, Tables, Topic
from razzmatazz.analysis.report.sections import FULL, QUICK, Run, Sizes
from razzmatazz.core.batch import CheckpointError, executing
from razzmatazz.core.errors import InputError

REPORT_RUNS = Path("results/report")
"""Where reports go without ``out``: a new folder per run, and ``latest`` pointing to the newest."""
TEMPLATES = Path(__file__).resolve().parent / "templates"


@dataclass
class GamePart:
    """One game's share of a report: its tables, topics (findings, figures, displays) and runs."""

    game: str
    title: str
    tables: Tables
    topics: list[Topic]
    runs: list[Run]
    seconds: float


@dataclass
class Report:
    """What :func:`build_report` made: the folder, the page to open first and every file written."""

    directory: Path
    main: Path
    files: list[Path]
    seed: int
    seconds: float
    latest: Path | None = None
    parts: list[GamePart] = field(default_factory=list, repr=False)


def reported() -> list[str]:
    """The registered games that have a report section, in registry order."""
    return [name for name in registry.names() if registry.game(name).report]


def games_of(game: str) -> list[str]:
    """The games a report covers: one, or every game with a section for ``all``; anything else is an InputError."""
    choices = [*reported(), "all"]
    if game not in choices:
        raise InputError(f"unknown game {game!r}; choose one of {', '.join(choices)}")
    return reported() if game == "all" else [game]


def sizes_for(quick: bool, scale: float = 1.0) -> Sizes:
    """The quick or full sample sizes; ``scale`` (tests) shrinks every count."""
    if not 0 < scale <= 1:
        raise InputError(f"scale must be in (0, 1], got {scale}")
    return replace(QUICK if quick else FULL, scale=scale)


def make_part(
    game: str,
    sizes: Sizes,
    seed: int,
    directory: Path,
    threads: int | None,
    progress: bool | None,
    chunks: Path | None = None,
) -> GamePart:
    """Run, tabulate, write up and draw one game (figures go to ``directory``).

    With ``chunks``, every finished chunk of its runs is kept in ``chunks/GAME`` and chunks found
    there are not played again (``--resume``).
    """
    from razzmatazz.core.batch import checkpointing
    from razzmatazz.core.threads import set_threads

    set_threads(threads)
    start, g = time.perf_counter(), registry.game(game).section
    with checkpointing(chunks / game) if chunks is not None else nullcontext():
        tables, runs = g.simulate(sizes, seed, progress)
        if skill.has_ladder(game):
            ladder_tables, ladder_runs = skill.simulate_skill(game, sizes, seed, progress)
            tables.update(ladder_tables)
            runs = [*runs, *ladder_runs]
        if yours.plugin_names(game):
            mine, my_runs = yours.simulate_yours(game, sizes, seed, progress)
            tables.update(mine)
            runs = [*runs, *my_runs]
    g.derive(tables, sizes)
    topics = g.topics(tables)
    if skill.table_name(game) in tables:
        topics.append(skill.skill_topic(tables, game))
    if yours.table_name(game) in tables:
        topics.append(yours.yours_topic(tables, game))
    figures = g.figures(tables, Path(directory))
    for topic in topics:
        topic.figures = figures.get(topic.title, [])
    return GamePart(game, g.title, tables, topics, runs, round(time.perf_counter() - start, 1))


def _parts(
    games: list[str],
    sizes: Sizes,
    seed: int,
    directory: Path,
    threads: int | None,
    progress: bool | None,
    note: Callable[[str], None],
    chunks: Path | None,
    executor: Executor | None,
) -> list[GamePart]:
    """Every game's part: in this process for one game or on an ``executor`` (a dask cluster: the
    games one after the other, their chunks on the cluster), else one process per game, side by side.

    A worker's error is raised here; when anything fails or the run is interrupted, the other
    workers are stopped.
    """
    if len(games) == 1 or executor is not None:
        with executing(executor):
            return [make_part(g, sizes, seed, directory, threads, progress, chunks) for g in games]

    ctx = multiprocessing.get_context("spawn")
    workers: dict[Connection, tuple[str, multiprocessing.process.BaseProcess]] = {}
    parts: dict[str, GamePart] = {}
    try:
        for g in games:
            receive, send = ctx.Pipe(duplex=False)
            proc: multiprocessing.process.BaseProcess = ctx.Process(
                target=_work, args=(send, g, sizes, seed, directory, threads, chunks), daemon=True
            )
            proc.start()
            send.close()
            workers[receive] = (g, proc)
        while len(parts) < len(games):
            for ready in wait([r for r, (g, _) in workers.items() if g not in parts]):
                receive = cast(Connection, ready)  # wait returns some of the connections it is given
                g, proc = workers[receive]
                parts[g] = _receive(receive, g, proc)
                note(f"{g}: done in {parts[g].seconds:.0f} s")
    finally:
        for _, proc in workers.values():
            if proc.is_alive():
                proc.terminate()
            proc.join()
    return [parts[g] for g in games]


def _work(
    send: Connection, game: str, sizes: Sizes, seed: int, directory: Path, threads: int | None, chunks: Path | None
) -> None:
    """A worker process: one game's part, or the exception that stopped it, sent back."""
    try:
        send.send(("part", make_part(game, sizes, seed, directory, threads, False, chunks)))
    except BaseException as e:  # everything goes back to the parent, which raises it
        send.send(("error", e))
    finally:
        send.close()


def _receive(receive: Connection, game: str, proc: multiprocessing.process.BaseProcess) -> GamePart:
    try:
        kind, value = receive.recv()
    except EOFError:
        proc.join()
        raise RuntimeError(
            f"the {game} report's worker process ended without a result (exit code {proc.exitcode})"
        ) from None
    if kind == "error":
        raise value
    return value


def build_report(
    game: str,
    out_dir: Path | None = None,
    *,
    quick: bool = False,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool | None = False,
    scale: float = 1.0,
    note: Callable[[str], None] | None = None,
    executor: Executor | None = None,
    run: dict | None = None,
    resuming: bool = False,
    plugin: Path | None = None,
) -> Report:
    """Make the report of ``game`` (a registered game, or ``all``) into ``out_dir``.

    Without ``out_dir`` a new folder under ``results/report/`` is made and ``results/report/latest``
    pointed to it. ``quick`` uses the small sample sizes (minutes for all three games), else the full
    ones. ``seed`` is the root seed of every run (drawn when None). ``scale`` shrinks every sample
    (tests). ``note`` receives progress lines. ``executor`` (a dask cluster's) runs the chunks.
    With ``run`` (what defines the run, for ``--resume``), finished chunks are kept in the folder's
    ``.partial`` until the report is written; ``resuming`` continues such a folder. With ``plugin`` (a policy
    file of one game, as ``--plugin``) the page adds the topic "Your policies" (:mod:`.yours`).
    """
    games = games_of(game)
    if plugin is not None and len(games) > 1:
        raise InputError("--plugin needs one game: a policy file is one game's (report GAME --plugin FILE.py)")
    if plugin is not None and not skill.has_ladder(games[0]):
        raise InputError(f"--plugin: {games[0]} has no search player to measure your policies against")
    with registry.plugged(games[0], plugin):
        return _build(game, out_dir, quick, seed, threads, progress, scale, note, executor, run, resuming, plugin)


def _build(
    game: str,
    out_dir: Path | None,
    quick: bool,
    seed: int | None,
    threads: int | None,
    progress: bool | None,
    scale: float,
    note: Callable[[str], None] | None,
    executor: Executor | None,
    run: dict | None,
    resuming: bool,
    plugin: Path | None,
) -> Report:
    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.core.rng import new_seed

    games, sizes = games_of(game), sizes_for(quick, scale)
    seed = new_seed() if seed is None else seed
    check_seed(seed)
    note = note or (lambda _: None)
    start = time.perf_counter()
    with store.reserve(
        out_dir if out_dir is not None else REPORT_RUNS, new_run=out_dir is None, partial_ok=resuming
    ) as target:
        if run is not None and scale != 1:  # a test's scale is part of what the chunks were played with
            run = {**run, "scale": scale}
        chunks = store.chunk_folder(target, "report", run, resuming=resuming) if run is not None else None
        scratch = Path(tempfile.mkdtemp(prefix="razzmatazz-report-"))
        try:
            try:
                parts = _parts(games, sizes, seed, scratch, threads, progress, note, chunks, executor)
            except CheckpointError as e:
                raise store.kept_chunks_error(target, e) from None
            meta = store.manifest(
                kind="report",
                game=game,
                mode=sizes.mode,
                scale=scale,
                seed=seed,
                games=games,
                runs=[r.__dict__ | {"game": p.game} for p in parts for r in p.runs],
                reproduce=reproduce_command(game, quick, seed, scale, plugin),
                plugin=_plugin_meta(plugin),
            )
            meta["versions"] = {**meta["versions"], "jinja2": _version("jinja2")}
            tables = {f"{p.game}/{k}": v for p in parts for k, v in p.tables.items()}  # a folder per game
            tables["findings"] = findings_table(parts)
            meta["wall_time_s"] = round(time.perf_counter() - start, 1)
            files = store.write_result(target, tables, meta, lambda d: render(parts, scratch, d, meta, len(games) > 1))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    main = target / ("index.html" if len(games) > 1 else page_of(games[0]))
    latest = store.point_latest(target) if out_dir is None else None
    return Report(target, main, files, seed, round(time.perf_counter() - start, 1), latest, parts)


def page_of(game: str, fmt: str = "html") -> str:
    """Where a game's page is in a report's folder: in the game's own folder, with its figures and tables."""
    return f"{game}/{game}.{fmt}"


def reproduce_command(game: str, quick: bool, seed: int, scale: float = 1.0, plugin: Path | None = None) -> str:
    """The command line that makes the same report again."""
    text = f"razzmatazz report {game}{' --quick' if quick else ''} --seed {seed}"
    text += f" --plugin {shlex.quote(str(plugin))}" if plugin is not None else ""
    return text if scale == 1 else f"{text} (at test scale {scale:g}, Python API only)"


def _plugin_meta(plugin: Path | None) -> dict | None:
    """The policy file a report was made with: its path and content hash (None without one)."""
    if plugin is None:
        return None
    return {"path": str(plugin), "sha256": hashlib.sha256(Path(plugin).read_bytes()).hexdigest()}


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def findings_table(parts: list[GamePart]) -> pd.DataFrame:
    """Every finding of the report: game, topic, text, template and its cells (JSON)."""
    rows = [f.as_row(p.game, t.title) for p in parts for t in p.topics for f in t.findings]
    return pd.DataFrame(
        [{**r, "refs": json.dumps(r["refs"], default=str)} for r in rows],
        columns=["game", "topic", "text", "template", "refs"],
    )


# ----------------------------------------------------------------------------- rendering


def templates():  # noqa: ANN202  (jinja2 is imported lazily)
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",)),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md_cell"] = lambda v: str(v).replace("|", "\\|").replace("\n", " ")
    return env


def data_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def _topic_context(topic: Topic, images: Callable[[str], str]) -> dict:
    return {
        "title": topic.title,
        "intro": topic.intro,
        "findings": [f.text for f in topic.findings],
        "figures": [{"src": images(f.name), "name": f.name, "caption": f.caption} for f in topic.figures],
        "displays": [
            {
                "title": d.title,
                "caption": d.caption,
                "columns": list(d.frame.columns),
                "rows": d.frame.astype(str).values.tolist(),
            }
            for d in topic.displays
        ],
    }


def _provenance(meta: dict, parts: list[GamePart]) -> dict:
    git = meta.get("git", {})
    commit = git.get("commit") or "unknown (not run from a git checkout)"
    return {
        "seed": meta["seed"],
        "mode": meta["mode"],
        "scale": meta["scale"],
        "created": meta["created"],
        "command": meta["command"],
        "reproduce": meta["reproduce"],
        "wall_time_s": meta["wall_time_s"],
        "commit": commit + (" (with local changes)" if git.get("dirty") else ""),
        "versions": {k: v or "not installed" for k, v in meta["versions"].items()},
        "machine": meta.get("machine", {}),
        "runs": [{"game": p.title, **r.__dict__} for p in parts for r in p.runs],
        "game_seconds": {p.title: p.seconds for p in parts},
    }


def render(parts: list[GamePart], scratch: Path, directory: Path, meta: dict, index: bool) -> list[str]:
    """Write each game's HTML, Markdown and figures into its folder ``directory/GAME/`` (and, for several games,
    the index at the top, linking into them)."""
    env = templates()
    prov = _provenance(meta, parts)
    nav = (
        [{"title": p.title, "href": f"../{page_of(p.game)}", "md": f"../{page_of(p.game, 'md')}"} for p in parts]
        if index
        else []
    )
    names = []
    for p in parts:
        (directory / p.game).mkdir(exist_ok=True)
        for t in p.topics:
            for f in t.figures:
                shutil.copyfile(scratch / f.name, directory / p.game / f.name)
                names.append(f"{p.game}/{f.name}")
        for fmt, images in (("html", lambda n: data_uri(scratch / n)), ("md", lambda n: n)):
            page = env.get_template(f"report.{fmt}.j2").render(
                title=p.title,
                game=p.game,
                topics=[_topic_context(t, images) for t in p.topics],
                nav=nav,
                provenance=prov,
                index=index,
            )
            (directory / page_of(p.game, fmt)).write_text(page)
            names.append(page_of(p.game, fmt))
    if index:
        summary = [
            {
                "title": p.title,
                "href": page_of(p.game),
                "md": page_of(p.game, "md"),
                "findings": [t.findings[0].text for t in p.topics if t.findings][:4],
            }
            for p in parts
        ]
        for fmt in ("html", "md"):
            page = env.get_template(f"index.{fmt}.j2").render(games=summary, provenance=prov)
            (directory / f"index.{fmt}").write_text(page)
            names.append(f"index.{fmt}")
    return names


def finding_texts(parts: list[GamePart]) -> list[Finding]:
    """Every finding of a report, in order (for tests and notebooks)."""
    return [f for p in parts for t in p.topics for f in t.findings]
