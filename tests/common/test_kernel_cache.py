"""Stale numba kernels are dropped when any source of the package changed (razzmatazz.core.__init__)."""

import razzmatazz.core as core


def test_cached_kernels_go_when_a_source_changes(tmp_path, monkeypatch):
    (tmp_path / "razz").mkdir()
    (tmp_path / "rules.py").write_text("X = 1\n")
    cache = tmp_path / "razz" / "__pycache__"
    cache.mkdir()
    kernel = cache / "engine.play-1.py311.nbi"
    kernel.write_text("compiled")
    monkeypatch.setattr(core, "_HERE", tmp_path)
    monkeypatch.setattr(core, "_STAMP", tmp_path / "__pycache__" / "numba-sources.sha256")
    core._drop_stale_kernels()  # no stamp yet: whatever is cached may be stale
    assert not kernel.exists() and core._STAMP.read_text() == core._digest()
    kernel.write_text("compiled")
    core._drop_stale_kernels()  # same sources: kept
    assert kernel.exists()
    (tmp_path / "rules.py").write_text("X = 2\n")  # a callee changed, not the caller's file
    core._drop_stale_kernels()
    assert not kernel.exists() and core._STAMP.read_text() == core._digest()
