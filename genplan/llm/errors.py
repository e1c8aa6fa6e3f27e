"""Errors of LLM access, each a :class:`~genplan.core.errors.GenplanError` with the cause and the fix.

The retry loop needs one more distinction that users never see: :class:`TransientFailure` marks an
attempt that may succeed if repeated (rate limit, 5xx, dropped connection, timeout, malformed body).
Backends raise it; the client retries it and, once the retries are spent, turns it into
:class:`ProviderUnavailable`. Everything else a backend raises is final for the call.
"""

from __future__ import annotations

from genplan.core.errors import GenplanError


class LLMError(GenplanError):
    """Base of every LLM access error a user can cause or fix."""


class AuthenticationError(LLMError):
    """No API key, or the provider rejected it. Never retried: repeating cannot help."""

    def __init__(self, message: str, *, env_vars: tuple[str, ...] = (), hint: str | None = None) -> None:
        self.env_vars = env_vars
        if hint is None and env_vars:
            names = " or ".join(env_vars)
            hint = (
                f"Set {names} in the environment (export {env_vars[0]}=...), or use --api-base to talk to a "
                "local OpenAI-compatible server that needs no key."
            )
        super().__init__(message, hint=hint)


class UnknownModel(LLMError):
    """A model string litellm cannot route, or a model the server says does not exist."""

    HINT = (
        "Write models as provider/model, e.g. openai/gpt-4o, deepseek/deepseek-chat, "
        "anthropic/claude-3-5-sonnet-20241022, gemini/gemini-1.5-pro or ollama/qwen3; for a local "
        "OpenAI-compatible server (vLLM, llama.cpp, Ollama) use openai/<served-model-name> with --api-base."
    )

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message, hint=hint if hint is not None else self.HINT)


class ApiBaseError(LLMError):
    """The ``--api-base`` is not an http(s) URL, or nothing answers there when a run starts."""

    HINT = "Give the server's URL as http://HOST:PORT/v1, e.g. http://localhost:8000/v1 for vLLM."

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message, hint=hint if hint is not None else self.HINT)


class ContextWindowExceeded(LLMError):
    """The prompt (plus ``max_tokens``) does not fit the model's context window. Not retried."""


class RequestRejected(LLMError):
    """The provider refused the request as malformed or not allowed (HTTP 400/403/422). Not retried."""


class ProviderUnavailable(LLMError):
    """Every attempt failed with a transient error (rate limit, 5xx, timeout, no connection)."""


class BudgetExceeded(LLMError):
    """A ``--max-calls`` or ``--max-cost`` cap was reached; raised *before* the call that would pass it.

    Everything paid for so far is in the cache and the call log, so rerunning with a higher cap resumes
    without paying twice.
    """


class TransientFailure(Exception):
    """One failed attempt that may succeed when repeated; internal to the retry loop.

    ``retry_after`` is the server's ``Retry-After`` in seconds when it sent one.
    """

    def __init__(self, description: str, *, retry_after: float | None = None, status: int | None = None) -> None:
        self.description = description
        self.retry_after = retry_after
        self.status = status
        super().__init__(description)
