"""Pipeline configurations: the paper's presets as data, TOML files, and CLI overrides.

A configuration says which protocol to run (how many programs, how many debugging rounds, whether the
strategy is pseudocode and debugged, whether code repair reflects first) and how (model, sampling,
limits). Presets are plain values of :class:`Config`, so new protocols are new data, not new code.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from genplan.errors import GenplanError


class ConfigError(GenplanError):
    """An unknown preset, an unknown setting, or a value of the wrong kind."""


@dataclass(frozen=True)
class Config:
    """Everything that decides what a synthesis run does.

    Field docs double as the CLI help and the `genplan configs` listing.
    """

    #: Preset this configuration started from (informational).
    preset: str = "F5-3"
    #: N: number of initial programs (each debugged up to ``code_rounds`` times).
    n_programs: int = 5
    #: K_C: debugging rounds per program.
    code_rounds: int = 3
    #: K_S: strategy debugging rounds (0: the first strategy is used as written).
    strategy_rounds: int = 5
    #: "pseudocode" (this method) or "prose" (the Silver-style natural-language strategy of the baseline).
    strategy_style: str = "pseudocode"
    #: Reflect on a failure (where and why) before asking for the fixed program.
    code_reflection: bool = True
    #: Show the solved debugging tasks with their correct outputs when asking for a fix.
    positive_feedback: bool = True
    #: Input orderings per task; a task counts only if every ordering gives a valid plan.
    orderings: int = 4
    #: Seconds per program run.
    timeout: float = 45.0
    #: Memory limit per program run, in MiB.
    memory_mb: int = 4096
    #: Picks the prompt examples among the debugging tasks and seeds every shuffle.
    seed: int = 1
    #: litellm model string, e.g. openai/gpt-4o, deepseek/deepseek-chat, ollama/qwen3.
    model: str = "openai/gpt-4o"
    #: Base URL of an OpenAI-compatible server (vLLM, Ollama, llama.cpp); none for hosted providers.
    api_base: str | None = None
    temperature: float | None = 0.0
    top_p: float | None = None
    max_tokens: int | None = 16384
    #: Sampling seed sent to providers that accept one.
    llm_seed: int | None = 1
    #: A reasoning model: prompts leave out "think step by step" instructions.
    reasoning: bool = False
    #: Seconds per LLM call before it is retried.
    llm_timeout: float = 600.0
    #: Stop cleanly after this many paid LLM calls / this many dollars (None: no cap).
    max_calls: int | None = None
    max_cost: float | None = None
    #: Run the generalization check after the strategy and after a program pass every debugging task;
    #: a counterexample it finds becomes a debugging task for the rest of the run.
    generalize: bool = False
    #: Seconds each program check may search (shrinking a counterexample found comes on top). Longer than
    #: `genplan check`'s default: in a run it costs no LLM call, and rare kinds of task take a while to draw.
    generalize_budget_s: float = 120.0
    #: At most this many counterexamples are added in the strategy stage, and as many in the code stage.
    generalize_rounds: int = 3
    #: New tasks the LLM writes plans for (by following the strategy) in each strategy check.
    generalize_strategy_tasks: int = 2

    def check(self) -> Config:
        """Reject values that cannot work, naming the setting."""
        if self.n_programs < 1:
            raise ConfigError("n_programs must be at least 1.")
        if self.code_rounds < 0 or self.strategy_rounds < 0:
            raise ConfigError("code_rounds and strategy_rounds cannot be negative.")
        if self.strategy_style not in {"pseudocode", "prose"}:
            raise ConfigError(f"strategy_style must be 'pseudocode' or 'prose', not {self.strategy_style!r}.")
        if self.orderings < 1:
            raise ConfigError("orderings must be at least 1.")
        if self.timeout <= 0 or self.memory_mb <= 0:
            raise ConfigError("timeout and memory_mb must be positive.")
        if self.generalize_budget_s <= 0 or self.generalize_rounds < 0 or self.generalize_strategy_tasks < 0:
            raise ConfigError(
                "generalize_budget_s must be positive; generalize_rounds and generalize_strategy_tasks cannot "
                "be negative."
            )
        return self

    @property
    def protocol_key(self) -> str:
        """A short, stable hash of every setting that changes what the run computes."""
        payload = {k: v for k, v in asdict(self).items() if k not in {"preset", "max_calls", "max_cost"}}
        if not self.generalize:  # the check's settings change nothing while it is off (keeps old run ids)
            payload = {k: v for k, v in payload.items() if not k.startswith("generalize")}
        blob = json.dumps(payload, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:10]

    def max_llm_calls(self, n_debug: int = 6) -> int:
        """The most LLM calls this protocol can make with ``n_debug`` debugging tasks.

        Describe (domain + each task) and write the strategy; assess it (one plan per task) and, per
        strategy round, reflect + revise + reassess; per program, write it and, per code round, (reflect +)
        fix. Format re-asks are not included: each answer that cannot be read adds at most one.
        The paper's bounds (F5-3: 91, F3-6: 95, baseline: 20) are upper limits for the same protocol.
        With the generalization check, each strategy check writes up to ``generalize_strategy_tasks``
        plans, and every strategy round re-assesses up to ``generalize_rounds`` more tasks.
        """
        strategy = 0 if self.strategy_rounds == 0 else n_debug + self.strategy_rounds * (2 + n_debug)
        if self.generalize and self.strategy_rounds > 0:
            checks = self.generalize_rounds + 1
            strategy += checks * self.generalize_strategy_tasks + self.strategy_rounds * self.generalize_rounds
        per_round = 2 if self.code_reflection else 1
        return 1 + n_debug + 1 + strategy + self.n_programs * (1 + self.code_rounds * per_round)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


_F36 = Config(preset="F3-6", n_programs=3, code_rounds=6, strategy_rounds=5)

#: The paper's configurations (Stein et al., Tables 1-2), ablations derived from F3-6 as in the paper.
PRESETS: dict[str, Config] = {
    "F5-3": Config(preset="F5-3", n_programs=5, code_rounds=3, strategy_rounds=5),
    "F3-6": _F36,
    "baseline": Config(
        preset="baseline",
        n_programs=1,
        code_rounds=5,
        strategy_rounds=0,
        strategy_style="prose",
        code_reflection=False,
        positive_feedback=False,
    ),
    "no-multi": replace(_F36, preset="no-multi", n_programs=1),
    "no-strategy-debug": replace(_F36, preset="no-strategy-debug", strategy_rounds=0),
    "no-reflection": replace(_F36, preset="no-reflection", code_reflection=False),
    # The paper's protocols with the generalization check switched on (not in the paper).
    "F5-3+check": Config(preset="F5-3+check", n_programs=5, code_rounds=3, strategy_rounds=5, generalize=True),
    "F3-6+check": replace(_F36, preset="F3-6+check", generalize=True),
}

PRESET_DESCRIPTIONS = {
    "F5-3": "N=5 programs, K_C=3 repair rounds each, K_S=5 strategy rounds (the paper's best on average)",
    "F3-6": "N=3 programs, K_C=6 repair rounds each, K_S=5 strategy rounds",
    "baseline": "prose strategy, no strategy debugging, 1 program, K_C=5, repair without reflection",
    "no-multi": "F3-6 with a single program (N=1): the paper's -MC ablation",
    "no-strategy-debug": "F3-6 without strategy debugging (K_S=0): the paper's -SD ablation",
    "no-reflection": "F3-6, code repaired straight from the feedback: the paper's -CR ablation",
    "F5-3+check": "F5-3 with the generalization check: counterexamples to the strategy and to programs that pass "
    "every debugging task become new debugging tasks (not in the paper)",
    "F3-6+check": "F3-6 with the generalization check (not in the paper)",
}


def _coerce(name: str, value: Any, current: Any) -> Any:
    """Accept TOML/CLI values of the field's kind; None clears optional settings."""
    if value is None:
        return None
    kinds = {f.name: f.type for f in fields(Config)}
    kind = str(kinds[name])
    try:
        if "bool" in kind:
            if isinstance(value, str):
                if value.lower() in {"true", "1", "yes"}:
                    return True
                if value.lower() in {"false", "0", "no"}:
                    return False
                raise ValueError(value)
            return bool(value)
        if kind.startswith("int"):
            return int(value)
        if kind.startswith("float"):
            return float(value)
        if "int" in kind and "float" not in kind:
            return int(value)
        if "float" in kind:
            return float(value)
        return str(value)
    except (TypeError, ValueError):
        raise ConfigError(f"The setting {name} cannot be {value!r} (expected {kind}).") from None


def load_config(preset: str | None = None, file: str | Path | None = None, **overrides: Any) -> Config:
    """A preset (or a TOML file, which may name its own ``preset`` to start from), then overrides.

    ``overrides`` with value None are ignored (a CLI option that was not given).
    """
    base_name = preset or "F5-3"
    values: dict[str, Any] = {}
    if file is not None:
        path = Path(file)
        try:
            data = tomllib.loads(path.read_text())
        except FileNotFoundError:
            raise ConfigError(f"The config file {path} does not exist.") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"The config file {path} is not valid TOML: {exc}.") from None
        data = data.get("genplan", data)
        if "preset" in data and preset is None:
            base_name = str(data.pop("preset"))
        else:
            data.pop("preset", None)
        values.update(data)
    if base_name not in PRESETS:
        from difflib import get_close_matches

        close = get_close_matches(base_name, PRESETS, n=1)
        raise ConfigError(
            f"Unknown configuration {base_name!r}.",
            hint=(f"Did you mean {close[0]!r}? " if close else "") + f"Presets: {', '.join(PRESETS)}.",
        )
    values.update({k: v for k, v in overrides.items() if v is not None})
    base = PRESETS[base_name]
    names = {f.name for f in fields(Config)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise ConfigError(
            f"Unknown setting(s): {', '.join(unknown)}.", hint=f"Known settings: {', '.join(sorted(names))}."
        )
    coerced = {k: _coerce(k, v, getattr(base, k)) for k, v in values.items()}
    return replace(base, **coerced).check()
