"""The cluster options every CPU-heavy command shares, checked before anything starts.

``--scheduler tcp://HOST:PORT`` uses a running Dask cluster; ``--cluster KIND --workers N`` starts one
(``local`` on this machine, or workers submitted as jobs to Slurm, HTCondor, PBS, SGE or LSF, with the
job settings of a TOML file); neither keeps today's local executor. ``--dashboard`` prints the address
of Dask's dashboard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from genplan.core.errors import GenplanError

#: ``--cluster`` values: a cluster on this machine, or one of dask-jobqueue's batch systems.
LOCAL = "local"
JOBQUEUE_KINDS = ("slurm", "htcondor", "pbs", "sge", "lsf")
KINDS = (LOCAL, *JOBQUEUE_KINDS)
#: The address schemes Dask's communication layer speaks.
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
_ADDRESS = re.compile(r"^(?P<scheme>[a-z]+)://(?P<host>\[[0-9a-fA-F:]+\]|[^\s:/\[\]]+):(?P<port>\d{1,5})/?$")


class ClusterError(GenplanError):
    """A cluster that cannot be started, reached or trusted; or one lost during a command."""


@dataclass(frozen=True)
class ClusterOptions:
    """What the user asked for; ``enabled`` is False for the local executor."""

    scheduler: str | None = None
    kind: str | None = None
    workers: int | None = None
    dashboard: bool = False
    #: TOML file with the job settings (``[cluster]`` table) of a batch-system cluster.
    config_file: Path | None = None

    @property
    def enabled(self) -> bool:
        return self.scheduler is not None or self.kind is not None

    @property
    def batch_system(self) -> bool:
        return self.kind in JOBQUEUE_KINDS

    def check(self) -> ClusterOptions:
        """Reject combinations that cannot work, naming the option and the fix."""
        if self.scheduler is not None and self.kind is not None:
            raise ClusterError(
                "--scheduler and --cluster exclude each other: the first uses a running Dask cluster, the second "
                "starts one.",
                hint="Pass one of them.",
            )
        if self.kind is not None and self.kind not in KINDS:
            raise ClusterError(f"Unknown cluster kind {self.kind!r}.", hint=f"Use --cluster {' | '.join(KINDS)}.")
        if self.workers is not None:
            if self.kind is None:
                raise ClusterError(
                    "--workers sets how many workers --cluster starts; a running scheduler has the workers that "
                    "joined it.",
                    hint="Pass --cluster local (or slurm, htcondor, ...) with --workers, or drop --workers.",
                )
            if self.workers < 1:
                raise ClusterError(f"--workers must be at least 1, not {self.workers}.")
        if self.batch_system and self.workers is None:
            raise ClusterError(
                f"--cluster {self.kind} needs --workers N: how many Dask workers to start as {self.kind} jobs.",
                hint=f"Pass e.g. --cluster {self.kind} --workers 8.",
            )
        if self.dashboard and not self.enabled:
            raise ClusterError(
                "--dashboard shows Dask's dashboard, but no Dask cluster is in use.",
                hint="Add --cluster local (or --scheduler tcp://HOST:PORT), or drop --dashboard.",
            )
        if self.scheduler is not None:
            check_address(self.scheduler)
        return self


def check_address(address: str) -> str:
    """``tcp://HOST:PORT`` (or another scheme Dask speaks); anything else is a user error."""
    match = _ADDRESS.match(address.strip())
    if match is None:
        bare = re.match(r"^[^\s:/]+:\d{1,5}$", address.strip())
        hint = (
            f"Write it as tcp://{address.strip()}."
            if bare
            else "Write it as tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786."
        )
        raise ClusterError(f"--scheduler {address!r} is not a Dask scheduler address.", hint=hint)
    if match["scheme"] not in SCHEMES:
        raise ClusterError(
            f"--scheduler {address!r} uses the scheme {match['scheme']!r}, which Dask does not speak.",
            hint=f"Use one of: {', '.join(s + '://' for s in SCHEMES)}.",
        )
    if not 0 < int(match["port"]) < 65536:
        raise ClusterError(f"--scheduler {address!r} has no valid port.", hint="Ports run from 1 to 65535.")
    return address.strip()
