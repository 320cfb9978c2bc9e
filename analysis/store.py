"""Results on disk: tables as parquet (+ CSV when small), figures, and a ``manifest.json``.

A result directory is written all at once: files go to a hidden temporary directory beside
the target, which then replaces the target in one rename. A run that fails never leaves a
partial directory, and the previous result stays intact until the new one is complete.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import platform
import secrets
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

import pandas as pd

from razzmatazz.core.errors import InputError

CSV_MAX_ROWS = 100_000
NAME_MAX = 255
LATEST = "latest"
"""The link to the newest run in a folder of runs (``results/razz-table/latest``)."""
_PACKAGES = ("razzmatazz", "numpy", "numba", "llvmlite", "pandas", "pyarrow", "matplotlib", "statsmodels", "click")


WRITTEN: list[Path] = []
"""Every result directory this process has written (the command line names the last one if stdout fails)."""


class OutputError(InputError):
    """The output location cannot be used."""


def _shown(path: str | Path) -> str:
    """A path for a one-line message: long ones are shortened."""
    text = str(path)
    return text if len(text) <= 80 else text[:60] + "..." + text[-17:]


PARTIAL = ".partial"
"""Inside a result directory: the finished chunks of a run in progress or interrupted (see --resume)."""


def check_out_dir(out: Path, *, partial_ok: bool = False) -> Path:
    """Fail early (before any work) if ``out`` cannot become a result directory.

    ``out`` may be missing, empty, or hold an earlier razzmatazz result (which a successful
    run replaces) with no file its manifest does not list; anything else is refused so that
    no user file is ever deleted. An interrupted run (``.partial``) is refused unless
    ``partial_ok`` (the run resuming it, or writing its result).
    """
    if str(out).strip() == "":
        raise OutputError("the output directory name is empty")
    out = Path(out)
    for part in out.parts:
        size = len(part.encode("utf-8", "surrogateescape"))
        if size > NAME_MAX:
            raise OutputError(f"output directory name too long ({size} bytes, at most {NAME_MAX}): {_shown(part)}")
    check_room(out, "output directory", OutputError)
    try:
        if _busy(out):
            raise OutputError(f"a run is in progress in {_shown(out)}: wait for it to finish, or stop it")
        if not partial_ok and (out / PARTIAL).is_dir():
            raise OutputError(
                f"{_shown(out)} holds an interrupted run: continue it with --resume {_shown(out)}, or remove the "
                "directory"
            )
        _check_location(out, partial_ok)
    except RuntimeError as e:  # Path.resolve in a symlink loop (Python 3.11)
        raise OutputError(f"output directory {_shown(out)}: {e}") from None
    except OSError as e:
        raise OutputError(f"output directory {_shown(out)}: {e.strerror or e}") from None
    return out


ROOM = 100
"""Bytes a run's files take below its folder at most (``.partial/chunks/run-N/.jobJ-START-STOP.npy.PID.tmp``)."""


def _path_max() -> int:
    try:
        return int(os.pathconf("/", "PC_PATH_MAX"))
    except (OSError, ValueError, AttributeError):  # no pathconf (Windows), or no limit given
        return 4096


def check_room(folder: Path, what: str, error: type[InputError] = InputError) -> None:
    """Refuse a run's folder whose path leaves no :data:`ROOM` for the files the run writes below it (the run would
    stop halfway with an ``OSError``, its folder half written), or a name in it that is too long."""
    full = os.path.abspath(folder)
    for part in Path(full).parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise error(f"{what} {_shown(folder)}: a name in it is too long ({size:,} bytes, at most {NAME_MAX})")
    size, limit = len(os.fsencode(full)), _path_max()
    if size + ROOM >= limit:
        raise error(
            f"{what} {_shown(folder)}: the path is too long ({size:,} bytes, at most {limit - ROOM - 1:,}: the run's "
            "own files go below it)"
        )


def _check_location(out: Path, partial_ok: bool = False) -> None:
    here = Path.cwd().resolve()
    target = out.resolve()
    if target == here or target in here.parents:
        raise OutputError(f"output directory {out} is the current directory or one of its parents")
    if out.is_symlink():
        raise OutputError(f"output directory {_shown(out)} is a symbolic link; name a real directory")
    if out.exists():
        if not out.is_dir():
            raise OutputError(f"output directory {_shown(out)} exists and is not a directory")
        present = {p.name for p in out.iterdir()} - ({PARTIAL} if partial_ok else set())
        if present:
            listed = result_files(out)
            if listed is not None:  # a result's folders (a report's one per game) hold only what it lists
                present = _present(out, present, listed)
            if listed is None:
                raise OutputError(f"output directory {_shown(out)} does not hold a razzmatazz result")
            extra = sorted(present - listed)
            if extra:
                raise OutputError(
                    f"output directory {_shown(out)} holds {extra[0]!r}, which its manifest does not "
                    "list; move it away to replace this result"
                )
    parent = target.parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise OutputError(f"output directory {_shown(out)}: {parent} is not a directory")
    if not os.access(parent, os.W_OK):
        raise OutputError(f"output directory {_shown(out)}: {parent} is not writable")


def _present(out: Path, names: set[str], listed: set[str]) -> set[str]:
    """``names`` (entries of ``out``), each folder that the result lists files in replaced by the files in it."""
    folders = {n.split("/")[0] for n in listed if "/" in n}
    present = {n for n in names if n not in folders or not (out / n).is_dir() or (out / n).is_symlink()}
    for n in names - present:
        present |= {p.relative_to(out).as_posix() for p in (out / n).rglob("*") if not p.is_dir() or p.is_symlink()}
    return present


def result_files(path: Path) -> set[str] | None:
    """The files of the razzmatazz result in ``path`` (manifest included), or None if it holds none."""
    try:
        meta = json.loads((path / "manifest.json").read_text())
        if meta.get("tool") != "razzmatazz":
            return None
        return {"manifest.json", *map(str, meta.get("files", []))}
    except (OSError, ValueError, AttributeError, TypeError):
        return None


@contextmanager
def reserve(out: Path, *, new_run: bool = False, partial_ok: bool = False) -> Iterator[Path]:
    """Hold ``out`` for this run, before any work: refuse it now if it cannot be written.

    A missing ``out`` is created (with its parents) and removed again if the run writes nothing; the
    directory is locked (``flock``), so a second run writing to the same place is refused at
    once instead of after all its work. With ``new_run``, ``out`` is a folder of runs and a new
    ``out/YYYYmmdd-HHMMSS[-n]`` is made for this one (created exclusively: two runs starting in
    the same second get different folders).
    """
    created: list[Path] = []
    if new_run:  # ``out`` is a folder of runs: check a run folder inside it instead
        check_out_dir(Path(out) / "run")
    else:
        out = check_out_dir(Path(out), partial_ok=partial_ok)
    try:
        if new_run:
            out = _new_run_dir(Path(out), created)
        fd = _lock(out, created)
    except OSError as e:
        _remove_empty(created)
        raise OutputError(f"output directory {_shown(out)}: {e.strerror or e}") from None
    held = [fd]
    _HELD[_key(fd)] = held
    try:
        check_out_dir(out, partial_ok=partial_ok)  # again, now that no other run can change it
        if partial_ok and not (out / PARTIAL / RUN_FILE).is_file():
            raise OutputError(f"{_shown(out)} holds no interrupted run any more: it has finished")
        yield out
    finally:
        for f in held:
            _HELD.pop(_key(f), None)
            os.close(f)
        _remove_empty(created)  # what this run created and left empty (it failed or wrote nothing)


_HELD: dict[tuple[int, int], list[int]] = {}
"""The directories this process holds locked (device, inode), each with every lock of its run."""


def _key(fd: int) -> tuple[int, int]:
    st = os.fstat(fd)
    return st.st_dev, st.st_ino


def _busy(out: Path) -> bool:
    """Whether another run holds ``out`` locked (a run of this process does not count)."""
    try:
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return False
    try:
        if _key(fd) in _HELD:
            return False
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


def _hold_too(new: Path, out: Path) -> None:
    """Lock ``new`` (which is about to replace ``out``) for as long as the run holding ``out`` lives."""
    try:
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        held = _HELD.get(_key(fd))
    finally:
        os.close(fd)
    if held is not None:
        lock = os.open(new, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        held.append(lock)
        _HELD[_key(lock)] = held


def _new_run_dir(base: Path, created: list[Path]) -> Path:
    for p in reversed([p for p in [base, *base.parents] if not p.exists()]):
        try:
            p.mkdir()
            created.append(p)
        except FileExistsError:
            pass
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        run = base / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            run.mkdir()
        except FileExistsError:
            continue
        created.append(run)
        return run
    raise OutputError(f"no free run folder name under {_shown(base)}")


def _lock(out: Path, created: list[Path]) -> int:
    missing = [p for p in [out, *out.parents] if not p.exists()]
    for p in reversed(missing):
        try:
            p.mkdir()
            created.append(p)
        except FileExistsError:
            pass
    fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if os.stat(out).st_ino != os.fstat(fd).st_ino:
            raise BlockingIOError
    except BlockingIOError:
        os.close(fd)
        raise OutputError(f"a run is in progress in {_shown(out)}: wait for it to finish, or stop it") from None
    return fd


def _remove_empty(created: list[Path]) -> None:
    for p in reversed(created):
        try:
            p.rmdir()
        except OSError:
            return


def point_latest(run: Path) -> Path | None:
    """Make ``run.parent/latest`` a symbolic link to ``run`` (replaced atomically); returns the link.

    A ``latest`` that is not a symbolic link (a user's file or folder) is left alone: returns None.
    """
    link = run.parent / LATEST
    if link.exists() and not link.is_symlink():
        return None
    tmp = run.parent / f".{LATEST}.tmp-{os.getpid()}"
    try:
        tmp.unlink(missing_ok=True)
        os.symlink(run.name, tmp)
        os.replace(tmp, link)
    except OSError:
        tmp.unlink(missing_ok=True)
        return None
    return link


def versions() -> dict[str, str | None]:
    """Installed versions of Python and the packages a result depends on."""
    out: dict[str, str | None] = {"python": platform.python_version()}
    for name in _PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


def git_commit() -> dict[str, str | bool | None]:
    """Commit of the source tree this package runs from, and whether it has local changes."""
    here = Path(__file__).resolve().parent
    try:
        top = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=here, capture_output=True, text=True, timeout=5, check=True
        ).stdout.strip()
        if Path(top).resolve() != here.parent:
            return {"commit": None, "dirty": None}  # installed inside some other repository
        sha = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
        return {"commit": sha, "dirty": bool(dirty)}
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}


def manifest(**fields: object) -> dict:
    """A manifest with the command line, versions, commit and time, plus ``fields``."""
    return {
        "tool": "razzmatazz",
        "command": shlex.join(["razzmatazz", *sys.argv[1:]]),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        **fields,
        "git": git_commit(),
        "versions": versions(),
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
    }


def write_result(
    out: Path,
    tables: dict[str, pd.DataFrame],
    meta: dict,
    figures: Callable[[Path], list[str]] | None = None,
) -> list[Path]:
    """Write ``tables`` (``name.parquet``, and ``name.csv`` if small), figures and the manifest.

    ``figures(dir)`` draws into ``dir`` and returns the file names it wrote. Returns the
    final paths. A failure of the file system is reported as :class:`OutputError`; the
    target then holds what it held before, and no temporary file is left behind.
    """
    out = check_out_dir(Path(out), partial_ok=True)
    try:
        paths = _write(out, tables, meta, figures)
        WRITTEN.append(out)
        return paths
    except OSError as e:
        kept = (
            f"; the finished chunks are kept: make room, then continue with --resume {_shown(out)}"
            if (out / PARTIAL / RUN_FILE).is_file()
            else ""
        )
        raise OutputError(f"cannot write {_shown(out)}: {e.strerror or e}{kept}") from None


def _hidden(out: Path, what: str) -> Path:
    """A fresh hidden sibling of ``out`` (``.NAME.what-XXXXXXXX``), its name short enough for any ``out``."""
    name = out.name.encode("utf-8", "surrogateescape")[:200].decode("utf-8", "ignore")
    return out.parent / f".{name}.{what}-{secrets.token_hex(4)}"


def _write(
    out: Path, tables: dict[str, pd.DataFrame], meta: dict, figures: Callable[[Path], list[str]] | None
) -> list[Path]:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = _hidden(out, "tmp")
    umask = os.umask(0)
    os.umask(umask)
    tmp.mkdir(0o777 & ~umask)
    try:
        names: list[str] = []
        for name, df in tables.items():  # a name may hold a folder: ``razz/razz_policies``
            (tmp / name).parent.mkdir(parents=True, exist_ok=True)
            df.to_parquet(tmp / f"{name}.parquet", index=False)
            names.append(f"{name}.parquet")
            if len(df) <= CSV_MAX_ROWS:
                df.to_csv(tmp / f"{name}.csv", index=False)
                names.append(f"{name}.csv")
        if figures is not None:
            names += figures(tmp)
        meta = {**meta, "files": sorted(names)}
        (tmp / "manifest.json").write_text(json.dumps(meta, indent=2, default=str) + "\n")
        _hold_too(tmp, out)
        _replace_dir(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return [out / n for n in sorted(names + ["manifest.json"])]


def _replace_dir(new: Path, out: Path) -> None:
    """Put ``new`` at ``out``; an existing ``out`` is moved aside first and restored if that fails."""
    if not out.exists():
        os.rename(new, out)
        return
    old = _hidden(out, "old")
    os.rename(out, old)
    try:
        os.rename(new, out)
    except BaseException:
        os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


def read_result(directory: str | Path) -> tuple[dict[str, pd.DataFrame], dict]:
    """Load a result directory written by :func:`write_result` (any ``razzmatazz ... --out DIR``).

    Returns ``(tables, manifest)``: every table the manifest lists, by name (``policies``,
    ``pairs``, ...; a table in a folder, as a report's ``razz/razz_policies``, by its file's name), read from
    its parquet file (exact types; the CSV copies are not read), and
    the manifest as a dict (command line, seed, sample sizes, versions, commit, the files it
    holds; figures are listed there but not loaded). A folder of runs
    (``results/razz-table``) is read through its ``latest`` link::

        tables, meta = read_result("results/showcase")
        tables["table"].head(), meta["command"]

    A directory that holds no razzmatazz result, an interrupted run, or a result with a listed
    table missing raises :class:`razzmatazz.core.errors.InputError` naming the problem.
    """
    path = Path(directory)
    if not (path / "manifest.json").exists() and (path / LATEST / "manifest.json").exists():
        path = path / LATEST
    if not path.is_dir():
        raise InputError(f"{_shown(path)} is not a directory")
    listed = result_files(path)
    if listed is None:
        if (path / PARTIAL).is_dir():
            raise InputError(
                f"{_shown(path)} holds an interrupted run, not a result: continue it with --resume {_shown(path)}"
            )
        raise InputError(f"{_shown(path)} does not hold a razzmatazz result (no readable manifest.json)")
    meta = json.loads((path / "manifest.json").read_text())
    tables: dict[str, pd.DataFrame] = {}
    for name in sorted(listed):
        if name.endswith(".parquet"):
            try:
                tables[Path(name).stem] = pd.read_parquet(path / name)
            except FileNotFoundError:
                raise InputError(f"{_shown(path)}: {name}, listed in its manifest, is missing") from None
    return tables, meta


# ----------------------------------------------------------------------------- interrupted runs (--resume)

RUN_FILE = "run.json"


DIGEST_FILE = "args.sha256"
"""Beside the kept chunks (``.partial/chunks/``): the digest of the arguments they were played with."""


def save_run(partial: Path, kind: str, run: dict) -> None:
    """Write what defines a run (for ``--resume``) into its ``.partial`` folder, atomically."""
    partial.mkdir(parents=True, exist_ok=True)
    tmp = partial / f".{RUN_FILE}.tmp"
    tmp.write_text(json.dumps({"kind": kind, "version": _version(), **run}, indent=2))
    os.replace(tmp, partial / RUN_FILE)


def run_digest(kind: str, args: dict) -> str:
    """A digest of what defines a run: the same for the run and for every resumption of it."""
    text = json.dumps({"kind": kind, "version": _version(), "args": args}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def chunk_folder(target: Path, kind: str, args: dict, *, resuming: bool) -> Path:
    """The folder keeping the finished chunks of the run ``kind`` with ``args`` in ``target/.partial``.

    A new run writes ``run.json`` and the digest of its arguments; a resumed one must be played with
    the very arguments its chunks were played with (an edited ``run.json`` is refused).
    """
    partial = target / PARTIAL
    chunks = partial / "chunks"
    digest = run_digest(kind, json.loads(json.dumps(args, default=str)))
    if not resuming:
        save_run(partial, kind, {"args": args})
        chunks.mkdir(exist_ok=True)
        tmp = chunks / f".{DIGEST_FILE}.tmp"
        tmp.write_text(digest + "\n")
        os.replace(tmp, chunks / DIGEST_FILE)
        return chunks
    try:
        kept = (chunks / DIGEST_FILE).read_text().strip()
    except (OSError, UnicodeDecodeError):
        raise damaged(target, f"{DIGEST_FILE} is missing or unreadable") from None
    if kept != digest:
        raise damaged(target, f"{RUN_FILE} does not match the chunks kept beside it (was it edited?)")
    return chunks


def damaged(directory: Path, why: str) -> InputError:
    """The error for an interrupted run whose ``.partial`` folder cannot be trusted (the folder to remove in full:
    a shortened path cannot be copied)."""
    return InputError(
        f"the interrupted run in {_shown(directory)} is damaged ({why}): remove "
        f"{Path(directory) / PARTIAL} and start the run again"
    )


@contextmanager
def checkpointed(target: Path | None, kind: str, run: dict, *, resuming: bool) -> Iterator[int]:
    """Keep the finished chunks of every batch run inside in ``target/.partial`` (for ``--resume``).

    A new run first writes what defines it (``run``); a resumed one checks that its chunks were played
    with the same. Yields the number of chunks already finished. Without a ``target`` nothing is kept.
    """
    if target is None:
        yield 0
        return
    from razzmatazz.core.batch import CheckpointError, checkpointing

    chunks = chunk_folder(target, kind, run, resuming=resuming)
    try:
        with checkpointing(chunks):
            yield sum(1 for _ in chunks.rglob("job*.npy"))
    except CheckpointError as e:
        raise kept_chunks_error(target, e) from None


def kept_chunks_error(target: Path, e: Exception) -> InputError:
    """A kept chunk that cannot be read (damaged) or written (full disk), in words that say what to do."""
    if getattr(e, "writing", False):
        return InputError(
            f"cannot keep a finished chunk in {_shown(target / PARTIAL)}: {e}; the chunks kept so "
            f"far are safe: make room, then continue with --resume {_shown(target)}"
        )
    return damaged(target, str(e))


def load_run(directory: Path, kind: str) -> dict:
    """What defines the interrupted run in ``directory``; refuses another command's or version's run."""
    path = Path(directory) / PARTIAL / RUN_FILE
    check_room(Path(directory), "--resume")
    try:
        missing = (Path(directory) / PARTIAL).is_dir() and not path.exists()
    except OSError as e:  # a parent that cannot be searched
        raise InputError(f"--resume {_shown(directory)}: {e.strerror or e}") from None
    if missing:
        raise damaged(directory, f"{RUN_FILE} is missing")
    try:
        run = json.loads(path.read_text())
    except FileNotFoundError:
        raise InputError(f"{_shown(directory)} holds no interrupted run of {kind} to resume") from None
    except NotADirectoryError:
        raise InputError(f"{_shown(directory)} is not a directory") from None
    except (OSError, ValueError) as e:
        raise damaged(directory, f"{RUN_FILE} cannot be read: {getattr(e, 'strerror', None) or e}") from None
    if not isinstance(run, dict):
        raise damaged(directory, f"{RUN_FILE} is not a JSON object")
    if run.get("kind") != kind:
        raise InputError(f"{_shown(directory)} holds a run of {run.get('kind')!r}, not of {kind}")
    if run.get("version") != _version():
        raise InputError(
            f"{_shown(directory)} was started by razzmatazz {run.get('version')}, this is {_version()}; start it again"
        )
    if not isinstance(run.get("args"), dict):
        raise InputError(
            f"{_shown(directory)} holds a run of an earlier razzmatazz, or a damaged one ({RUN_FILE} "
            f"keeps no arguments): remove {Path(directory) / PARTIAL} and start the run again"
        )
    try:  # the arguments must be those the kept chunks were played with, before anything reads them
        kept = (Path(directory) / PARTIAL / "chunks" / DIGEST_FILE).read_text().strip()
    except (OSError, UnicodeDecodeError):
        kept = None  # checked, and named, where the chunks are opened
    if kept is not None and kept != run_digest(kind, run["args"]):
        raise damaged(directory, f"{RUN_FILE} does not match the chunks kept beside it (was it edited?)")
    return run


def _version() -> str:
    from importlib.metadata import version

    return version("razzmatazz")
