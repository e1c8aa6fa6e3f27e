"""The real backend: one chat completion through litellm, with its errors turned into ours.

litellm routes any provider string (``openai/gpt-4o``, ``deepseek/deepseek-chat``, ``anthropic/...``,
``ollama/...``) and any OpenAI-compatible server given as ``api_base`` (vLLM, llama.cpp, Ollama). It is
imported lazily, on the first call that needs it, because importing it takes seconds and a run replayed
entirely from the cache never needs it; before the import the offline price table is selected
(``LITELLM_LOCAL_MODEL_COST_MAP``) so that importing it never reaches the network, and its own logging
and "give feedback" prints are silenced: genplan reports errors itself.

litellm's own retries are switched off (``num_retries=0``): the client retries, with backoff that honours
``Retry-After``, and logs every attempt.
"""

from __future__ import annotations

import email.utils
import logging
import os
import re
import socket
import time
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from .errors import (
    ApiBaseError,
    AuthenticationError,
    ContextWindowExceeded,
    RequestRejected,
    TransientFailure,
    UnknownModel,
)
from .types import RawReply, Request, Usage

log = logging.getLogger(__name__)

#: Sent as the key to a local server (``api_base``) when no key is configured: such servers ignore it,
#: but the OpenAI client refuses to send a request without one.
NO_KEY = "sk-no-key-required"

_litellm: Any = None


def load_litellm() -> Any:
    """Import litellm once, offline and quiet."""
    global _litellm
    if _litellm is None:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        litellm.suppress_debug_info = True
        if hasattr(litellm, "telemetry"):
            litellm.telemetry = False
        for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
        logging.getLogger("httpx").setLevel(logging.WARNING)
        _litellm = litellm
    return _litellm


def split_model(model: str) -> tuple[str, str]:
    """``(provider, model name)`` of a litellm model string, or :class:`UnknownModel`."""
    litellm = load_litellm()
    try:
        name, provider, _, _ = litellm.get_llm_provider(model)
    except Exception as exc:  # litellm raises BadRequestError (and sometimes others) for unroutable strings
        raise UnknownModel(f"litellm cannot tell which provider serves the model string {model!r}.") from exc
    return provider, name


def required_key_vars(model: str) -> tuple[str, ...]:
    """Environment variables of which one must hold an API key for ``model`` (none if set already).

    Only credentials count (names ending in KEY or TOKEN): variables such as ``OLLAMA_API_BASE`` have
    working defaults and are not required.
    """
    litellm = load_litellm()
    try:
        env = litellm.validate_environment(model)
    except Exception:  # pragma: no cover - litellm could not tell; let the provider answer
        return ()
    if env.get("keys_in_environment"):
        return ()
    missing = tuple(k for k in env.get("missing_keys", ()) if k.endswith(("KEY", "TOKEN")))
    return missing


def supports_reasoning(model: str) -> bool | None:
    """Whether litellm's model table lists ``model`` as a reasoning model (``None``: not in the table)."""
    litellm = load_litellm()
    try:
        return bool(litellm.supports_reasoning(model))
    except Exception:  # pragma: no cover
        return None


def context_window(model: str) -> int | None:
    """The model's input context in tokens, from litellm's model table (``None``: not in the table)."""
    litellm = load_litellm()
    try:
        info = litellm.get_model_info(model)
    except Exception:
        return None
    value = info.get("max_input_tokens") or info.get("max_tokens")
    return int(value) if value else None


#: Seconds to wait for a connection to ``api_base`` when a run starts.
PROBE_TIMEOUT = 5.0


def check_api_base(api_base: str) -> str:
    """``api_base`` if it is an http(s) URL with a host, else :class:`ApiBaseError` (nothing is sent).

    litellm would accept ``localhost:8000/v1`` and only fail at the first request, with an error that
    does not name the option.
    """
    try:
        parts = urlsplit(api_base)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as exc:
        raise ApiBaseError(f"The --api-base {api_base!r} is not a valid URL ({exc}).") from None
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ApiBaseError(f"The --api-base {api_base!r} is not an http:// or https:// URL with a host.")
    return api_base


@dataclass
class LiteLLMBackend:
    """Calls litellm. ``api_base`` selects a local OpenAI-compatible server (no key needed)."""

    api_base: str | None = None
    #: An explicit key; otherwise litellm reads the provider's environment variable.
    api_key: str | None = None
    #: Drop sampling parameters the model does not accept (e.g. ``temperature`` for o1) instead of failing.
    drop_params: bool = True
    name: str = "litellm"

    def check(self, model: str) -> None:
        """Fail before sending anything: an api_base that is no http(s) URL, an unroutable model string, or
        no API key for a hosted provider."""
        if self.api_base is not None:
            check_api_base(self.api_base)
        provider, _ = split_model(model)
        if self.api_base is None and self.api_key is None:
            missing = required_key_vars(model)
            if missing:
                raise AuthenticationError(
                    f"No API key for {provider} (model {model!r}): {' and '.join(missing)} "
                    f"{'is' if len(missing) == 1 else 'are'} not set, so nothing was sent.",
                    env_vars=missing,
                )

    def context_window(self, model: str) -> int | None:
        """How many tokens a request to ``model`` may hold, if litellm knows (a local server's model it
        usually does not)."""
        return context_window(model)

    def probe(self, timeout: float = PROBE_TIMEOUT) -> None:
        """Fail when nothing accepts a connection at ``api_base``; called once when a run starts.

        Only at the start: later, an unreachable server is a transient failure (a restart, a blip) that the
        client retries. Skipped when a proxy carries the request, as then only the proxy can tell.
        """
        if self.api_base is None:
            return
        parts = urlsplit(check_api_base(self.api_base))
        host = parts.hostname or ""
        if parts.scheme in urllib.request.getproxies() and not urllib.request.proxy_bypass(host):
            return
        port = parts.port or (443 if parts.scheme == "https" else 80)
        try:
            socket.create_connection((host, port), timeout=timeout).close()
        except TimeoutError:
            reason = f"no connection within {timeout:g} s"
        except OSError as exc:
            reason = exc.strerror or str(exc)
        else:
            return
        raise ApiBaseError(
            f"Nothing answers at the --api-base {self.api_base} ({reason}), so nothing was started.",
            hint="Start the server, or fix the URL (for OpenAI-compatible servers it usually ends in /v1).",
        )

    def _key(self, model: str) -> str | None:
        if self.api_key is not None:
            return self.api_key
        if self.api_base is not None:
            # A local server: use the provider's key variable if the user set one, else a placeholder.
            provider_vars = required_key_vars(model)
            return NO_KEY if provider_vars else None
        return None

    def complete(self, request: Request, *, timeout: float, purpose: str = "") -> RawReply:
        litellm = load_litellm()
        kwargs: dict[str, Any] = dict(request.sampling.canonical())
        if self.api_base is not None:
            kwargs["api_base"] = self.api_base
        key = self._key(request.model)
        if key is not None:
            kwargs["api_key"] = key
        try:
            response = litellm.completion(
                model=request.model,
                messages=[m.to_json() for m in request.messages],
                timeout=timeout,
                num_retries=0,
                max_retries=0,
                drop_params=self.drop_params,
                **kwargs,
            )
        except Exception as exc:
            ours = self._translate(exc, request, timeout)
            if ours is exc:  # not an error of the provider's: a bug, let it surface as it is
                raise
            raise ours from exc
        return self._reply(litellm, response)

    # --------------------------------------------------------------------------------- translation
    def _reply(self, litellm: Any, response: Any) -> RawReply:
        choice = response.choices[0]
        message = choice.message
        text = getattr(message, "content", None) or ""
        reasoning = getattr(message, "reasoning_content", None) or None
        usage_obj = getattr(response, "usage", None)
        reasoning_tokens = None
        details = getattr(usage_obj, "completion_tokens_details", None)
        if details is not None:
            reasoning_tokens = getattr(details, "reasoning_tokens", None)
        usage = Usage(
            prompt_tokens=getattr(usage_obj, "prompt_tokens", None),
            completion_tokens=getattr(usage_obj, "completion_tokens", None),
            reasoning_tokens=reasoning_tokens,
        )
        cost: float | None = None
        if usage.total_tokens is not None:  # without token counts any price would be a guess
            try:
                cost = float(litellm.completion_cost(completion_response=response))
            except Exception:  # not in the price table: unknown, never 0
                cost = None
        try:
            raw = response.model_dump(mode="json")
        except Exception:  # pragma: no cover
            raw = None
        return RawReply(
            text=text,
            usage=usage,
            cost=cost,
            reasoning=reasoning,
            finish_reason=getattr(choice, "finish_reason", None),
            served_model=getattr(response, "model", None),
            raw=raw,
        )

    def _where(self, model: str) -> str:
        return f"the server at {self.api_base}" if self.api_base else f"the provider of {model!r}"

    def _translate(self, exc: Exception, request: Request, timeout: float) -> Exception:
        """Our error for a litellm exception: final (a GenplanError) or :class:`TransientFailure`."""
        litellm = load_litellm()
        model = request.model
        where = self._where(model)
        detail = _short(exc)
        status = getattr(exc, "status_code", None)
        if isinstance(exc, litellm.AuthenticationError):
            env_vars = _key_vars_for(model)
            names = " or ".join(env_vars) or "the provider's API key variable"
            if self.api_key is not None:
                hint = "Check the API key given to genplan."
            elif self.api_base is not None and not any(os.environ.get(v) for v in env_vars):
                hint = f"No key was set, so a placeholder was sent; put the key the server expects in {names}."
            else:
                hint = f"Check the key in {names}."
            return AuthenticationError(f"{_cap(where)} rejected the API key: {detail}", env_vars=env_vars, hint=hint)
        if isinstance(exc, litellm.ContextWindowExceededError):
            chars = sum(len(m.content) for m in request.messages)
            return ContextWindowExceeded(
                f"The prompt ({len(request.messages)} messages, {chars} characters) does not fit the context "
                f"window of {model!r}: {detail}",
                hint="Use a model with a longer context window, or lower max_tokens.",
            )
        if isinstance(exc, litellm.RateLimitError):
            return TransientFailure(f"rate limited by {where}: {detail}", retry_after=_retry_after(exc), status=429)
        if isinstance(exc, litellm.Timeout):
            return TransientFailure(f"no answer from {where} within {timeout:g} s", status=408)
        refused = _connection_failure(exc)
        if isinstance(exc, litellm.APIConnectionError) or refused:
            return TransientFailure(f"could not connect to {where} ({refused or detail})")
        if _malformed(exc):
            detail = detail.split(", Received response")[0].removeprefix("error - ")
            return TransientFailure(f"{where} sent a response that is not valid JSON ({detail})", status=status)
        if isinstance(exc, litellm.NotFoundError):
            return UnknownModel(
                f"{_cap(where)} does not know the model {model!r} (HTTP 404: {detail}).",
                hint=(
                    "Check the model name the server serves, and that --api-base ends in /v1 for "
                    "OpenAI-compatible servers. " + UnknownModel.HINT
                )
                if self.api_base
                else None,
            )
        if isinstance(exc, litellm.BadRequestError) and "LLM Provider NOT provided" in str(exc):
            return UnknownModel(f"litellm cannot tell which provider serves the model string {model!r}.")
        if isinstance(status, int) and (status >= 500 or status == 408):
            return TransientFailure(f"{where} failed with HTTP {status} ({detail})", status=status)
        if isinstance(exc, (litellm.InternalServerError, litellm.ServiceUnavailableError)):
            return TransientFailure(f"{where} failed ({detail})", status=status)
        if isinstance(exc, (litellm.BadRequestError, litellm.PermissionDeniedError)) or isinstance(status, int):
            return RequestRejected(
                f"{_cap(where)} rejected the request for {model!r}"
                + (f" (HTTP {status})" if status else "")
                + f": {detail}",
                hint="This is not retried; check the model name and sampling parameters.",
            )
        if isinstance(exc, litellm.APIError):  # an API failure without a status: worth another attempt
            return TransientFailure(f"{where} failed ({detail})")
        return exc


#: Key variables of hosted providers, for messages after the provider rejected a key.
_KEY_VARS: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "deepseek": ("DEEPSEEK_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "mistral": ("MISTRAL_API_KEY",),
    "groq": ("GROQ_API_KEY",),
    "together_ai": ("TOGETHERAI_API_KEY",),
    "openrouter": ("OPENROUTER_API_KEY",),
    "xai": ("XAI_API_KEY",),
    "fireworks_ai": ("FIREWORKS_AI_API_KEY",),
    "cohere": ("COHERE_API_KEY",),
}


def _key_vars_for(model: str) -> tuple[str, ...]:
    """The key variables of the model's provider, set or not (for messages)."""
    try:
        provider, _ = split_model(model)
    except UnknownModel:  # pragma: no cover - checked before sending
        return ()
    return _KEY_VARS.get(provider, (f"{provider.upper()}_API_KEY",))


_PREFIX = re.compile(r"^(?:(?:litellm\.)?[A-Za-z]*(?:Error|Exception|Timeout)\s*[:-]\s*)+")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _connection_failure(exc: BaseException) -> str | None:
    """The low-level reason when the exception chain holds a failed connection (litellm reports a
    refused connection as an HTTP 500 "Connection error.")."""
    seen = 0
    cur: BaseException | None = exc
    while cur is not None and seen < 20:
        if isinstance(cur, OSError) and not isinstance(cur, TimeoutError):
            return cur.strerror or str(cur)
        if type(cur).__name__ in {"ConnectError", "RemoteProtocolError", "ReadError"}:
            return str(cur) or type(cur).__name__
        cur = cur.__cause__ or cur.__context__
        seen += 1
    return None


def _malformed(exc: BaseException) -> bool:
    """A reply body that did not parse (a proxy cut it, a server bug): worth another attempt."""
    cur: BaseException | None = exc
    for _ in range(20):
        if cur is None:
            return False
        if isinstance(cur, ValueError) and type(cur).__name__ == "JSONDecodeError":
            return True
        cur = cur.__cause__ or cur.__context__
    return "Expecting value" in str(exc) or "Unterminated string" in str(exc)


def _short(exc: Exception, limit: int = 400) -> str:
    """The provider's message without litellm's class-name prefixes, on one line."""
    text = getattr(exc, "message", None) or str(exc)
    text = _PREFIX.sub("", " ".join(str(text).split())).strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _retry_after(exc: Exception) -> float | None:
    """Seconds from a ``Retry-After``/``retry-after-ms`` header of the failed response, if any."""
    headers: Any = getattr(exc, "litellm_response_headers", None)
    if not headers:
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None)
    if not headers:
        return None
    try:
        ms = headers.get("retry-after-ms")
        if ms is not None:
            return max(0.0, float(ms) / 1000.0)
        value = headers.get("retry-after")
    except Exception:  # pragma: no cover
        return None
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
