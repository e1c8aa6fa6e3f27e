"""The one interface every stage calls: ``client.chat(messages, purpose=..., sample=k) -> Reply``.

:class:`LLMClient` wraps a *backend* (the litellm backend, or the scripted double in tests) with the
behaviour every call needs, so that this code is the same in tests and in real runs:

1. the cache is asked first; a hit is free, counted as cached and logged;
2. the budget caps are checked, and the backend's preflight check (model string, API key) runs once;
3. the request is sent with a per-call timeout; transient failures (rate limits, 5xx, dropped
   connections, timeouts, malformed bodies) are retried with exponential backoff that honours
   ``Retry-After``; anything else ends the call at once;
4. the reply is stored in the cache *before* ``chat`` returns, appended to the JSONL call log, and
   counted. A crash after a paid call therefore never loses it: the rerun replays it from the cache.

Independent calls (the task descriptions, the plans written by following one strategy version, program
variants written before any repair) go out together through :meth:`LLMClient.run_all`, at most
``concurrency`` at once. Their prompts do not depend on each other, so the replies and cache keys are
those of a sequential run; the call log, too, gets the calls in the order a sequential run would write
them, so the run directory does not depend on which reply came back first.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar

from genplan.core.errors import GenplanError

from .accounting import Accounting, Budget
from .cache import ReplyCache, cache_key
from .calllog import CallLog
from .errors import ProviderUnavailable, TransientFailure
from .types import CallRecord, MessageLike, RawReply, Reply, Request, SamplingParams, Usage, as_messages

log = logging.getLogger(__name__)

T = TypeVar("T")


class Backend(Protocol):
    """Sends one request; raises :class:`TransientFailure` for retryable failures, a GenplanError for
    final ones. A backend may also define ``probe()``, raising a GenplanError when its server cannot be
    reached; :meth:`LLMClient.preflight` calls it when a run starts."""

    name: str

    def check(self, model: str) -> None:
        """Raise a GenplanError if ``model`` cannot be called at all (unknown, no API key)."""
        ...

    def complete(self, request: Request, *, timeout: float, purpose: str = "") -> RawReply: ...


@dataclass(frozen=True)
class RetryPolicy:
    """How transient failures are retried.

    The wait before retry ``i`` (0-based) is ``backoff_base * 2**i`` (capped at ``backoff_max``),
    stretched by up to ``jitter`` with a factor derived from the request key (deterministic, but
    different requests spread out), and never shorter than the server's ``Retry-After`` (itself capped at
    ``retry_after_max``).
    """

    max_retries: int = 5
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    jitter: float = 0.25
    retry_after_max: float = 600.0

    def delay(self, retry: int, retry_after: float | None, key: str = "") -> float:
        backoff = min(self.backoff_max, self.backoff_base * (2**retry))
        if self.jitter:
            digest = hashlib.sha256(f"{key}:{retry}".encode()).digest()
            backoff *= 1.0 + self.jitter * (int.from_bytes(digest[:4], "big") / 2**32)
        if retry_after is not None:
            return max(backoff, min(retry_after, self.retry_after_max))
        return backoff


@dataclass
class _Attempts:
    failures: list[dict[str, Any]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.failures)


class LLMClient:
    """Caching, accounting, budget, retries and logging around a backend. Thread-safe.

    ``cache=None`` disables caching (every call is sent); ``log_path=None`` disables the call log.
    ``concurrency`` bounds how many calls :meth:`run_all` has in flight at once (1: one after another).
    """

    def __init__(
        self,
        backend: Backend,
        *,
        model: str,
        sampling: SamplingParams | None = None,
        cache: ReplyCache | None = None,
        log_path: str | Path | None = None,
        budget: Budget | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 600.0,
        sleep: Callable[[float], None] = time.sleep,
        concurrency: int = 1,
    ) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.backend = backend
        self.concurrency = concurrency
        # The call-log entries of the job a thread is running inside run_all (None outside run_all).
        self._local = threading.local()
        self.model = model
        self.sampling = sampling or SamplingParams()
        self.cache = cache
        self.log = CallLog(log_path) if log_path is not None else None
        self.accounting = Accounting(budget)
        self.retry = retry or RetryPolicy()
        self.timeout = timeout
        self._sleep = sleep
        self._checked = False
        self._check_lock = threading.Lock()

    # ------------------------------------------------------------------------------------- public
    def check(self) -> None:
        """Run the backend's preflight check (model string, API key) now rather than at the first paid call."""
        with self._check_lock:
            if not self._checked:
                self.backend.check(self.model)
                self._checked = True

    def preflight(self) -> None:
        """Everything that can be checked before a run starts: :meth:`check`, and that the backend's
        server accepts connections (when it can tell). A run calls this before it creates anything."""
        self.check()
        probe = getattr(self.backend, "probe", None)
        if callable(probe):
            probe()

    def context_window(self) -> int | None:
        """The model's context window in tokens, if the backend can tell (``None`` otherwise)."""
        known = getattr(self.backend, "context_window", None)
        return known(self.model) if callable(known) else None

    def chat(
        self,
        messages: Iterable[MessageLike],
        *,
        purpose: str,
        sample: int = 0,
        sampling: SamplingParams | None = None,
    ) -> Reply:
        """Sample ``sample`` of the model's reply to ``messages``.

        ``purpose`` names the call for accounting and the log (``"stage.step"``, e.g.
        ``"strategy.reflect"``; the part before the dot is the stage). ``sample`` distinguishes
        independent samples of the same prompt: each index is cached separately and replayed exactly.
        ``sampling`` overrides the client's sampling parameters for this call.
        """
        if sample < 0:
            raise ValueError("sample must be >= 0")
        base = Request(self.model, as_messages(messages), sampling or self.sampling)
        key = cache_key(base, sample)
        sent = Request(base.model, base.messages, base.sampling.for_sample(sample))

        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return self._replay(hit, sent, key, purpose, sample)

        self.check()
        self.accounting.reserve(purpose)
        try:
            return self._send(sent, key, purpose, sample)
        finally:
            self.accounting.release()

    def run_all(self, jobs: Sequence[Callable[[], T]]) -> list[T]:
        """Run independent jobs, each of which may make calls, up to :attr:`concurrency` at a time; their
        results in job order.

        The call log receives each job's entries in job order (a job's entries are held back until every
        earlier job has finished), so it reads as if the jobs had run one after another. If a job fails,
        no further job starts; the ones already running finish (their replies are paid for, and cached),
        and the failure of the earliest failing job is raised, as a sequential run would have raised it.
        Ctrl-C stops waiting at once. A job that itself calls ``run_all`` runs its jobs one by one.
        """
        jobs = list(jobs)
        if self.concurrency <= 1 or len(jobs) <= 1 or getattr(self._local, "entries", None) is not None:
            return [job() for job in jobs]
        return _OrderedJobs(self, jobs).run()

    @property
    def calls(self) -> tuple[CallRecord, ...]:
        return self.accounting.records

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------------------------ internals
    def _replay(self, hit: dict[str, Any], sent: Request, key: str, purpose: str, sample: int) -> Reply:
        usage = Usage.from_json(hit.get("usage"))
        original_cost = hit.get("cost")
        reply = Reply(
            text=hit.get("text", ""),
            usage=usage,
            cost=0.0,
            cached=True,
            latency=0.0,
            purpose=purpose,
            sample=sample,
            model=sent.model,
            reasoning=hit.get("reasoning"),
            finish_reason=hit.get("finish_reason"),
            original_cost=original_cost,
            key=key,
        )
        self.accounting.record(
            CallRecord(purpose, sent.model, sample, True, usage, 0.0, 0.0, attempts=0),
            original_cost=original_cost,
        )
        self._log(sent, key, purpose, sample, reply=reply, served_model=hit.get("served_model"))
        return reply

    def _send(self, sent: Request, key: str, purpose: str, sample: int) -> Reply:
        attempts = _Attempts()
        start = time.monotonic()
        while True:
            t0 = time.monotonic()
            try:
                raw = self.backend.complete(sent, timeout=self.timeout, purpose=purpose)
                break
            except TransientFailure as exc:
                failure: dict[str, Any] = {
                    "error": exc.description,
                    "status": exc.status,
                    "retry_after": exc.retry_after,
                    "seconds": round(time.monotonic() - t0, 6),
                }
                attempts.failures.append(failure)
                if attempts.count > self.retry.max_retries:
                    error = ProviderUnavailable(
                        f"The {purpose!r} call to {sent.model!r} failed after {attempts.count} "
                        f"attempt{'s' if attempts.count > 1 else ''}; "
                        f"the last failure: {exc.description.rstrip('.')}.",
                        hint="Check that the provider or the --api-base server is running and reachable, or "
                        "try again later; every reply paid for so far is cached, so a rerun resumes.",
                    )
                    self._fail(sent, key, purpose, sample, start, attempts, error)
                    raise error from exc
                wait = self.retry.delay(attempts.count - 1, exc.retry_after, key)
                failure["waited"] = round(wait, 6)
                log.warning(
                    "LLM call %r failed (%s); retry %d of %d in %.1f s",
                    purpose,
                    exc.description,
                    attempts.count,
                    self.retry.max_retries,
                    wait,
                )
                self._sleep(wait)
            except BaseException as exc:
                attempts.failures.append({"error": f"{type(exc).__name__}: {exc}", "status": None})
                self._fail(sent, key, purpose, sample, start, attempts, exc)
                raise

        latency = time.monotonic() - start
        entry = {
            "text": raw.text,
            "reasoning": raw.reasoning,
            "usage": raw.usage.to_json(),
            "cost": raw.cost,
            "finish_reason": raw.finish_reason,
            "served_model": raw.served_model,
            "created": _now(),
        }
        stored = self.cache.add(key, entry) if self.cache is not None else entry
        reply = Reply(
            text=stored["text"],
            usage=raw.usage,
            cost=raw.cost,
            cached=False,
            latency=latency,
            purpose=purpose,
            sample=sample,
            model=sent.model,
            reasoning=stored.get("reasoning"),
            finish_reason=stored.get("finish_reason"),
            original_cost=raw.cost,
            key=key,
        )
        self._log(
            sent, key, purpose, sample, reply=reply, attempts=attempts, served_model=raw.served_model, raw=raw.raw
        )
        self.accounting.record(
            CallRecord(purpose, sent.model, sample, False, raw.usage, raw.cost, latency, attempts.count + 1)
        )
        if reply.truncated:
            log.warning("LLM call %r stopped at max_tokens; its answer is probably cut off", purpose)
        return reply

    def _fail(
        self,
        sent: Request,
        key: str,
        purpose: str,
        sample: int,
        start: float,
        attempts: _Attempts,
        error: BaseException,
    ) -> None:
        latency = time.monotonic() - start
        self._log(sent, key, purpose, sample, attempts=attempts, error=error, latency=latency)
        # A call refused before anything reached the provider (e.g. a missing key) counts as not sent.
        self.accounting.record(
            CallRecord(
                purpose, sent.model, sample, False, Usage(), None, latency, attempts.count, error=type(error).__name__
            )
        )

    def _log(
        self,
        sent: Request,
        key: str,
        purpose: str,
        sample: int,
        *,
        reply: Reply | None = None,
        attempts: _Attempts | None = None,
        error: BaseException | None = None,
        latency: float | None = None,
        served_model: str | None = None,
        raw: dict[str, Any] | None = None,
    ) -> None:
        if self.log is None:
            return
        entry: dict[str, Any] = {
            "time": _now(),
            "purpose": purpose,
            "sample": sample,
            "key": key,
            "model": sent.model,
            "backend": getattr(self.backend, "name", type(self.backend).__name__),
            "api_base": getattr(self.backend, "api_base", None),
            "request": {"messages": [m.to_json() for m in sent.messages], "sampling": sent.sampling.canonical()},
            "timeout": self.timeout,
            "cached": bool(reply and reply.cached),
            "failed_attempts": attempts.failures if attempts else [],
        }
        if reply is not None:
            entry.update(
                text=reply.text,
                reasoning=reply.reasoning,
                usage=reply.usage.to_json(),
                cost=reply.cost,
                original_cost=reply.original_cost,
                latency=round(reply.latency, 6),
                finish_reason=reply.finish_reason,
                served_model=served_model,
                response=raw,
                error=None,
            )
        if error is not None:
            message = error.render() if isinstance(error, GenplanError) else str(error)
            entry.update(latency=round(latency or 0.0, 6), error={"type": type(error).__name__, "message": message})
        held = getattr(self._local, "entries", None)
        if held is not None:  # inside run_all: written when every earlier job's entries are
            held.append(entry)
        else:
            self.log.append(entry)


class _OrderedJobs:
    """One :meth:`LLMClient.run_all`: worker threads take jobs in order; log entries leave in job order."""

    def __init__(self, client: LLMClient, jobs: list[Callable[[], Any]]) -> None:
        self.client = client
        self.jobs = jobs
        self.results: list[Any] = [None] * len(jobs)
        self.errors: dict[int, BaseException] = {}
        self.entries: dict[int, list[dict[str, Any]]] = {}
        self.done: set[int] = set()
        self.next_job = 0
        self.next_flush = 0
        self.running = 0
        self.stop = False
        self.cond = threading.Condition()

    def run(self) -> list[Any]:
        workers = min(self.client.concurrency, len(self.jobs))
        for _ in range(workers):
            # Daemon threads: Ctrl-C must not wait for a reply still on its way (it is not lost: the
            # rerun asks again, as after Ctrl-C during a sequential call).
            threading.Thread(target=self._work, daemon=True, name="genplan-llm").start()
        try:
            with self.cond:
                while len(self.done) < len(self.jobs) and not (self.stop and self.running == 0):
                    self.cond.wait(0.2)
        except BaseException:
            with self.cond:
                self.stop = True
                self._flush(everything=True)
            raise
        with self.cond:
            self._flush(everything=True)
        if self.errors:
            raise self.errors[min(self.errors)]
        return self.results

    def _work(self) -> None:
        while True:
            with self.cond:
                if self.stop or self.next_job >= len(self.jobs):
                    return
                index = self.next_job
                self.next_job += 1
                self.running += 1
            held: list[dict[str, Any]] = []
            self.client._local.entries = held
            try:
                self.results[index] = self.jobs[index]()
            except BaseException as exc:  # reported to the caller by run()
                with self.cond:
                    self.errors[index] = exc
                    self.stop = True
            finally:
                self.client._local.entries = None
                with self.cond:
                    self.entries[index] = held
                    self.done.add(index)
                    self.running -= 1
                    self._flush()
                    self.cond.notify_all()

    def _flush(self, everything: bool = False) -> None:
        """Write the held entries of finished jobs in job order: up to the first unfinished job, or (at the
        end, or when stopping) every finished job's."""
        log = self.client.log
        while self.next_flush < len(self.jobs) and self.next_flush in self.done:
            for entry in self.entries.pop(self.next_flush, []):
                if log is not None:
                    log.append(entry)
            self.next_flush += 1
        if everything:
            for index in sorted(self.entries):
                for entry in self.entries.pop(index):
                    if log is not None:
                        log.append(entry)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def make_client(
    *,
    model: str,
    api_base: str | None = None,
    api_key: str | None = None,
    temperature: float | None = 0.0,
    top_p: float | None = None,
    max_tokens: int | None = None,
    seed: int | None = None,
    timeout: float = 600.0,
    max_calls: int | None = None,
    max_cost: float | None = None,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    log_path: str | Path | None = None,
    retry: RetryPolicy | None = None,
    backend: Backend | None = None,
    concurrency: int = 1,
) -> LLMClient:
    """A client for a run: the litellm backend (unless ``backend`` is given), the shared reply cache
    (``cache_dir``, else ``$GENPLAN_LLM_CACHE_DIR``, else ``<cache root>/llm``), the run's call log;
    ``concurrency`` calls at most in flight at once in :meth:`LLMClient.run_all`."""
    from .litellm_backend import LiteLLMBackend

    return LLMClient(
        backend if backend is not None else LiteLLMBackend(api_base=api_base, api_key=api_key),
        model=model,
        sampling=SamplingParams(temperature=temperature, top_p=top_p, max_tokens=max_tokens, seed=seed),
        cache=ReplyCache(cache_dir) if use_cache else None,
        log_path=log_path,
        budget=Budget(max_calls=max_calls, max_cost=max_cost),
        retry=retry,
        timeout=timeout,
        concurrency=concurrency,
    )


def client_from_config(
    config: Any,
    *,
    cache_dir: str | Path | None = None,
    log_path: str | Path | None = None,
    backend: Backend | None = None,
    use_cache: bool = True,
) -> LLMClient:
    """:func:`make_client` from a :class:`genplan.protocols.config.Config` (read by field name, so this module
    does not depend on the configuration module)."""
    return make_client(
        model=config.model,
        api_base=config.api_base,
        temperature=config.temperature,
        top_p=config.top_p,
        max_tokens=config.max_tokens,
        seed=config.llm_seed,
        timeout=config.llm_timeout,
        max_calls=config.max_calls,
        max_cost=config.max_cost,
        cache_dir=cache_dir,
        use_cache=use_cache,
        log_path=log_path,
        backend=backend,
        concurrency=getattr(config, "llm_concurrency", 1),
    )
