"""The real litellm path, against an OpenAI-compatible server on 127.0.0.1 started by each test.

Nothing here leaves the machine: every request goes to :class:`tests.llm_server.OpenAIStubServer`,
and the cases that must not send anything (missing key, unknown model) are checked with litellm's
``completion`` replaced by a tripwire.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from genplan.llm import (
    ApiBaseError,
    AuthenticationError,
    Budget,
    BudgetExceeded,
    ContextWindowExceeded,
    LLMClient,
    ProviderUnavailable,
    RequestRejected,
    RetryPolicy,
    UnknownModel,
    litellm_backend,
    make_client,
    read_log,
    system,
    user,
)
from tests.llm_server import (
    ContextOverflow,
    Malformed,
    OpenAIStubServer,
    RateLimit,
    ServerError,
    Stall,
    Status,
    Text,
    Unauthorized,
)

REPO = Path(__file__).resolve().parent.parent
FAST = RetryPolicy(max_retries=3, backoff_base=0.05, backoff_max=0.2)
KEY_VARS = ("OPENAI_API_KEY", "DEEPSEEK_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY")


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests must not depend on (or leak) keys of the machine they run on."""
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def server() -> Iterator[Callable[..., OpenAIStubServer]]:
    started: list[OpenAIStubServer] = []

    def start(*script: object, **kw: object) -> OpenAIStubServer:
        srv = OpenAIStubServer(script=script, lifetime=60, **kw).start()  # type: ignore[arg-type]
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


def _client(srv: OpenAIStubServer | str, tmp_path: Path, model: str = "openai/stub", **kw: object) -> LLMClient:
    base = srv if isinstance(srv, str) else srv.base_url
    kw.setdefault("timeout", 2.0)
    kw.setdefault("retry", FAST)
    return make_client(
        model=model, api_base=base, cache_dir=tmp_path / "cache", log_path=tmp_path / "calls.jsonl", **kw
    )  # type: ignore[arg-type]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------------------ normal replies
def test_reply_usage_reasoning_and_request(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(Text("Plan:\n(board c0 l0)", reasoning="first board, then sail", prompt_tokens=40,
                      completion_tokens=9))  # fmt: skip
    client = _client(srv, tmp_path, temperature=0.2, max_tokens=64, seed=11)
    reply = client.chat([system("be exact"), user("solve it")], purpose="strategy.plan", sample=1)
    assert reply.text == "Plan:\n(board c0 l0)" and not reply.cached
    assert reply.reasoning == "first board, then sail"
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (40, 9)
    assert reply.cost is None  # "stub" is in no price table: unknown, not 0
    body = srv.requests[0]
    assert body["model"] == "stub"
    assert body["messages"] == [{"role": "system", "content": "be exact"}, {"role": "user", "content": "solve it"}]
    assert (body["temperature"], body["max_tokens"], body["seed"]) == (0.2, 64, 12)  # seed + sample index
    entry = read_log(tmp_path / "calls.jsonl")[0]
    assert entry["reasoning"] == "first board, then sail" and entry["text"] == reply.text
    assert entry["response"]["usage"]["prompt_tokens"] == 40
    assert entry["api_base"] == srv.base_url and entry["backend"] == "litellm"
    # Replayed from the cache: no second request, reasoning kept.
    again = client.chat([system("be exact"), user("solve it")], purpose="strategy.plan", sample=1)
    assert again.cached and again.reasoning == reply.reasoning and len(srv.requests) == 1


def test_known_model_is_priced(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(Text("ok", prompt_tokens=1000, completion_tokens=100))
    client = _client(srv, tmp_path, model="openai/gpt-4o", max_calls=5)
    reply = client.chat([user("hi")], purpose="p.x")
    price = litellm_backend.load_litellm().model_cost["gpt-4o"]
    expected = 1000 * price["input_cost_per_token"] + 100 * price["output_cost_per_token"]
    assert reply.cost == pytest.approx(expected) and reply.cost > 0
    assert client.accounting.totals().cost == pytest.approx(expected)


def test_samples_reach_the_server_separately(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server()
    client = _client(srv, tmp_path, temperature=1.0, seed=100)
    replies = [client.chat([user("write a program")], purpose="codegen.initial", sample=k) for k in range(3)]
    assert [b["seed"] for b in srv.requests] == [100, 101, 102]
    assert all(not r.cached for r in replies) and len({r.key for r in replies}) == 3


# ------------------------------------------------------------------------------------------------ retries
def test_rate_limit_honours_retry_after(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(RateLimit(retry_after=1), Text("after the wait"))
    reply = _client(srv, tmp_path).chat([user("q")], purpose="p.x")
    assert reply.text == "after the wait" and len(srv.requests) == 2
    gap = srv.times[1] - srv.times[0]
    assert 1.0 <= gap < 2.0  # waited what the server asked, not the (tiny) backoff
    entry = read_log(tmp_path / "calls.jsonl")[0]
    assert entry["failed_attempts"][0]["status"] == 429 and entry["failed_attempts"][0]["retry_after"] == 1.0


def test_server_error_then_success(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(ServerError(500), ServerError(503), Text("fine"))
    client = _client(srv, tmp_path)
    assert client.chat([user("q")], purpose="p.x").text == "fine"
    assert len(srv.requests) == 3 and client.calls[-1].attempts == 3


def test_stall_past_timeout_is_retried(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    from genplan.llm.litellm_backend import load_litellm

    load_litellm()  # its first import takes seconds on a busy machine: not part of the timing
    srv = server(Stall(5), Text("second try"))
    start = time.monotonic()
    reply = _client(srv, tmp_path, timeout=0.5).chat([user("q")], purpose="p.x")
    assert reply.text == "second try" and len(srv.requests) == 2
    assert time.monotonic() - start < 4  # gave up on the stalled attempt at the timeout


def test_persistent_stall_ends_in_provider_unavailable(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(Stall(5), Stall(5), Stall(5))
    client = _client(srv, tmp_path, timeout=0.5, retry=RetryPolicy(max_retries=2, backoff_base=0.05))
    with pytest.raises(ProviderUnavailable) as info:
        client.chat([user("q")], purpose="strategy.reflect")
    message = str(info.value)
    assert "'strategy.reflect'" in message and "3 attempts" in message and "within 0.5 s" in message
    assert srv.base_url in message and "running and reachable" in message
    assert len(srv.requests) == 3


def test_malformed_json(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(Malformed(), Text("good"))
    assert _client(srv, tmp_path).chat([user("q")], purpose="p.x").text == "good"
    srv.push(Malformed(), Malformed())
    client = _client(srv, tmp_path, retry=RetryPolicy(max_retries=1, backoff_base=0.05))
    with pytest.raises(ProviderUnavailable, match="not valid JSON"):
        client.chat([user("another")], purpose="p.x")


def test_unreachable_api_base(tmp_path: Path) -> None:
    base = f"http://127.0.0.1:{_closed_port()}/v1"
    client = _client(base, tmp_path, retry=RetryPolicy(max_retries=2, backoff_base=0.05))
    with pytest.raises(ProviderUnavailable) as info:
        client.chat([user("q")], purpose="p.x")
    message = str(info.value)
    assert "could not connect" in message and base in message and "3 attempts" in message


# ----------------------------------------------------------------------------------------- final errors
def test_401_is_not_retried(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(Unauthorized(), Text("never"))
    client = _client(srv, tmp_path)
    with pytest.raises(AuthenticationError) as info:
        client.chat([user("q")], purpose="p.x")
    assert len(srv.requests) == 1
    assert "OPENAI_API_KEY" in str(info.value) and "rejected the API key" in str(info.value)
    assert read_log(tmp_path / "calls.jsonl")[0]["error"]["type"] == "AuthenticationError"


def test_context_window_exceeded(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(ContextOverflow())
    with pytest.raises(ContextWindowExceeded) as info:
        _client(srv, tmp_path).chat([user("a very long prompt")], purpose="codegen.fix")
    assert "context window" in str(info.value) and "maximum context length is 8192" in str(info.value)
    assert len(srv.requests) == 1


def test_model_not_found_on_server(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server(Status(404, "The model `stub` does not exist", code="model_not_found"))
    with pytest.raises(UnknownModel, match=r"does not know the model 'openai/stub'.*ends in /v1"):
        _client(srv, tmp_path).chat([user("q")], purpose="p.x")
    assert len(srv.requests) == 1


@pytest.mark.parametrize("status", [400, 403, 422])
def test_rejected_request_is_not_retried(server: Callable[..., OpenAIStubServer], tmp_path: Path, status: int) -> None:
    srv = server(Status(status, "temperature must be at most 2", code="invalid_value"))
    with pytest.raises(RequestRejected, match=rf"rejected the request.*HTTP {status}.*temperature must be"):
        _client(srv, tmp_path).chat([user("q")], purpose="p.x")
    assert len(srv.requests) == 1


@pytest.fixture
def tripwire(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Replace litellm.completion: any call that would send a request is recorded and fails."""
    sent: list[object] = []

    def completion(**kwargs: object) -> None:
        sent.append(kwargs)
        raise AssertionError("a request was sent")

    monkeypatch.setattr(litellm_backend.load_litellm(), "completion", completion)
    return sent


@pytest.mark.parametrize(
    ("model", "variable"),
    [("openai/gpt-4o", "OPENAI_API_KEY"), ("deepseek/deepseek-chat", "DEEPSEEK_API_KEY"),
     ("anthropic/claude-3-5-sonnet-20241022", "ANTHROPIC_API_KEY")],
)  # fmt: skip
def test_missing_api_key_sends_nothing(tripwire: list[object], tmp_path: Path, model: str, variable: str) -> None:
    client = make_client(model=model, cache_dir=tmp_path / "c", log_path=tmp_path / "l.jsonl")
    with pytest.raises(AuthenticationError) as info:
        client.chat([user("q")], purpose="p.x")
    assert variable in str(info.value) and "nothing was sent" in str(info.value)
    assert info.value.env_vars == (variable,)
    assert tripwire == [] and client.calls == ()


@pytest.mark.parametrize("model", ["deepseek/deepseek-chat", "ollama/qwen3"])
def test_key_present_or_not_needed(
    tripwire: list[object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model: str
) -> None:
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-test")  # ollama needs no key (nor OLLAMA_API_BASE)
    client = make_client(model=model, cache_dir=tmp_path / "c", retry=FAST)
    with pytest.raises(AssertionError, match="a request was sent"):
        client.chat([user("q")], purpose="p.x")
    assert len(tripwire) == 1  # the check passed; the tripwire stopped it at the door


@pytest.mark.parametrize("model", ["foo/bar", "gpt-nonexistent", "no-provider-model"])
def test_unknown_model_string(
    tripwire: list[object], tmp_path: Path, model: str, capfd: pytest.CaptureFixture[str]
) -> None:
    client = make_client(model=model, cache_dir=tmp_path / "c")
    with pytest.raises(UnknownModel) as info:
        client.chat([user("q")], purpose="p.x")
    message = str(info.value)
    assert repr(model) in message and "provider/model" in message and "openai/gpt-4o" in message
    assert tripwire == []
    out, err = capfd.readouterr()
    assert "Provider List" not in out + err  # litellm's own prints are silenced


def test_check_runs_before_the_first_paid_call_only(tmp_path: Path) -> None:
    # A run replayed entirely from the cache needs neither a key nor a reachable server.
    client = make_client(model="openai/gpt-4o", cache_dir=tmp_path / "c")
    assert client.cache is not None
    from genplan.llm.cache import cache_key
    from genplan.llm.types import Request, SamplingParams

    request = Request("openai/gpt-4o", (user("q"),), SamplingParams())
    client.cache.add(cache_key(request, 0), {"text": "cached answer", "usage": {}, "cost": 0.01})
    reply = client.chat([user("q")], purpose="p.x")
    assert reply.cached and reply.text == "cached answer" and reply.original_cost == 0.01
    with pytest.raises(AuthenticationError):
        client.check()


@pytest.mark.parametrize("base", ["localhost:8000/v1", "ftp://host/v1", "http:///v1", "http://host:port/v1"])
def test_an_api_base_that_is_no_url_fails_the_check(tripwire: list[object], tmp_path: Path, base: str) -> None:
    client = make_client(model="openai/stub", api_base=base, cache_dir=tmp_path / "c")
    with pytest.raises(ApiBaseError, match="--api-base") as info:
        client.chat([user("q")], purpose="p.x")
    assert repr(base) in str(info.value) and "http://localhost:8000/v1" in str(info.value)
    assert tripwire == [] and client.calls == ()


def test_preflight_finds_a_server_that_does_not_answer(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server()
    make_client(model="openai/stub", api_base=srv.base_url, cache_dir=tmp_path / "c").preflight()
    assert srv.requests == []  # a connection, not a request
    base = f"http://127.0.0.1:{_closed_port()}/v1"
    client = make_client(model="openai/stub", api_base=base, cache_dir=tmp_path / "c")
    started = time.monotonic()
    with pytest.raises(ApiBaseError, match=f"Nothing answers at the --api-base {base}"):
        client.preflight()
    assert time.monotonic() - started < 5  # at once, not after the retries a call would make
    with pytest.raises(AuthenticationError, match="OPENAI_API_KEY"):  # and the key is checked too
        make_client(model="openai/gpt-4o", cache_dir=tmp_path / "c").preflight()
    assert not (tmp_path / "c").exists()


def test_budget_stops_before_sending(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server()
    client = _client(srv, tmp_path, max_calls=2)
    client.chat([user("1")], purpose="p.x")
    client.chat([user("2")], purpose="p.x")
    with pytest.raises(BudgetExceeded):
        client.chat([user("3")], purpose="p.x")
    assert len(srv.requests) == 2
    assert client.accounting.budget == Budget(max_calls=2)


# ---------------------------------------------------------------------------------------- crash, resume
_RUN = textwrap.dedent(
    """
    import os, sys
    from genplan.llm import RetryPolicy, make_client, user
    base, cache_dir, log_path, crash_after = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    client = make_client(model="openai/stub", api_base=base, cache_dir=cache_dir, log_path=log_path,
                         timeout=10, retry=RetryPolicy(backoff_base=0.05))
    for i in range(3):
        reply = client.chat([user(f"question {i}")], purpose="resume.test")
        print(i, reply.cached, reply.text, flush=True)
        if i + 1 == crash_after:
            os._exit(9)  # dies without any cleanup, right after a paid reply came back
    """
)


@pytest.mark.slow
def test_crash_and_restart_sends_no_request_twice(server: Callable[..., OpenAIStubServer], tmp_path: Path) -> None:
    srv = server()
    env = {k: v for k, v in os.environ.items() if k not in KEY_VARS} | {"PYTHONPATH": str(REPO)}
    args = [srv.base_url, str(tmp_path / "cache"), str(tmp_path / "calls.jsonl")]

    def run(crash_after: int) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", _RUN, *args, str(crash_after)],
            capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path,
        )  # fmt: skip

    crashed = run(crash_after=2)
    assert crashed.returncode == 9, crashed.stderr
    assert crashed.stdout.splitlines() == ["0 False echo: question 0", "1 False echo: question 1"]
    assert len(srv.requests) == 2
    resumed = run(crash_after=0)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.splitlines() == [
        "0 True echo: question 0",
        "1 True echo: question 1",
        "2 False echo: question 2",
    ]
    assert len(srv.requests) == 3  # every question was sent exactly once over both runs
    assert [b["messages"][-1]["content"] for b in srv.requests] == [f"question {i}" for i in range(3)]
    log = read_log(tmp_path / "calls.jsonl")
    assert [e["cached"] for e in log] == [False, False, True, True, False]
    assert crashed.stderr == "" and resumed.stderr == ""  # litellm printed nothing
