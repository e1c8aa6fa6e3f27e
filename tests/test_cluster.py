"""genplan's CPU work on a Dask cluster: real schedulers and workers as processes on 127.0.0.1.

Every test that needs a cluster starts real processes (``dask scheduler``, ``dask worker``, or a
``LocalCluster`` of worker processes), bounded in time, and ends them in its fixture. Each worker runs at
most one thread, so no test needs more than the 2 cores this project's machines have. The results on a
cluster are compared with a local run of the same work, never with numbers written here.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.cluster import ClusterError, ClusterLost, ClusterOptions, open_cluster
from genplan.cluster.jobqueue import job_settings, start_jobqueue
from genplan.cluster.session import LOCAL_CLUSTER_SETTINGS, Cluster
from genplan.cluster.version import differences, fingerprint
from genplan.execute.evaluate import Evaluation, evaluate
from genplan.execute.pool import Executor, stray_processes
from genplan.experiments.baselines import run_baselines
from genplan.experiments.scale import ScaleSettings, run_scale
from genplan.generalize import CheckSettings, check_program
from genplan.generalize.naming import find_generator
from genplan.pddl.model import Domain, Task
from tests.test_pipeline import ferry_suite  # noqa: F401  (a fixture)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the sandbox tests assume Linux process semantics")

REPO = Path(__file__).resolve().parent.parent
ZOO = REPO / "tests" / "zoo"
GOOD = (ZOO / "good_ferry.py").read_text()
HEADER = "def generate_solution(objects, init, goal):\n"
#: good_ferry, a little slower: each run sleeps first, so a cluster is busy long enough to be disturbed.
SLOW = GOOD.replace(HEADER, HEADER + "    import time\n    time.sleep(0.1)\n")
#: good_ferry after burning a share of its CPU-time limit that the task sets (the same in every ordering):
#: up to 85% (solved on any executor), or 160% (a time-out on any executor).
BURN_SHARES = (0.1, 0.3, 0.5, 0.8, 0.8, 0.85, 1.6)
BURN_LIMIT = 1.0
BURNS = GOOD.replace(HEADER, HEADER + (
    "    import time\n"
    f"    share = {BURN_SHARES!r}[len(init) % {len(BURN_SHARES)}]\n"
    "    started = time.process_time()\n"
    f"    while time.process_time() - started < share * {BURN_LIMIT}:\n"
    "        pass\n"
))  # fmt: skip
WRONG = "def generate_solution(objects, init, goal):\n    return ['(sail l0 l1)']\n"
RAISES = "def generate_solution(objects, init, goal):\n    raise KeyError('ferry')\n"
#: The fake secret the module's workers have in their environment; no program may see it.
SECRET = "sk-cluster-secret"
START = 90.0


# ------------------------------------------------------------------------------------------ processes
def wait_until(condition: Callable[[], bool], seconds: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


@dataclass
class DaskProcesses:
    """``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, each in a session of its own."""

    folder: Path
    procs: list[subprocess.Popen] = field(default_factory=list)

    def _start(self, args: list[str], name: str, env: dict[str, str] | None = None) -> subprocess.Popen:
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115 (closed with the process)
        proc = subprocess.Popen(
            [sys.executable, "-m", "dask", *args], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            cwd=self.folder, env={**os.environ, **(env or {})}, start_new_session=True,
        )  # fmt: skip
        log.close()
        self.procs.append(proc)
        return proc

    def scheduler(self) -> tuple[str, subprocess.Popen]:
        """A new scheduler; its address."""
        path = self.folder / f"scheduler-{len(self.procs)}.json"
        proc = self._start(["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                            "--scheduler-file", str(path)], f"scheduler-{len(self.procs)}")  # fmt: skip
        assert wait_until(lambda: path.exists() and path.stat().st_size > 0, START), self.logs()
        time.sleep(0.1)
        return json.loads(path.read_text())["address"], proc

    def worker(self, address: str, *extra: str, env: dict[str, str] | None = None) -> subprocess.Popen:
        args = ["worker", address, "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1", "--memory-limit", "0",
                "--death-timeout", "30", *extra]  # fmt: skip
        return self._start(args, f"worker-{len(self.procs)}", env)

    def kill(self, proc: subprocess.Popen) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill(proc)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # a worker process its nanny left behind

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in self.folder.glob("*.log"))


@contextlib.contextmanager
def dask_processes(folder: Path) -> Iterator[DaskProcesses]:
    folder.mkdir(parents=True, exist_ok=True)
    processes = DaskProcesses(folder)
    try:
        yield processes
    finally:
        processes.stop()


def wait_for_workers(address: str, n: int) -> None:
    from distributed import Client

    with Client(address, timeout=START, set_as_default=False) as client:
        client.wait_for_workers(n, timeout=START)


@pytest.fixture(scope="module")
def scheduled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``dask scheduler`` with two ``dask worker`` processes of one thread each; its address."""
    with dask_processes(tmp_path_factory.mktemp("dask")) as procs:
        address, _ = procs.scheduler()
        for _ in range(2):
            procs.worker(address, env={"OPENAI_API_KEY": SECRET})
        wait_for_workers(address, 2)
        yield address


@pytest.fixture(scope="module")
def remote(scheduled: str) -> Iterator[Cluster]:
    """genplan's connection to the module's cluster."""
    with open_cluster(ClusterOptions(scheduler=scheduled)) as cluster:
        assert cluster is not None
        yield cluster


# --------------------------------------------------------------------------------------------- helpers
def ferry_tasks(split: str = "debug", count: int | None = None) -> list[tuple[str, Task]]:
    suite = resolve_suite("ferry")
    ids = suite.split.debug if split == "debug" else suite.split.heldout
    return [(t, suite.task(t)) for t in list(ids)[:count]]


def normalized(ev: Evaluation) -> list[dict[str, Any]]:
    """Every task's outcome with every run, runtimes left out (they differ between any two runs)."""
    out = []
    for result in ev.results:
        data = result.to_json(full=True)
        data["runtime"] = data["wall"] = 0.0
        for run in data["runs"]:
            run["outcome"]["runtime"] = run["outcome"]["wall"] = 0.0
        out.append(data)
    return out


def worker_pids(cluster: Cluster) -> dict[str, int]:
    return {addr: info["pid"] for addr, info in cluster.workers().items()}


# ----------------------------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("options", "message"),
    [
        (ClusterOptions(scheduler="tcp://127.0.0.1:8786", kind="local"), "exclude each other"),
        (ClusterOptions(kind="kubernetes"), "Unknown cluster kind"),
        (ClusterOptions(workers=2), "--workers sets how many workers --cluster starts"),
        (ClusterOptions(kind="local", workers=0), "at least 1"),
        (ClusterOptions(kind="slurm"), "--cluster slurm needs --workers N"),
        (ClusterOptions(dashboard=True), "no Dask cluster is in use"),
        (ClusterOptions(scheduler="127.0.0.1:8786"), "Write it as tcp://127.0.0.1:8786"),
        (ClusterOptions(scheduler="http://127.0.0.1:8786"), "scheme 'http'"),
        (ClusterOptions(scheduler="tcp://127.0.0.1:99999"), "no valid port"),
    ],
)
def test_options_that_cannot_work_are_refused_before_anything_starts(options: ClusterOptions, message: str) -> None:
    with pytest.raises(ClusterError, match=re.escape(message)) as info:
        options.check()
    assert info.value.exit_code == 2


def test_without_cluster_options_nothing_of_dask_is_started() -> None:
    with open_cluster(ClusterOptions()) as cluster:
        assert cluster is None
    code = (
        "import genplan.cli, genplan.execute.evaluate, genplan.experiments.baselines, sys; "
        "print('distributed' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "False"  # the local path does not even import dask


def test_a_refused_port_is_reported_at_once() -> None:
    import socket

    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        started = time.monotonic()
        options = ClusterOptions(scheduler=f"tcp://127.0.0.1:{port}")
        with (
            pytest.raises(ClusterError, match=r"No Dask scheduler answers at tcp://127\.0\.0\.1:") as info,
            open_cluster(options),
        ):
            pass
    assert time.monotonic() - started < 10 and "dask scheduler" in str(info.value)


def test_the_fingerprint_names_what_differs() -> None:
    mine = fingerprint()
    assert set(mine) == {"genplan", "source", "python", "fast-downward"} and fingerprint() == mine
    assert differences(mine, mine) == []
    assert differences({**mine, "genplan": "0.0.0"}, mine) == ["genplan"]


# ------------------------------------------------------------------------------------ job settings
def write_config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cluster.toml"
    path.write_text(text)
    return path


CONFIG = """
[cluster]
cores = 4
memory = "8GB"
processes = 2
job_script_prologue = ["source /opt/genplan/.venv/bin/activate"]
scheduler_options = { host = "127.0.0.1" }

[cluster.slurm]
queue = "short"
account = "planning"
walltime = "02:00:00"

[cluster.htcondor]
disk = "4GB"
job_extra_directives = { "+MaxRuntime" = "7200" }
"""


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        ("slurm", "[cluster]\ncores = 4\n", "needs memory"),
        ("htcondor", '[cluster]\ncores = 4\nmemory = "8GB"\n', "needs disk"),
        ("slurm", '[cluster]\ncores = 4\nmemory = "8GB"\nqueues = "x"\n', "unknown setting 'queues'"),
        ("htcondor", '[cluster]\ncores = 4\nmemory = "8GB"\ndisk = "1GB"\nwalltime = "01:00:00"\n',
         "HTCondor jobs have no walltime setting"),
        ("slurm", '[cluster]\ncores = 4\nmemory = "8GB"\ndisk = "1GB"\n', "belongs to htcondor jobs"),
        ("slurm", '[cluster]\ncores = "four"\nmemory = "8GB"\n', "cores cannot be 'four'"),
        ("slurm", '[cluster]\ncores = 4\nmemory = "lots"\n', "is not an amount of bytes"),
        ("slurm", '[cluster]\ncores = 2\nprocesses = 4\nmemory = "8GB"\n', "cannot exceed cores"),
        ("slurm", "[other]\nx = 1\n", "has no [cluster] table"),
        ("slurm", "[cluster\n", "is not valid TOML"),
    ],
)  # fmt: skip
def test_job_settings_that_cannot_work_are_named(tmp_path: Path, kind: str, text: str, message: str) -> None:
    with pytest.raises(ClusterError, match=re.escape(message)):
        job_settings(kind, write_config(tmp_path, text))


def test_job_settings_need_a_file(tmp_path: Path) -> None:
    with pytest.raises(ClusterError, match="--cluster-config FILE"):
        job_settings("slurm", None)
    with pytest.raises(ClusterError, match="does not exist"):
        job_settings("slurm", tmp_path / "missing.toml")


def test_job_settings_of_one_batch_system_override_the_common_ones(tmp_path: Path) -> None:
    path = write_config(tmp_path, CONFIG + '\n[cluster.pbs]\nqueue = "batch"\ncores = 8\n')
    slurm = job_settings("slurm", path)
    assert slurm["queue"] == "short" and slurm["cores"] == 4 and "disk" not in slurm
    pbs = job_settings("pbs", path)
    assert pbs["queue"] == "batch" and pbs["cores"] == 8 and pbs["memory"] == "8GB"


def test_a_batch_system_without_dask_jobqueue_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask_jobqueue", None)  # what a missing package looks like to import
    options = ClusterOptions(kind="slurm", workers=2, config_file=write_config(tmp_path, CONFIG))
    with pytest.raises(ClusterError, match=re.escape("pip install 'genplan[cluster]'")) as info, open_cluster(options):
        pass
    assert "dask-jobqueue, which is not installed" in str(info.value)


def test_the_cli_names_the_extra_in_one_paragraph(tmp_path: Path) -> None:
    shim = tmp_path / "shim" / "dask_jobqueue"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('No module named dask_jobqueue')\n")
    config = write_config(tmp_path, CONFIG)
    done = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "baselines", "--domains", "ferry", "--cluster", "slurm", "--workers", "4",
         "--cluster-config", str(config), "--cache-dir", str(tmp_path / "cache")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(shim.parent)},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    text = " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr and "pip install 'genplan[cluster]'" in text
    assert not (tmp_path / "cache" / "baselines").exists()


def _need_jobqueue() -> None:
    try:
        import dask_jobqueue  # noqa: F401
    except ImportError:
        pytest.skip("dask-jobqueue is not installed: it comes with the 'cluster' extra (pip install -e '.[cluster]')")


def test_the_slurm_job_script_carries_the_settings(tmp_path: Path) -> None:
    _need_jobqueue()
    cluster = start_jobqueue("slurm", job_settings("slurm", write_config(tmp_path, CONFIG)), dashboard=False)
    try:
        script = cluster.job_script()
        address = cluster.scheduler_address
    finally:
        cluster.close()
    lines = script.splitlines()
    for directive in ("#SBATCH -p short", "#SBATCH -A planning", "#SBATCH --cpus-per-task=4", "#SBATCH -t 02:00:00"):
        assert directive in lines, script
    assert any(line.startswith("#SBATCH --mem=") for line in lines)
    assert "source /opt/genplan/.venv/bin/activate" in lines
    worker = next(line for line in lines if "distributed.cli.dask_worker" in line)
    assert worker.startswith(sys.executable) and address in worker and address.startswith("tcp://127.0.0.1:")
    assert "--nworkers 2" in worker and "--nthreads 2" in worker  # 4 cores in 2 worker processes
    assert lines.index("source /opt/genplan/.venv/bin/activate") < lines.index(worker)


def test_the_htcondor_submit_file_carries_the_settings(tmp_path: Path) -> None:
    _need_jobqueue()
    cluster = start_jobqueue("htcondor", job_settings("htcondor", write_config(tmp_path, CONFIG)), dashboard=False)
    try:
        script = cluster.job_script()
        address = cluster.scheduler_address
    finally:
        cluster.close()
    lines = script.splitlines()
    assert "MY.DaskWorkerCores = 4" in lines and "MY.DaskWorkerMemory = 8000000000" in lines
    assert "MY.DaskWorkerDisk = 4000000000" in lines and "+MaxRuntime = 7200" in lines
    assert "RequestCpus = MY.DaskWorkerCores" in lines and "Queue" in lines
    arguments = next(line for line in lines if line.startswith("Arguments"))
    assert "source /opt/genplan/.venv/bin/activate;" in arguments and address in arguments
    assert "distributed.cli.dask_worker" in arguments and "--nworkers 2" in arguments


# ------------------------------------------------------------------------------- evaluations on workers
def test_an_evaluation_on_the_workers_equals_a_local_one(remote: Cluster, tmp_path: Path) -> None:
    tasks = ferry_tasks("debug") + ferry_tasks("heldout", 10)
    pids = worker_pids(remote)
    assert len(pids) == 2 and os.getpid() not in pids.values()
    for source in (GOOD, WRONG, RAISES):
        local = evaluate(source, tasks, orderings=2, seed=3, timeout=20, mode="debug")
        runs: list[str] = []
        before = sum(remote.ran_on.values())
        there = evaluate(source, tasks, orderings=2, seed=3, timeout=20, mode="debug", cluster=remote,
                         cache_dir=tmp_path, on_run=lambda task_id, _r, runs=runs: runs.append(task_id))  # fmt: skip
        assert normalized(there) == normalized(local)
        assert there.coverage == local.coverage and there.by_category() == local.by_category()
        assert sorted(runs) == sorted(t for t, _ in tasks for _ in range(2))  # the progress bar's count
        assert sum(remote.ran_on.values()) > before
    # The work ran in the worker processes, never here.
    assert set(remote.ran_on) == set(pids)
    assert set().union(*remote.pids.values()) <= set(pids.values())
    assert all(remote.ran_on[a] > 0 for a in pids), remote.ran_on  # both workers had work
    # Only this process wrote the cache, and a second evaluation is answered by it without any worker.
    cached = list((tmp_path / "executions").glob("*/*.json"))
    assert len(cached) == 3 * len(tasks)
    before = sum(remote.ran_on.values())
    again = evaluate(GOOD, tasks, orderings=2, seed=3, timeout=20, mode="debug", cluster=remote, cache_dir=tmp_path)
    assert all(r.cached for r in again.results) and sum(remote.ran_on.values()) == before


def test_verdicts_do_not_depend_on_the_executor_or_how_busy_the_machine_is(remote: Cluster) -> None:
    """The time limit is CPU time: runs that spend 10% to 85% of it are solved, and runs that need 160% time
    out, alike on one job, on four times as many jobs as cores (where each run waits for a core far longer
    than its limit: a wall-clock limit would fail them), and on two Dask workers."""
    from genplan.execute.pool import default_jobs

    suite = resolve_suite("ferry")
    by_share: dict[int, str] = {}
    for task_id in (*suite.split.debug, *suite.split.heldout):
        by_share.setdefault(len(suite.task(task_id).init) % len(BURN_SHARES), task_id)
    assert len(by_share) == len(BURN_SHARES)
    tasks = [(t, suite.task(t)) for t in by_share.values()]
    share = {t: BURN_SHARES[i] for i, t in by_share.items()}
    settings = {"orderings": 1, "seed": 1, "timeout": BURN_LIMIT, "mode": "debug"}
    crowded = 4 * default_jobs()
    runs = {
        "--jobs 1": evaluate(BURNS, tasks, jobs=1, **settings),
        f"--jobs {crowded}": evaluate(BURNS, tasks, jobs=crowded, **settings),
        "2 Dask workers": evaluate(BURNS, tasks, cluster=remote, **settings),
    }
    for name, ev in runs.items():
        verdicts = {r.task_id: r.status for r in ev.results}
        assert verdicts == {t: "solved" if share[t] < 1 else "timeout" for t in share}, name
        assert set(ev.near_limit()) == {t for t in share if share[t] > 1}, name  # time-outs are at the limit
        for r in ev.results:
            if r.solved:
                assert share[r.task_id] * BURN_LIMIT <= r.runtime < share[r.task_id] * BURN_LIMIT + 0.2, (name, r)
    # Crowded, the runs took far longer than their limit on the wall clock, and still counted.
    crowded_walls = [r.wall for r in runs[f"--jobs {crowded}"].results if r.solved]
    assert max(crowded_walls) > 1.5 * BURN_LIMIT, crowded_walls


def test_first_failure_stops_the_cluster_too(remote: Cluster) -> None:
    tasks = ferry_tasks("heldout", 24)
    there = evaluate(RAISES, tasks, orderings=4, mode="first_failure", cluster=remote)
    assert there.stopped_early and not any(r.solved for r in there.results)
    assert any(r.status == "not run" for r in there.results)
    assert there.results[0].status in {"exception", "not run"}


# ------------------------------------------------------------------------------------------ the zoo
def zoo_task(*objects: str) -> Task:
    """A task whose objects are what a zoo program acts on (a folder, a port), as test_execute_zoo hands them."""
    names = objects or ("a", "b", "c")
    return Task(name="zoo", domain=Domain(name="zoo"), objects=tuple((o, "object") for o in names),
                init=frozenset({("at", names[0])}), goal=frozenset({("at", names[-1])}))  # fmt: skip


#: Zoo programs and what they get: nothing (a plain task), a folder of their own, or a listening port.
ZOO_PLAIN = ("endless_loop", "swallow_signals", "deep_recursion", "allocate_20gb", "fork_bomb", "fork_bypass",
             "signal_parent", "raise_limits", "ctypes_libc", "sys_exit", "os_exit", "segfault", "raises",
             "no_function", "print_100mb", "returns_none", "returns_generator", "returns_tuples",
             "returns_10m_strings", "mutates_inputs", "leave_threads", "patch_os", "forge_result", "read_env",
             "read_parent_environ", "input_order", "set_order", "good_ferry")  # fmt: skip
ZOO_FOLDER = ("os_system", "subprocess_run", "write_file", "delete_file", "mkfifo_bypass", "read_user_file",
              "disable_audit_hook")  # fmt: skip


def test_the_zoo_is_contained_on_a_worker_exactly_as_here(remote: Cluster, tmp_path: Path) -> None:
    import socket

    assert {p.stem for p in ZOO.glob("*.py")} >= set(ZOO_PLAIN) | set(ZOO_FOLDER) | {"open_socket", "memory_growth"}
    jobs: list[tuple[str, str, Task, dict[str, Any]]] = []
    for name in ZOO_PLAIN:
        limits = {"timeout": 1.0} if name in {"endless_loop", "swallow_signals"} else {"timeout": 30.0}
        jobs.append((name, name, zoo_task(), limits))
    for name in ZOO_FOLDER:
        for where in ("here", "away"):
            folder = tmp_path / f"{name}-{where}"
            folder.mkdir()
            (folder / "victim").write_text("keep me")
            (folder / "secret.txt").write_text("hunter2")
            jobs.append((f"{name}@{where}", name, zoo_task(str(folder)), {"timeout": 30.0}))
    jobs.append(("memory_growth", "memory_growth", zoo_task(), {"timeout": 20.0, "memory_mb": 256}))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.setblocking(False)
        jobs.append(("open_socket", "open_socket", zoo_task(str(listener.getsockname()[1])), {"timeout": 30.0}))

        def run(job: tuple[str, str, Task, dict[str, Any]], cluster: Cluster | None, executor: Any) -> Evaluation:
            label, name, task, limits = job
            if "@" in label and label.endswith("@away") != (cluster is not None):
                return None  # type: ignore[return-value]  # each side acts on its own folder
            source = (ZOO / f"{name}.py").read_text()
            return evaluate(source, [(label.split("@")[0], task)], orderings=1, mode="debug", cluster=cluster,
                            executor=executor, **limits)  # fmt: skip

        with Executor(jobs=2) as executor:
            here = {job[0]: run(job, None, executor) for job in jobs}
        with ThreadPoolExecutor(max_workers=4) as pool:  # a cluster is shared by threads (a sweep's runs)
            there = dict(zip([job[0] for job in jobs], pool.map(lambda job: run(job, remote, None), jobs),
                             strict=True))  # fmt: skip
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody connected, from here or from a worker

    def alike(ev: Evaluation) -> str:
        """Process ids and folder names differ between the two sides; everything else must not."""
        data = normalized(ev)
        for task in data:
            for run in task["runs"]:
                if run["outcome"]["status"] == "timeout":  # where a loop is stopped varies between any two runs
                    run["feedback"] = run["outcome"]["detail"] = task["feedback"] = "timeout"
        text = json.dumps(data, sort_keys=True)
        return re.sub(r"\d+", "N", text.replace(str(tmp_path), "TMP").replace("-away", "-here"))

    for label in here:
        name = label.split("@")[0]
        mine = here[label] if here[label] is not None else here[f"{name}@here"]
        theirs = there[label] if there[label] is not None else there[f"{name}@away"]
        assert alike(theirs) == alike(mine), name
    statuses = {label.split("@")[0]: (ev.results[0].runs[0].outcome.status) for label, ev in there.items() if ev}
    assert statuses["endless_loop"] == statuses["swallow_signals"] == "timeout"
    assert statuses["allocate_20gb"] == statuses["memory_growth"] == "memory"
    for name in ("fork_bomb", "os_system", "subprocess_run", "write_file", "delete_file", "open_socket",
                 "read_user_file", "read_parent_environ", "signal_parent"):  # fmt: skip
        assert statuses[name] == "forbidden", name
    assert statuses["segfault"] == statuses["os_exit"] == "crash"
    for name in ZOO_FOLDER:  # nothing escaped on either side
        for where in ("here", "away"):
            folder = tmp_path / f"{name}-{where}"
            assert (folder / "victim").read_text() == "keep me" and not (folder / "marker").exists()
    env_plan = there["read_env"].results[0].runs[0].outcome.plan or ()
    assert env_plan and not any(SECRET in step or "OPENAI" in step for step in env_plan)
    # Nothing a program started outlives its run on a worker.
    from genplan.cluster import tasks as worker_tasks

    assert wait_until(lambda: all(not found["others"] for found in remote.client.run(
        worker_tasks.sandbox_processes).values()), 10)  # fmt: skip


# --------------------------------------------------------------------------- planners, checks, scale
def test_baselines_on_the_workers_equal_local_ones_and_are_cached_here(remote: Cluster, tmp_path: Path) -> None:
    def statuses(sets: list) -> list[tuple]:
        return [(s.planner, s.time_limit, t.task_id, t.status, t.plan_length, t.reused_from_limit)
                for s in sets for t in s.tasks]  # fmt: skip

    args = (["ferry"], ["ff", "lama-first"], [10.0, 20.0])
    local = run_baselines(*args, split="debug", cache_dir=tmp_path / "local")
    before = sum(remote.ran_on.values())
    there = run_baselines(*args, split="debug", cache_dir=tmp_path / "remote", cluster=remote)
    assert statuses(there) == statuses(local)
    assert all(t.status == "solved" for s in there for t in s.tasks)
    assert sum(remote.ran_on.values()) - before == 12  # 6 tasks x 2 planners: one Dask task each
    # Every run was stored by this process: 20 s reused the 10 s results, so one entry per task and planner.
    assert len(list((tmp_path / "remote" / "planners").glob("*/*.json"))) == 12
    before = sum(remote.ran_on.values())
    again = run_baselines(*args, split="debug", cache_dir=tmp_path / "remote", cluster=remote)
    assert statuses(again) == statuses(local) and sum(remote.ran_on.values()) == before


def test_the_generalization_check_finds_the_same_counterexample_on_the_workers(remote: Cluster) -> None:
    from tests.test_generalize import ONBOARD_BUG, ferry_debug

    suite = resolve_suite("ferry")
    settings = CheckSettings(budget_s=60, shrink_budget_s=60)
    found = {}
    for where, cluster in (("here", None), ("there", remote)):
        result = check_program(ONBOARD_BUG, suite.domain, ferry_debug(), settings=settings, cluster=cluster,
                               generator=find_generator(suite.domain, hint="ferry"))  # fmt: skip
        assert result.counterexample is not None
        found[where] = (result.counterexample.to_json(), [(t.task_id, t.solved, t.status) for t in result.tried])
    assert found["there"] == found["here"]


def test_scale_on_the_workers_equals_a_local_run(remote: Cluster, tmp_path: Path) -> None:
    program = tmp_path / "good.py"
    program.write_text(GOOD)
    settings = ScaleSettings(program, "ferry", (10, 30), tasks_per_size=2, planner="ff", planner_time_limit=20)

    def facts(result: dict) -> list:
        return [(t["task_id"], t["objects"], t["program"]["status"], t["program"]["plan_length"],
                 (t["planner"] or {}).get("status"), (t["planner"] or {}).get("plan_length"))
                for s in result["sizes"] for t in s["tasks"]]  # fmt: skip

    local = run_scale(settings, cache_dir=tmp_path / "local")
    before = sum(remote.ran_on.values())
    there = run_scale(settings, cache_dir=tmp_path / "remote", cluster=remote)
    assert facts(there) == facts(local) and sum(remote.ran_on.values()) > before


def test_a_sweep_evaluates_on_the_workers(remote: Cluster, ferry_suite: Any, tmp_path: Path) -> None:  # noqa: F811
    from genplan.experiments.sweep import SweepSpec, run_sweep
    from tests.test_sweep import SHORT, factory, solver

    spec = SweepSpec(domains=("ferry",), presets=("no-multi", "F3-6"), seeds=(1,), suite=str(ferry_suite.root),
                     overrides=SHORT)  # fmt: skip
    results = {}
    for where, cluster in (("here", None), ("there", remote)):
        before = sum(remote.ran_on.values())
        cache = tmp_path / where
        done = run_sweep(spec, cache_dir=cache, make_llm=factory(cache, [], solver()), cluster=cluster)
        results[where] = [(r.status, r.heldout_solved, r.heldout_total, r.debug_solved) for r in done]
        for r in done:
            heldout = json.loads((Path(str(r.run_dir)) / "5-heldout.json").read_text())
            results[where].append([(t["task_id"], t["solved"], t["status"]) for t in heldout["tasks"]])
        assert (sum(remote.ran_on.values()) > before) == (cluster is not None)
    assert results["there"] == results["here"] and results["here"][0][0] == "done"


# ------------------------------------------------------------------------------------------ faults
def test_a_worker_of_another_genplan_is_refused(tmp_path: Path) -> None:
    stale = str(REPO / "tests" / "cluster_stale_worker.py")
    with dask_processes(tmp_path / "dask") as procs:
        address, _ = procs.scheduler()
        # Connected before any worker joined, the stale one is refused by its first task.
        with open_cluster(ClusterOptions(scheduler=address)) as cluster:
            assert cluster is not None
            procs.worker(address, "--preload", stale)
            wait_for_workers(address, 1)
            with pytest.raises(ClusterError, match=re.escape("0.0.0-stale")) as late:
                evaluate(GOOD, ferry_tasks("debug", 2), orderings=1, cluster=cluster)
        # Present when the command starts, it is refused before any work is sent.
        with (
            pytest.raises(ClusterError, match=re.escape("0.0.0-stale")) as early,
            open_cluster(ClusterOptions(scheduler=address)),
        ):
            pass
        done = subprocess.run(
            [sys.executable, "-m", "genplan.cli", "evaluate", str(ZOO / "good_ferry.py"), "ferry", "--split", "debug",
             "--scheduler", address, "--cache-dir", str(tmp_path / "cache"), "--report", str(tmp_path / "r.json")],
            capture_output=True, text=True, timeout=120, cwd=tmp_path,
        )  # fmt: skip
    for error in (late.value, early.value):
        text = str(error)
        assert "Refusing Dask workers that run another genplan" in text and "tcp://127.0.0.1:" in text
        assert f"genplan {fingerprint()['genplan']}" in text and "Install this genplan where the workers run" in text
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "0.0.0-stale" in done.stderr and not (tmp_path / "r.json").exists()


def _kill_a_busy_worker(cluster: Cluster, killed: list[int]) -> None:
    """kill -9 a worker process that is running a task right now (once)."""
    if killed:
        return
    pids = worker_pids(cluster)
    for address, keys in cluster.client.processing().items():
        if keys and address in pids:
            os.kill(pids[address], signal.SIGKILL)
            killed.append(pids[address])
            return


@pytest.mark.parametrize("work", ["evaluation", "baselines"])
def test_a_worker_killed_mid_sweep_loses_nothing(tmp_path: Path, work: str) -> None:
    """A real LocalCluster of two worker processes; one is killed with SIGKILL while it runs a task. Dask runs
    that task again on a live worker; the results are complete and equal those of a run without the kill."""
    with open_cluster(ClusterOptions(kind="local", workers=2)) as cluster:
        assert cluster is not None
        killed: list[int] = []
        if work == "evaluation":
            tasks = ferry_tasks("debug") + ferry_tasks("heldout", 10)
            evaluate(GOOD, tasks[:4], orderings=1, cluster=cluster)  # both workers' sandboxes are up
            sandboxes = {info["pid"]: info["tokens"] for info in cluster.workers().values()}
            there = evaluate(SLOW, tasks, orderings=2, seed=5, cluster=cluster, cache_dir=tmp_path / "c",
                             on_result=lambda _r: _kill_a_busy_worker(cluster, killed))  # fmt: skip
            local = evaluate(SLOW, tasks, orderings=2, seed=5)
            assert normalized(there) == normalized(local) and there.solved == len(tasks)
            assert len(list((tmp_path / "c" / "executions").glob("*/*.json"))) == len(tasks)
            # The killed worker's sandbox (its fork servers, and a run in flight) ended with it.
            assert killed and wait_until(lambda: not any(stray_processes(t) for t in sandboxes[killed[0]]), 15)
        else:
            args = (["ferry"], ["ff"], [10.0])
            seen: list[tuple] = []

            def on_task(*info: Any) -> None:
                seen.append(info)
                _kill_a_busy_worker(cluster, killed)

            there_sets = run_baselines(*args, split="debug", cache_dir=tmp_path / "c", cluster=cluster, on_task=on_task)
            local_sets = run_baselines(*args, split="debug", cache_dir=tmp_path / "l")

            def summary(sets: list) -> list[tuple]:
                return [(s.planner, t.task_id, t.status, t.plan_length) for s in sets for t in s.tasks]

            assert summary(there_sets) == summary(local_sets) and len(seen) == 6
        assert killed, "no worker was busy when the first result arrived"
        with pytest.raises(ProcessLookupError):
            os.kill(killed[0], 0)


def test_losing_the_scheduler_stops_the_command_and_a_rerun_resumes(tmp_path: Path) -> None:
    program = tmp_path / "slow.py"
    program.write_text(SLOW)
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "genplan.cli", "evaluate", str(program), "ferry", "--split", "debug",
               "--orderings", "2", "--cache-dir", str(cache), "--report", str(tmp_path / "report.json")]  # fmt: skip

    def entries() -> dict[Path, int]:
        return {p: p.stat().st_mtime_ns for p in (cache / "executions").glob("*/*.json")}

    with dask_processes(tmp_path / "dask") as procs:
        address, scheduler = procs.scheduler()
        procs.worker(address)
        wait_for_workers(address, 1)
        run = subprocess.Popen([*command, "--scheduler", address], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=tmp_path)  # fmt: skip
        try:
            assert wait_until(lambda: bool(entries()) or run.poll() is not None, 120), "no task finished"
            procs.kill(scheduler)
            _out, err = run.communicate(timeout=60)
        finally:
            if run.poll() is None:
                run.kill()
    assert run.returncode == 2, err
    text = " ".join(err.split())
    assert "Traceback" not in err and f"Lost the connection to the Dask scheduler at {address}" in text
    assert "run the same command and it continues from there" in text
    first = entries()
    assert 1 <= len(first) < 6 and not (tmp_path / "report.json").exists()

    with dask_processes(tmp_path / "dask2") as procs:
        address, _ = procs.scheduler()
        procs.worker(address)
        wait_for_workers(address, 1)
        done = subprocess.run([*command, "--scheduler", address], capture_output=True, text=True, timeout=180,
                              cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "coverage 100.0% (6/6 tasks" in " ".join(done.stdout.split())
    after = entries()
    assert len(after) == 6
    assert all(after[p] == mtime for p, mtime in first.items()), "a task finished before the loss ran again"


def test_the_cli_starts_a_local_cluster_and_prints_its_dashboard(tmp_path: Path) -> None:
    import importlib.util

    dashboard = importlib.util.find_spec("bokeh") is not None
    args = [sys.executable, "-m", "genplan.cli", "evaluate", str(ZOO / "good_ferry.py"), "ferry", "--split", "debug",
            "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    local = subprocess.run([*args, "--report", "local.json"], capture_output=True, text=True, timeout=120,
                           cwd=tmp_path)  # fmt: skip
    there = subprocess.run([*args, "--cluster", "local", "--workers", "2", "--report", "there.json",
                            "--cache-dir", str(tmp_path / "cache2"), *(["--dashboard"] if dashboard else [])],
                           capture_output=True, text=True, timeout=180, cwd=tmp_path)  # fmt: skip
    assert local.returncode == there.returncode == 0, there.stderr
    assert there.stdout.splitlines()[0] == local.stdout.splitlines()[0]
    err = " ".join(there.stderr.split())
    assert "cluster: 2 local worker processes" in err and re.search(r"\d+ Dask tasks? ran on [12] workers?", err)
    if dashboard:
        assert re.search(r"dashboard: http://127\.0\.0\.1:\d+/status", err), err
    mine, theirs = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("local", "there"))
    strip = lambda d: [(t["task_id"], t["solved"], t["status"], t["plan_length"]) for t in d["tasks"]]  # noqa: E731
    assert strip(theirs) == strip(mine)


def test_lost_work_and_errors_are_genplan_errors() -> None:
    assert issubclass(ClusterLost, ClusterError) and ClusterLost("x").exit_code == 2


def _worker_settings() -> dict[str, Any]:
    import dask

    return {key: dask.config.get(key) for key in LOCAL_CLUSTER_SETTINGS}


def _saturation(dask_scheduler: Any) -> float:
    return float(dask_scheduler.WORKER_SATURATION)


def test_a_local_cluster_quiets_its_workers_and_leaves_this_process_alone() -> None:
    """Dask's profiler and probes would take CPU from the planners on the same cores; the workers genplan
    starts run without them, and this process's own Dask settings are as they were."""
    import dask
    import distributed  # noqa: F401  (its settings' defaults)

    before = {key: dask.config.get(key) for key in LOCAL_CLUSTER_SETTINGS}
    with open_cluster(ClusterOptions(kind="local", workers=1)) as cluster:
        assert cluster is not None
        answers = cluster.client.run(_worker_settings)
        saturation = cluster.client.run_on_scheduler(_saturation)
    assert list(answers.values()) == [LOCAL_CLUSTER_SETTINGS]
    # One task per worker thread at a time: a second one queued on a busy worker would wait there while
    # another worker idles at the end of a sweep.
    assert saturation == 1.0
    assert {key: dask.config.get(key) for key in LOCAL_CLUSTER_SETTINGS} == before != LOCAL_CLUSTER_SETTINGS
