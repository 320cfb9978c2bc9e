"""Running the batch runner's chunks on a dask.distributed cluster (optional extra ``razzmatazz[cluster]``).

``--cluster local:N`` starts a LocalCluster of N worker processes (one thread each) for the run;
``--scheduler tcp://HOST:PORT`` uses an existing cluster. Either way chunks become tasks and
their integer counts merge exactly, so the result is identical to a run on one machine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from razzmatazz.core.errors import InputError

_LOCAL = re.compile(r"local:(\d+)")


def check_cluster(cluster: str | None, scheduler: str | None) -> None:
    """Refuse a malformed cluster request before any work."""
    if cluster is not None and scheduler is not None:
        raise InputError("give a local cluster or a scheduler address, not both")
    if cluster is not None:
        _local_workers(cluster)
    if scheduler is not None and not re.fullmatch(r"(tcp|tls|inproc|ucx)://\S+", scheduler.strip()):
        raise InputError(f"a scheduler address looks like tcp://HOST:PORT, got {scheduler!r}")
    if cluster is not None or scheduler is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise InputError("running on a cluster needs dask.distributed: pip install 'razzmatazz[cluster]'") from None


def _local_workers(cluster: str) -> int:
    """N of ``local:N``; anything else, or N outside 1 to 256, is refused."""
    m = _LOCAL.fullmatch(cluster.strip())
    if m is None or not 1 <= int(m.group(1)) <= 256:
        raise InputError(f"a cluster is written local:N with N from 1 to 256 workers, got {cluster!r}")
    return int(m.group(1))


@contextmanager
def cluster_executor(cluster: str | None = None, scheduler: str | None = None) -> Iterator[Executor | None]:
    """An executor on the requested cluster for the duration of the block, or None (run here)."""
    check_cluster(cluster, scheduler)
    if cluster is None and scheduler is None:
        yield None
        return
    from distributed import Client, LocalCluster

    if cluster is not None:
        workers = _local_workers(cluster)
        with (
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                env={"NUMBA_NUM_THREADS": "1"},
            ) as local,
            Client(local) as client,
        ):
            yield client.get_executor(pure=False)
        return
    assert scheduler is not None  # the only case left
    try:
        client = Client(scheduler.strip(), timeout="10s")
    except OSError as e:
        raise InputError(f"cannot reach the scheduler {scheduler!r}: {e}") from None
    with client:
        yield client.get_executor(pure=False)
