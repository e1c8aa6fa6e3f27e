"""Reading a run back: its story as Markdown for people and as one JSON document for machines.

Everything here reads the run directory only (never the LLM cache), so ``genplan inspect`` works on a
copied or archived run, and on a run that stopped half-way.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

from genplan.runs import RunDir
from genplan.runs.cost import efficiency_text, run_cost


def _versions(run: RunDir, folder: str, pattern: str) -> list[Path]:
    base = run.path(folder)
    if not base.is_dir():
        return []
    files = list(base.glob(pattern))
    return sorted(files, key=lambda p: [int(x) if x.isdigit() else x for x in re.split(r"(\d+)", str(p))])


def collect(run: RunDir) -> dict[str, Any]:
    """Every artifact of the run in one JSON-able document."""
    strategy = [run.read_json(str(p.relative_to(run.root))) for p in _versions(run, "2-strategy", "v*/version.json")]
    programs = []
    for p in _versions(run, "3-programs", "p*/v*.json"):
        data = run.read_json(str(p.relative_to(run.root)))
        source = p.with_suffix(".py")
        data["source"] = source.read_text() if source.is_file() else None
        data["path"] = str(source) if source.is_file() else None
        programs.append(data)
    searches = []
    for p in _versions(run, "3-search", "v*.json") + _versions(run, "3-search", "d*-v*.json"):
        data = run.read_json(str(p.relative_to(run.root)))
        source = p.with_suffix(".py")
        data["source"] = source.read_text() if source.is_file() else None
        data["path"] = str(source) if source.is_file() else None
        searches.append(data)
    return {
        "run_id": run.run_id,
        "domain": run.domain,
        "path": str(run.root),
        "run": run.read_json("run.json"),
        "config": run.read_json("config.json"),
        "descriptions": run.read_json("1-describe/descriptions.json"),
        "strategy": strategy,
        "strategy_selection": run.read_json("2-strategy/selection.json"),
        "example": run.read_json("3-programs/example.json"),
        "programs": programs,
        "searches": searches,
        "selection": run.read_json("4-selection.json"),
        "heldout": run.read_json("5-heldout.json"),
        "usage": run.read_json("usage.json"),
        "cost": _cost(run),
        "ladder": run.read_json("ladder.json"),
        "counterexamples": _counterexamples(run),
        "checks": (run.read_json("generalize/checks.json") or {}).get("checks", []),
        "generator": run.read_json("generalize/generator.json"),
    }


def _cost(run: RunDir) -> dict[str, Any]:
    """The run's calls, tokens and cost, and its coverage per call and per 1,000 tokens."""
    from dataclasses import asdict

    cost = run_cost(run.read_json("usage.json"))
    coverage = (run.read_json("run.json") or {}).get("coverage")
    return asdict(cost) | {"points_per_call": cost.per_call(coverage),
                           "points_per_1k_tokens": cost.per_kilotoken(coverage)}  # fmt: skip


def _counterexamples(run: RunDir) -> list[dict[str, Any]]:
    """The generalization check's counterexamples: the run's summary of them, or (for a run that stopped
    before writing it) each one as it was saved when found."""
    summary = run.read_json("generalize/summary.json")
    if summary:
        return list(summary.get("counterexamples", []))
    return [run.read_json(str(p.relative_to(run.root))) for p in _versions(run, "generalize", "check[0-9]*.json")]


def _mark(ok: bool) -> str:
    return "solved" if ok else "failed"


def _diff(old: str, new: str, name_old: str, name_new: str) -> str:
    lines = difflib.unified_diff(old.splitlines(), new.splitlines(), name_old, name_new, lineterm="", n=2)
    return "\n".join(lines)


def _fmt_cost(value: Any) -> str:
    return "unknown" if value is None else f"${value:.4f}"


def summary_markdown(run: RunDir, *, details: bool = False) -> str:
    """The run at a glance (``details``: every version's text, outcomes, reflections and diffs)."""
    doc = collect(run)
    info = doc["run"] or {}
    cfg = (doc["config"] or {}).get("config", {})
    out = [f"# Run {doc['run_id']} ({doc['domain']})", ""]
    out.append(
        f"- status: **{info.get('status', 'unknown')}**" + (f" ({info['message']})" if info.get("message") else "")
    )
    if cfg and cfg.get("protocol") == "search":
        out.append(
            f"- configuration: {cfg.get('preset')} (the search rung alone: a heuristic and up to "
            f"{cfg.get('search_rounds')} repairs), model {cfg.get('model')}, seed {cfg.get('seed')}"
        )
    elif cfg:
        ladder = f"direct, {cfg.get('repair_rounds')} repair rounds, then " if cfg.get("protocol") == "auto" else ""
        out.append(
            f"- configuration: {cfg.get('preset')} ({ladder}N={cfg.get('n_programs')}, K_C={cfg.get('code_rounds')}, "
            f"K_S={cfg.get('strategy_rounds')}), model {cfg.get('model')}, seed {cfg.get('seed')}"
        )
    if info.get("program"):
        kind = info.get("kind") or "program"
        what = "selected search (a heuristic genplan searches with)" if kind == "search" else "selected program"
        out.append(
            f"- {what}: {info['program']}, {info.get('debug_solved')}/{info.get('debug_total')} "
            f"debugging tasks (`program.py`; kind: {kind})"
        )
    spent = run_cost(doc["usage"])
    if info.get("heldout_total"):
        per = efficiency_text(info["coverage"], spent)
        out.append(
            f"- held-out coverage: **{100 * info['coverage']:.1f}%** "
            f"({info['heldout_solved']}/{info['heldout_total']} tasks, every ordering valid)"
            + (f"; {per}" if per else "")
        )
    if info.get("quality") is not None:
        out.append(
            f"- IPC quality score: **{info['quality']:.1f}** of {info.get('heldout_total')} (per solved task "
            "min(1, C*/C), C* the best known cost)"
        )
    if spent.calls is not None:
        out.append(f"- the run needed {spent.calls} LLM calls and {spent.tokens} tokens (paid or from the cache)")
    usage = doc["usage"] or {}
    total = usage.get("total") or {}
    if total:
        sessions = len(usage.get("sessions") or []) or 1
        reminders = usage.get("reminders") or 0
        out.append(
            f"- LLM: {total.get('paid_calls', 0)} calls paid, {total.get('cached_calls', 0)} answered from the "
            f"cache, {total.get('failed_calls', 0)} failed; {total.get('prompt_tokens', 0)} prompt + "
            f"{total.get('completion_tokens', 0)} completion tokens; cost {_fmt_cost(total.get('cost'))}"
            + (f"; {reminders} format re-asks" if reminders else "")
            + (f" (over {sessions} sessions of this run)" if sessions > 1 else "")
        )
    if info.get("wall_time_s") is not None:
        out.append(f"- wall time: {info['wall_time_s']:.1f} s")
    stages = usage.get("by_purpose") or usage.get("by_stage") or {}
    if stages:
        out += [
            "",
            "| stage | paid calls | from cache | prompt tokens | completion tokens | cost |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for name, s in sorted(stages.items()):
            out.append(
                f"| {name} | {s.get('paid_calls', 0)} | {s.get('cached_calls', 0)} | {s.get('prompt_tokens', 0)} | "
                f"{s.get('completion_tokens', 0)} | {_fmt_cost(s.get('cost'))} |"
            )

    out += _ladder_lines(doc["ladder"])
    notes = (doc["descriptions"] or {}).get("notes")
    if notes and details:
        out += ["", "## What the tasks added to the domain description", "", notes]

    # The search protocol writes no strategy and no program: its run shows only its heuristic versions.
    if cfg.get("protocol") != "search":
        out += ["", "## Strategy", ""]
        previous = None
        for v in doc["strategy"]:
            outcome = ", ".join(f"{a['task_id']} {_mark(a['valid'])}" for a in v["attempts"]) or "not assessed"
            out.append(f"- v{v['index']}: {v['solved']}/{len(v['attempts']) or '-'} plans valid ({outcome})")
            if v.get("reflected_task"):
                out.append(f"  - reflected on {v['reflected_task']}, then revised")
            if details:
                out += ["", f"### Strategy v{v['index']}", "", "```", v["text"], "```"]
                for a in v["attempts"]:
                    if not a["valid"]:
                        out += ["", f"Feedback on {a['task_id']}:", "", "```", a["feedback"], "```"]
                if v.get("reflection"):
                    out += ["", "Reflection:", "", v["reflection"]]
                if previous is not None:
                    out += [
                        "",
                        f"Changes from v{previous['index']}:",
                        "",
                        "```diff",
                        _diff(previous["text"], v["text"], f"v{previous['index']}", f"v{v['index']}"),
                        "```",
                    ]
                out.append("")
            previous = v
        sel = doc["strategy_selection"]
        if sel:
            out.append(f"- selected: v{sel['selected']}")

        out += ["", "## Programs", ""]
        ex = doc["example"]
        if ex:
            out.append(f"Example shown: {ex['task_id']} with a plan from the {ex['source']}.")
            out.append("")
        by_variant: dict[int, dict] = {}
        for p in doc["programs"]:
            results = ", ".join(f"{r['task_id']} {_mark(r['solved'])}" for r in p["results"])
            out.append(f"- {p['label']}: {p['solved']}/{len(p['results'])} debugging tasks ({results})")
            failures = [r for r in p["results"] if not r["solved"]]
            if failures and not details:
                cats = sorted({r.get("category") or "failed" for r in failures})
                out.append(f"  - failures: {', '.join(cats)}")
            if details:
                if p.get("reflection"):
                    out += ["", f"Reflection before {p['label']}:", "", p["reflection"]]
                prev = by_variant.get(p["variant"])
                if prev and prev.get("source") and p.get("source"):
                    out += [
                        "",
                        f"Changes from {prev['label']}:",
                        "",
                        "```diff",
                        _diff(prev["source"], p["source"], prev["label"], p["label"]),
                        "```",
                    ]
                for r in failures[:1]:
                    out += ["", f"Feedback on {r['task_id']}:", "", "```", r.get("feedback") or "", "```"]
                out.append("")
            by_variant[p["variant"]] = p

    sel = doc["selection"]
    if sel and sel.get("label") and sel.get("kind") != "search":
        out.append(f"- selected: {sel['label']} ({sel['reason']})")
    out += _search_lines(doc["searches"], details)
    if sel and sel.get("label") and sel.get("kind") == "search":
        out.append(f"- selected: {sel['label']} ({sel['reason']})")
    generator = doc.get("generator")
    if doc["counterexamples"] or doc["checks"] or generator:
        out += ["", "## Generalization check", ""]
        if generator:
            # The domain had no builtin generator: the model wrote one (genplan.stages.generator).
            verdict = "accepted" if generator.get("accepted") else "rejected"
            calls = generator.get("calls") or {}
            paid = f", {calls['paid_calls']} paid call(s)" if calls.get("paid_calls") else ""
            out.append(f"- task generator written by the model: {verdict} after "
                       f"{len(generator.get('attempts') or [])} attempt(s){paid}: {generator.get('reason')} "
                       f"(generalize/generator.py)")  # fmt: skip
            for a in (generator.get("attempts") or [])[:-1]:
                out.append(f"  - first attempt rejected: {a.get('reason')}")
        for c in doc["checks"]:
            if c["stage"] == "strategy":
                what = f"plans for {', '.join(c.get('asked') or []) or 'no new task'}"
            else:
                what = "; ".join(c.get("tried_summary") or []) or "no task"
                what += f" in {c.get('elapsed_s') or 0:.0f} s"
            out.append(f"- {c['version']}: {'found ' + c['found'] if c['found'] else 'nothing found'} ({what})")
        out.append("")
        if doc["counterexamples"]:
            out.append("Tasks a version failed; each became a debugging task for the rest of the run.")
            out.append("")
        for c in doc["counterexamples"]:
            solvers = [
                f"{what}{c[key]}"
                for key, what in (
                    ("first_solved_by_strategy", ""),
                    ("first_solved_by_program", "program "),
                    ("first_solved_by_search", "heuristic "),
                )
                if c.get(key)
            ]
            first = f"first solved by {' and by '.join(solvers)}" if solvers else "never solved"
            out.append(
                f"- {c['task_id']} ({c.get('objects')} objects): {c.get('category')}, found against {c.get('found_by')}"
                f"; {first}. Made from: {c.get('origin')}."
            )
            if details:
                out += ["", "```pddl", (c.get("problem_pddl") or "").rstrip(), "```", "", "Feedback:", "", "```",
                        (c.get("feedback") or "").rstrip(), "```", ""]  # fmt: skip

    held = doc["heldout"]
    if held:
        out += ["", "## Held-out evaluation", ""]
        tasks = held.get("tasks", [])
        cats: dict[str, int] = {}
        for r in tasks:
            if not r.get("solved"):
                cats[r.get("category") or "failed"] = cats.get(r.get("category") or "failed", 0) + 1
        solved = sum(1 for r in tasks if r.get("solved"))
        by = "by search" if held.get("kind") == "search" else "by a program"
        out.append(
            f"{solved}/{len(tasks)} tasks solved in every ordering, {by} (kind: {held.get('kind') or 'program'})."
        )
        expansions = [n for n in (held.get("expansions") or {}).values() if n is not None]
        if expansions:
            expansions.sort()
            out.append(f"Expansions a task (as the engine reported them, {len(expansions)} tasks): median "
                       f"{expansions[len(expansions) // 2]}, most {expansions[-1]}.")  # fmt: skip
        if cats:
            out += ["", "| failure | tasks |", "|---|---:|"] + [f"| {k} | {v} |" for k, v in sorted(cats.items())]
    return "\n".join(out) + "\n"


#: Counterexample states shown per heuristic version in the details.
SHOWN_COUNTEREXAMPLES = 3


def _search_lines(searches: list[dict[str, Any]], details: bool) -> list[str]:
    """The search rung's heuristic versions: what the checks found (with counterexample states in the
    details), how the search did on the debugging tasks, the code and its changes."""
    if not searches:
        return []
    out = ["", "## Search (heuristic versions)", ""]
    previous = None
    for v in searches:
        check = v.get("check") or {}
        found = ", ".join(f"{k}: {n}" for k, n in (check.get("by_kind") or {}).items()) or "nothing"
        checked = f"checks on {check.get('states')} states found {found}" if check else "no code to check"
        results = ", ".join(f"{r['task_id']} {_mark(r['solved'])}" for r in v["results"])
        probe = v.get("probe")
        probed = (f"; probe: {probe['solved']}/{probe['of']} generated tasks of about {probe.get('objects')} objects, "
                  f"{probe['cpu_s']:.1f} s CPU") if probe else ""  # fmt: skip
        out.append(f"- {v['label']}: {checked}; searched by {v.get('strategy')}, {v['solved']}/{len(v['results'])} "
                   f"debugging tasks ({results})" + probed + (" (set aside: another version ranked higher)"
                   if v.get("set_aside") else " (passed)" if v.get("passed") else ""))  # fmt: skip
        if details:
            for task_id, failure in ((probe or {}).get("failures") or {}).items():
                out += ["", f"Probe task {task_id} failed:", "", "```", (failure.get("feedback") or "").rstrip(), "```"]
            for f in (check.get("failures") or [])[:SHOWN_COUNTEREXAMPLES]:
                state = ", ".join("(" + " ".join(x) + ")" for x in f.get("state") or []) or "nothing"
                action = f"; action {f['action']}" if f.get("action") else ""
                out += ["", f"Counterexample ({f['kind']}) in {f.get('origin')}{action}:", "", "```",
                        f"state: {state}", f"expected: {f.get('expected')}", f"got: {f.get('got')}", "```"]  # fmt: skip
            same_draft = previous is not None and previous.get("draft", 1) == v.get("draft", 1)
            if same_draft and previous.get("source") and v.get("source"):
                out += ["", f"Changes from {previous['label']}:", "", "```diff",
                        _diff(previous["source"], v["source"], previous["label"], v["label"]), "```"]  # fmt: skip
            elif v.get("source"):
                out += ["", "```python", v["source"].rstrip(), "```"]
            out.append("")
        previous = v
    return out


def _ladder_lines(ladder: dict[str, Any] | None) -> list[str]:
    """The auto protocol's rungs: which ran, how each ended, what each cost, which produced the program."""
    if not ladder:
        return []
    out = ["", "## Ladder (auto)", ""]
    if ladder.get("selected_rung"):
        what = "search" if ladder.get("kind") == "search" else "program"
        out += [f"The selected {what} comes from the **{ladder['selected_rung']}** rung (kind: {what}).", ""]
    out += ["| rung | outcome | programs | best | calls | prompt tokens | completion tokens | cost |",
            "|---|---|---|---:|---:|---:|---:|---:|"]  # fmt: skip
    usage = ladder.get("usage") or {}
    for r in ladder.get("rungs", []):
        name = r["rung"]
        if r.get("skipped"):
            out.append(f"| {name} | {r.get('why') or 'not needed'} | - | - | 0 | 0 | 0 | - |")
            continue
        u = usage.get(name) or {}
        outcome = "passed" if r.get("passed") else "failed"
        out.append(
            f"| {name} | {outcome} | {', '.join(r.get('programs') or []) or '-'} | {r.get('best') or '-'} | "
            f"{u.get('calls', '-')} | {u.get('prompt_tokens', '-')} | {u.get('completion_tokens', '-')} | "
            f"{_fmt_cost(u.get('cost')) if u else '-'} |"
        )
    out += ["", "A rung passes when its program solves every debugging task and the generalization check finds "
            "no counterexample (the search rung: when the checks of its heuristic find nothing and its search "
            "solves every debugging task); the next rung runs only if it did not."]  # fmt: skip
    return out
