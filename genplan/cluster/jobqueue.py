"""Workers as batch jobs: job settings from a TOML file, handed to dask-jobqueue.

dask-jobqueue writes one job script per batch system (Slurm, HTCondor, PBS, SGE, LSF), submits it, and
each job starts Dask workers that connect back to a scheduler in genplan's own process. genplan only
reads the settings a user needs from the ``[cluster]`` table of a TOML file, checks them, and passes
them on under dask-jobqueue's names:

.. code-block:: toml

    [cluster]                    # every batch system
    cores = 8                    # per job
    memory = "16GB"              # per job
    job_script_prologue = ["source ~/genplan/.venv/bin/activate"]

    [cluster.slurm]              # only for --cluster slurm; overrides [cluster]
    queue = "cpu"
    walltime = "04:00:00"

    [cluster.htcondor]
    disk = "4GB"

dask-jobqueue is an extra (``pip install 'genplan[cluster]'``): a user without a batch system never
needs it, and a missing one is named in the error.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from genplan.cluster.options import JOBQUEUE_KINDS, ClusterError

EXTRA = "pip install 'genplan[cluster]'"

#: Settings every batch system takes, with their TOML kind.
COMMON: dict[str, type | tuple[type, ...]] = {
    "cores": int,
    "memory": str,
    "processes": int,
    "job_script_prologue": list,
    "job_extra_directives": (list, dict),
    "interface": str,
    "local_directory": str,
    "log_directory": str,
    "python": str,
    "worker_extra_args": list,
    "job_name": str,
    "death_timeout": (int, float),
    "scheduler_options": dict,
}
#: Settings only some batch systems have (HTCondor has no queues and no wall-time setting of its own).
PER_KIND: dict[str, dict[str, type]] = {
    "slurm": {"queue": str, "account": str, "walltime": str},
    "pbs": {"queue": str, "account": str, "walltime": str, "resource_spec": str},
    "sge": {"queue": str, "project": str, "walltime": str, "resource_spec": str},
    "lsf": {"queue": str, "project": str, "walltime": str},
    "htcondor": {"disk": str},
}
REQUIRED: dict[str, tuple[str, ...]] = {kind: ("cores", "memory") for kind in JOBQUEUE_KINDS} | {
    "htcondor": ("cores", "memory", "disk")
}
_CLASSES = {
    "slurm": "SLURMCluster",
    "htcondor": "HTCondorCluster",
    "pbs": "PBSCluster",
    "sge": "SGECluster",
    "lsf": "LSFCluster",
}
_FILE_HINT = (
    "Give the file with --cluster-config FILE (or $GENPLAN_CLUSTER_CONFIG); the README's 'Running on a cluster' "
    "shows one."
)


def job_settings(kind: str, config_file: str | Path | None) -> dict[str, Any]:
    """The dask-jobqueue keyword arguments for ``kind`` from ``config_file``'s ``[cluster]`` table.

    ``[cluster.<kind>]`` overrides ``[cluster]``; the tables of other batch systems are ignored. Unknown
    settings, settings of another batch system, values of the wrong kind and missing required settings
    are errors naming the setting.
    """
    if config_file is None:
        raise ClusterError(
            f"--cluster {kind} needs job settings (at least {', '.join(REQUIRED[kind])} per job) from a TOML file.",
            hint=_FILE_HINT,
        )
    path = Path(config_file).expanduser()
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise ClusterError(f"The cluster config file {path} does not exist.", hint=_FILE_HINT) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ClusterError(f"The cluster config file {path} cannot be read ({exc}).") from None
    except tomllib.TOMLDecodeError as exc:
        raise ClusterError(f"The cluster config file {path} is not valid TOML: {exc}.") from None
    table = data.get("cluster")
    if not isinstance(table, dict):
        raise ClusterError(f"The cluster config file {path} has no [cluster] table.", hint=_FILE_HINT)
    settings = {k: v for k, v in table.items() if not (k in JOBQUEUE_KINDS and isinstance(v, dict))}
    specific = table.get(kind, {})
    settings.update(specific)
    known = COMMON | PER_KIND[kind]
    for name, value in settings.items():
        if name not in known:
            raise ClusterError(f"{path}: {_unknown(name, kind)}", hint=f"{kind} takes: {', '.join(sorted(known))}.")
        if not isinstance(value, known[name]) or isinstance(value, bool):
            raise ClusterError(f"{path}: the setting {name} cannot be {value!r}.", hint=_kind_hint(name, known[name]))
    missing = [name for name in REQUIRED[kind] if name not in settings]
    if missing:
        raise ClusterError(
            f"{path}: --cluster {kind} needs {', '.join(missing)} in the [cluster] table (or [cluster.{kind}]).",
            hint='For example: cores = 8, memory = "16GB"' + (', disk = "4GB"' if kind == "htcondor" else "") + ".",
        )
    _check_values(path, settings)
    return settings


def _unknown(name: str, kind: str) -> str:
    elsewhere = [k for k, names in PER_KIND.items() if name in names]
    if kind == "htcondor" and name in {"queue", "walltime", "account", "project"}:
        return (
            f"HTCondor jobs have no {name} setting. Put your pool's own limits (e.g. +MaxRuntime) in "
            "job_extra_directives under [cluster.htcondor], and move the other batch systems' settings to their "
            "own tables ([cluster.slurm], ...)."
        )
    if elsewhere:
        where = ", ".join(elsewhere)
        return f"the setting {name} belongs to {where} jobs, not {kind}: move it to [cluster.{elsewhere[0]}]."
    return f"unknown setting {name!r} in [cluster]."


def _kind_hint(name: str, kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    words = {int: "a whole number", float: "a number", str: "a string", list: "a list of strings", dict: "a table"}
    return f"{name} must be {' or '.join(words[k] for k in kinds)}."


def _check_values(path: Path, settings: dict[str, Any]) -> None:
    from dask.utils import parse_bytes

    for name in ("cores", "processes"):
        if name in settings and settings[name] < 1:
            raise ClusterError(f"{path}: {name} must be at least 1, not {settings[name]}.")
    if settings.get("processes", 1) > settings["cores"]:
        raise ClusterError(
            f"{path}: processes ({settings['processes']}) cannot exceed cores ({settings['cores']}): each worker "
            "process needs at least one core."
        )
    for name in ("memory", "disk"):
        if name in settings:
            try:
                parse_bytes(settings[name])
            except (ValueError, TypeError):
                raise ClusterError(
                    f"{path}: {name} = {settings[name]!r} is not an amount of bytes.", hint='Write it like "16GB".'
                ) from None
    for name in ("job_script_prologue", "worker_extra_args"):
        if name in settings and not all(isinstance(x, str) for x in settings[name]):
            raise ClusterError(f"{path}: {name} must be a list of strings.")
    directives = settings.get("job_extra_directives")
    if isinstance(directives, list) and not all(isinstance(x, str) for x in directives):
        raise ClusterError(f"{path}: job_extra_directives must be a list of strings (a table for HTCondor).")


def jobqueue_class(kind: str) -> Any:
    """dask-jobqueue's cluster class for ``kind``; a missing dask-jobqueue names the extra to install."""
    try:
        import dask_jobqueue
    except ImportError:
        raise ClusterError(
            f"--cluster {kind} starts its workers through dask-jobqueue, which is not installed here.",
            hint=f"Install genplan's cluster extra: {EXTRA} (it pins dask-jobqueue), or use --cluster local or "
            "--scheduler tcp://HOST:PORT.",
        ) from None
    return getattr(dask_jobqueue, _CLASSES[kind])


def start_jobqueue(kind: str, settings: dict[str, Any], *, dashboard: bool) -> Any:
    """A dask-jobqueue cluster (scheduler in this process, no job submitted yet); scale it to start workers."""
    cls = jobqueue_class(kind)
    kwargs = dict(settings)
    if not dashboard:
        options = dict(kwargs.get("scheduler_options") or {})
        options["dashboard"] = False
        options.pop("dashboard_address", None)
        kwargs["scheduler_options"] = options
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise ClusterError(f"dask-jobqueue rejected the {kind} job settings: {exc}") from None
