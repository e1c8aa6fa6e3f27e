"""The client wrapper (cache, accounting, budget, retries, call log) driven by the scripted backend."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.llm import (
    AuthenticationError,
    Budget,
    BudgetExceeded,
    LLMClient,
    ProviderUnavailable,
    ReplyCache,
    RetryPolicy,
    SamplingParams,
    ScriptedBackend,
    ScriptedCall,
    ScriptedReply,
    ScriptExhausted,
    TransientFailure,
    assistant,
    client_from_config,
    read_log,
    system,
    user,
)

REPO = Path(__file__).resolve().parent.parent
CONVO = [system("You are a planner."), user("Describe the ferry domain.")]


class Sleeps:
    """Records waits instead of sleeping, so retry tests take no time."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def _client(tmp_path: Path, backend: ScriptedBackend, **kw: object) -> LLMClient:
    kw.setdefault("cache", ReplyCache(tmp_path / "cache"))
    kw.setdefault("log_path", tmp_path / "calls.jsonl")
    kw.setdefault("retry", RetryPolicy(max_retries=3, backoff_base=0.5))
    kw.setdefault("sleep", Sleeps())
    return LLMClient(backend, model="scripted/model", **kw)  # type: ignore[arg-type]


def test_import_does_not_load_litellm() -> None:
    code = "import sys, genplan.llm, genplan.core.prompts; assert 'litellm' not in sys.modules, 'litellm imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_reply_and_cache_hit(tmp_path: Path) -> None:
    backend = ScriptedBackend(["a ferry domain", "never used"])
    client = _client(tmp_path, backend)
    first = client.chat(CONVO, purpose="describe.domain")
    assert (first.text, first.cached, first.cost, first.original_cost) == ("a ferry domain", False, None, None)
    assert first.usage.prompt_tokens == 8 and first.usage.completion_tokens == 3
    # The same request again, even for another purpose, is a free replay of the same reply.
    again = client.chat(CONVO, purpose="describe.other")
    assert (again.text, again.cached, again.cost) == ("a ferry domain", True, 0.0)
    assert again.key == first.key and again.usage == first.usage
    assert len(backend.requests) == 1 and backend.remaining == 1
    # A new client over the same cache (a restarted run) replays too.
    client.close()
    second_run = _client(tmp_path, ScriptedBackend([]))
    assert second_run.chat(CONVO, purpose="describe.domain").text == "a ferry domain"


def test_dict_messages_and_conversation_continuation(tmp_path: Path) -> None:
    backend = ScriptedBackend(["first", "second"])
    client = _client(tmp_path, backend)
    reply = client.chat([{"role": "user", "content": "q1"}], purpose="s.a")
    client.chat([user("q1"), reply.as_message(), user("q2")], purpose="s.b")
    sent = backend.requests[1].messages
    assert [(m.role, m.content) for m in sent] == [("user", "q1"), ("assistant", "first"), ("user", "q2")]
    assert reply.as_message() == assistant("first")


def test_samples_are_distinct_and_replayable(tmp_path: Path) -> None:
    backend = ScriptedBackend(lambda call: f"program {call.index}")
    sampling = SamplingParams(temperature=0.8, seed=7)
    client = _client(tmp_path, backend, sampling=sampling)
    texts = [client.chat(CONVO, purpose="codegen.initial", sample=k).text for k in range(3)]
    assert texts == ["program 0", "program 1", "program 2"]
    # Sample k is sent with seed + k, so providers that honour seeds give different samples.
    assert [r.sampling.seed for r in backend.requests] == [7, 8, 9]
    assert [r.sampling.temperature for r in backend.requests] == [0.8] * 3
    replay = [client.chat(CONVO, purpose="codegen.initial", sample=k) for k in (2, 0, 1)]
    assert [r.text for r in replay] == ["program 2", "program 0", "program 1"]
    assert all(r.cached for r in replay) and len(backend.requests) == 3


def test_sampling_override_is_a_different_request(tmp_path: Path) -> None:
    backend = ScriptedBackend(["cold", "warm"])
    client = _client(tmp_path, backend)
    assert client.chat(CONVO, purpose="p.x").text == "cold"
    assert client.chat(CONVO, purpose="p.x", sampling=SamplingParams(temperature=1.0)).text == "warm"


def test_no_cache_sends_every_call(tmp_path: Path) -> None:
    backend = ScriptedBackend(["one", "two"])
    client = _client(tmp_path, backend, cache=None)
    assert [client.chat(CONVO, purpose="p.x").text for _ in range(2)] == ["one", "two"]


def test_accounting_per_stage(tmp_path: Path) -> None:
    backend = ScriptedBackend(lambda call: "ok " * 5, cost_per_call=0.25)
    client = _client(tmp_path, backend)
    client.chat([user("a")], purpose="describe.domain")
    client.chat([user("b")], purpose="describe.task")
    client.chat([user("c")], purpose="strategy.write")
    client.chat([user("c")], purpose="strategy.write")  # cached
    stages = client.accounting.by_stage()
    assert stages["describe"].paid_calls == 2 and stages["describe"].cost == pytest.approx(0.5)
    assert stages["strategy"].paid_calls == 1 and stages["strategy"].cached_calls == 1
    assert stages["strategy"].saved_cost == pytest.approx(0.25)
    total = client.accounting.totals()
    assert total.cost == pytest.approx(0.75) and total.completion_tokens == 15
    assert [c.cached for c in client.calls] == [False, False, False, True]


def test_unknown_cost_stays_none(tmp_path: Path) -> None:
    client = _client(tmp_path, ScriptedBackend(["x", "y"]))
    client.chat([user("a")], purpose="a.b")
    client.chat([user("b")], purpose="a.b")
    t = client.accounting.totals()
    assert t.cost is None and t.unknown_cost_calls == 2 and t.known_cost == 0.0


def test_max_calls_stops_before_the_call(tmp_path: Path) -> None:
    backend = ScriptedBackend(["1", "2", "3"])
    client = _client(tmp_path, backend, budget=Budget(max_calls=2))
    client.chat([user("a")], purpose="p.x")
    client.chat([user("b")], purpose="p.x")
    with pytest.raises(BudgetExceeded, match="max-calls"):
        client.chat([user("c")], purpose="p.x")
    assert len(backend.requests) == 2  # the third request was never sent
    assert client.chat([user("a")], purpose="p.x").cached  # replays are still free and allowed
    # Rerunning with a higher cap resumes without paying for the first two again.
    client.close()
    rerun_backend = ScriptedBackend(["3"])
    rerun = _client(tmp_path, rerun_backend, budget=Budget(max_calls=1))
    assert [rerun.chat([user(q)], purpose="p.x").text for q in "abc"] == ["1", "2", "3"]
    assert len(rerun_backend.requests) == 1


def test_max_cost_checked_after_each_paid_call(tmp_path: Path) -> None:
    backend = ScriptedBackend(lambda call: "ok", cost_per_call=0.04)
    client = _client(tmp_path, backend, budget=Budget(max_cost=0.1))
    for q in "abc":  # 0.00, 0.04, 0.08 spent before each: all allowed; the third crosses 0.1
        client.chat([user(q)], purpose="p.x")
    with pytest.raises(BudgetExceeded, match="max-cost"):
        client.chat([user("d")], purpose="p.x")
    assert len(backend.requests) == 3
    assert client.accounting.totals().cost == pytest.approx(0.12)


def test_transient_failures_are_retried_with_backoff(tmp_path: Path) -> None:
    backend = ScriptedBackend(
        [TransientFailure("rate limited", retry_after=7.0, status=429), TransientFailure("HTTP 500", status=500), "ok"]
    )
    sleeps = Sleeps()
    client = _client(tmp_path, backend, sleep=sleeps, retry=RetryPolicy(max_retries=3, backoff_base=0.5, jitter=0))
    reply = client.chat([user("a")], purpose="p.x")
    assert reply.text == "ok" and len(backend.requests) == 3
    assert sleeps.waits == [7.0, 1.0]  # Retry-After honoured, then base * 2**1
    assert client.calls[-1].attempts == 3
    entry = read_log(tmp_path / "calls.jsonl")[-1]
    assert [a["status"] for a in entry["failed_attempts"]] == [429, 500]
    assert entry["failed_attempts"][0]["waited"] == 7.0


def test_retries_exhausted_raise_provider_unavailable(tmp_path: Path) -> None:
    backend = ScriptedBackend(lambda call: TransientFailure("no answer within 2 s", status=408))
    sleeps = Sleeps()
    client = _client(tmp_path, backend, sleep=sleeps, retry=RetryPolicy(max_retries=3, backoff_base=0.5, jitter=0))
    with pytest.raises(ProviderUnavailable, match=r"failed after 4 attempts.*no answer within 2 s"):
        client.chat([user("a")], purpose="strategy.plan")
    assert len(backend.requests) == 4
    assert sleeps.waits == [0.5, 1.0, 2.0]
    entry = read_log(tmp_path / "calls.jsonl")[-1]
    assert entry["error"]["type"] == "ProviderUnavailable" and len(entry["failed_attempts"]) == 4
    assert client.accounting.totals().failed_calls == 1
    assert client.cache is not None and len(client.cache) == 0


def test_final_errors_are_not_retried(tmp_path: Path) -> None:
    backend = ScriptedBackend([AuthenticationError("rejected", env_vars=("OPENAI_API_KEY",)), "never"])
    client = _client(tmp_path, backend)
    with pytest.raises(AuthenticationError, match="OPENAI_API_KEY"):
        client.chat([user("a")], purpose="p.x")
    assert len(backend.requests) == 1


def test_retry_delay_policy() -> None:
    policy = RetryPolicy(backoff_base=1.0, backoff_max=10.0, jitter=0.25)
    delays = [policy.delay(i, None, "key") for i in range(6)]
    assert delays == [policy.delay(i, None, "key") for i in range(6)]  # deterministic
    for i, d in enumerate(delays):
        base = min(10.0, 2.0**i)
        assert base <= d <= base * 1.25
    assert policy.delay(0, 30.0, "key") == 30.0
    assert policy.delay(0, 10_000.0, "key") == 600.0  # an absurd Retry-After is capped
    assert policy.delay(0, None, "a") != policy.delay(0, None, "b")  # requests spread out


def test_call_log_holds_everything(tmp_path: Path) -> None:
    backend = ScriptedBackend([ScriptedReply("the answer", reasoning="hidden thoughts", finish_reason="length")])
    client = _client(tmp_path, backend, sampling=SamplingParams(temperature=0.5, max_tokens=100, seed=3))
    reply = client.chat(CONVO, purpose="strategy.write", sample=2)
    assert reply.reasoning == "hidden thoughts" and reply.truncated
    client.chat(CONVO, purpose="strategy.write", sample=2)
    paid, cached = read_log(tmp_path / "calls.jsonl")
    assert paid["request"]["messages"] == [m.to_json() for m in CONVO]
    assert paid["request"]["sampling"] == {"temperature": 0.5, "max_tokens": 100, "seed": 5}
    assert (paid["text"], paid["reasoning"]) == ("the answer", "hidden thoughts")
    assert paid["usage"]["completion_tokens"] == 2 and paid["cost"] is None
    assert (paid["purpose"], paid["sample"], paid["cached"]) == ("strategy.write", 2, False)
    assert paid["model"] == "scripted/model"
    assert paid["key"] == reply.key and paid["finish_reason"] == "length" and paid["error"] is None
    assert isinstance(paid["latency"], float) and paid["time"].endswith("+00:00")
    assert cached["cached"] is True and cached["text"] == "the answer" and cached["reasoning"] == "hidden thoughts"
    assert cached["cost"] == 0.0


def test_log_lines_are_complete_json(tmp_path: Path) -> None:
    text = 'line one\nline two with \u00e9 and a quote " and a brace }'
    client = _client(tmp_path, ScriptedBackend([text]))
    client.chat([user("x")], purpose="p.x")
    raw = (tmp_path / "calls.jsonl").read_text(encoding="utf-8")
    assert raw.count("\n") == 1 and json.loads(raw)["text"] == text


def test_responder_sees_purpose_and_prompt(tmp_path: Path) -> None:
    def responder(call: ScriptedCall) -> str:
        return f"{call.purpose}: {call.last_user}"

    client = _client(tmp_path, ScriptedBackend(responder))
    assert client.chat(CONVO, purpose="describe.domain").text == "describe.domain: Describe the ferry domain."


def test_script_exhausted_names_the_call(tmp_path: Path) -> None:
    client = _client(tmp_path, ScriptedBackend([]))
    with pytest.raises(ScriptExhausted, match=r"codegen\.fix.*Describe the ferry"):
        client.chat(CONVO, purpose="codegen.fix")


def test_client_from_config(tmp_path: Path) -> None:
    from genplan.protocols.config import Config

    config = Config(model="deepseek/deepseek-chat", temperature=0.3, max_tokens=500, llm_seed=4, max_calls=1)
    backend = ScriptedBackend(["a", "b"])
    client = client_from_config(config, cache_dir=tmp_path / "c", log_path=tmp_path / "l.jsonl", backend=backend)
    client.chat([user("a")], purpose="p.x", sample=1)
    assert backend.requests[0].model == "deepseek/deepseek-chat"
    assert backend.requests[0].sampling == SamplingParams(temperature=0.3, max_tokens=500, seed=5)
    assert client.timeout == config.llm_timeout
    with pytest.raises(BudgetExceeded):
        client.chat([user("b")], purpose="p.x")
    assert (tmp_path / "c").is_dir() and (tmp_path / "l.jsonl").is_file()
