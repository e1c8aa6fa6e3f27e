"""A loopback server that speaks the OpenAI chat-completions protocol, for tests.

It lets the real litellm path run end to end without any network: tests start it on ``127.0.0.1`` (an
ephemeral port), point ``api_base`` at :attr:`OpenAIStubServer.base_url`, and script what each request
gets: a normal reply, a rate limit with ``Retry-After``, a server error, a stall, a malformed body, an
authentication failure or a context-window overflow. It records every request body it receives, so a
test can assert how many requests were really sent.

The server is bounded: it answers at most ``max_requests`` requests (later ones get HTTP 503) and shuts
itself down after ``lifetime`` seconds even if a test forgets to, and a stalled handler wakes up as soon
as the server stops.

Usage::

    with OpenAIStubServer(lambda body: "hello", script=[RateLimit(retry_after=1)]) as srv:
        litellm.completion(model="openai/stub", api_base=srv.base_url, api_key="test", messages=[...])
        assert len(srv.requests) == 2
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Text:
    """A normal completion. ``reasoning`` is returned as ``message.reasoning_content`` (DeepSeek-style)."""

    text: str
    reasoning: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str = "stop"


@dataclass(frozen=True)
class RateLimit:
    """HTTP 429 with a ``Retry-After`` header in seconds (omitted when ``None``)."""

    retry_after: float | None = 1.0


@dataclass(frozen=True)
class ServerError:
    """An HTTP 5xx with an OpenAI-style error body."""

    status: int = 500


@dataclass(frozen=True)
class Stall:
    """Wait ``seconds`` before answering (then answer with ``then``), to trigger client timeouts."""

    seconds: float
    then: Text | None = None


@dataclass(frozen=True)
class Malformed:
    """HTTP 200 whose body is not valid JSON."""

    body: str = '{"id": "chatcmpl-broken", "choices": [ {"message": '


@dataclass(frozen=True)
class Unauthorized:
    """HTTP 401 with OpenAI's ``invalid_api_key`` error body."""


@dataclass(frozen=True)
class ContextOverflow:
    """HTTP 400 with OpenAI's ``context_length_exceeded`` error body."""


@dataclass(frozen=True)
class Status:
    """Any status with a given JSON error body, for cases the named behaviours do not cover."""

    status: int
    message: str = "error"
    code: str | None = None
    type: str = "invalid_request_error"


Behaviour = Text | RateLimit | ServerError | Stall | Malformed | Unauthorized | ContextOverflow | Status
#: Turns a request body (the parsed JSON) into a behaviour; a plain string means ``Text(string)``.
Responder = Callable[[dict[str, Any]], "Behaviour | str"]


def echo_last_user(body: dict[str, Any]) -> str:
    """The default responder: repeats the last user message, so replies differ per request."""
    users = [m.get("content") for m in body.get("messages", []) if m.get("role") == "user"]
    return f"echo: {users[-1] if users else ''}"


def _approx_tokens(text: str) -> int:
    return max(1, len(text.split()))


class OpenAIStubServer:
    """A threaded HTTP server on 127.0.0.1 serving ``POST /v1/chat/completions``.

    ``script`` behaviours are used in order, one per request; once it is exhausted every request goes
    to ``responder``. Use as a context manager (or call :meth:`start`/:meth:`stop`).
    """

    def __init__(
        self,
        responder: Responder = echo_last_user,
        script: Iterable[Behaviour | str] = (),
        *,
        max_requests: int = 200,
        lifetime: float = 120.0,
    ) -> None:
        self.responder = responder
        self._script: list[Behaviour | str] = list(script)
        self.max_requests = max_requests
        self.lifetime = lifetime
        #: Parsed JSON bodies of every request received, in arrival order.
        self.requests: list[dict[str, Any]] = []
        #: Arrival times (``time.monotonic()``) of the requests, parallel to :attr:`requests`.
        self.times: list[float] = []
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._timer: threading.Timer | None = None

    # ------------------------------------------------------------------------------------- lifecycle
    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        """What to pass as ``api_base``: ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> OpenAIStubServer:
        handler = _make_handler(self)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05})
        self._thread.daemon = True
        self._thread.start()
        self._timer = threading.Timer(self.lifetime, self.stop)
        self._timer.daemon = True
        self._timer.start()
        return self

    def stop(self) -> None:
        if self._stopped.is_set():
            return
        self._stopped.set()
        if self._timer is not None:
            self._timer.cancel()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def __enter__(self) -> OpenAIStubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def push(self, *behaviours: Behaviour | str) -> None:
        """Append behaviours to the script (used before the responder again)."""
        with self._lock:
            self._script.extend(behaviours)

    # ------------------------------------------------------------------------------------- dispatch
    def _next(self, body: dict[str, Any]) -> Behaviour:
        with self._lock:
            self.requests.append(body)
            self.times.append(time.monotonic())
            if len(self.requests) > self.max_requests:
                return Status(503, "stub server request limit reached", type="server_error")
            chosen = self._script.pop(0) if self._script else None
        if chosen is None:
            chosen = self.responder(body)
        return Text(chosen) if isinstance(chosen, str) else chosen


def _make_handler(server: OpenAIStubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._json(404, _error("not found", "invalid_request_error", None))
                return
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                self._json(400, _error("request body is not JSON", "invalid_request_error", None))
                return
            self._serve(server._next(body), body)

        def _serve(self, behaviour: Behaviour, body: dict[str, Any]) -> None:
            if isinstance(behaviour, Stall):
                if server._stopped.wait(behaviour.seconds):
                    return
                behaviour = behaviour.then or Text(echo_last_user(body))
            if isinstance(behaviour, Text):
                self._json(200, _completion(behaviour, body))
            elif isinstance(behaviour, RateLimit):
                headers = {} if behaviour.retry_after is None else {"Retry-After": f"{behaviour.retry_after:g}"}
                self._json(429, _error("Rate limit reached, slow down.", "rate_limit_error", "rate_limit_exceeded"),
                           headers)  # fmt: skip
            elif isinstance(behaviour, ServerError):
                self._json(behaviour.status, _error("The stub server failed.", "server_error", None))
            elif isinstance(behaviour, Malformed):
                self._raw(200, behaviour.body.encode(), "application/json")
            elif isinstance(behaviour, Unauthorized):
                msg = "Incorrect API key provided: test. You can find your API key in your account settings."
                self._json(401, _error(msg, "invalid_request_error", "invalid_api_key"))
            elif isinstance(behaviour, ContextOverflow):
                msg = (
                    "This model's maximum context length is 8192 tokens. However, your messages resulted in "
                    "12000 tokens. Please reduce the length of the messages."
                )
                self._json(400, _error(msg, "invalid_request_error", "context_length_exceeded"))
            elif isinstance(behaviour, Status):
                self._json(behaviour.status, _error(behaviour.message, behaviour.type, behaviour.code))
            else:  # pragma: no cover - a test scripted something unknown
                raise TypeError(f"unknown behaviour {behaviour!r}")

        def _json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
            self._raw(status, json.dumps(payload).encode(), "application/json", headers)

        def _raw(self, status: int, data: bytes, ctype: str, headers: dict[str, str] | None = None) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout): fine
                pass

    return Handler


def _error(message: str, type_: str, code: str | None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def _completion(t: Text, body: dict[str, Any]) -> dict[str, Any]:
    prompt = " ".join(str(m.get("content", "")) for m in body.get("messages", []))
    pt = t.prompt_tokens if t.prompt_tokens is not None else _approx_tokens(prompt)
    ct = t.completion_tokens if t.completion_tokens is not None else _approx_tokens(t.text)
    message: dict[str, Any] = {"role": "assistant", "content": t.text}
    if t.reasoning is not None:
        message["reasoning_content"] = t.reasoning
    return {
        "id": f"chatcmpl-stub-{len(body.get('messages', []))}",
        "object": "chat.completion",
        "created": 1700000000,
        "model": body.get("model", "stub"),
        "choices": [{"index": 0, "message": message, "finish_reason": t.finish_reason}],
        "usage": {"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
    }
