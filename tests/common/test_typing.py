"""mypy over core/ and analysis/ (pyproject's [tool.mypy]) finds nothing; its numba helper changes no kernel."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_no_errors_in_every_module(monkeypatch: pytest.MonkeyPatch) -> None:
    from mypy import api

    monkeypatch.chdir(ROOT)  # the config's paths are relative to the project
    stdout, stderr, status = api.run([])
    modules = sum(1 for top in ("core", "analysis") for _ in (ROOT / top).rglob("*.py"))
    assert status == 0, f"mypy found errors (run .venv/bin/mypy):\n{stdout}{stderr}"
    assert f"no issues found in {modules} source files" in stdout, stdout + stderr


def test_mypy_sees_the_folders_under_their_installed_names() -> None:
    for top in ("core", "analysis"):
        link = ROOT / "typecheck" / "razzmatazz" / top
        assert link.is_symlink() and link.resolve() == ROOT / top, f"{link} must be a symlink to {top}/"


def test_the_typed_njit_is_numbas_own() -> None:
    """core.jit only retypes numba's njit for mypy: the kernels are compiled by the same function."""
    import numba

    from razzmatazz.core.jit import njit

    assert njit is numba.njit
