"""Instance generator for childsnack (genplan's own formulation: ``generators/pddl/childsnack.pddl``).

Kind of task (as in the IPC 2023 Learning Track's childsnack, whose task files give their children,
allergic children, trays and sandwiches in a first comment line): children ``child1 ..``, of which a
random ``allergic`` are allergic to gluten (``allergic_gluten``) and the ``non_allergic`` others are not
(``not_allergic_gluten``), each waiting at a random table ``table1 ..`` (3 tables in all the Learning
Track's generated tasks; a table may have nobody waiting); every tray ``tray1 ..`` in the kitchen; every
sandwich name ``sandw1 ..`` not made yet (``notexist``), at least one per child; bread portions
``bread1 ..`` and as many filling portions ``content1 ..`` in the kitchen, of which a random
``gluten_free`` bread portions and, drawn separately, ``gluten_free`` filling portions are gluten-free,
the ``with_gluten`` others not (the Learning Track's generated tasks have a gluten-free pair per allergic
child and a pair with gluten per other child; some of its hand-made base cases have spare portions). The
goal serves every child.

Solvable by construction: for each allergic child make a gluten-free sandwich from a gluten-free bread
portion and a gluten-free filling portion not used yet (there are ``gluten_free >= allergic`` of each);
for each other child make a sandwich from any bread and filling portion not used yet (``gluten_free +
with_gluten - allergic >= non_allergic`` of each are left); each sandwich gets a name of its own
(``sandwiches >= allergic + non_allergic``). Put every sandwich on ``tray1``, which stands in the
kitchen, then carry it to each table where somebody waits in turn (a move is always between two
different places, and a tray is at one place only, so ``(not (at ?tray ?to))`` holds) and serve each
child there the sandwich made for it: allergic children get gluten-free ones. Wasting gluten-free
portions on other children is what makes tasks hard for a careless plan, never a risk to solvability.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import sqrt

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "childsnack"
#: The domain's one constant: where ingredients, sandwiches and trays start.
KITCHEN = "kitchen"


@dataclass(frozen=True)
class Params:
    """Size of a childsnack task; the defaults are a mid-sized task of the Learning Track's training set.

    Every parameter counts objects of one kind, so lowering any one makes a smaller task (the check's
    shrinking lowers them one at a time): ``allergic`` and ``non_allergic`` children, and ``gluten_free``
    and ``with_gluten`` portions, each that many bread portions and as many filling portions. The Learning
    Track's ``children=C, allergic_children=A`` is ``allergic=A, non_allergic=C-A``; its generated tasks
    have ``gluten_free=A, with_gluten=C-A`` and 3 tables.
    """

    allergic: int = 2
    non_allergic: int = 4
    trays: int = 2
    sandwiches: int = 8
    tables: int = 3
    gluten_free: int = 2
    with_gluten: int = 4

    @property
    def children(self) -> int:
        return self.allergic + self.non_allergic

    @property
    def portions(self) -> int:
        """Bread portions, and as many filling portions."""
        return self.gluten_free + self.with_gluten

    def check(self) -> None:
        check_integers(self, DOMAIN)
        for name, value in vars(self).items():
            if value < 0:
                raise GeneratorError(f"The childsnack parameter {name} cannot be negative ({value}).")
        if self.children < 1:
            raise GeneratorError(
                "A childsnack task needs at least 1 child to serve.", hint="Pass allergic + non_allergic >= 1."
            )
        for name, value, what in (("trays", self.trays, "tray"), ("tables", self.tables, "table to wait at")):
            if value < 1:
                raise GeneratorError(
                    f"A childsnack task needs at least 1 {what}, not {value}.", hint=f"Pass {name} >= 1."
                )
        if self.gluten_free < self.allergic:
            raise GeneratorError(
                f"Not enough gluten-free ingredients: {self.gluten_free} gluten-free bread and filling "
                f"portions cannot make a gluten-free sandwich for each of the {self.allergic} allergic children.",
                hint=f"Pass gluten_free >= allergic (here >= {self.allergic}).",
            )
        if self.sandwiches < self.children:
            raise GeneratorError(
                f"{self.sandwiches} sandwiches cannot feed {self.children} children: each child eats one, "
                "and a sandwich name is used once.",
                hint=f"Pass sandwiches >= allergic + non_allergic (here >= {self.children}).",
            )
        if self.portions < self.children:
            raise GeneratorError(
                f"{self.portions} bread portions (and as many filling portions) make at most {self.portions} "
                f"sandwiches, not one for each of {self.children} children.",
                hint=f"Pass gluten_free + with_gluten >= allergic + non_allergic (here >= {self.children}).",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects, in the Learning Track's proportions: a bread and a filling portion per child,
    30% more sandwiches than children, 3 tables, about ``0.6 * sqrt(children)`` trays (1 for 4 children,
    10 for 290) and 60% of the children allergic, with a gluten-free portion of each kind apiece.

    The Learning Track's tasks range from 7 objects (one child, tray, sandwich, table and pair of portions,
    and the kitchen) in its training set to 1,327 (292 children, 147 allergic, 10 trays, 437 sandwiches) in
    its hardest test task; ``params_for_size(7)`` is the former, ``params_for_size(1327)`` has 1,326 objects
    (305 children, 183 allergic, 10 trays). Sizes below 7 give the smallest task.
    """
    check_size(size)
    guess = max(1, round((size - 5) / 4.3))
    # The number of children whose task comes closest to ``size`` (fewer children on a tie).
    return min((_proportional(c) for c in range(max(1, guess - 3), guess + 4)), key=lambda p: abs(size - _size(p)))


def _proportional(children: int) -> Params:
    """The Learning Track's proportions (see :func:`params_for_size`) for ``children`` children."""
    allergic = round(0.6 * children)
    return Params(
        allergic=allergic,
        non_allergic=children - allergic,
        trays=max(1, round(0.6 * sqrt(children))),
        sandwiches=children + round(0.3 * children),
        tables=min(3, children),
        gluten_free=allergic,
        with_gluten=children - allergic,
    )


def _size(params: Params) -> int:
    """Objects of a task made with ``params``, the kitchen included."""
    return params.children + params.trays + params.sandwiches + params.tables + 2 * params.portions + 1


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable childsnack task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    children = [f"child{i}" for i in range(1, params.children + 1)]
    trays = [f"tray{i}" for i in range(1, params.trays + 1)]
    sandwiches = [f"sandw{i}" for i in range(1, params.sandwiches + 1)]
    breads = [f"bread{i}" for i in range(1, params.portions + 1)]
    contents = [f"content{i}" for i in range(1, params.portions + 1)]
    tables = [f"table{i}" for i in range(1, params.tables + 1)]

    allergic = set(rng.sample(children, params.allergic))
    init: set[Fact] = set()
    for child in children:
        init.add(("allergic_gluten" if child in allergic else "not_allergic_gluten", child))
        init.add(("waiting", child, rng.choice(tables)))
    init.update(("at", tray, KITCHEN) for tray in trays)
    init.update(("notexist", sandwich) for sandwich in sandwiches)
    init.update(("at_kitchen_bread", bread) for bread in breads)
    init.update(("at_kitchen_content", content) for content in contents)
    # Which portions are gluten-free is drawn for bread and filling separately.
    init.update(("no_gluten_bread", bread) for bread in rng.sample(breads, params.gluten_free))
    init.update(("no_gluten_content", content) for content in rng.sample(contents, params.gluten_free))

    objects = [(child, "child") for child in children]
    objects += [(tray, "tray") for tray in trays]
    objects += [(sandwich, "sandwich") for sandwich in sandwiches]
    objects += [(bread, "bread-portion") for bread in breads]
    objects += [(content, "content-portion") for content in contents]
    objects += [(table, "place") for table in tables]
    p = params
    shown = f"a{p.allergic}-n{p.non_allergic}-t{p.trays}-s{p.sandwiches}-tb{p.tables}-g{p.gluten_free}-w{p.with_gluten}"
    return Task(
        name=name or f"childsnack-{shown}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(("served", child) for child in children),
    )
