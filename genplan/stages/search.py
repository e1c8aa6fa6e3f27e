"""The search rung: the model writes a heuristic (and optionally successors), genplan checks it and searches.

Why a stage of its own rather than another program prompt: on puzzle-like domains (sokoban) a program
either searches inside itself, which the program prompts forbid and the time limit punishes, or gives up.
Here the model writes only the part of a search that knows the domain, ``h(state, goal, static, objects)``,
and genplan's engine (:mod:`genplan.search.runtime`) does the searching in the sandbox.

A version is judged twice, and both verdicts come back as feedback:

1. the exact checks (:func:`genplan.search.check.check_search`) on states sampled from training tasks:
   its ``successors`` against the PDDL's, its ``h`` for directness and for ``inf`` only on dead ends;
2. the composed search (hill climbing when the checks found nothing, else greedy best-first search) run on
   every debugging task in every ordering, like a program.

A version *passes* when the checks found nothing and it solves every debugging task. While it does not and
rounds remain, the model gets the counterexamples (``search_feedback.j2``) or the failed task
(``search_fix.j2``) and writes the code again; like a program's repair, the conversation keeps the request
and the newest answer only. There is no separate reflection call: the fix prompt asks for a short
explanation first, so a round costs one call.

This module knows nothing of runs or contexts: the protocol hands it the evaluator, the checker and the
composer (data flows one way, stages below protocols).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from genplan.core.prompts import render
from genplan.execute.outcome import TIMEOUT
from genplan.pddl.pyform import PyTask, quote_python_task
from genplan.stages.codegen import Evaluator, TaskResult, shuffled_example
from genplan.stages.conversation import Answer, ChatClient, Message, ask, user
from genplan.stages.direct import DirectExample, example_context
from genplan.stages.extract import extract_heuristic

#: What a run's selected artifact can be (``kind`` in the selection, the run summary and the reports).
PROGRAM, SEARCH = "program", "search"

#: Runs the exact checks on an artifact's source; returns :class:`genplan.search.check.SearchCheck`.
Checker = Callable[[str], Any]
#: Composes an artifact's source into the program the sandbox runs, with a strategy ("hill" or "gbfs").
Composer = Callable[[str, str], str]
#: Runs a draft's composed search on the probe tasks; returns ``{"solved", "of", "objects", "cpu_s", "tasks"}``
#: and, for each task it failed, ``{"failures": {task_id: {"feedback", "category"}}}``.
Prober = Callable[["SearchVersion"], dict[str, Any]]
#: The key of a probe's record that holds what happened on the tasks it failed (shown by a reach repair).
PROBE_FEEDBACK = "failures"

#: The longest a repair request quotes a failed task, in characters (about 10,000 tokens); longer ones are
#: quoted shorter (:func:`~genplan.pddl.pyform.quote_python_task`). The first request is about 21,000.
TASK_QUOTE_CHARS = 40_000

NO_HEURISTIC = (
    "No Python code defining h(state, goal, static, objects) could be read from your answer. Write the complete "
    "code in one ```python block."
)


@dataclass(frozen=True)
class SearchVersion:
    """One heuristic: its repair round (0 = the first), the checks' verdict and the search's results."""

    round: int
    answer: str
    #: The model's code (``h``, helpers, maybe ``successors``), as written; None when none could be read.
    source: str | None
    results: tuple[TaskResult, ...]
    #: The checks' verdict (:meth:`genplan.search.check.SearchCheck.to_json`); None without code.
    check: dict[str, Any] | None = None
    #: How the debugging tasks were searched: "hill" (the checks found nothing) or "gbfs".
    strategy: str = "gbfs"
    reminders: int = 0
    #: The feedback this version was repaired with (None while it was not, or it passed and had no reach
    #: repair; a reach repair's request is kept on the passing version it was asked about).
    feedback: str | None = None
    #: Which of the first answers (drafts, 1..N) this version is, or descends from by repair.
    draft: int = 1
    #: How the drafts were ranked: this draft's search on the probe tasks (generated, see
    #: :func:`genplan.protocols.searchrung.probe_tasks`), ``{"solved", "of", "objects", "cpu_s", "tasks"}``;
    #: None with one draft.
    probe: dict[str, Any] | None = None
    #: A draft ranked below another one (see :func:`write_search`): kept for ``inspect``, never repaired,
    #: generalization-checked or selected.
    set_aside: bool = False

    kind = SEARCH

    @property
    def solved(self) -> int:
        return sum(r.solved for r in self.results)

    @property
    def label(self) -> str:
        return f"s.v{self.round}" if self.draft == 1 else f"s.d{self.draft}.v{self.round}"

    @property
    def direct(self) -> bool:
        return bool(self.check) and not self.check.get("failures")

    @property
    def passed(self) -> bool:
        """The checks found nothing and the search solved every debugging task."""
        return self.direct and bool(self.results) and all(r.solved for r in self.results)


#: What a further draft's design should put first (the k-th draft gets the (k-1)-th, cycling; the first
#: draft gets none, so one draft is the plain request). Why: the drafts' requests otherwise differ only in
#: the order of their examples' facts, and answering models wrote one design several times over (two real-
#: model runs' helpers said so); a probe can only pick a stronger heuristic when the drafts differ.
DRAFT_EMPHASES = (
    "put the accuracy of h first: recognise every dead end and every goal reached out of order that you "
    "can detect, even if each call costs more; the search then meets far fewer states.",
    "put pace first: make each step of the search as cheap as you can (small states of your own, steps "
    "that do what many single actions would, an h that looks only at what a step changed), so that the "
    "search can afford to meet many states.",
)


def draft_emphasis(draft: int) -> str:
    """The emphasis of draft ``draft`` (1-based): none for the first, then :data:`DRAFT_EMPHASES` in turn."""
    return "" if draft <= 1 else DRAFT_EMPHASES[(draft - 2) % len(DRAFT_EMPHASES)]


@dataclass(frozen=True)
class LargeSample:
    """A task at the size the request asks searches to handle, drawn as a map for the request: the
    examples are the smallest debugging tasks (on the Learning Track's sokoban, one box on an 8 x 8 map),
    while the tasks that are scored have tens of boxes on maps of thousands of cells, and answering models
    asked for a picture of one for five sessions running. Only a generated task (never a held-out one),
    and only on a grid domain (:func:`genplan.pddl.gridmap.draw_map`)."""

    name: str
    objects: int
    #: Objects per type, in type order, e.g. ``(("box", 41), ("location", 4096))``.
    types: tuple[tuple[str, int], ...]
    map: str


def search_prompt(
    domain_name: str,
    domain_pddl: str,
    examples: Sequence[DirectExample],
    *,
    typed: bool,
    timeout: float,
    max_objects: int | None = None,
    reasoning: bool = False,
    draft: int = 1,
    drafts: int = 1,
    seed: int = 1,
    sample: LargeSample | None = None,
) -> str:
    """The request: the domain, two examples with correct plans, the artifact's interface and what scores,
    and (``sample``) a large generated task drawn as a map.

    ``draft`` > 1 (the rung's further drafts, ``drafts`` in all): the examples' objects and goal facts in
    an order of the draft's own (seeded by ``seed``), so that each draft's request differs from the others
    (a deterministic model, or the reply cache, would answer the same request with the same code), and
    what the draft's design should put first (:func:`draft_emphasis`)."""
    context = example_context(examples)
    if draft > 1:
        for item, e in zip(context, examples, strict=True):
            item["python"] = shuffled_example(e, seed, draft, stage="search")
    return render(
        "search_write.j2",
        domain_name=domain_name,
        domain_pddl=domain_pddl,
        typed=typed,
        examples=context,
        timeout=timeout,
        max_objects=max_objects,
        reasoning=reasoning,
        emphasis=draft_emphasis(draft),
        drafts=max(drafts, draft),
        sample=sample,
    )


def judge(
    round_: int, answer: Answer | tuple[str, str | None, int], task_ids: Sequence[str], evaluate: Evaluator,
    check: Checker, compose: Composer,
) -> SearchVersion:  # fmt: skip
    """Check the answer's code and run the composed search on the debugging tasks."""
    text, source, reminders = (answer.text, answer.value, answer.reminders) if isinstance(answer, Answer) else answer
    if source is None:
        results = tuple(TaskResult(t, False, feedback=NO_HEURISTIC, category="no program") for t in task_ids)
        return SearchVersion(round_, text, None, results, reminders=reminders)
    verdict = check(source)
    strategy = "hill" if verdict.direct else "gbfs"
    results = tuple(evaluate(compose(source, strategy), task_ids))
    return SearchVersion(round_, text, source, results, verdict.to_json(), strategy, reminders)


def feedback_for(
    version: SearchVersion,
    check: Any,
    tasks: dict[str, PyTask],
    *,
    reasoning: bool,
    found: Sequence[str] = (),
    made: Sequence[str] = (),
    static: Iterable[str] = (),
) -> str:
    """The repair request: the checks' counterexamples if any (they say why, state by state), else the
    first debugging task the search failed, with which tasks it solved. ``found``: the tasks the
    generalization check added while judging this version (the request says where a new one came from);
    ``made``: all it added so far (an older one is named as such, not as new). A task longer than
    :data:`TASK_QUOTE_CHARS` is quoted shorter (:func:`~genplan.pddl.pyform.quote_python_task`), leaving
    out facts of the domain's ``static`` predicates if it must."""
    check_feedback = check.feedback() if check is not None and check.failures else ""
    failed = next((r for r in version.results if not r.solved), None)
    task = None
    if failed is not None and (not check_feedback or version.source is None):
        quote = quote_python_task(tasks[failed.task_id], TASK_QUOTE_CHARS, static)
        task = {"name": failed.task_id, "python": quote.text, "compact": quote.compact, "omitted": quote.omitted,
                "feedback": failed.feedback or "The search returned no valid plan.",
                "timeout": failed.category == TIMEOUT, "found": failed.task_id in found,
                "made": failed.task_id in made}  # fmt: skip
    return render("search_fix.j2", check_feedback=check_feedback, task=task, solved=version.solved,
                  n_tasks=len(version.results), reasoning=reasoning,
                  solved_names=[r.task_id for r in version.results if r.solved])  # fmt: skip


def write_search(
    llm: ChatClient,
    prompt: str | Sequence[str],
    tasks: dict[str, PyTask],
    evaluate: Evaluator,
    check: Checker,
    compose: Composer,
    *,
    rounds: int,
    record: Callable[[SearchVersion], None],
    reasoning: bool = False,
    generalize: Callable[[SearchVersion], tuple[str, PyTask, TaskResult] | None] | None = None,
    probe: Prober | None = None,
    further: Callable[[int], str] | None = None,
    static: Iterable[str] = (),
    probe_task: Callable[[str], PyTask] | None = None,
) -> list[SearchVersion]:
    """The first heuristic and up to ``rounds`` repairs, each recorded as soon as it is judged; stops at the
    first version that passes.

    Several prompts (drafts, see :func:`search_prompt`): each is answered before any repair, each draft
    judged like a version, and the repairs continue from the best (:func:`draft_rank`), ranked by
    the tasks it solves, debugging and ``probe`` tasks together. Why: the same request gives heuristics
    of very different reach (on the Learning Track's sokoban, four real-model runs' heuristics ranged from
    72 of the 90 test tasks to under 50), and repairs mend the debugging task shown, not the reach; the
    debugging tasks are small enough that every draft solves them, so the probe, larger generated tasks,
    is what tells drafts apart (it separates the strongest past heuristics from the weakest: README,
    *Drafts*).

    ``generalize`` (the generalization check, on the composed search): asked about a version that passed
    the checks and every debugging task, it returns a counterexample (a new task the search fails, on
    larger tasks a timeout or a memory error most often) or None. The counterexample becomes a debugging
    task: the version does not pass, its repair is shown the task, and later versions are run on it too.

    ``further`` (the request of draft k, with drafts and a probe): repair calls left over when a version
    passes become further drafts while the passing version's probe is weak (:func:`weak_probe`). A further
    draft replaces it only when it passes too, the generalization check included, and solves more probe
    tasks; the one that loses is set aside. Why: on the Learning Track's sokoban the probe's weak group
    (0 or 1 of 4 probe tasks) solved 60 test tasks or fewer, the strong group 64 to 72 (82 after the
    twelfth run's repairs), and a run whose draft passed at once stopped with calls unused (the ninth run:
    3 of 5, then 52 test tasks).

    A passing version whose probe is strong but not perfect spends a call left over on a **reach repair**
    instead (with ``probe_task``, which gives a probe task's inputs): the request shows a probe task its
    search failed and what happened there (:func:`reach_feedback_for`), and the repaired version replaces
    it on the same terms as a further draft (:func:`_replaces`); one set aside leaves the next call to the
    next failed probe task. Why: a repair shown a large task its search failed is what raised the reach of
    the strongest heuristics so far (the twelfth sokoban run's two repairs, on tasks the generalization
    check made: 67 to 82 of the 90 test tasks), while a run whose version passed with a strong probe used
    to stop with calls unused (the fifteenth: 4 of 5, a probe of 3 of 4, 70 test tasks).

    When the repairs end and the repaired draft still fails, a draft set aside that passes after all (the
    tasks added since and the generalization check) takes its place (:func:`_passing_draft`).

    ``static``: the domain's static predicates, whose facts a repair request may leave out of a large
    task it quotes (:func:`feedback_for`).
    """
    task_ids = list(tasks)
    found_in: dict[int, str] = {}  # the tasks the generalization check added, by the round of the version it failed
    checks: dict[int, Any] = {}

    def judge_once(round_: int, ans: Answer, draft: int) -> tuple[SearchVersion, Any]:
        verdict_box: list[Any] = []

        def keep(source: str) -> Any:
            verdict_box.append(check(source))
            return verdict_box[-1]

        v = replace(judge(round_, ans, task_ids, evaluate, keep, compose), draft=draft)
        return v, (verdict_box[-1] if verdict_box else None)

    def judged(round_: int, first: tuple[SearchVersion, Any]) -> SearchVersion:
        """A version judged by :func:`judge_once`, then by the generalization check when it passed."""
        v, checks[round_] = first
        if v.passed and generalize is not None:
            found = generalize(v)
            if found is not None:
                task_id, py, result = found
                tasks[task_id] = py
                task_ids.append(task_id)
                found_in[round_] = task_id
                v = replace(v, results=(*v.results, result))
        return v

    prompts = [prompt] if isinstance(prompt, str) else list(prompt)
    answers = [ask(llm, [user(p)], purpose="search.write", extract=extract_heuristic, want="heuristic")
               for p in prompts]  # fmt: skip
    # Drafts (more than one answer): each judged and probed; the best goes on (the generalization check and
    # the repairs), the others are recorded for `inspect` and never selected (the check never saw them).
    firsts = [judge_once(0, ans, k + 1) for k, ans in enumerate(answers)]

    def probed(v: SearchVersion) -> SearchVersion:
        assert probe is not None
        return replace(v, probe=probe(v)) if v.source is not None else v

    if len(firsts) > 1 and probe is not None:
        firsts = [(probed(v), verdict) for v, verdict in firsts]
    best = max(range(len(firsts)), key=lambda k: draft_rank(firsts[k][0]))
    for k, (v, _) in enumerate(firsts):
        if k != best:
            record(replace(v, set_aside=True))
    answer = answers[best]
    version = judged(0, firsts[best])
    versions = [version]
    messages: tuple[Message, ...] = answer.messages[:1] + answer.messages[-1:]
    for round_ in range(1, rounds + 1):
        if version.passed:
            break
        new = [found_in[round_ - 1]] if round_ - 1 in found_in else []
        made = list(found_in.values())
        request = feedback_for(
            version, checks[round_ - 1], tasks, reasoning=reasoning, found=new, made=made, static=static
        )
        versions[-1] = version = _with_feedback(version, request)
        record(version)
        fixed = ask(llm, [*messages, user(request)], purpose="search.fix", extract=extract_heuristic,
                    want="heuristic")  # fmt: skip
        version = judged(round_, judge_once(round_, fixed, version.draft))
        versions.append(version)
        messages = (messages[0], fixed.messages[-1])
    spare = rounds - (len(versions) - 1)
    if not version.passed:
        fallback = _passing_draft(firsts, best, task_ids, evaluate, compose, generalize, record)
        if fallback is not None:  # it passes where the repaired line does not: the selection takes it
            record(versions[-1])
            k, version = fallback
            record(version)
            versions.append(version)
            messages = answers[k].messages[:1] + answers[k].messages[-1:]
    draft = len(prompts)
    next_round = version.round + 1
    tried: set[str] = set()  # probe tasks a reach repair of the current version was shown
    while further is not None and probe is not None and spare > 0 and version.passed:
        if version.probe is None:  # a repaired version: its reach may differ from its draft's
            versions[-1] = version = probed(version)
        assert version.probe is not None
        if not weak_probe(version.probe):
            failed = [t for t in probe_failures(version.probe) if t not in tried]
            if probe_task is None or not failed:
                break
            # A reach repair: a strong but imperfect probe; the model is shown a probe task its search failed.
            spare, task_id = spare - 1, failed[0]
            tried.add(task_id)
            request = reach_feedback_for(version, task_id, probe_task(task_id), reasoning=reasoning, static=static)
            versions[-1] = version = _with_feedback(version, request)
            record(version)
            answer = ask(llm, [*messages, user(request)], purpose="search.fix", extract=extract_heuristic,
                         want="heuristic")  # fmt: skip
            other = probed(judge_once(next_round, answer, version.draft)[0])
            # if it replaces the version: its conversation, and the round its own repair would have
            kept = (messages[0], answer.messages[-1]), next_round + 1
            next_round += 1
        else:  # a further draft, while the probe is weak
            spare, draft = spare - 1, draft + 1
            answer = ask(llm, [user(further(draft))], purpose="search.write", extract=extract_heuristic,
                         want="heuristic")  # fmt: skip
            other = probed(judge_once(0, answer, draft)[0])
            kept = answer.messages[:1] + answer.messages[-1:], 1
        better, other = _replaces(other, version, generalize)
        if better:
            aside = replace(version, set_aside=True)
            record(aside)
            versions[-1], version = aside, other
            versions.append(version)
            (messages, next_round), tried = kept, set()
        else:
            record(replace(other, set_aside=True))
    record(version)
    return versions


#: A probe solved fewer than this share of its tasks: weak (see :func:`write_search`, ``further``).
WEAK_PROBE = 0.5


def weak_probe(probe: dict[str, Any] | None) -> bool:
    """Whether a passing version's probe says its reach is weak: it solved under :data:`WEAK_PROBE` of the
    probe tasks (no probe: not known to be weak)."""
    return probe is not None and int(probe["solved"]) < WEAK_PROBE * int(probe["of"])


def draft_rank(version: SearchVersion) -> tuple[int, bool, float, int]:
    """What makes one draft better than another: more tasks solved (debugging and probe tasks together),
    then the checks finding nothing, then less CPU time on the probe, then the earlier draft."""
    probe = version.probe or {}
    return (version.solved + int(probe.get("solved", 0)), version.direct, -float(probe.get("cpu_s", 0.0)),
            -version.draft)  # fmt: skip


def _with_feedback(version: SearchVersion, feedback: str) -> SearchVersion:
    return replace(version, feedback=feedback)


def _passing_draft(
    firsts: Sequence[tuple[SearchVersion, Any]],
    best: int,
    task_ids: Sequence[str],
    evaluate: Evaluator,
    compose: Composer,
    generalize: Callable | None,
    record: Callable[[SearchVersion], None],
) -> tuple[int, SearchVersion] | None:
    """When the repairs end with the best draft still failing: a draft set aside that passes after all, on
    the debugging tasks added since (counterexamples) and the generalization check, best-ranked first, as
    ``(index, version)``; None when none does. Costs no call, only CPU time. Why: in a real-model run
    (session 21, seed 11) all three drafts probed 3 of 4, the tie went to the fastest, and it and its two
    repairs failed the generalization check's first task, while the drafts set aside were never checked."""
    order = sorted((k for k in range(len(firsts)) if k != best), key=lambda k: draft_rank(firsts[k][0]), reverse=True)
    for k in order:
        v = firsts[k][0]
        if not v.passed or v.source is None:
            continue
        known = {r.task_id for r in v.results}
        added = [t for t in task_ids if t not in known]
        if added:
            v = replace(v, results=(*v.results, *evaluate(compose(v.source, v.strategy), added)))
        if v.passed and generalize is not None:
            found = generalize(v)
            if found is not None:
                v = replace(v, results=(*v.results, found[2]))
        if v.passed:
            return k, replace(v, set_aside=False)
        record(replace(v, set_aside=True))
    return None


def _replaces(other: SearchVersion, version: SearchVersion, generalize: Callable | None) -> tuple[bool, SearchVersion]:
    """Whether a further draft or a reach repair replaces the passing ``version``: it passes too, solves more
    probe tasks, and the generalization check (asked last, the dearest) finds nothing. Returns the verdict
    and ``other`` with the check's failed task among its results when it found one (the task is not added
    to the debugging tasks: the version it failed is set aside, never selected)."""
    if not other.passed or int(other.probe["solved"]) <= int(version.probe["solved"]):  # type: ignore[index]
        return False, other
    found = generalize(other) if generalize is not None else None
    if found is None:
        return True, other
    return False, replace(other, results=(*other.results, found[2]))


def probe_failures(probe: dict[str, Any]) -> list[str]:
    """The probe tasks a version's search did not solve, in the probe's order (smaller tasks first)."""
    return [t for t, solved in (probe.get("tasks") or {}).items() if not solved]


def reach_feedback_for(
    version: SearchVersion, task_id: str, task: PyTask, *, reasoning: bool, static: Iterable[str] = ()
) -> str:
    """The request of a reach repair: the version passed everything, and its probe was strong but not
    perfect (:func:`write_search`); it is shown a probe task it failed, quoted like a failed debugging task,
    with what happened there (:data:`PROBE_FEEDBACK` of the probe's record)."""
    probe = version.probe or {}
    failure = (probe.get(PROBE_FEEDBACK) or {}).get(task_id) or {}
    quote = quote_python_task(task, TASK_QUOTE_CHARS, static)
    context = {
        "name": task_id,
        "python": quote.text,
        "compact": quote.compact,
        "omitted": quote.omitted,
        "feedback": failure.get("feedback") or "The search returned no valid plan.",
        "timeout": failure.get("category") == TIMEOUT,
        "objects": len(task.objects),
    }
    return render("search_reach.j2", task=context, probe=probe, solved=version.solved, n_tasks=len(version.results),
                  reasoning=reasoning)  # fmt: skip
