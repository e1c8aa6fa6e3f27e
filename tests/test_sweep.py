"""Sweeps over (domain, configuration, seed) with a scripted LLM: results, reuse, bounds, failures, Ctrl-C."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

import genplan.execute.evaluate as evaluate_module
from genplan.experiments.sweep import SweepSpec, load_manifest, manifest_path, plan_summary, run_sweep
from genplan.llm import ScriptedBackend, make_client
from genplan.llm.errors import AuthenticationError
from tests.test_pipeline import GOOD, described_names, ferry_suite, task_descriptions  # noqa: F401

SHORT = {"strategy_rounds": 0, "code_rounds": 0, "n_programs": 1, "orderings": 1, "timeout": 5, "model": "openai/t"}


class Counting:
    """Tracks how many calls are in flight at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.peak = 0

    def __enter__(self) -> None:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self.now -= 1


def solver(in_flight: Counting | None = None):
    def respond(call) -> str:
        if in_flight is not None:
            with in_flight:
                time.sleep(0.05)
        if call.purpose == "describe.tasks":
            return task_descriptions(described_names(call.last_user))
        if call.purpose.startswith("describe."):
            return "Ferry moves cars."
        if call.purpose == "strategy.write":
            return "```\nfor each car: sail to it, board, sail to its goal, debark\n```"
        if call.purpose == "code.write":
            return f"```python\n{GOOD}```"
        raise AssertionError(call.purpose)

    return respond


def factory(root: Path, backends: list, respond, **client_kwargs):
    def make(cfg, log):
        backend = ScriptedBackend(respond)
        backends.append((cfg, backend))
        return make_client(model=cfg.model, cache_dir=root / "llm", backend=backend, log_path=log, **client_kwargs)

    return make


def spec_for(suite, **kw) -> SweepSpec:
    base = {"domains": ("ferry",), "presets": ("F3-6", "no-multi"), "seeds": (1, 2), "suite": str(suite.root),
            "overrides": SHORT}  # fmt: skip
    return SweepSpec(**{**base, **kw})


def test_a_sweep_runs_every_item_bounded_then_reuses_them(ferry_suite, tmp_path: Path, monkeypatch) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    calls_in_flight, evals_in_flight = Counting(), Counting()
    real = evaluate_module.evaluate_program

    def counted(*args, **kwargs):
        with evals_in_flight:
            time.sleep(0.02)
            return real(*args, **kwargs)

    monkeypatch.setattr(evaluate_module, "evaluate_program", counted)
    backends: list = []
    spec = spec_for(ferry_suite)
    results = run_sweep(spec, cache_dir=cache, parallel=2, parallel_evals=1, jobs=1,
                        make_llm=factory(tmp_path, backends, solver(calls_in_flight)))  # fmt: skip
    assert [(r.item.preset, r.item.seed, r.status) for r in results] == [
        ("F3-6", 1, "done"), ("F3-6", 2, "done"), ("no-multi", 1, "done"), ("no-multi", 2, "done")
    ]  # fmt: skip
    assert all(r.coverage == 1.0 and (r.heldout_solved, r.heldout_total) == (4, 4) for r in results)
    assert calls_in_flight.peak <= 2 and evals_in_flight.peak == 1
    assert len({r.run_dir for r in results}) == 4
    manifest = load_manifest(manifest_path(spec.sweep_id, cache))
    assert [run["status"] for run in manifest["runs"]] == ["done"] * 4
    # What ran it (issue 23, item 4): each preset's limits and the versions.
    assert manifest["provenance"]["limits"]["F3-6"] == {"timeout_s": 5.0, "memory_mb": 4096, "orderings": 1}
    assert manifest["provenance"]["versions"]["genplan"]
    assert sum(r.paid_calls for r in results) == sum(len(b.calls) for _, b in backends)

    # The same sweep again: every run is finished, so nothing starts and nothing is sent.
    again_backends: list = []
    again = run_sweep(spec, cache_dir=cache, make_llm=factory(tmp_path, again_backends, solver()))
    assert all(r.reused and r.status == "done" and r.coverage == 1.0 for r in again)
    assert again_backends == []
    assert all(row["finished"] for row in plan_summary(spec, cache))


def test_a_failing_run_does_not_stop_the_others(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    backends: list = []
    make_ok = factory(tmp_path, backends, solver())
    make_capped = factory(tmp_path / "capped", backends, solver(), max_calls=2)

    def make(cfg, log):
        return make_capped(cfg, log) if cfg.seed == 2 else make_ok(cfg, log)

    spec = spec_for(ferry_suite, presets=("F3-6",))
    results = run_sweep(spec, cache_dir=tmp_path / "cache", parallel=1, make_llm=make)
    assert [r.status for r in results] == ["done", "failed"]
    assert "--max-calls" in results[1].message and results[1].paid_calls == 2
    run_json = json.loads((Path(results[1].run_dir) / "run.json").read_text())
    assert run_json["status"] == "stopped" and "call budget is used up" in run_json["message"]


def test_an_error_every_run_would_hit_stops_the_sweep(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    def refuse(call):
        raise AuthenticationError("The provider rejected the API key.", env_vars=("OPENAI_API_KEY",))

    backends: list = []
    spec = spec_for(ferry_suite)
    with pytest.raises(AuthenticationError):
        run_sweep(spec, cache_dir=tmp_path / "cache", parallel=1, make_llm=factory(tmp_path, backends, refuse))
    assert len(backends) == 1  # the other three runs never started
    runs = load_manifest(manifest_path(spec.sweep_id, tmp_path / "cache"))["runs"]
    assert [r["status"] for r in runs] == ["failed", "not started", "not started", "not started"]


def test_ctrl_c_keeps_finished_runs_and_the_rerun_continues(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    backends: list = []
    spec = spec_for(ferry_suite)

    def interrupt(result) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(spec, cache_dir=cache, parallel=1, make_llm=factory(tmp_path, backends, solver()),
                  on_result=interrupt)  # fmt: skip
    runs = load_manifest(manifest_path(spec.sweep_id, cache))["runs"]
    assert runs[0]["status"] == "done"
    assert all(r["status"] in {"pending", "not started", "stopped"} for r in runs[1:])
    first_round = [len(b.calls) for _, b in backends]

    more: list = []
    results = run_sweep(spec, cache_dir=cache, parallel=1, make_llm=factory(tmp_path, more, solver()))
    assert [r.status for r in results] == ["done"] * 4 and results[0].reused
    # (the domain, the two examples together, the strategy and the program)
    assert first_round[0] == 4 and sum(first_round[1:]) == 0  # a run already started stops before its call
    assert len(more) == 3


def test_bad_sweeps_fail_before_any_call(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    from genplan.experiments.sweep import SweepError
    from genplan.protocols.config import ConfigError

    backends: list = []
    make = factory(tmp_path, backends, solver())
    with pytest.raises(ConfigError, match="Unknown configuration"):
        run_sweep(spec_for(ferry_suite, presets=("F9-9",)), cache_dir=tmp_path, make_llm=make)
    with pytest.raises(SweepError, match="empty"):
        run_sweep(spec_for(ferry_suite, seeds=()), cache_dir=tmp_path, make_llm=make)
    assert backends == []


def test_benchmark_command_dry_run_and_errors(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    from tests.test_cli import genplan

    base = ["benchmark", "--domains", "ferry", "--suite", str(ferry_suite.root), "--cache-dir", str(tmp_path)]
    dry = genplan(*base, "--configs", "F5-3,baseline", "--seeds", "1,2", "--dry-run", cwd=tmp_path)
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.count("to run") == 4
    assert "at most 184 LLM calls" in dry.stdout  # 2 x 84 (F5-3) + 2 x 8 (baseline)
    bad_seed = genplan(*base, "--seeds", "1,x", "--dry-run", cwd=tmp_path)
    assert bad_seed.returncode == 2 and "--seeds" in bad_seed.stderr and "Traceback" not in bad_seed.stderr
    bad_config = genplan(*base, "--configs", "F5-4", "--dry-run", cwd=tmp_path)
    assert bad_config.returncode == 2 and "Did you mean 'F5-3'" in bad_config.stderr


def test_report_of_a_sweep_from_its_manifest(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    from tests.test_cli import genplan

    cache = tmp_path / "cache"
    spec = spec_for(ferry_suite, presets=("F3-6",))
    run_sweep(spec, cache_dir=cache, parallel=2, make_llm=factory(tmp_path, [], solver()))
    manifest = manifest_path(spec.sweep_id, cache)
    done = genplan("report", "--sweep", str(manifest), "--out", str(tmp_path / "rep"), "--baselines", "none",
                   "--cache-dir", str(cache), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "F3-6" in done.stdout and "mean coverage 100.0%" in done.stdout
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "ferry" in md and "100.0" in md
    # By its id, as `benchmark --help` and its last line advertise (issue 23, item 9).
    by_id = genplan("report", "--sweep", spec.sweep_id, "--out", str(tmp_path / "rep-id"), "--baselines", "none",
                    "--cache-dir", str(cache), cwd=tmp_path)  # fmt: skip
    assert by_id.returncode == 0, by_id.stderr
    assert (tmp_path / "rep-id" / "report.md").read_text() == md
    unknown = genplan("report", "--sweep", "nosuchid", "--out", str(tmp_path / "r3"), "--cache-dir", str(cache),
                      cwd=tmp_path)  # fmt: skip
    assert unknown.returncode == 2 and "No sweep with the id 'nosuchid'" in unknown.stderr
    missing = genplan("report", "--sweep", str(tmp_path / "nope.json"), "--out", str(tmp_path / "r2"), cwd=tmp_path)
    assert missing.returncode == 2 and "does not exist" in missing.stderr and "Traceback" not in missing.stderr
