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
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom razzmatazz.analysis.cli import main\n"
        "r = CliRunner().invoke(main, ['razz', '--help'])\nassert r.exit_code == 0\n"
        "assert 'numba' not in sys.modules and 'pandas' not in sys.modules"
    )
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
        for top in ("core", "analysis")
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert folders == _pyproject_packages()


def test_no_module_imports_the_old_top_level_names() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for top in ("core", "analysis", "scripts", "tests")
        for p in (ROOT / top).rglob("*.py")
        if any(
            line.startswith(("from core", "import core", "from analysis", "import analysis"))
            for line in p.read_text().splitlines()
        )
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
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(src),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = tmp_path.glob("razzmatazz-*.whl")
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"razzmatazz"}
    names = zipfile.ZipFile(wheel).namelist()
    assert "razzmatazz/core/razz/equity.py" in names and "razzmatazz/analysis/razz/cli.py" in names
    assert "razzmatazz/analysis/report/templates/report.html.j2" in names


def _commands(group, path=()):
    import click

    for name, sub in group.commands.items():
        if isinstance(sub, click.Group):
            yield from _commands(sub, (*path, name))
        else:
            yield " ".join((*path, name))


def test_the_readme_shows_every_command() -> None:
    """Every command of the shipped games and the studies; a game of ``RAZZMATAZZ_GAMES`` (the toy game) is not
    the README's."""
    from razzmatazz.analysis import games
    from razzmatazz.analysis.cli import main

    readme = (ROOT / "README.md").read_text()
    extra = set(games.names()) - set(games.SHIPPED)
    missing = [c for c in _commands(main) if f"razzmatazz {c}" not in readme and c.split()[0] not in extra]
    assert not missing, f"commands the README never shows: {missing}"


ALLOWED_TO_NAME_GAMES = {"analysis/games.py"}
"""The one registry line per game (``REGISTRY``); every other module finds the games through it."""


def _names_a_game(tree, games: set[str]) -> list[str]:
    """Where a module's code names a game: an import of a game's package, an identifier with a game's name as a
    word (``simulate_razz``), or a string that is not documentation holding the name as a word (docstrings and
    comments may name games: they are words for people, not code)."""
    import ast
    import re

    word = re.compile(r"\b(" + "|".join(sorted(games)) + r")\b", re.IGNORECASE)
    docstrings = {
        id(n.value)
        for n in ast.walk(tree)  # a string standing as a statement documents
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    }
    hits = []
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom | ast.Import):
            base = f"{n.module}." if isinstance(n, ast.ImportFrom) and n.module else ""
            modules = [base + a.name for a in n.names]
            hits += [f"line {n.lineno}: imports {m}" for m in modules if set(m.split(".")) & games]
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings:
            hits += [f"line {n.lineno}: says {n.value[:60]!r}"] if word.search(n.value) else []
        else:
            ids = [getattr(n, k) for k in ("id", "attr", "name", "arg") if isinstance(getattr(n, k, None), str)]
            hits += [f"line {n.lineno}: {i}" for i in ids if set(i.lower().split("_")) & games]
    return hits


def test_no_module_outside_a_games_room_names_a_game() -> None:
    """A game lives in its rooms (``core/GAME/``, ``analysis/GAME/``); the rest of the house reads the registry."""
    import ast

    from razzmatazz.analysis import games

    names = set(games.names())
    assert names >= {"razz", "razzia", "riffifi"}
    offenders = {}
    for top in ("core", "analysis"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel.parts[1] in names or rel.as_posix() in ALLOWED_TO_NAME_GAMES:
                continue
            hits = _names_a_game(ast.parse(path.read_text()), names)
            if hits:
                offenders[rel.as_posix()] = hits[:3]
    assert offenders == {}


def test_the_game_name_check_finds_what_it_looks_for() -> None:
    import ast

    games = {"razz", "riffifi"}
    for code in (
        "from razzmatazz.core.razz import rules",
        "import razzmatazz.analysis.riffifi",
        "from razzmatazz.analysis import razz",
        "def simulate_razz(): pass",
        "x = RAZZ_PLAYERS",
        "f(game='riffifi')",
        "x = f'{n} Razz hands'",
    ):
        assert _names_a_game(ast.parse(code), games), code
    for code in (
        '"""Razz and Riffifi: a docstring."""',
        "x = 'razzmatazz'  # razz in a comment",
        "def f():\n    '''razz'''\n    return game.name",
        "X = 1\n'''razz'''",
        "from razzmatazz.analysis import games",
    ):
        assert not _names_a_game(ast.parse(code), games), code


def test_each_games_room_brings_its_group_section_and_public_api() -> None:
    import importlib

    import click

    from razzmatazz.analysis import games
    from razzmatazz.analysis.cli import main

    for name in games.names():
        spec = games.game(name)
        room = importlib.import_module(f"razzmatazz.analysis.{name}")
        assert room.SPEC is spec and spec.api.startswith(room.__name__ + ".")
        assert isinstance(spec.command, click.Group) and main.commands[name] is spec.command
        assert {"play", "policies"} <= set(spec.command.commands)
        assert callable(spec.section.simulate) and spec.section.title == spec.title  # the toy game's is the template's
        assert room.play is spec.module.play and room.lineup is spec.module.lineup  # re-exported
        with pytest.raises(AttributeError):
            room.no_such_name  # noqa: B018


def test_ruff_format_clean() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr
