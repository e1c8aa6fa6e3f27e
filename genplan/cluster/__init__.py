"""genplan's CPU work on a Dask cluster: program evaluations, planner runs and generalization checks.

- :mod:`~genplan.cluster.options`: ``--scheduler``, ``--cluster``, ``--workers``, ``--dashboard``, checked;
- :mod:`~genplan.cluster.jobqueue`: job settings from a TOML file for Slurm, HTCondor, PBS, SGE and LSF
  (through dask-jobqueue, the ``genplan[cluster]`` extra);
- :mod:`~genplan.cluster.session`: :func:`open_cluster` and :class:`Cluster`, the driver's end (the Dask
  implementation of :class:`genplan.execute.backend.Backend`), and :func:`open_backend`, the factory that
  gives a caller either a cluster or this machine's backend;
- :mod:`~genplan.cluster.tasks`: the functions the workers run, pure and cache-free;
- :mod:`~genplan.cluster.version`: the fingerprint a worker must share with the driver.

The driver keeps the LLM, every cache and every run folder: workers get plain inputs (program source,
tasks as frozen dataclasses, limits) and return plain results, which the driver stores. No cache is
shared over a network file system. Without a cluster nothing here is imported, and genplan runs on its
local executor as before.

Names are imported lazily: importing dask takes a second, and a local run never needs it.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_EXPORTS = {
    "ClusterError": "genplan.cluster.options",
    "ClusterOptions": "genplan.cluster.options",
    "KINDS": "genplan.cluster.options",
    "Cluster": "genplan.cluster.session",
    "ClusterLost": "genplan.cluster.session",
    "open_cluster": "genplan.cluster.session",
    "open_backend": "genplan.cluster.session",
    "fingerprint": "genplan.cluster.version",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'genplan.cluster' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
