"""Chunks on a dask.distributed cluster (issue 10's first part): identical counts, one-line errors."""

import json
import subprocess
from concurrent.futures import Executor

import pytest

from razzmatazz.analysis.cluster import check_cluster, cluster_executor
from razzmatazz.core import batch, streams
from razzmatazz.core.errors import InputError
from razzmatazz.core.razz.deal import make_deal
from razzmatazz.core.razz.equity import EquityJob
from tests.cli.test_razz_cli import SCRIPT, assert_one_line_error


def _game_jobs() -> list:
    """A Razzia and a Riffifi run (the game engines' jobs, pickled to the workers like the Razz ones)."""
    from razzmatazz.analysis import razzia, riffifi
    from razzmatazz.core.razzia import engine as razzia_engine
    from razzmatazz.core.razzia.rules import Settings as RazziaSettings
    from razzmatazz.core.riffifi import engine as riffifi_engine
    from razzmatazz.core.riffifi.rules import Settings as RiffifiSettings

    return [
        razzia_engine.GameJob(RazziaSettings(players=5), razzia.lineup(["greedy", "random"], 5), 11, 40_000),
        riffifi_engine.GameJob(RiffifiSettings(players=4), riffifi.lineup(["undercut", "random"], 4), 12, 40_000),
    ]


def test_a_local_cluster_gives_the_same_counts_byte_for_byte():
    jobs = [
        EquityJob(make_deal("A23", ["xx8", "random"]), streams.key(3, "razz", "equity"), 200_000),
        EquityJob(make_deal("A23,A24", ["[6-8]xx"]), streams.key(4, "razz", "equity"), 50_000),
        *_game_jobs(),
    ]
    local = batch.run(jobs, progress=False)
    with cluster_executor("local:2") as ex:
        assert isinstance(ex, Executor)
        on_cluster = batch.run(jobs, executor=ex, chunk_size=30_000, progress=False)
    for a, b in zip(local, on_cluster):
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()


def test_no_cluster_means_this_machine():
    with cluster_executor() as ex:
        assert ex is None


def test_the_cli_on_a_cluster_prints_the_same_result(tmp_path):
    args = [
        str(SCRIPT),
        "razz",
        "equity",
        "A23",
        "--vs",
        "xx8",
        "--trials",
        "100000",
        "--seed",
        "3",
        "--format",
        "json",
    ]
    here = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path, timeout=300)
    there = subprocess.run(args + ["--cluster", "local:2"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert here.returncode == there.returncode == 0, there.stderr
    assert json.loads(here.stdout) == json.loads(there.stdout)


@pytest.mark.parametrize(
    "cluster, scheduler, words",
    [
        ("local:0", None, "local:N"),
        ("local:x", None, "local:N"),
        ("remote:3", None, "local:N"),
        (None, "127.0.0.1:8786", "tcp://HOST:PORT"),
        ("local:2", "tcp://127.0.0.1:8786", "not both"),
    ],
)
def test_malformed_requests_are_refused(cluster, scheduler, words):
    with pytest.raises(InputError, match=words):
        check_cluster(cluster, scheduler)


def test_an_unreachable_scheduler_is_one_line(tmp_path):
    proc = subprocess.run(
        [
            str(SCRIPT),
            "razz",
            "equity",
            "A23",
            "--trials",
            "10",
            "--seed",
            "1",
            "--scheduler",
            "tcp://127.0.0.1:9",
            "--out",
            str(tmp_path / "r"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "cannot reach the scheduler")
    assert not (tmp_path / "r").exists()


def test_razz_play_on_a_cluster_prints_the_same_result(tmp_path):
    args = [
        str(SCRIPT),
        "razz",
        "play",
        "--players",
        "3",
        "--policy",
        "tag",
        "--policy",
        "reader",
        "--policy",
        "random",
        "--hands",
        "40000",
        "--seed",
        "9",
        "--format",
        "json",
    ]
    here = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path, timeout=300)
    there = subprocess.run(args + ["--cluster", "local:2"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert here.returncode == there.returncode == 0, there.stderr
    assert json.loads(here.stdout) == json.loads(there.stdout)


def test_a_worker_killed_mid_run_changes_nothing():
    """A worker process dies (SIGKILL) while chunks run: dask reruns its tasks; the counts are identical."""
    import os
    import signal
    import threading
    import time

    from distributed import Client, LocalCluster

    from razzmatazz.core.razz.engine import GameJob
    from razzmatazz.core.razz.policies import REGISTRY
    from razzmatazz.core.razz.rules import Settings

    job = GameJob(
        Settings(players=6),
        tuple(REGISTRY.parse(p) for p in ("tag", "rock", "station", "steal", "reader", "random")),
        5,
        2_000_000,
    )
    local = batch.run([job], chunk_size=50_000, progress=False)[0]
    done = []

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, env={"NUMBA_NUM_THREADS": "1"}
        ) as cluster,
        Client(cluster) as client,
    ):
        pids = [w.process.process.pid for w in cluster.workers.values()]
        result = {}

        def run():
            result["counts"] = batch.run(
                [job], executor=client.get_executor(pure=False), chunk_size=50_000, window=4, progress=False
            )[0]

        worker = threading.Thread(target=run)
        worker.start()
        time.sleep(2)
        assert worker.is_alive(), "the run ended before a worker could be killed: make it longer"
        os.kill(pids[0], signal.SIGKILL)
        done.append(pids[0])
        worker.join(timeout=240)
        assert not worker.is_alive()
    assert done and result["counts"].tobytes() == local.tobytes()
