"""Pipeline configurations: the paper's presets as data, TOML files, and CLI overrides.

A configuration says which protocol to run (how many programs, how many debugging rounds, whether the
strategy is pseudocode and debugged, whether code repair reflects first) and how (model, sampling,
limits). Presets are plain values of :class:`Config`, so new protocols are new data, not new code.

Run ids are derived from :attr:`Config.protocol_key`, so a setting added later must not change the key
of a configuration that leaves it at its default: :data:`ADDED_LATER` lists such settings, and the key
leaves them out while they hold their default value (old run ids stay valid).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from genplan.core.errors import GenplanError


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
    #: Where the check's generated tasks come from: "auto" (the builtin generator when the domain has one,
    #: else one the model writes, once per run), "builtin", "model" or "none".
    generalize_generator: str = "auto"
    #: The largest task (in objects) the programs must handle: prompts state it, and the generalization
    #: check generates tasks up to it. None: the largest size the check tries on its own (see
    #: :meth:`genplan.generalize.CheckSettings.reach`), never a held-out task's.
    max_objects: int | None = None
    #: "staged" (the paper's protocol: descriptions, strategy, programs), "auto" (an escalation ladder:
    #: one direct program, then repair rounds, then a heuristic search when the programs time out, then the
    #: staged protocol, each rung only if the ones before produced nothing that passes every debugging task
    #: and the checks) or "search" (the search rung alone).
    protocol: str = "staged"
    #: auto, rung 2: reflect-and-fix rounds on the direct program before the staged protocol is tried.
    repair_rounds: int = 3
    #: The search rung (``auto`` when programs time out, or the ``search`` protocol alone): repair rounds of
    #: the model's heuristic, each fed the checks' counterexamples or the failed debugging task.
    search_rounds: int = 3
    #: The search rung's first request answered this many times (independent samples); the draft that
    #: solves the most debugging and probe tasks (generated, of half and three quarters of the largest size
    #: the run asks for) is checked and repaired, the others are kept for ``inspect`` only
    #: (:func:`genplan.stages.search.write_search`).
    search_drafts: int = 1
    #: "together": describe the debugging tasks in as few calls as the model's context allows (one, for
    #: small tasks); "each": one call per task, as in the paper.
    task_descriptions: str = "together"
    #: The model's context window in tokens, for grouping task descriptions (default: litellm's figure
    #: for the model, else 32768).
    context_tokens: int | None = None
    #: Write all N initial programs before repairing any (they are then independent and go out at once);
    #: the paper writes the next variant only after the previous one's repairs failed.
    eager_variants: bool = False
    #: Independent LLM calls sent at once (task descriptions, plans following one strategy version,
    #: eagerly written variants). Replies and run directory are the same as with 1.
    llm_concurrency: int = 4

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
        if self.generalize_generator not in {"auto", "builtin", "model", "none"}:
            raise ConfigError(
                f"generalize_generator must be 'auto', 'builtin', 'model' or 'none', not {self.generalize_generator!r}."
            )
        if self.protocol not in {"staged", "auto", "search"}:
            raise ConfigError(f"protocol must be 'staged', 'auto' or 'search', not {self.protocol!r}.")
        if self.protocol == "auto" and not self.generalize:
            raise ConfigError(
                "The auto protocol needs the generalization check: a rung passes only if its program passes every "
                "debugging task and the check.",
                hint="Leave generalize on (drop --no-generalize), or pick a staged preset such as F5-3.",
            )
        if self.repair_rounds < 0 or self.search_rounds < 0:
            raise ConfigError("repair_rounds and search_rounds cannot be negative.")
        if self.search_drafts < 1:
            raise ConfigError(f"search_drafts is how many times the search rung's first request is answered: at "
                              f"least 1, not {self.search_drafts}.")  # fmt: skip
        if self.task_descriptions not in {"together", "each"}:
            raise ConfigError(f"task_descriptions must be 'together' or 'each', not {self.task_descriptions!r}.")
        if self.context_tokens is not None and self.context_tokens < 1024:
            raise ConfigError("context_tokens must be at least 1024 (or unset, to use the model's own figure).")
        if self.max_objects is not None and self.max_objects < 1:
            raise ConfigError("max_objects must be at least 1 (or unset, for the check's own largest size).")
        if self.llm_concurrency < 1:
            raise ConfigError("llm_concurrency must be at least 1 (1 sends one call at a time).")
        return self

    @property
    def protocol_key(self) -> str:
        """A short, stable hash of every setting that changes what the run computes."""
        blob = json.dumps(protocol_settings(asdict(self)), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:10]

    @property
    def described_tasks(self) -> str:
        """Which task descriptions the protocol reads: "all" debugging tasks (the strategy is debugged
        with plans written from them), the "examples" shown with a pseudocode strategy, or "none" (the
        baseline's prose strategy is written from the PDDL, and its code prompt shows only the domain)."""
        if self.strategy_rounds > 0:
            return "all"
        return "examples" if self.strategy_style == "pseudocode" else "none"

    def max_llm_calls(self, n_debug: int = 6) -> int:
        """The most LLM calls this protocol can make with ``n_debug`` debugging tasks.

        Describe (the domain, then the tasks the protocol reads) and write the strategy; assess it (one
        plan per task) and, per strategy round, reflect + revise + reassess; per program, write it and,
        per code round, (reflect +) fix. Format re-asks are not included: each answer that cannot be read
        adds at most one.
        The paper's bounds (F5-3: 91, F3-6: 95, baseline: 20) are upper limits for the same protocol.
        With the generalization check, each strategy check writes up to ``generalize_strategy_tasks``
        plans, and every strategy round re-assesses up to ``generalize_rounds`` more tasks.
        Task descriptions take one call when they are described together (small debugging tasks fit one
        request), ``n_debug`` when described each on its own, none when the protocol does not read them.
        The auto protocol adds its direct program and its repair rounds, and it may count the strategy
        stage's tasks with up to ``generalize_rounds`` counterexamples from those rungs.
        """
        per_round = 2 if self.code_reflection else 1
        search = self.search_drafts + self.search_rounds  # the heuristic's drafts, then repairs (no reflection call)
        if self.protocol == "search":
            return search
        extra = self.generalize_rounds if self.protocol == "auto" and self.generalize else 0
        described = {"all": n_debug, "examples": 2, "none": 0}[self.described_tasks]
        describe = 0 if described == 0 else (1 if self.task_descriptions == "together" else described)
        tasks = n_debug + extra
        strategy = 0 if self.strategy_rounds == 0 else tasks + self.strategy_rounds * (2 + tasks)
        if self.generalize and self.strategy_rounds > 0:
            checks = self.generalize_rounds + 1
            strategy += checks * self.generalize_strategy_tasks + self.strategy_rounds * self.generalize_rounds
        staged = 1 + describe + 1 + strategy + self.n_programs * (1 + self.code_rounds * per_round)
        if self.protocol == "auto":
            return 1 + self.repair_rounds * per_round + search + staged
        return staged

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


#: Settings that never change what a run computes: a name for the preset, budgets, and how many calls
#: go out at once.
NOT_COMPUTED = frozenset({"preset", "max_calls", "max_cost", "llm_concurrency"})
#: Settings added after run ids were first published, with the value every earlier run had in effect;
#: the key leaves a setting out while it holds that value (see the module docstring).
ADDED_LATER: dict[str, Any] = {
    "max_objects": None,
    "protocol": "staged",
    "repair_rounds": 3,
    "task_descriptions": "together",
    "context_tokens": None,
    "eager_variants": False,
    "generalize_generator": "auto",
    "search_rounds": 3,
    "search_drafts": 1,
}


def protocol_settings(values: dict[str, Any]) -> dict[str, Any]:
    """The settings that decide what a run computes, as the run key hashes them (``values``: a config's
    JSON, which may predate some settings).

    The check's settings change nothing while it is off; the ladder's repair rounds nothing outside the
    auto protocol; a setting of :data:`ADDED_LATER` at its value of old is left out, as old runs lacked it.
    """
    payload = {k: v for k, v in values.items() if k not in NOT_COMPUTED}
    if not payload.get("generalize"):
        payload = {k: v for k, v in payload.items() if not k.startswith("generalize")}
    if payload.get("protocol", "staged") != "auto":
        payload.pop("repair_rounds", None)
    if payload.get("protocol", "staged") not in {"auto", "search"}:
        payload.pop("search_rounds", None)
        payload.pop("search_drafts", None)
    return {k: v for k, v in payload.items() if not (k in ADDED_LATER and v == ADDED_LATER[k])}


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
    # Pays for a stage only when the cheaper ones failed (not in the paper); its last rung is F5-3+check.
    "auto": Config(preset="auto", protocol="auto", n_programs=5, code_rounds=3, strategy_rounds=5, generalize=True),
    # The search rung alone (not in the paper), to compare with the published search-based methods.
    "search": Config(preset="search", protocol="search", search_rounds=3),
    "search+check": Config(preset="search+check", protocol="search", search_rounds=3, generalize=True),
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
    "auto": "a ladder (not in the paper): a program from the PDDL, 3 repairs, a checked heuristic search if "
    "programs time out, then F5-3+check; each only while nothing passes",
    "search": "the search rung alone (not in the paper): a heuristic, checked on training states, 3 repairs",
    "search+check": "search, and a search that passes runs on larger tasks: one it fails becomes a debugging "
    "task (not in the paper)",
}

#: The paper's presets, whose prompts genplan has changed (marked in `genplan configs`).
PAPER_PRESETS = ("F5-3", "F3-6", "baseline", "no-multi", "no-strategy-debug", "no-reflection")
#: How genplan's prompts differ from the paper's, for every preset (shown under `genplan configs`).
PROMPT_CHANGES = (
    "The describe prompts ask for the final description under a marker (scratch work stays out of later "
    "prompts); the debugging tasks are described together in one call (task_descriptions=each restores one "
    "call per task), and what they add to the domain description is carried into later prompts; the strategy "
    "prompts state the program's input form and that no order may be assumed; a preset asks only for the "
    "descriptions it reads (baseline: the domain only; no-strategy-debug: the two examples)."
)


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
    base_name = preset or "auto"
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


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-")[:40] or "x"


def make_run_id(config: Config, suite_name: str) -> str:
    """``<preset>-s<seed>-<model>-<hash>``: readable, and the same for the same inputs."""
    from hashlib import sha256

    key = sha256(f"{config.protocol_key}|{suite_name}".encode()).hexdigest()[:8]
    return f"{_slug(config.preset)}-s{config.seed}-{_slug(config.model.split('/')[-1])}-{key}"
