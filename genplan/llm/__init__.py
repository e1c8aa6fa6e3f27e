"""LLM access: one ``chat`` interface with caching, accounting, budgets, retries and a call log.

Stages call :meth:`LLMClient.chat`; runs build the client with :func:`make_client` or
:func:`client_from_config`; tests use :class:`ScriptedBackend`. Importing this package does not import
litellm (slow to import): the litellm backend loads it on its first call.
"""

from .accounting import Accounting, Budget, Totals
from .cache import CACHE_FORMAT, ReplyCache, cache_key, default_cache_dir
from .calllog import CallLog, read_log
from .client import Backend, LLMClient, RetryPolicy, client_from_config, make_client
from .errors import (
    ApiBaseError,
    AuthenticationError,
    BudgetExceeded,
    ContextWindowExceeded,
    LLMError,
    ProviderUnavailable,
    RequestRejected,
    TransientFailure,
    UnknownModel,
)
from .litellm_backend import LiteLLMBackend
from .scripted import ScriptedBackend, ScriptedCall, ScriptedReply, ScriptExhausted
from .types import CallRecord, Message, RawReply, Reply, Request, SamplingParams, Usage, assistant, system, user

__all__ = [
    "CACHE_FORMAT",
    "Accounting",
    "ApiBaseError",
    "AuthenticationError",
    "Backend",
    "Budget",
    "BudgetExceeded",
    "CallLog",
    "CallRecord",
    "ContextWindowExceeded",
    "LLMClient",
    "LLMError",
    "LiteLLMBackend",
    "Message",
    "ProviderUnavailable",
    "RawReply",
    "Reply",
    "ReplyCache",
    "Request",
    "RequestRejected",
    "RetryPolicy",
    "SamplingParams",
    "ScriptExhausted",
    "ScriptedBackend",
    "ScriptedCall",
    "ScriptedReply",
    "Totals",
    "TransientFailure",
    "UnknownModel",
    "Usage",
    "assistant",
    "cache_key",
    "client_from_config",
    "default_cache_dir",
    "make_client",
    "read_log",
    "system",
    "user",
]
