"""Results on disk: tables as parquet (+ CSV when small), figures, and a ``manifest.json``.

A result directory is written all at once: files go to a hidden temporary directory beside
the target, which then replaces the target in one rename. A run that fails never leaves a
partial directory, and the previous result stays intact until the new one is complete.
"""

from __future__ import annotations

import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

import pandas as pd

from core.errors import InputError

CSV_MAX_ROWS = 100_000
_PACKAGES = ("razzmatazz", "numpy", "numba", "llvmlite", "pandas", "pyarrow", "matplotlib", "statsmodels", "click")


class OutputError(InputError):
    """The output location cannot be used."""


def check_out_dir(out: Path) -> Path:
    """Fail early (before any work) if ``out`` cannot become a result directory.

    ``out`` may be missing, empty, or hold an earlier razzmatazz result (which a successful
    run replaces); anything else is refused so that no user file is ever deleted.
    """
    if str(out).strip() == "":
        raise OutputError("--out is empty")
    out = Path(out)
    here = Path.cwd().resolve()
    if out.resolve() == here or out.resolve() in here.parents:
        raise OutputError(f"--out {out} is the current directory or one of its parents")
    if out.exists():
        if not out.is_dir():
            raise OutputError(f"--out {out} exists and is not a directory")
        if any(out.iterdir()) and not is_result_dir(out):
            raise OutputError(f"--out {out} is a directory that does not hold a razzmatazz result")
    parent = out.resolve().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise OutputError(f"--out {out}: {parent} is not a directory")
    if not os.access(parent, os.W_OK):
        raise OutputError(f"--out {out}: {parent} is not writable")
    return out


def is_result_dir(path: Path) -> bool:
    """Whether ``path`` holds a result written by :func:`write_result`."""
    try:
        return json.loads((path / "manifest.json").read_text()).get("tool") == "razzmatazz"
    except (OSError, ValueError, AttributeError):
        return False


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
            cwd=here, capture_output=True, text=True, timeout=5, check=True,
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
    final paths. A failure of the file system is reported as :class:`OutputError`.
    """
    out = check_out_dir(Path(out))
    try:
        return _write(out, tables, meta, figures)
    except OSError as e:
        raise OutputError(f"cannot write --out {out}: {e.strerror or e}") from None


def _write(out: Path, tables: dict[str, pd.DataFrame], meta: dict,
           figures: Callable[[Path], list[str]] | None) -> list[Path]:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)
    try:
        names: list[str] = []
        for name, df in tables.items():
            df.to_parquet(tmp / f"{name}.parquet", index=False)
            names.append(f"{name}.parquet")
            if len(df) <= CSV_MAX_ROWS:
                df.to_csv(tmp / f"{name}.csv", index=False)
                names.append(f"{name}.csv")
        if figures is not None:
            names += figures(tmp)
        meta = {**meta, "files": sorted(names)}
        (tmp / "manifest.json").write_text(json.dumps(meta, indent=2, default=str) + "\n")
        _replace_dir(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return [out / n for n in sorted(names + ["manifest.json"])]


def _replace_dir(new: Path, out: Path) -> None:
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        os.rename(out, old / "previous")
        os.rename(new, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(new, out)
