"""Suite-wide settings: plugins' compiled engines in the clone's build folder, and the slowest files first, so
that pytest-xdist (``--dist loadfile``, a file's tests on one worker) does not leave one worker running a long
file alone at the end."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("RAZZMATAZZ_CACHE_DIR", str(Path(__file__).resolve().parents[1] / "build" / "plugin-cache"))
"""Plugins' compiled engines (core/bound.py) go to the clone's build folder, not the user's cache: a fresh clone
compiles them once, and every worker and subprocess of the run shares them."""
os.environ.setdefault("RAZZMATAZZ_GAMES", "razzmatazz.analysis.toy")
"""The toy game (``seeds/toy.md``, the template of a new game) joins the registry as a user's own game does: its
one registry line. Set before the registry is first imported, and inherited by the commands run as
subprocesses, so the shared suite covers it as it covers the shipped games."""

from razzmatazz.analysis import games  # noqa: E402  (after the variable it reads)

games.names()  # the registry reads the variable now, before a test copies the registry to change it

SLOWEST = (
    "tests/common/test_outside_opponents.py",
    "tests/conformance/test_positions.py",
    "tests/cli/test_riffifi_plugin.py",
    "tests/conformance/test_conformance.py",
    "tests/cli/test_report.py",
    "tests/riffifi/test_rules.py",
    "tests/cli/test_resume_studies.py",
    "tests/cli/test_hostile_round3.py",
)
"""Files by cold-cache time, slowest first (from ``pytest --durations=0``; 2026-12-05 and 2026-12-06)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the files of :data:`SLOWEST` first, in that order; the rest keep their order."""
    rank = {path: i for i, path in enumerate(SLOWEST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOWEST)))


@pytest.fixture
def toy_without_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game's registry without its search player: a game that has none (for the refusals that need one)."""
    from razzmatazz.core.policy import Registry
    from razzmatazz.core.toy import policies

    bare = Registry("toy")
    for spec in policies.REGISTRY:
        if spec.name != "search":
            bare.add(spec)
    monkeypatch.setattr(policies, "REGISTRY", bare)
