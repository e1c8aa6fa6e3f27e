"""The ``auto`` protocol: an escalation ladder that pays for a stage only when the cheaper ones failed.

With a real model the staged protocol cost 15 calls per domain, but on easy domains the first program
was right and the descriptions and hand-written plans changed nothing. The ladder climbs only as far as
it must; a rung passes when its program solves every debugging task and survives the generalization
check (:class:`genplan.stages.counterexamples.CounterexampleSearch`), and each rung runs only if the
one before did not pass:

1. **direct**: one call with the domain PDDL, the two prompt examples with correct plans and the
   program's input form (:mod:`genplan.stages.direct`); the answer is a program;
2. **repair**: up to ``repair_rounds`` reflect-and-fix rounds on the first failing task (a debugging
   task or a counterexample), with the validator's feedback (:func:`genplan.stages.codegen.repair`);
3. **search**: only when the programs so far time out (:func:`genplan.protocols.searchrung.needs_search`):
   the model writes a heuristic, genplan checks it on sampled training states and searches with it
   (:mod:`genplan.stages.search`), with up to ``search_rounds`` repairs. Why here, after repair and
   before strategy, is argued in :mod:`genplan.protocols.searchrung` (in short: 4 calls against about
   90, and a strategy cannot fix a timeout of a program that may not search);
4. **strategy**: the staged protocol of F5-3 (:func:`genplan.protocols.staged.run_staged`). What the earlier
   rungs learned is kept: their counterexamples are debugging tasks from the start, and their failing
   programs, with why they failed, are shown when the strategy is written.

Selection is over every program of every rung, by debugging score on the final task set, ties to the
later program (the paper's rule); a search is selected instead only when the search rung passed and no
program did (:func:`genplan.protocols.conclude.conclude`: kinds are never mixed). The run directory's
``ladder.json`` says which rungs ran, how each ended, which rung produced the selected artifact and of
which ``kind``, and what each rung cost (calls, tokens, cost, from the purposes of its calls:
``direct.*``, ``repair.*``, ``search.*``, and the staged stages for the strategy rung).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from genplan.llm.accounting import Totals
from genplan.protocols.conclude import conclude
from genplan.protocols.context import Context, RunOutcome, reference_plan
from genplan.protocols.searchrung import needs_search, run_search_rung
from genplan.protocols.staged import run_staged
from genplan.runs import RunDir
from genplan.stages.codegen import ProgramVersion, TaskList, debug_variant, evaluated_answer, solves_all
from genplan.stages.direct import DirectExample, ask_direct
from genplan.stages.search import SearchVersion

#: The rungs in order, and the stages (purpose prefixes) whose calls each one pays for.
RUNGS: tuple[str, ...] = ("direct", "repair", "search", "strategy")
RUNG_STAGES: dict[str, tuple[str, ...]] = {
    "direct": ("direct",),
    "repair": ("repair",),
    "search": ("search",),
    "strategy": ("describe", "strategy", "code"),
}
#: The variant number of the direct rung's program (its repairs are its later versions).
DIRECT_VARIANT = 0
#: At most this many characters of one failure's feedback go into the strategy prompt's notes.
NOTE_CHARS = 2000


def rung_of(version: ProgramVersion | SearchVersion | dict) -> str:
    """Which rung wrote a version: the direct program, a repair of it, a heuristic, or a staged variant."""
    if isinstance(version, SearchVersion):
        return "search"
    variant, round_ = (version["variant"], version["round"]) if isinstance(version, dict) else (
        version.variant, version.round)  # fmt: skip
    if variant != DIRECT_VARIANT:
        return "strategy"
    return "direct" if round_ == 0 else "repair"


def run_ladder(ctx: Context, *, heldout: bool = True) -> RunOutcome:
    """Climb the ladder (see the module docstring); save each program and rung as it completes."""
    suite, config, llm = ctx.suite, ctx.config, ctx.llm
    debug_ids = list(suite.split.debug)
    prompt_ids = list(suite.split.prompt_tasks(config.seed))
    rungs: list[dict[str, Any]] = []
    versions: list[ProgramVersion] = []
    searches: list[SearchVersion] = []
    #: Why the search rung did not run, when it did not (shown in ladder.json).
    search_skip = "not needed"

    def record(version: ProgramVersion) -> None:
        versions.append(version)
        ctx.record_program(version)

    def save(selected: str | None = None, kind: str | None = None) -> None:
        disabled = {"repair": "switched off (repair_rounds is 0)"} if config.repair_rounds == 0 else {}
        _write_ladder(ctx.run, rungs, selected, disabled | {"search": search_skip}, kind)

    tasks = TaskList([ctx.code_task(t) for t in debug_ids], ctx.search.for_program() if ctx.search else None,
                     config.generalize_rounds)  # fmt: skip

    # Rung 1: one program straight from the PDDL and two examples.
    ctx.progress("stage", {"name": "direct", "examples": len(prompt_ids)})
    examples = [DirectExample(t, ctx.code_task(t).py, tuple(reference_plan(suite, t, ctx.cache_dir)))
                for t in prompt_ids]  # fmt: skip
    answer = ask_direct(llm, suite.domain.name, suite.domain_path.read_text(), examples, typed=suite.domain.typed,
                        timeout=config.timeout, max_objects=ctx.max_objects, reasoning=config.reasoning)  # fmt: skip
    version, messages = evaluated_answer(ctx.evaluator, tasks.ids, DIRECT_VARIANT, answer)
    version = tasks.check(version)
    record(version)
    rungs.append(_rung("direct", [version], tasks.perfect(version), len(tasks.ids)))
    save()

    # Rung 2: reflect and fix, on the first failing task.
    if not tasks.perfect(version) and config.repair_rounds > 0:
        ctx.progress("stage", {"name": "repair", "rounds": config.repair_rounds})
        before = len(versions)
        version = debug_variant(llm, version, messages, tasks, ctx.evaluator, config.repair_rounds, record,
                                reflection=config.code_reflection, positive=config.positive_feedback,
                                reasoning=config.reasoning, stage="repair")  # fmt: skip
        rungs.append(_rung("repair", versions[before:], tasks.perfect(version), len(tasks.ids)))
        save()

    # Rung 3: a checked heuristic search, only when the programs' failures are mostly timeouts.
    passed = tasks.perfect(version)
    if not passed:
        if needs_search(versions):
            searches = run_search_rung(ctx, list(tasks.ids))
            passed = any(s.passed for s in searches)
            rungs.append(_rung("search", searches, passed, len(tasks.ids)))
            save()
        else:
            search_skip = "the programs' failures are not mostly timeouts, and no program said the domain needs search"

    # Rung 4: the staged protocol, told what the first rungs learned.
    strategies: Sequence[Any] = ()
    task_ids: Sequence[str] = tasks.ids
    if not passed:
        before = len(versions)
        staged = run_staged(ctx, earlier=earlier_notes(versions))
        for v in staged.programs:
            versions.append(v)
        strategies, task_ids = staged.strategy, staged.task_ids
        last = staged.programs[-1] if staged.programs else None
        # Passed: the last program solves every debugging task and, with a check, passed it (never unchecked).
        passed = last is not None and solves_all(last, task_ids) and (ctx.search is None or last.generalizes is True)
        rungs.append(_rung("strategy", staged.programs, passed, len(task_ids)))
        save()

    outcome = conclude(ctx, versions, task_ids, strategies, heldout=heldout,
                       annotate=lambda chosen: {"rung": rung_of(chosen)}, searches=searches)  # fmt: skip
    chosen = next((v for v in [*versions, *searches] if v.label == outcome.program_label), None)
    save(rung_of(chosen) if chosen is not None else None, outcome.kind)
    return outcome


def _rung(name: str, programs: Sequence[ProgramVersion | SearchVersion], passed: bool, tasks: int) -> dict[str, Any]:
    """How a rung ended: passed or not, its programs, and the best debugging score among them (on the
    tasks known when each was evaluated)."""
    best = max(programs, key=lambda v: v.solved, default=None)
    return {
        "rung": name,
        "passed": passed,
        "programs": [v.label for v in programs],
        "best": f"{best.solved}/{len(best.results)}" if best else None,
        "tasks": tasks,
    }


def _write_ladder(
    run: RunDir, rungs: list[dict[str, Any]], selected: str | None, why: dict[str, str], kind: str | None = None
) -> None:
    """``ladder.json``: the rungs in ladder order, those that did not run with why (``why``: a rung's
    reason when it is not "not needed"), and the selected artifact's rung and kind."""
    ran = {r["rung"]: r for r in rungs}
    order = [ran.get(name) or {"rung": name, "skipped": True, "why": why.get(name, "not needed")}
             for name in RUNGS]  # fmt: skip
    doc = {"rungs": order, "selected_rung": selected, "kind": kind}
    previous = run.read_json("ladder.json") or {}
    if "usage" in previous:
        doc["usage"] = previous["usage"]
    run.write_json("ladder.json", doc)


def earlier_notes(versions: Sequence[ProgramVersion]) -> list[dict[str, Any]]:
    """The failing programs of the first rungs as the strategy prompt shows them: each with what it
    solved and why it failed on its first failing task; the newest one with its code."""
    notes: list[dict[str, Any]] = []
    for i, v in enumerate(versions):
        failed = next((r for r in v.results if not r.solved), None)
        if failed is None:
            continue
        if v.source is None:
            note: dict[str, Any] = {"label": v.label, "summary": "no program could be read from the answer",
                                    "feedback": "The answer held no program defining generate_solution."}  # fmt: skip
            notes.append(note)
            continue
        feedback = failed.feedback or "It did not produce a valid plan."
        if len(feedback) > NOTE_CHARS:
            feedback = feedback[:NOTE_CHARS].rstrip() + "\n[... feedback cut short ...]"
        note = {
            "label": v.label,
            "summary": f"solved {v.solved} of {len(v.results)} debugging tasks",
            "feedback": f'On the task "{failed.task_id}": {feedback}',
        }
        if i == len(versions) - 1 and v.source is not None:
            note["source"] = v.source.rstrip()
        notes.append(note)
    return notes


# ------------------------------------------------------------------------------------------ usage
def rung_usage(usage: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """What each rung cost, from a run's ``usage.json``: the calls it needed (the largest session's, as
    a resumed session replays the earlier ones from the cache), and the tokens and cost paid over all
    sessions. A cost is ``None`` when some paid call of the rung had no known price."""
    usage = usage or {}
    sessions = usage.get("sessions") or [usage]
    out: dict[str, dict[str, Any]] = {}
    for rung, stages in RUNG_STAGES.items():
        paid = sum((Totals.from_json(t) for s, t in (usage.get("by_stage") or {}).items() if s in stages), Totals())
        calls = max((sum(int(t.get("calls", 0)) for s, t in (session.get("by_stage") or {}).items() if s in stages)
                     for session in sessions), default=0)  # fmt: skip
        out[rung] = {
            "calls": calls,
            "paid_calls": paid.paid_calls,
            "prompt_tokens": paid.prompt_tokens,
            "completion_tokens": paid.completion_tokens,
            "cost": paid.cost,
        }
    return out


def record_usage(run: RunDir) -> None:
    """Write each rung's cost into ``ladder.json`` (after ``usage.json`` is up to date)."""
    doc = run.read_json("ladder.json")
    if doc is None:
        return
    doc["usage"] = rung_usage(run.read_json("usage.json"))
    run.write_json("ladder.json", doc)
