"""The generalization check (`genplan check`): its sources, shrinking, solvability and held-out isolation."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.benchmarks.rename import anonymizer, rename_domain, rename_task
from genplan.core.errors import GenplanError
from genplan.generalize import CheckSettings, check_program
from genplan.generalize.generated import check_seed, generated_batches, size_ladder
from genplan.generalize.naming import find_generator
from genplan.generalize.shrink import legitimate, seen_profiles, shrink, without
from genplan.generalize.variants import digits_renaming, variant_batches
from genplan.generalize.walk import applicable, apply, random_walk
from genplan.generators import generator_module
from genplan.pddl.model import Task
from genplan.pddl.parser import parse_problem
from genplan.validate import validate

REPO = Path(__file__).resolve().parent.parent
GOOD = REPO / "tests" / "zoo" / "good_ferry.py"

#: good_ferry without the lines that first unload a car that starts on the ferry: a bug the builtin
#: generator cannot reveal (it never puts a car aboard), but a walked initial state can.
ONBOARD_BUG = GOOD.read_text().replace(
    """    for fact in init:
        if fact[0] == "on":
            car = fact[1]
            sail(targets.get(car, ferry))
            plan.append(f"(debark {car} {ferry})")
            where[car] = ferry
""",
    "",
)
#: good_ferry that handles only 30 cars: only generated tasks with more cars reveal it.
CAP_BUG = GOOD.read_text().replace("for car in sorted(targets):", "for car in sorted(targets)[:30]:")


def ferry_debug() -> list[tuple[str, Task]]:
    suite = resolve_suite("ferry")
    return [(t, suite.task(t)) for t in suite.split.debug]


# ------------------------------------------------------------------------------------------ walks
@pytest.mark.parametrize("domain", ["ferry", "blocksworld", "gripper", "logistics", "miconic"])
def test_random_walks_are_valid_plans_to_the_states_they_reach(domain: str) -> None:
    suite = resolve_suite(domain)
    for task_id in suite.split.debug[:3]:
        task = suite.task(task_id)
        end, steps = random_walk(task, task.init, 15, random.Random(task_id))
        assert steps, "debugging tasks have applicable actions"
        reached = [f for f in sorted(end - task.init)] or sorted(end)[:1]
        verdict = validate(replace(task, goal=frozenset(reached)), [s.text() for s in steps])
        assert verdict.valid, verdict


def test_applicable_matches_the_validator_on_every_step() -> None:
    # Every action the walk module calls applicable is accepted by the validator, and a step it does not
    # list (a mutated argument) is rejected: the two agree on the ground actions of a state.
    task = ferry_debug()[0][1]
    steps = list(applicable(task, task.init))
    assert steps
    for step in steps:
        assert validate(replace(task, goal=frozenset({("nothing-to-reach",)})), [step.text()]).kind == "goal"
    names = {s.text() for s in steps}
    bogus = "(sail l0 l0)"
    assert bogus not in names and not validate(task, [bogus]).valid


def _fixed_order_applicable():
    """The plain reference for :func:`applicable`'s order: the fixed-order match that
    ``scripts/bench_walk.py`` times the indexed join against (the module's matching before the join)."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "scripts" / "bench_walk.py"
    spec = importlib.util.spec_from_file_location("bench_walk", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.fixed_order


@pytest.mark.parametrize("domain", ["ferry", "blocksworld", "gripper", "logistics", "miconic", "rovers", "satellite",
                                    "spanner", "transport", "visitall", "hiking", "beluga"])  # fmt: skip
def test_applicable_lists_the_same_actions_in_the_same_order_as_a_plain_nested_match(domain: str) -> None:
    """The indexed join changes how bindings are found, not which or in what order: random walks, and the
    variants made from them, stay what they were."""
    fixed_order = _fixed_order_applicable()
    suite = resolve_suite(domain)
    for task_id in suite.split.debug[:2]:
        task = suite.task(task_id)
        rng = random.Random(task_id)
        state = task.init
        for _ in range(8):
            steps = list(applicable(task, state))
            assert [(s.schema.name, s.args) for s in steps] == fixed_order(task, state)
            if not steps:
                break
            state = apply(steps[rng.randrange(len(steps))], state)


def test_applicable_stays_fast_on_a_task_of_a_thousand_objects() -> None:
    """The counterexamples the check finds become debugging tasks, and its random walks then start from
    them: on a sokoban task of about 1,000 objects, matching preconditions in a fixed order took 21 s of
    CPU time for one state's actions (every `clear` cell for every box); the indexed join takes
    milliseconds, and a 30-step walk well under a second."""
    from genplan.generators import sokoban

    task = sokoban.generate(sokoban.params_for_size(1000), 1, "sk")
    assert task.size > 900
    start = time.process_time()
    steps = list(applicable(task, task.init))
    end, walked = random_walk(task, task.init, 30, random.Random(1))
    spent = time.process_time() - start
    assert steps and len(walked) == 30 and spent < 2.0, spent
    verdict = validate(replace(task, goal=frozenset(sorted(end - task.init)[:1] or sorted(end)[:1])),
                       [s.text() for s in walked])  # fmt: skip
    assert verdict.valid, verdict


# ------------------------------------------------------------------------------------------ sources
def test_size_ladder_grows_geometrically_between_its_ends() -> None:
    sizes = size_ladder(5, 500)
    assert sizes[0] == 5 and sizes[-1] == 500
    assert all(b > a for a, b in itertools.pairwise(sizes))
    assert all(b <= round(a * 1.6) + 1 for a, b in itertools.pairwise(sizes[:-1]))


def test_generated_tasks_vary_their_parameters_and_respect_the_size_limit() -> None:
    names = find_generator(resolve_suite("ferry").domain, hint="ferry")
    assert names is not None and names.renaming is None
    batches = list(generated_batches(names, [10, 40], per_size=6, seed=1, max_objects=45))
    params = {tuple(sorted(c.details["params"].items())) for b in batches for c in b}
    assert len(params) >= 4, "not only the size varies"
    assert all(c.task.size <= 45 and c.solvable for b in batches for c in b)


def test_the_check_never_draws_the_seeds_the_builtin_suites_were_built_with() -> None:
    # sources.json records the seed of every builtin task; the test may read it, the check may not.
    sources = json.loads((REPO / "pddl_benchmarks" / "ferry" / "sources.json").read_text())
    suite_seeds = {str(v.get("seed")) for v in sources.get("tasks", {}).values() if isinstance(v, dict)}
    assert suite_seeds, "sources.json lists the seeds"
    names = find_generator(resolve_suite("ferry").domain, hint="ferry")
    assert names is not None
    drawn = {str(c.details["seed"]) for b in generated_batches(names, size_ladder(5, 300), per_size=3, seed=1,
                                                                max_objects=300) for c in b}  # fmt: skip
    assert drawn and not drawn & suite_seeds


def test_digit_renaming_keeps_numeric_order_but_breaks_text_order() -> None:
    task = resolve_suite("miconic").task(resolve_suite("miconic").split.debug[-1])
    mapping = digits_renaming(task, random.Random(3))
    number = lambda name: int(re.match(r"\D*(\d+)", name).group(1))  # noqa: E731
    floors = sorted((n for n, _ in task.objects if n.startswith("f") and n.endswith("_b0")), key=number)
    assert len(floors) >= 3
    renamed = [mapping[f] for f in floors]
    assert all(r.endswith("_b0") for r in renamed)
    assert [number(n) for n in renamed] == sorted(number(n) for n in renamed), "numeric order is kept"
    assert sorted(renamed) != renamed, "sorting the new names as text gives another order"


def test_variants_cover_every_family_and_by_construction_ones_are_solvable() -> None:
    from genplan.planners import plan

    debug = ferry_debug()
    batches = list(variant_batches(debug, seed=1, reorder_seed=7))
    families = {b[0].family for b in batches}
    assert {"reorder", "rename-digits", "rename-long", "rename-style", "rename-shuffled", "goal-subset",
            "walk-init-4", "walk-goal-12", "walk-both-12", "recombine-12"} <= families  # fmt: skip
    by_construction = [c for b in batches for c in b if c.solvable and c.family.startswith(("walk", "goal"))]
    assert by_construction
    for cand in by_construction[:8]:
        assert plan(cand.task, "lama-first", time_limit=20, use_cache=False).status == "solved", cand.origin
    assert variant_batches(debug, seed=1, reorder_seed=7).__next__()[0].ordering_seed == 7


# ------------------------------------------------------------------------------------------ naming
def test_an_anonymized_domain_is_recognised_and_generated_tasks_get_its_names() -> None:
    builtin = resolve_suite("ferry").domain
    anon = anonymizer(builtin)
    domain = rename_domain(builtin, anon)
    names = find_generator(domain)
    assert names is not None and names.generator == "ferry" and names.renaming is not None
    raw = generator_module("ferry").generate(generator_module("ferry").params_for_size(8), 5, "x")
    adopted = names.adopt(raw)
    assert adopted == rename_task(raw, anon, domain)
    assert not {"at", "on", "at-ferry"} & {f[0] for f in adopted.init}


def test_a_domain_no_generator_fits_gets_variants_only(tmp_path: Path) -> None:
    from genplan.pddl.parser import parse_domain
    from tests.test_cli import DOMAIN, PROBLEM  # a tiny domain of no benchmark

    d = parse_domain(DOMAIN)
    assert find_generator(d) is None
    task = parse_problem(PROBLEM, d)
    program = "def generate_solution(objects, init, goal):\n    return ['(a o)']\n"
    result = check_program(program, d, [("t", task)], settings=CheckSettings(budget_s=5, rounds=1))
    assert any("no generator" in n for n in result.notes)
    assert {t.source for t in result.tried} == {"variant"}


# ------------------------------------------------------------------------------------------ shrinking
def test_shrinking_keeps_failing_and_removes_what_does_not_matter() -> None:
    names = find_generator(resolve_suite("ferry").domain, hint="ferry")
    assert names is not None
    module = generator_module("ferry")
    task = names.adopt(module.generate(module.Params(locations=6, cars=12), 11, "big"))
    target = sorted(f for f in task.goal)[0]

    def fails(t: Task):  # "the program" fails exactly when this one goal fact is asked for
        return "still" if target in t.goal else None

    done = shrink(task, "first", fails, lambda t: True, [d for _, d in ferry_debug()], deadline=1e18)
    assert done.task.goal == frozenset({target})
    assert done.task.size < task.size and done.failure == "still" and not done.cut_short
    assert legitimate(done.task, seen_profiles([task, *(d for _, d in ferry_debug())]))


def test_shrinking_never_keeps_a_task_it_cannot_prove_solvable() -> None:
    names = find_generator(resolve_suite("ferry").domain, hint="ferry")
    assert names is not None
    module = generator_module("ferry")
    task = names.adopt(module.generate(module.Params(locations=5, cars=6), 3, "t"))
    done = shrink(task, "f", lambda t: "f", lambda t: t.objects == task.objects, [], deadline=1e18)
    assert done.task.objects == task.objects, "every object removal was unprovable, so none is kept"


def test_an_object_whose_removal_leaves_an_impossible_state_is_kept() -> None:
    # In blocksworld, removing a block that holds another up leaves a block on nothing: never legitimate.
    suite = resolve_suite("blocksworld")
    task = max((suite.task(t) for t in suite.split.debug), key=lambda t: t.size)
    allowed = seen_profiles([task])
    below = {f[2] for f in task.init if f[0] == "on"}
    for block in below:
        assert not legitimate(without(task, {block}), allowed), block


# ------------------------------------------------------------------------------------------ the check
def test_a_correct_program_has_no_counterexample() -> None:
    result = check_program(GOOD.read_text(), resolve_suite("ferry").domain, ferry_debug(),
                           settings=CheckSettings(budget_s=8, rounds=1), generator=find_generator(
                               resolve_suite("ferry").domain, hint="ferry"))  # fmt: skip
    assert result.counterexample is None
    sources = {t.source for t in result.tried}
    assert sources == {"generator", "variant"}
    assert max(t.objects for t in result.tried if t.source == "generator") >= 100


def test_a_car_on_the_ferry_is_found_and_shrunk() -> None:
    suite = resolve_suite("ferry")
    result = check_program(ONBOARD_BUG, suite.domain, ferry_debug(), settings=CheckSettings(budget_s=60),
                           generator=find_generator(suite.domain, hint="ferry"))  # fmt: skip
    cex = result.counterexample
    assert cex is not None and cex.category == "python exception"
    assert any(f[0] == "on" for f in cex.task.init), "the counterexample has a car aboard"
    assert cex.task.size <= 6 and cex.task.size <= cex.found_objects
    assert "KeyError" in cex.feedback


def test_a_loop_cap_is_found_on_large_generated_tasks_and_the_found_task_fails() -> None:
    from genplan.execute.evaluate import evaluate

    suite = resolve_suite("ferry")
    result = check_program(CAP_BUG, suite.domain, ferry_debug(), settings=CheckSettings(budget_s=60),
                           generator=find_generator(suite.domain, hint="ferry"))  # fmt: skip
    cex = result.counterexample
    assert cex is not None and cex.source == "generator" and cex.category == "goal not satisfied"
    assert len([f for f in cex.task.goal]) > 30
    again = evaluate(CAP_BUG, [("cex", cex.task)], orderings=1, mode="debug")
    assert not again.results[0].solved
    assert evaluate(GOOD.read_text(), [("cex", cex.task)], orderings=1).results[0].solved, "and it is solvable"


def test_a_bug_beyond_the_first_rounds_sizes_is_reached_while_the_budget_lasts() -> None:
    """Test distributions can be far larger than the debugging tasks (34 floortile robots where training had
    3): without --max-objects, later rounds double how far the generator goes. A ferry program that fails
    only above 700 cars (beyond the default 500 objects of the first round) is caught; with --max-objects
    500 it cannot be."""
    suite = resolve_suite("ferry")
    big_bug = GOOD.read_text().replace("for car in sorted(targets):", "for car in sorted(targets)[:700]:")
    names = find_generator(suite.domain, hint="ferry")
    found = check_program(big_bug, suite.domain, ferry_debug(), generator=names,
                          settings=CheckSettings(budget_s=90, orderings=1, shrink_budget_s=0))  # fmt: skip
    assert found.counterexample is not None and found.counterexample.task.size > 700
    capped = check_program(big_bug, suite.domain, ferry_debug(), generator=names,
                           settings=CheckSettings(budget_s=10, orderings=1, max_objects=500))  # fmt: skip
    assert capped.counterexample is None and max(t.objects for t in capped.tried) <= 500


def test_a_program_that_loops_does_not_make_the_check_overrun_its_budget() -> None:
    """Issue 23: a looping program made a 60 s check take 360 s. A wave now stops at its first failing task
    and at the deadline, so the check ends within its budget, the shrink budget and one run's limit."""
    import time

    suite = resolve_suite("ferry")
    loop = "def generate_solution(objects, init, goal):\n    while True:\n        pass\n"
    settings = CheckSettings(budget_s=6, shrink_budget_s=3, timeout=2)
    started = time.monotonic()
    result = check_program(loop, suite.domain, ferry_debug(), settings=settings,
                           generator=find_generator(suite.domain, hint="ferry"))  # fmt: skip
    took = time.monotonic() - started
    assert result.counterexample is not None and result.counterexample.status == "timeout"
    # The limit is CPU time; on a loaded machine a run takes longer on the wall clock (its backstop is 3x).
    assert took < settings.budget_s + settings.shrink_budget_s + 3 * settings.timeout + 10, took


def test_an_unprovable_failure_is_never_reported() -> None:
    # The program fails every task; with no proof possible, only tasks solvable by construction may be
    # reported, never a walked initial state or a recombined goal, nor a task the user gave.
    fail_all = "def generate_solution(objects, init, goal):\n    return []\n"
    suite = resolve_suite("ferry")
    given = [("given", ferry_debug()[0][1])]
    result = check_program(fail_all, suite.domain, ferry_debug(), settings=CheckSettings(budget_s=10, rounds=1,
                           shrink_budget_s=0), user_tasks=given, prove=lambda t: False)  # fmt: skip
    assert result.counterexample is not None
    assert result.counterexample.solvable == "construction"
    assert not result.counterexample.family.startswith(("walk-init", "recombine", "given"))


def test_an_unsolvable_given_task_is_set_aside(tmp_path: Path) -> None:
    suite = resolve_suite("ferry")
    task = ferry_debug()[0][1]
    car = next(f[1] for f in task.init if f[0] == "car")
    impossible = replace(task, name="impossible", goal=frozenset({("at", car, "l0"), ("on", car)}))
    result = check_program(GOOD.read_text(), suite.domain, [], settings=CheckSettings(budget_s=20, rounds=1),
                           user_tasks=[("impossible", impossible)])  # fmt: skip
    assert result.counterexample is None and "impossible" in result.unproved


def test_settings_are_checked() -> None:
    with pytest.raises(GenplanError):
        CheckSettings(budget_s=0).check()
    with pytest.raises(GenplanError):
        CheckSettings(max_objects=0).check()
    assert CheckSettings().resolved_max_objects([ferry_debug()[0][1]]) == 500
    assert check_seed("a") != check_seed("b")


# ------------------------------------------------------------------------------------------ held-out
def test_held_out_tasks_never_reach_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A suite whose held-out files are not even PDDL, and carry a marker: the check must neither parse
    them (it would fail) nor let the marker reach any task it runs, prints or writes."""
    import genplan.execute.evaluate as evaluate_module

    suite_dir = tmp_path / "ferry-marked"
    shutil.copytree(REPO / "pddl_benchmarks" / "ferry", suite_dir)
    split = json.loads((suite_dir / "split.json").read_text())
    for task_id in split["heldout"]:
        (suite_dir / "problems" / f"{task_id}.pddl").write_text("HELDOUTMARKER this is not PDDL (((")
    seen: list[str] = []
    real = evaluate_module.evaluate

    def spy(source, tasks, **kw):
        items = list(tasks.items()) if isinstance(tasks, dict) else list(tasks)
        seen.extend(repr(t) for _, t in items)
        return real(source, items, **kw)

    monkeypatch.setattr(evaluate_module, "evaluate", spy)
    out = tmp_path / "out"
    (tmp_path / "bug.py").write_text(ONBOARD_BUG)
    from typer.testing import CliRunner

    from genplan.cli import app

    args = ["check", str(tmp_path / "bug.py"), "ferry", "--suite", str(suite_dir), "--budget", "30", "--out", str(out)]
    res = CliRunner().invoke(app, args, catch_exceptions=False, env={"COLUMNS": "200"})
    assert res.exit_code == 1, res.output
    assert seen and not any("heldoutmarker" in s.lower() for s in seen)
    assert "HELDOUTMARKER" not in res.output
    for path in out.iterdir():
        assert "heldoutmarker" not in path.read_text().lower()


# ------------------------------------------------------------------------------------------ CLI
def _check_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", "check", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"})  # fmt: skip


def test_cli_exit_codes_and_files(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(ONBOARD_BUG)
    found = _check_cli("bug.py", "ferry", "--budget", "30", cwd=tmp_path)
    assert found.returncode == 1, found.stderr
    # The default folder names the program's hash, and check.json records what was checked (issue 23, item 4).
    sha = hashlib.sha256(ONBOARD_BUG.encode()).hexdigest()
    folder = tmp_path / f"check-ferry-bug-{sha[:8]}"
    record = json.loads((folder / "check.json").read_text())["provenance"]
    assert record["program"]["sha256"] == sha and record["program"]["path"] == str((tmp_path / "bug.py").resolve())
    assert record["limits"]["timeout_s"] == 45.0 and record["limits"]["orderings"] == 4
    assert record["versions"]["genplan"] and record["versions"]["fast_downward"]
    assert {p.name for p in folder.iterdir()} == {"check.json", "counterexample.pddl", "counterexample.py",
                                                   "domain.pddl", "plan.txt", "feedback.txt"}  # fmt: skip
    text = " ".join(found.stdout.split())
    assert "counterexample" in text and "(on c" in text and "KeyError" in text
    # the Python form is what the program received, and reproduces the crash when run
    run = subprocess.run([sys.executable, str(folder / "counterexample.py")], capture_output=True, text=True,
                         cwd=tmp_path, timeout=60)  # fmt: skip
    assert run.returncode != 0 and "KeyError" in run.stderr
    # the PDDL form parses against the domain written beside it
    from genplan.pddl import load_task

    assert load_task(folder / "domain.pddl", folder / "counterexample.pddl").size >= 2

    none = _check_cli(str(GOOD), "ferry", "--budget", "3", "--out", "ok", cwd=tmp_path)
    assert none.returncode == 0, none.stderr
    assert "no counterexample" in none.stdout and "generated tasks" in none.stdout
    assert json.loads((tmp_path / "ok" / "check.json").read_text())["found"] is False

    # Another program's check is not replaced without --force.
    refused = _check_cli("bug.py", "ferry", "--budget", "3", "--out", "ok", cwd=tmp_path)
    assert refused.returncode == 2 and "--force" in refused.stderr and "Traceback" not in refused.stderr
    assert json.loads((tmp_path / "ok" / "check.json").read_text())["found"] is False

    for bad in (["missing.py", "ferry"], [str(GOOD), "ferri"], [str(GOOD), "ferry", "--budget", "0"],
                [str(GOOD), "ferry", "--tasks", "nowhere"]):  # fmt: skip
        res = _check_cli(*bad, cwd=tmp_path)
        assert res.returncode == 2, (bad, res.stderr)
        assert "Traceback" not in res.stderr and "error" in res.stderr


def test_a_costumed_suite_gets_generated_tasks_in_its_own_names(tmp_path: Path) -> None:
    (tmp_path / "squirrel.toml").write_text(
        '[types]\n[predicates]\nat = "stands"\n"at-ferry" = "squirrel-at"\n[actions]\nsail = "scamper"\n'
        '[object_prefixes]\nc = "nut"\nl = "tree"\n'
    )
    res = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "benchmarks", "costume", "ferry", "--names", "squirrel.toml",
         "--out", "ferry-sq", "--cache-dir", "cache"], capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    from genplan.generalize.naming import registered_renaming

    suite = resolve_suite("ferry-sq", "ferry-sq", cache_dir=tmp_path / "cache")
    renaming = registered_renaming(suite.root, tmp_path / "cache")
    assert renaming is not None and renaming.predicates["at"] == "stands"
    names = find_generator(suite.domain, hint=suite.domain_name, renaming=renaming)
    assert names is not None and names.generator == "ferry"
    batch = next(generated_batches(names, [12], per_size=1, seed=1, max_objects=50))
    task = batch[0].task
    assert {"stands", "squirrel-at"} <= {f[0] for f in task.init} and "at" not in {f[0] for f in task.init}
    assert all(n.startswith(("nut", "tree")) for n, _ in task.objects)
    # and the variant's own folder holds no copy of the map
    assert not any("renaming" in p.name for p in suite.root.iterdir())


def test_walked_goals_ask_only_for_the_kinds_of_goal_the_debugging_tasks_ask_for() -> None:
    # Logistics goals place packages; a walk also moves trucks and airplanes, but no goal asks for them.
    from genplan.generalize.variants import _kinds, goal_signatures

    suite = resolve_suite("logistics")
    debug = [(t, suite.task(t)) for t in suite.split.debug]
    allowed = goal_signatures([t for _, t in debug])
    assert all(sig[1] == "obj" for sig in allowed if sig[0] == "at"), allowed  # packages are "obj" here
    walked = [c for b in variant_batches(debug, seed=3, reorder_seed=1) for c in b
              if c.family.startswith(("walk-goal", "walk-both", "recombine"))]  # fmt: skip
    assert walked
    for cand in walked:
        kinds = _kinds(cand.task)
        assert all((f[0], *(kinds[a] for a in f[1:])) in allowed for f in cand.task.goal), cand.origin


def test_a_generator_that_filters_by_its_own_strategy_also_gives_unproven_tasks() -> None:
    suite = resolve_suite("beluga")
    names = find_generator(suite.domain, hint="beluga")
    assert names is not None
    cands = [c for b in generated_batches(names, [20, 30], per_size=6, seed=1, max_objects=200, max_unproven=40)
             for c in b]  # fmt: skip
    unproven = [c for c in cands if not c.solvable]
    assert unproven and all(c.details["params"]["unproven"] == 1 for c in unproven)
    assert all(c.details["params"]["unproven"] == 0 for c in cands if c.solvable)
    none = [c for b in generated_batches(names, [20, 30], per_size=6, seed=1, max_objects=200) for c in b]
    assert all(c.solvable for c in none), "above max_unproven (default 0) every task is proven"
    with pytest.raises(GenplanError, match="unproven"):
        generator_module("beluga").Params(unproven=2).check()
    # ferry has no such filter: all its tasks are solvable by construction
    ferry = find_generator(resolve_suite("ferry").domain, hint="ferry")
    assert ferry is not None
    assert all(c.solvable for b in generated_batches(ferry, [10], per_size=6, seed=1, max_objects=50,
                                                      max_unproven=50) for c in b)  # fmt: skip


def test_the_pipeline_leaves_out_shuffled_names() -> None:
    suite = resolve_suite("ferry")
    strict = check_program(GOOD.read_text(), suite.domain, ferry_debug(), settings=CheckSettings(budget_s=20, rounds=1))
    assert "rename-shuffled" in {t.family for t in strict.tried}
    lenient = check_program(GOOD.read_text(), suite.domain, ferry_debug(),
                            settings=CheckSettings(budget_s=20, rounds=1, shuffled_names=False))  # fmt: skip
    assert "rename-shuffled" not in {t.family for t in lenient.tried}
    assert {"rename-digits", "rename-style"} <= {t.family for t in lenient.tried}


# ------------------------------------------------------------------------------------------ regenerate
def _ferry_candidate(size: int, seed: int = 7):
    from dataclasses import asdict

    from genplan.generalize.candidates import Candidate

    suite = resolve_suite("ferry")
    names = find_generator(suite.domain, hint="ferry")
    module = generator_module("ferry")
    params = module.params_for_size(size)
    task = names.adopt(module.generate(params, seed, "big"))
    details = {"generator": "ferry", "params": asdict(params), "seed": seed}
    return names, Candidate("big", task, "generator", f"size {size}", "made for the test", True, details=details)


def _runner(source: str):
    from genplan.execute.evaluate import evaluate

    def run(cands):
        ev = evaluate(source, [(c.task_id, c.task) for c in cands], orderings=2, mode="debug")
        by_id = {r.task_id: r for r in ev.results}
        return [by_id[c.task_id] for c in cands]

    return run


def test_lowered_parameters_are_valid_smaller_and_never_touch_the_unproven_flag() -> None:
    from dataclasses import asdict, fields

    from genplan.generalize.regenerate import lowered
    from genplan.generators import UNPROVEN

    base = generator_module("beluga").Params(parts=9, racks=4, unproven=0)
    options = lowered(base)
    assert options, "a 9-part task can be made smaller"
    for option in options:
        option.check()
        changed = [f.name for f in fields(base) if getattr(option, f.name) != getattr(base, f.name)]
        assert len(changed) == 1 and changed[0] != UNPROVEN
        assert getattr(option, changed[0]) < getattr(base, changed[0])
    assert any(asdict(o)["parts"] == 4 for o in options) and any(asdict(o)["parts"] == 8 for o in options)


def test_a_generated_failure_is_made_smaller_through_its_generator() -> None:
    import time

    from genplan.generalize.regenerate import regenerate_smaller

    names, cand = _ferry_candidate(150)
    run = _runner(CAP_BUG)
    [outcome] = run([cand])
    assert not outcome.solved and len(cand.task.goal) > 40
    proofs: list[Task] = []
    smaller = regenerate_smaller(cand, outcome, names, run, lambda t: proofs.append(t) or True,
                                 deadline=time.monotonic() + 120)  # fmt: skip
    task = smaller.candidate.task
    assert smaller.steps > 0 and task.size < cand.task.size
    assert 30 < len(task.goal) < len(cand.task.goal), "still more than the 30 cars the bug handles"
    assert not smaller.outcome.solved and smaller.outcome.category == outcome.category
    assert not run([smaller.candidate])[0].solved, "the smaller task fails when run again"
    assert _runner(GOOD.read_text())([smaller.candidate])[0].solved, "and it is solvable"
    assert "made smaller from big" in smaller.candidate.origin and smaller.candidate.task_id != "big"
    assert proofs == [], "ferry tasks are solvable by construction: nothing to prove"


def test_only_generated_failures_are_regenerated() -> None:
    import time

    from genplan.generalize.regenerate import regenerate_smaller

    names, cand = _ferry_candidate(40)
    user = replace(cand, source="user", details={})
    run = _runner(CAP_BUG)
    [outcome] = run([cand])
    same = regenerate_smaller(user, outcome, names, run, lambda t: True, deadline=time.monotonic() + 30)
    assert same.candidate is user and same.steps == 0 and same.tried == 0


def test_the_check_reports_the_regenerated_task_with_where_it_came_from() -> None:
    suite = resolve_suite("ferry")
    settings = CheckSettings(budget_s=60, shrink_budget_s=60)
    result = check_program(CAP_BUG, suite.domain, ferry_debug(), settings=settings,
                           generator=find_generator(suite.domain, hint="ferry"))  # fmt: skip
    cex = result.counterexample
    assert cex is not None and cex.regenerate_steps > 0
    assert cex.task.size < cex.found_objects
    assert cex.to_json()["regenerate_steps"] == cex.regenerate_steps


def test_the_first_tier_halves_every_parameter_together_keeping_the_kind_of_task() -> None:
    from genplan.generalize.regenerate import TIERS, lowered

    base = generator_module("beluga").Params(parts=17, racks=4, rack_capacity=15, max_lines=1, max_stored=0)
    [scaled] = lowered(base, "scale")
    scaled.check()
    assert TIERS[0] == "scale"
    assert (scaled.parts, scaled.racks, scaled.rack_capacity) == (8, 2, 7), "parts per rack and fill kept"
    assert scaled.max_lines == 1 and scaled.unproven == base.unproven, "a value that cannot be halved stays"
    tiny = generator_module("beluga").Params(parts=1, racks=1, min_size=1, max_size=1, rack_capacity=1, max_lines=1,
                                             max_stored=0, rack_spread=0)  # fmt: skip
    assert lowered(tiny, "scale") == []
