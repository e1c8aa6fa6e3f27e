"""States of grid tasks drawn as maps (genplan.pddl.gridmap), and the facts line a stalled own-state search
writes so that genplan can draw the state it stalled at (genplan.execute.outcome.best_facts)."""

from __future__ import annotations

import base64
import json
import re
import zlib

from genplan.execute.outcome import Outcome, best_facts, execution_feedback
from genplan.generators import sokoban
from genplan.pddl.gridmap import MAX_CELLS, draw_map, find_grid
from genplan.pddl.pyform import python_inputs

CELLS = tuple((f"loc_{r}_{c}", "location") for r in range(1, 4) for c in range(1, 5))
OBJECTS = (*CELLS, ("box1", "box"), ("box2", "box"))
# A 3x4 grid; loc_1_4 is linked to no other cell (a wall); the others form a ring of corridors.
LINKS = [("adjacent", f"loc_{r}_{c}", f"loc_{r}_{c + 1}") for r in range(1, 4) for c in range(1, 3)] + [
    ("adjacent", f"loc_{r}_{c}", f"loc_{r + 1}_{c}") for r in range(1, 3) for c in range(1, 4)
]
GOAL = (("at", "box1", "loc_3_3"), ("at", "box2", "loc_2_1"))


def _rows(drawn: str) -> dict[int, str]:
    """The map's rows by number (the lines ``<row> <cells>``; the legend's lines have more words)."""
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"^\s*(\d+) (\S+)$", drawn, re.M)}


def _clear(*occupied: str) -> set[tuple[str, ...]]:
    return {("clear", n) for n, t in OBJECTS if t == "location" and n not in occupied and n != "loc_1_4"}


def test_a_grid_state_is_drawn_cell_by_cell_with_its_legend() -> None:
    state = {("at-robot", "loc_1_1"), ("at", "box1", "loc_2_2"), ("at", "box2", "loc_2_1")} | _clear(
        "loc_1_1", "loc_2_2", "loc_2_1"
    )
    drawn = draw_map(OBJECTS, LINKS, state, GOAL)
    assert drawn is not None
    # row 1: robot, open, open, wall; row 2: box2 on its goal, box1 off its goal, open, no cell (loc_2_4 is
    # linked to nothing either); row 3: box1's goal, still empty.
    assert _rows(drawn) == {1: "r..#", 2: "*1.#", 3: "..+#"}, drawn
    assert "1 the object box1" in drawn and "r the fact (at-robot cell)" in drawn
    assert "Not drawn: (clear cell), on most open cells." in drawn
    assert drawn == draw_map(tuple(reversed(OBJECTS)), reversed(LINKS), sorted(state), tuple(reversed(GOAL)))


def test_something_else_on_a_goal_cell_is_drawn_in_upper_case() -> None:
    objects = (*((f"c{r}-{c}", "cell") for r in range(2) for c in range(3)), ("truck", "vehicle"))
    links = [("road", "c0-0", "c0-1"), ("road", "c0-1", "c0-2"), ("road", "c1-0", "c1-1"), ("road", "c0-0", "c1-0")]
    drawn = draw_map(objects, links, {("parked", "truck", "c0-1")}, {("visited", "c0-1")})
    assert drawn is not None and _rows(drawn) == {0: ".T.", 1: "..#"}, drawn


def test_tasks_that_are_not_grids_are_not_drawn() -> None:
    assert find_grid([("a", "block"), ("b", "block")], []) is None
    one_row = [(f"cell_1_{c}", "cell") for c in range(9)]
    assert find_grid(one_row, []) is None
    side = int(MAX_CELLS**0.5) + 2
    huge = [(f"p_{r}_{c}", "place") for r in (0, side) for c in (0, side)]
    assert find_grid(huge, []) is None
    grid = find_grid([(f"tile_{r}-{c}", "tile") for r in range(3) for c in range(2)], [])
    assert grid is not None and grid.prefix == "tile_" and grid.cells["tile_2-1"] == (2, 1)


def test_a_generated_sokoban_task_draws_its_walls_boxes_and_goals() -> None:
    task = sokoban.generate(sokoban.params_for_size(60), 3, "sk")
    py = python_inputs(task)
    static = task.domain.static_predicates
    drawn = draw_map(py.objects, [f for f in py.init if f[0] in static], [f for f in py.init if f[0] not in static],
                     py.goal)  # fmt: skip
    assert drawn is not None
    body = "".join(_rows(drawn).values())
    boxes = sum(1 for o in py.objects if o[1] == "box")
    robot = [ch for ch in body if ch == "r"]
    assert len(robot) == 1 and body.count("#") > 0
    assert sum(ch.isdigit() or ch.isupper() or ch == "*" for ch in body) >= boxes


def _line(parts: object, h: str = "7") -> str:
    data = zlib.compress(json.dumps(parts).encode())
    return f"genplan-search-best-facts: h={h} {base64.b64encode(data).decode()}\n"


def test_the_facts_line_decodes_and_anything_else_is_ignored() -> None:
    good = _line([["at box1 loc_2_2"], ["at box1 loc_2_3"]])
    assert best_facts("noise\n" + good) == ("7", (("at", "box1", "loc_2_2"),), (("at", "box1", "loc_2_3"),))
    assert best_facts(good + _line([["clear x"], []], h="3")) == ("3", (("clear", "x"),), ())
    bomb = base64.b64encode(zlib.compress(b"[" + b" " * 5_000_000 + b"]")).decode()
    bad_lines = ("genplan-search-best-facts: h=1 !!!\n", _line({"a": 1}), _line([[1], []]), _line([[""], []]),
                 good[:-30] + "\n", f"genplan-search-best-facts: h=1 {bomb}\n",
                 _line([["x"] * 30_000, []]))  # fmt: skip
    for bad in bad_lines:
        assert best_facts(bad) is None, bad[:80]


def test_a_timeout_on_a_grid_task_draws_the_state_from_the_facts_line() -> None:
    task = sokoban.generate(sokoban.params_for_size(60), 3, "sk")
    py = python_inputs(task)
    robot = next(f for f in py.init if f[0] == "at-robot")
    goal_cells = {a for f in py.goal for a in f[1:]}
    other = next(f for f in py.init if f[0] == "clear" and f[1] != robot[1] and f[1] not in goal_cells)
    moved = [[f"at-robot {other[1]}", f"clear {robot[1]}"], [" ".join(robot), " ".join(other)]]
    progress = ("genplan-search-progress: expansions=40 evaluations=90 best_h=7 initial_h=9 cpu_seconds=3.00 "
                "wall_seconds=3.00 h_seconds=1.00 successors_seconds=1.00 best_at=20,40,1.00 "
                "duplicate_seconds=0.10\n")  # fmt: skip
    stderr = progress + "genplan-search-best-state: S(...)\n" + _line(moved)
    outcome = Outcome(status="timeout", plan=None, detail="The program did not finish within 3 seconds.",
                      stdout="", stderr=stderr, runtime=3.0)  # fmt: skip
    feedback = execution_feedback(outcome, task)
    assert "The same state, drawn as a map of the task's grid:" in feedback
    r, c = (int(x) for x in other[1].split("_")[1:])
    assert _rows(feedback)[r][c - 1] == "r", feedback
    older = stderr.replace("best_h=7", "best_h=5")
    assert "An expanded state with h 7 (the lowest h when genplan last drew one), drawn as a map" in (
        execution_feedback(Outcome(status="timeout", plan=None, detail="", stderr=older, runtime=3.0), task)
    )
    assert "drawn as a map" not in execution_feedback(outcome)


def test_up_to_nine_objects_of_a_type_are_told_apart_and_more_share_a_letter() -> None:
    def legend(n: int) -> str:
        boxes = tuple((f"box{i}", "box") for i in range(1, n + 1))
        state = {("at", f"box{i}", f"loc_{1 + (i - 1) // 4}_{1 + (i - 1) % 4}") for i in range(1, min(n, 12) + 1)}
        drawn = draw_map((*CELLS, *boxes), LINKS, state, ())
        assert drawn is not None
        return drawn

    assert "9 the object box9" in legend(9) and "an object of type box" not in legend(9)
    assert "b an object of type box" in legend(10) and "the object box" not in legend(10)
