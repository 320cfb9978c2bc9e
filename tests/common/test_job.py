"""The shared job base: kernel arguments by name, in the kernels' order, and count vectors read by block name."""

import importlib
import inspect

import numpy as np
import pytest

from razzmatazz.analysis import games
from razzmatazz.core import counts as C
from tests.conformance.cases import cases

GAMES = [g for g in games.names() if hasattr(cases(g), "KERNELS")]
"""The registered games whose conformance module lists its kernels (``KERNELS``), its small job (``JOB``: players
and policy texts) and the blocks its kernels' offsets name (``OFFSETS``)."""


def _engine(game):
    return importlib.import_module(f"{games.game(game).core}.engine")


@pytest.mark.parametrize("game", GAMES)
def test_kernel_arguments_are_named_as_every_kernel_names_them(game):
    fields = list(_engine(game).Args._fields)
    for k in cases(game).KERNELS:
        assert list(inspect.signature(getattr(k, "py_func", k)).parameters)[: len(fields)] == fields, k.__name__


def _job(game):
    engine, (players, names) = _engine(game), cases(game).JOB
    settings = engine.R.Settings(players=players)
    policies = [engine.policies.REGISTRY.parse(x) for x in names]
    return engine, settings, engine.GameJob(settings, tuple(policies), 7, 3, duplicate=True)


@pytest.mark.parametrize("game", GAMES)
def test_kernel_args_hold_the_lineup_and_the_streams(game):
    engine, settings, job = _job(game)
    a = job.kernel_args()
    assert isinstance(a, engine.Args) and np.array_equal(a.cfg, settings.row())
    assert a.lineup_pids.tolist() == [p.spec.id for p in job.lineup] and a.duplicate is True
    assert a.lineup_params.shape[0] == settings.players and a.policy_keys.dtype == np.uint64
    keys = {int(a.deal_key), *map(int, a.policy_keys), *([int(a.dice_key)] if "dice_key" in a._fields else [])}
    assert len(keys) == settings.players + len(job.STREAMS)  # every stream its own key
    assert job.games == 3 * settings.players


@pytest.mark.parametrize("game", GAMES)
def test_the_count_view_covers_the_whole_vector_in_order(game):
    engine, settings, job = _job(game)
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


@pytest.mark.parametrize("game", GAMES)
def test_the_kernels_offsets_are_the_blocks_layout(game):
    """The kernels take their count offsets from one function, which must agree with ``blocks()`` for every
    player count the game's rules allow."""
    engine, names = _engine(game), cases(game).OFFSETS
    for n in range(2, engine.R.MAX_PLAYERS + 1):
        lay = engine.layout(n)
        assert engine.count_offsets(n) == tuple(lay[k] for k in names), n
