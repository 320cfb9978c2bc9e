"""House rules: core stays free of front-end libraries and compiles nothing at import; ruff is clean."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK_CORE = """
import sys, importlib, pkgutil
import razzmatazz.core as core
from numba.core.registry import CPUDispatcher
names = [m.name for m in pkgutil.walk_packages(core.__path__, 'razzmatazz.core.')]
mods = [importlib.import_module(n) for n in names]
banned = [m for m in ('pandas', 'matplotlib', 'click', 'statsmodels') if m in sys.modules]
compiled = [f'{m.__name__}.{k}' for m in mods for k, v in vars(m).items()
            if isinstance(v, CPUDispatcher) and v.signatures]
kernels = sum(isinstance(v, CPUDispatcher) for m in mods for v in vars(m).values())
print(len(names), kernels, banned, compiled)
assert kernels > 10 and not banned and not compiled, (banned, compiled)
"""


def test_core_imports_no_front_end_and_compiles_nothing() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK_CORE], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_cli_help_does_not_load_numba() -> None:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom razzmatazz.analysis.cli import main\n"
            "r = CliRunner().invoke(main, ['razz', '--help'])\nassert r.exit_code == 0\n"
            "assert 'numba' not in sys.modules and 'pandas' not in sys.modules")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_ruff_clean() -> None:
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _pyproject_packages() -> set[str]:
    import tomllib

    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])


def test_every_package_folder_is_installed_under_razzmatazz() -> None:
    folders = {
        "razzmatazz." + ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("core", "analysis") for p in (ROOT / top).rglob("__init__.py")
    }
    assert folders == _pyproject_packages()


def test_no_module_imports_the_old_top_level_names() -> None:
    offenders = [
        str(p.relative_to(ROOT)) for top in ("core", "analysis", "scripts", "tests") for p in (ROOT / top).rglob("*.py")
        if any(line.startswith(("from core", "import core", "from analysis", "import analysis"))
               for line in p.read_text().splitlines())
    ]
    assert offenders == []


def test_no_kernel_uses_numba_openmp_threads() -> None:
    """Parallelism is the batch runner's thread pool; a prange kernel would bring back spinning OpenMP threads."""
    code = CHECK_CORE.split("compiled =")[0] + (
        "par = [f'{m.__name__}.{k}' for m in mods for k, v in vars(m).items()\n"
        "       if isinstance(v, CPUDispatcher) and v.targetoptions.get('parallel')]\n"
        "assert not par, par\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


@pytest.mark.slow
def test_the_wheel_installs_one_top_level_package(tmp_path) -> None:
    import shutil
    import zipfile

    src = tmp_path / "src"  # a copy, so that the build leaves nothing in the work tree
    for name in ("core", "analysis"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(tmp_path), str(src)], capture_output=True, text=True, cwd=tmp_path)
    assert build.returncode == 0, build.stderr
    (wheel,) = tmp_path.glob("razzmatazz-*.whl")
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"razzmatazz"}
    names = zipfile.ZipFile(wheel).namelist()
    assert "razzmatazz/core/razz/equity.py" in names and "razzmatazz/analysis/cli/razz.py" in names


def _commands(group, path=()):
    import click

    for name, sub in group.commands.items():
        if isinstance(sub, click.Group):
            yield from _commands(sub, (*path, name))
        else:
            yield " ".join((*path, name))


def test_the_readme_shows_every_command() -> None:
    from razzmatazz.analysis.cli import main

    readme = (ROOT / "README.md").read_text()
    missing = [c for c in _commands(main) if f"razzmatazz {c}" not in readme]
    assert not missing, f"commands the README never shows: {missing}"
