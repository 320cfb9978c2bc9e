"""read_result loads what write_result wrote: the tables (exact types) and the manifest."""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from razzmatazz.analysis.store import LATEST, PARTIAL, manifest, point_latest, read_result, write_result
from razzmatazz.core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]


def _tables() -> dict[str, pd.DataFrame]:
    policies = pd.DataFrame(
        {
            "policy": ["tag", "rock"],
            "hands": np.array([10, 10], dtype=np.int64),
            "bb_per_100": [1.5, -1.5],
            "ci_low": [-0.5, -3.5],
            "ci_high": [3.5, 0.5],
        }
    )
    seats = pd.DataFrame({"seat": np.arange(1, 4, dtype=np.int64), "exact": [True, False, True]})
    return {"policies": policies, "seats": seats}


def _draw(directory: Path) -> list[str]:
    (directory / "plot.png").write_bytes(b"\x89PNG\r\n")
    return ["plot.png"]


def test_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "run"
    write_result(out, _tables(), manifest(kind="test", seed=7), figures=_draw)
    tables, meta = read_result(out)
    assert sorted(tables) == ["policies", "seats"]
    for name, frame in _tables().items():
        pd.testing.assert_frame_equal(tables[name], frame)
    assert meta["tool"] == "razzmatazz" and meta["kind"] == "test" and meta["seed"] == 7
    assert "plot.png" in meta["files"] and "policies.csv" in meta["files"]
    assert read_result(str(out))[1] == meta  # a str path works too


def test_a_folder_of_runs_is_read_through_latest(tmp_path: Path) -> None:
    old, new = tmp_path / "runs" / "1", tmp_path / "runs" / "2"
    write_result(old, {"t": pd.DataFrame({"x": [1]})}, manifest(kind="old"))
    write_result(new, {"t": pd.DataFrame({"x": [2]})}, manifest(kind="new"))
    assert point_latest(new) == tmp_path / "runs" / LATEST
    tables, meta = read_result(tmp_path / "runs")
    assert meta["kind"] == "new" and tables["t"].x.tolist() == [2]


def test_the_committed_showcase_reads() -> None:
    tables, meta = read_result(ROOT / "results" / "showcase")
    assert list(tables) == ["table"] and meta["kind"] == "razz table"
    assert len(tables["table"]) == meta["cells"]


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a directory"):
        read_result(tmp_path / "nothing")


def test_not_a_result(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="does not hold a razzmatazz result"):
        read_result(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps({"tool": "something else", "files": []}))
    with pytest.raises(InputError, match="does not hold a razzmatazz result"):
        read_result(tmp_path)


def test_interrupted_run(tmp_path: Path) -> None:
    (tmp_path / PARTIAL).mkdir()
    with pytest.raises(InputError, match="interrupted run.*--resume"):
        read_result(tmp_path)


def test_missing_table(tmp_path: Path) -> None:
    out = tmp_path / "run"
    write_result(out, _tables(), manifest(kind="test"))
    (out / "seats.parquet").unlink()
    with pytest.raises(InputError, match="seats.parquet, listed in its manifest, is missing"):
        read_result(out)


def test_tables_in_folders_and_a_foreign_file_inside_one(tmp_path: Path) -> None:
    """A result may keep tables in folders (a report's one per game); a file in one it does not list is refused."""
    from razzmatazz.analysis.store import OutputError, check_out_dir

    out = tmp_path / "run"
    tables = _tables()
    write_result(out, {"a/policies": tables["policies"], "seats": tables["seats"]}, manifest(kind="test"))
    assert (out / "a" / "policies.parquet").is_file() and (out / "a" / "policies.csv").is_file()
    read, meta = read_result(out)
    assert sorted(read) == ["policies", "seats"] and "a/policies.parquet" in meta["files"]
    check_out_dir(out)  # its own files only: may be replaced
    (out / "a" / "notes.txt").write_text("mine")
    with pytest.raises(OutputError, match="a/notes.txt"):
        check_out_dir(out)
