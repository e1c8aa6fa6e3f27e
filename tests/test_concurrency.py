"""Independent LLM calls at once (issue 13): same replies, same cache keys, same run directory as one
call at a time; the call log in sequential order; failures and Ctrl-C as a sequential run has them."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pytest

from genplan.llm import ReplyCache, ScriptedBackend, make_client, read_log
from genplan.pddl.parser import parse_problem
from genplan.planners import plan as fd_plan
from genplan.protocols.config import load_config, make_run_id
from genplan.protocols.synthesize import synthesize
from tests.test_pipeline import GOOD, WRONG, described_names, ferry_suite, task_descriptions  # noqa: F401

FENCE = "```"
#: Fields that say when or how fast, not what: they differ between any two runs.
TIMING = {"time", "latency", "wall_time_s", "created"}


# ------------------------------------------------------------------------------------------ run_all
class Slow(ScriptedBackend):
    """Answers 'reply <n>' to the request 'job <n>', the later jobs sooner; records the peak in flight."""

    def __init__(self, *, zero_waits_for_two: bool = False) -> None:
        super().__init__(self._respond)
        #: Job 0 answers only after job 2 has (out of order however loaded the machine is); only where
        #: jobs 0 and 2 are in flight together, or job 0 would wait for nothing until its timeout.
        self.zero_waits_for_two = zero_waits_for_two
        self.now = self.peak = 0
        self.count_lock = threading.Lock()
        self.job_2_done = threading.Event()
        self.finished: list[int] = []

    def _respond(self, call) -> str:
        n = int(call.last_user.split()[-1])
        with self.count_lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        time.sleep(0.02 * max(0, 10 - n))
        if n == 0 and self.zero_waits_for_two:
            assert self.job_2_done.wait(timeout=30), "job 2 never ran beside job 0"
        with self.count_lock:
            self.now -= 1
            self.finished.append(n)
        if n == 2:
            self.job_2_done.set()
        if n == 99:
            raise RuntimeError("job 99 fails")
        return f"reply {n}"


def _client(backend, tmp_path: Path, concurrency: int):
    return make_client(model="openai/t", backend=backend, cache_dir=tmp_path / "llm", log_path=tmp_path / "log.jsonl",
                       concurrency=concurrency)  # fmt: skip


def test_run_all_keeps_job_order_in_results_and_in_the_call_log(tmp_path: Path) -> None:
    backend = Slow(zero_waits_for_two=True)
    llm = _client(backend, tmp_path, 3)
    jobs = [lambda n=n: llm.chat([{"role": "user", "content": f"job {n}"}], purpose="t.x").text for n in range(8)]
    assert llm.run_all(jobs) == [f"reply {n}" for n in range(8)]
    assert backend.peak == 3  # at most `concurrency` in flight, and it was reached
    assert [e["text"] for e in read_log(tmp_path / "log.jsonl")] == [f"reply {n}" for n in range(8)]
    # replies came back out of order: the log is in job order anyway
    assert backend.finished.index(2) < backend.finished.index(0)


def test_run_all_with_concurrency_1_and_nested_calls_run_in_order(tmp_path: Path) -> None:
    backend = Slow()
    llm = _client(backend, tmp_path, 1)
    llm.run_all([lambda n=n: llm.chat([{"role": "user", "content": f"job {n}"}], purpose="t.x") for n in range(3)])
    assert backend.peak == 1 and [c.last_user for c in backend.calls] == ["job 0", "job 1", "job 2"]
    llm2 = _client(Slow(), tmp_path / "b", 4)

    def nested(n: int) -> list[str]:
        return [r.text for r in llm2.run_all([lambda k=k: llm2.chat([{"role": "user", "content": f"job {n + k}"}],
                                                                       purpose="t.x") for k in range(2)])]  # fmt: skip

    assert llm2.run_all([lambda n=n: nested(n) for n in (0, 4)]) == [["reply 0", "reply 1"], ["reply 4", "reply 5"]]
    assert llm2.backend.peak <= 2  # inner jobs run one by one inside their outer job


def test_run_all_raises_the_earliest_failure_and_starts_nothing_after_it(tmp_path: Path) -> None:
    backend = Slow()
    llm = _client(backend, tmp_path, 2)
    numbers = [0, 99, 2, 3, 4, 5]
    jobs = [lambda n=n: llm.chat([{"role": "user", "content": f"job {n}"}], purpose="t.x") for n in numbers]
    with pytest.raises(Exception, match="job 99 fails"):
        llm.run_all(jobs)
    sent = [int(c.last_user.split()[-1]) for c in backend.calls]
    assert 0 in sent and 99 in sent and len(sent) <= 3  # no job started once the failure was seen
    answered = [e for e in read_log(tmp_path / "log.jsonl") if e["error"] is None]
    assert [e["text"] for e in answered] == sorted((e["text"] for e in answered), key=lambda t: int(t.split()[-1]))
    # a rerun takes what was answered from the cache
    again = Slow()
    with pytest.raises(Exception, match="job 99 fails"):
        _client(again, tmp_path, 2).run_all(jobs)
    assert all(int(c.last_user.split()[-1]) not in {0} for c in again.calls)


# ------------------------------------------------------------------------------------------ whole runs
def responder(suite, cache: Path):
    """Answers by what is asked, never by arrival order: strategy v0 loses the last step of one task's plan
    (so it is reflected on and revised), every first program is wrong, every fixed program is right."""

    def plan_for(prompt: str) -> list[str]:
        name = re.search(r'A task of this domain \("([^"]+)"\)', prompt).group(1)  # type: ignore[union-attr]
        pddl = re.search(r"```pddl\n(.*?)\n```", prompt, re.S)
        task = parse_problem(pddl.group(1), suite.domain) if pddl else suite.task(name)
        result = fd_plan(task, "lama-first", time_limit=20, cache_dir=cache)
        assert result.status == "solved"
        steps = list(result.plan or ())
        return steps[:-1] if "v0:" in prompt and name == suite.split.debug[2] else steps

    def respond(call) -> str:
        prompt = call.last_user
        if call.purpose == "describe.domain":
            return "Notes.\nFINAL DESCRIPTION\nA ferry carries one car at a time."
        if call.purpose == "describe.tasks":
            return task_descriptions(described_names(prompt))
        if call.purpose == "strategy.write":
            return f"{FENCE}\nv0: for each car: sail to it, board, sail to its goal, debark\n{FENCE}"
        if call.purpose == "strategy.plan":
            return "Plan:\n" + "\n".join(plan_for(prompt))
        if call.purpose == "strategy.reflect":
            return "The strategy stops one step early."
        if call.purpose == "strategy.revise":
            return f"{FENCE}\nv1: for each car: sail to it, board, sail to its goal, debark it\n{FENCE}"
        if call.purpose == "code.write":
            return f"{FENCE}python\n{WRONG}{FENCE}"
        if call.purpose == "code.reflect":
            return "It sails once and stops."
        if call.purpose == "code.fix":
            return f"{FENCE}python\n{GOOD}{FENCE}"
        raise AssertionError(call.purpose)

    return respond


def _normalized(value):
    if isinstance(value, dict):
        return {k: _normalized(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [_normalized(v) for v in value]
    return value


def _snapshot(run_root: Path) -> dict[str, object]:
    """Every file of a run directory, with timings left out (JSON files) or made equal (the summary)."""
    out: dict[str, object] = {}
    for path in sorted(run_root.rglob("*")):
        if not path.is_file():
            continue
        rel = str(path.relative_to(run_root))
        text = path.read_text()
        if rel == "calls.jsonl":
            out[rel] = [_normalized(json.loads(line)) for line in text.splitlines()]
        elif path.suffix == ".json":
            out[rel] = _normalized(json.loads(text))
            if rel == "config.json":  # the one difference: the setting itself is recorded, as it was given
                out[rel]["config"].pop("llm_concurrency")
        elif rel == "summary.md":
            out[rel] = re.sub(r"wall time: [0-9.]+ s", "wall time: X s", text)
        else:
            out[rel] = text
    return out


def _run(suite, root: Path, concurrency: int, fd_cache: Path):
    cfg = load_config("F3-6", strategy_rounds=2, code_rounds=1, orderings=1, timeout=10, model="openai/t",
                      eager_variants=True, llm_concurrency=concurrency)  # fmt: skip
    backend = ScriptedBackend(responder(suite, fd_cache))
    log = root / "runs" / "ferry" / make_run_id(cfg, suite.name) / "calls.jsonl"
    llm = make_client(model=cfg.model, cache_dir=root / "llm", backend=backend, log_path=log,
                      concurrency=cfg.llm_concurrency)  # fmt: skip
    outcome = synthesize(suite, cfg, llm, cache_dir=root, jobs=2, heldout=False)
    return outcome, backend


def test_a_concurrent_run_equals_a_sequential_one(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    """Task descriptions, the plans of each strategy version and the three eagerly written variants go
    out at once: the run directory, the replies and the cache keys are those of a sequential run."""
    fd_cache = tmp_path / "fd"
    seq, seq_backend = _run(ferry_suite, tmp_path / "seq", 1, fd_cache)
    con, con_backend = _run(ferry_suite, tmp_path / "con", 4, fd_cache)
    assert seq.status == con.status == "done" and seq.program_label == con.program_label == "p1.v1"
    assert seq.run.run_id == con.run.run_id  # the concurrency is no part of the run's identity
    # the same requests were sent (in another order), and the same replies cached under the same keys
    requests = lambda b: sorted(json.dumps([m.to_json() for m in c.request.messages]) for c in b.calls)  # noqa: E731
    assert requests(seq_backend) == requests(con_backend)
    seq_keys, con_keys = ReplyCache(tmp_path / "seq" / "llm"), ReplyCache(tmp_path / "con" / "llm")
    assert sorted(seq_keys.keys()) == sorted(con_keys.keys()) and len(seq_keys) == len(seq_backend.calls)
    assert all(seq_keys.get(k)["text"] == con_keys.get(k)["text"] for k in seq_keys.keys())  # noqa: SIM118 (no __iter__)
    # ... and the run directories are the same, file by file, the call log in the same order
    seq_files, con_files = _snapshot(seq.run.root), _snapshot(con.run.root)
    assert sorted(seq_files) == sorted(con_files) and "calls.jsonl" in seq_files
    for name in seq_files:
        assert seq_files[name] == con_files[name], name
    # the concurrent run did send calls at once (the replies were not just all cached)
    purposes = [c.purpose for c in con_backend.calls]
    assert purposes.count("strategy.plan") == 12 and purposes.count("code.write") == 3
    assert [e["purpose"] for e in read_log(seq.run.root / "calls.jsonl")] == [c.purpose for c in seq_backend.calls]


class Interrupt(KeyboardInterrupt):
    """Ctrl-C, raised inside one of the calls sent at once."""


def test_ctrl_c_in_a_concurrent_batch_then_resume_pays_nothing_twice(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    fd_cache = tmp_path / "fd"
    respond = responder(ferry_suite, fd_cache)
    victim = ferry_suite.split.debug[4]

    def first(call):
        if call.purpose == "strategy.plan" and f'("{victim}")' in call.last_user:
            raise Interrupt()
        return respond(call)

    cfg = load_config("F3-6", strategy_rounds=2, code_rounds=1, orderings=1, timeout=10, model="openai/t")
    assert cfg.llm_concurrency == 4  # the default
    backend = ScriptedBackend(first)
    llm = make_client(model=cfg.model, cache_dir=tmp_path / "llm", backend=backend, concurrency=4)
    with pytest.raises(KeyboardInterrupt):
        synthesize(ferry_suite, cfg, llm, cache_dir=tmp_path, jobs=2, heldout=False)
    answered = {json.dumps([m.to_json() for m in c.request.messages]) for c in backend.calls
                if not (c.purpose == "strategy.plan" and f'("{victim}")' in c.last_user)}  # fmt: skip
    second = ScriptedBackend(respond)
    llm2 = make_client(model=cfg.model, cache_dir=tmp_path / "llm", backend=second, concurrency=4)
    outcome = synthesize(ferry_suite, cfg, llm2, cache_dir=tmp_path, jobs=2, heldout=False)
    assert outcome.status == "done"
    resent = {json.dumps([m.to_json() for m in c.request.messages]) for c in second.calls} & answered
    assert not resent, "a call answered before Ctrl-C was sent again"
    usage = json.loads(outcome.run.path("usage.json").read_text())
    assert usage["total"]["paid_calls"] == len(answered) + len(second.calls)
