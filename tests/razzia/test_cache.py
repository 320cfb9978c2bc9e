"""The general engine's built-in kernels load from numba's on-disk cache in a new process.

A kernel handed a function as an argument (the no-user policy, the searcher ``no_search``) has a signature
numba keys anew in every process: it never loads from the cache, compiles again (a trace about 12 s, a
general-engine chunk 15-25 s) and adds one more entry to ``__pycache__`` each time. The built-in entry
points (:func:`.engine.trace_game`, :func:`.engine.play_games`) run kernels that name those functions as
module attributes instead (see :mod:`.search`'s note). Two processes share the project's cache: the
first fills it if it must, the second must compile nothing in the engine. (Importing the package drops
every cached kernel when a source of ``core/`` changed, see ``core/__init__.py``: the pair is run again
if the sources changed while it ran.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, warnings
import razzmatazz.core as core
sources = core._digest()
from numba.core.dispatcher import Dispatcher
from numba.core.errors import NumbaWarning

warnings.filterwarnings("error", "Cannot cache compiled function", NumbaWarning)

from razzmatazz.analysis.razzia import lineup
from razzmatazz.analysis.razzia import game as G
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia.rules import Settings

policies = lineup(["greedy", "random", "hunter:haggle=2", "crowd"], 4)
G.trace(Settings(players=4), policies, 3, 5)  # the general engine traces every table
E.GameJob(Settings(players=4, spielbox=True), policies, 3, 4).run_chunk(0, 4)  # the fast lane does not take it
E.GameJob(Settings(players=4, offer_duel=True), policies, 3, 2, duplicate=True).run_chunk(0, 2)
stats = {
    name: [sum(d.stats.cache_hits.values()), sum(d.stats.cache_misses.values())]
    for name, d in vars(E).items()
    if isinstance(d, Dispatcher)
}
print(json.dumps({"sources": [sources, core._digest()], "stats": stats}))
"""


def _run() -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, cwd=ROOT, timeout=600, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_built_in_trace_and_general_engine_load_from_the_cache_in_a_new_process():
    for _ in range(3):
        first = _run()  # fills the cache if these sources were not compiled yet
        second = _run()
        if len({*first["sources"], *second["sources"]}) == 1:
            break
    stats = second["stats"]
    compiled = {name: misses for name, (_, misses) in stats.items() if misses}
    assert not compiled, f"compiled again in a new process (not loaded from numba's cache): {compiled}"
    assert stats["_trace_builtin"][0] >= 1 and stats["_play_builtin"][0] >= 1, stats
