"""A plugin's engine is compiled once per plugin content (core/bound.py): a second process loads it from numba's
cache, an edited plugin is compiled anew and plays its new code, a notebook's function plays unbound."""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from razzmatazz.core import bound

PLUGIN = """
from numba import njit

from razzmatazz.core.policy import PolicySpec
from razzmatazz.core.razz import rules as R

POLICIES = [PolicySpec("mine", 1000, (), "a test policy: always {what}")]


@njit
def decide(pid, row, view, state):
    return R.{move}, state
"""

RUN = """
import json, sys
from razzmatazz.analysis.razz import game as G
from razzmatazz.core import bound
from razzmatazz.core.razz import engine as E, rules as R

user = G.load_plugin(sys.argv[1])
lineup = G.lineup(["mine", "textbook"], 2, user)
job = E.GameJob(R.Settings(players=2), lineup, 5, 40, False, user.decide)
out = job.run_chunk(0, 40)
hits, misses = bound.stats(bound.bind(E.play_games_with, user.decide))
print(json.dumps({"hits": hits, "misses": misses, "counts": out.tolist()}))
"""


WORKER = """
import json, pickle, sys
from razzmatazz.core import bound
from razzmatazz.core.razz import engine as E

job = pickle.loads(open(sys.argv[1], "rb").read())
out = job.run_chunk(0, 40)
hits, misses = bound.stats(bound.bind(E.play_games_with, job.user))
print(json.dumps({"hits": hits, "misses": misses, "counts": out.tolist(), "key": bound.key_of(job.user)}))
"""


def _plugin(path: Path, move: str) -> Path:
    path.write_text(PLUGIN.format(what=move.lower(), move=move))
    return path


def _run(plugin: Path, cache: Path, script: str = RUN) -> dict:
    env = {**os.environ, bound.CACHE_ENV: str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", script, str(plugin)], capture_output=True, text=True, env=env, timeout=900, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
def test_a_plugin_compiles_once_and_an_edit_compiles_its_new_code(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plugin = _plugin(tmp_path / "mine.py", "RAISE")
    first = _run(plugin, cache)
    assert (first["hits"], first["misses"]) == (0, 1)  # compiled, and stored
    again = _run(plugin, cache)
    assert (again["hits"], again["misses"]) == (1, 0)  # loaded: the engine is not compiled again
    assert again["counts"] == first["counts"]
    _as_a_worker_gets_it(plugin, cache, first["counts"])

    _plugin(plugin, "FOLD")  # the same file, edited
    edited = _run(plugin, cache)
    assert (edited["hits"], edited["misses"]) == (0, 1)
    assert edited["counts"] != first["counts"]  # the new code plays: a seat that always folds
    assert len(list(cache.glob("razzmatazz_bound_*.py"))) == 2


def test_the_module_name_follows_the_plugin_content_and_an_unregistered_function_plays_unbound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(bound.CACHE_ENV, str(tmp_path))
    from razzmatazz.core.razz import engine as E

    def fn() -> None: ...

    called = []

    class Kernel:  # stands in for a jitted kernel: only its call is used when unbound
        def __call__(self, *args: object) -> None:
            called.append(args)

    bound.bind(Kernel(), fn)(1, 2)
    assert called == [(1, 2, fn)]
    assert not list(tmp_path.iterdir())  # nothing written for a function of unknown content

    def a() -> None: ...

    def b() -> None: ...

    bound.register(a, b"one")
    bound.register(b, b"two")
    bound.derive(a, fn, "nrt")
    assert bound.key_of(fn) == bound.key_of(a) + "-nrt"
    monkeypatch.setitem(bound.USERS, "k1", a)
    monkeypatch.setitem(bound.USERS, "k2", b)
    names = {bound._module(E.play_games_with, key).__name__ for key in ("k1", "k2")}  # type: ignore[union-attr]
    assert len(names) == 2
    assert len(list(tmp_path.glob("razzmatazz_bound_*.py"))) == 2


def test_an_unwritable_cache_folder_plays_unbound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv(bound.CACHE_ENV, str(blocker / "sub"))  # below a file: cannot be made
    from razzmatazz.core.razz import engine as E

    assert bound._module(E.play_games_with, "k3") is None


def test_threads_binding_at_once_all_get_the_whole_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch runner's threads bind the same plugin at once; none may find a half-imported module (a CI run
    stopped on 'module razzmatazz_bound_... has no attribute kernel')."""
    monkeypatch.setenv(bound.CACHE_ENV, str(tmp_path))
    from razzmatazz.core.razz import engine as E

    def user() -> None: ...

    bound.register(user, f"thread race {tmp_path}".encode())  # a content no other test binds
    gate = threading.Barrier(8)

    def bind_once(_: int) -> object:
        gate.wait()
        return bound.bind(E.play_games_with, user)

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(bind_once, range(8)))
    assert all(g is got[0] for g in got)
    assert isinstance(got[0], bound._Cached) and got[0].kernel.py_func.__name__ == "kernel"


def test_a_module_that_fails_to_import_is_not_left_half_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bound.CACHE_ENV, str(tmp_path))
    from razzmatazz.core.razz import engine as E

    with pytest.raises(KeyError):  # the generated module reads USERS[key]; this key was never registered
        bound._module(E.play_games_with, "never-registered")
    assert not [m for m in sys.modules if m.startswith("razzmatazz_bound_") and not hasattr(sys.modules[m], "kernel")]


def _fresh(path: Path, name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.kernel


def test_a_damaged_cache_file_is_compiled_again_and_an_error_of_the_run_is_raised(tmp_path: Path) -> None:
    path = tmp_path / "kernels.py"
    path.write_text(
        "from numba import njit\n\n@njit(cache=True)\ndef kernel(x):\n"
        "    if x < 0:\n        raise ValueError('negative')\n    return x + 1\n"
    )
    assert _fresh(path, "bound_test_a")(1) == 2  # compiled and stored
    damaged = list((tmp_path / "__pycache__").glob("*.nbc"))
    assert damaged
    for f in damaged:
        f.write_bytes(b"\xd8 not a pickle")
    plain = _fresh(path, "bound_test_b")
    with pytest.raises(Exception, match="load key"):  # what numba does with it alone
        plain(1)
    kernel = bound._Cached(_fresh(path, "bound_test_c"))
    assert kernel(1) == 2
    assert bound.stats(kernel) == (0, 1)  # compiled again
    with pytest.raises(ValueError, match="negative"):
        kernel(-1)


def _as_a_worker_gets_it(plugin: Path, cache: Path, counts: list) -> None:
    """A job pickled (as Dask sends it) carries the plugin's source: a new process, without the file, runs it as
    the same module and loads the engine from the cache."""
    from razzmatazz.analysis.razz import game as G
    from razzmatazz.core.razz import engine as E
    from razzmatazz.core.razz import rules as R

    user = G.load_plugin(plugin)
    job = E.GameJob(R.Settings(players=2), G.lineup(["mine", "textbook"], 2, user), 5, 40, False, user.decide)
    sent = plugin.parent / "job.pickle"
    sent.write_bytes(pickle.dumps(job))
    kept = plugin.read_text()
    plugin.unlink()
    try:
        there = _run(sent, cache, WORKER)
    finally:
        plugin.write_text(kept)
    assert (there["hits"], there["misses"]) == (1, 0) and there["counts"] == counts
    assert there["key"] == bound.key_of(user.decide)
