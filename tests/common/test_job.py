"""The shared job base: kernel arguments by name, in the kernels' order, and count vectors read by block name."""

import inspect

import numpy as np
import pytest

from razzmatazz.core import counts as C
from razzmatazz.core.razz import engine as razz
from razzmatazz.core.razzia import engine as razzia
from razzmatazz.core.razzia import fast as razzia_fast
from razzmatazz.core.razzia import search as razzia_search
from razzmatazz.core.riffifi import engine as riffifi
from razzmatazz.core.riffifi import fast as riffifi_fast

KERNELS = [
    (razz, [razz.play_games, razz.play_games_with, razz.trace_hand, razz.trace_hand_with]),
    (
        razzia,
        [
            razzia.play_games,
            razzia.play_games_with,
            razzia.trace_game,
            razzia.trace_game_with,
            razzia_search.play_games,
            razzia_search.trace_game,
        ],
    ),
    (
        riffifi,
        [
            riffifi.play_games,
            riffifi.play_games_with,
            riffifi.trace_game,
            riffifi.trace_game_with,
            riffifi_fast.play_games,
        ],
    ),
]


@pytest.mark.parametrize("engine, kernels", KERNELS, ids=["razz", "razzia", "riffifi"])
def test_kernel_arguments_are_named_as_every_kernel_names_them(engine, kernels):
    fields = list(engine.Args._fields)
    for k in kernels:
        assert list(inspect.signature(getattr(k, "py_func", k)).parameters)[: len(fields)] == fields, k.__name__
    fast = list(inspect.signature(razzia_fast.play_games.py_func).parameters)
    assert fast[:1] + fast[3 : 3 + len(razzia.Args._fields) - 1] == list(razzia.Args._fields)  # after its two decks


def _job(engine, settings, names):
    policies = [engine.policies.REGISTRY.parse(x) for x in names]
    return engine.GameJob(settings, tuple(policies), 7, 3, duplicate=True)


JOBS = [
    (razz, razz.R.Settings(players=3), ["tag", "rock", "random"]),
    (razzia, razzia.R.Settings(players=4), ["greedy", "random", "hunter", "greedy"]),
    (riffifi, riffifi.R.Settings(players=3), ["random", "lowest", "random"]),
]


@pytest.mark.parametrize("engine, settings, names", JOBS, ids=["razz", "razzia", "riffifi"])
def test_kernel_args_hold_the_lineup_and_the_streams(engine, settings, names):
    job = _job(engine, settings, names)
    a = job.kernel_args()
    assert isinstance(a, engine.Args) and np.array_equal(a.cfg, settings.row())
    assert a.lineup_pids.tolist() == [p.spec.id for p in job.lineup] and a.duplicate is True
    assert a.lineup_params.shape[0] == settings.players and a.policy_keys.dtype == np.uint64
    keys = {int(a.deal_key), *map(int, a.policy_keys), *([int(a.dice_key)] if "dice_key" in a._fields else [])}
    assert len(keys) == settings.players + len(job.STREAMS)  # every stream its own key
    assert job.games == 3 * settings.players


@pytest.mark.parametrize("engine, settings, names", JOBS, ids=["razz", "razzia", "riffifi"])
def test_the_count_view_covers_the_whole_vector_in_order(engine, settings, names):
    job = _job(engine, settings, names)
    counts = job.run_chunk(0, job.n_items)
    n = settings.players
    view = engine.view(counts, n)
    lay = engine.layout(n)
    assert lay["size"] == len(counts) == sum(b.size for b in view.blocks.values())
    at = 0
    for name, block in view.blocks.items():
        assert lay[name] == at and np.shares_memory(block, counts)
        assert np.array_equal(block.ravel(), counts[at : at + block.size])
        at += block.size
    assert view["player"].shape == (n, engine.N_PFIELDS) and view.cross.shape == view.cross_win.shape == (n, n)
    assert np.array_equal(view.cross_win, view.cross_win.T) and (np.diag(view.cross_win) > 0).any()


def test_a_count_vector_of_the_wrong_length_is_refused():
    blocks = (("a", (2, 3)), ("b", (4,)))
    assert C.offsets(blocks) == {"a": 0, "b": 6, "size": 10}
    with pytest.raises(ValueError, match="10 numbers"):
        C.Counts(np.zeros(11, np.int64), blocks)
    with pytest.raises(AttributeError):
        _ = C.Counts(np.zeros(10, np.int64), blocks).c


@pytest.mark.parametrize(
    "engine, names",
    [
        (razz, ("seat", "global", "cross", "cross_win", "streets", "size")),
        (riffifi, ("seat", "position", "global", "table", "cross", "size")),
        (razzia, ("seat", "croupier", "global", "police", "cross", "size")),
    ],
    ids=["razz", "riffifi", "razzia"],
)
def test_the_kernels_offsets_are_the_blocks_layout(engine, names):
    """The kernels take their count offsets from one function, which must agree with ``blocks()``."""
    for n in range(2, 9):
        lay = engine.layout(n)
        assert engine.count_offsets(n) == tuple(lay[k] for k in names), n
