"""Which builtin generator can make new tasks for a suite's domain, and in which names.

A program is written for the names of its suite: the builtin ferry suite says ``at-ferry``, an
anonymized one ``predicate_3``, a costumed one whatever the user's map says. The generators make tasks
of the builtin domains, so a generated task is useful only once it speaks the suite's language:

- a domain equal to a builtin one (names included; only the domain's own name may differ, as in the
  paper's data), or to an extra generator's own formulation, takes the generated tasks as they are;
- a renamed variant written by ``genplan benchmarks anonymize`` or ``costume`` is mapped through its
  renaming: the registry keeps the map of every variant it registered, and an anonymized domain is
  recognised without it (anonymizing is deterministic);
- another formulation of a domain with a generator (the IPC 2023 Learning Track's typed ferry, say) is
  reached through a :mod:`~genplan.generators.dialects` dialect, which converts each generated task;
- any other domain has no generator; the check then uses domain-independent variants alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from genplan.benchmarks.rename import Renaming, anonymizer, rename_domain, rename_task
from genplan.generators import EXTRA_GENERATOR_DOMAINS, GENERATOR_DOMAINS
from genplan.pddl.model import Domain, Task

if TYPE_CHECKING:
    from genplan.generalize.modelgen import ModelGenerator


@dataclass(frozen=True)
class GeneratorNames:
    """A builtin generator and how its tasks are renamed into the suite's domain."""

    #: The builtin domain whose generator makes the tasks.
    generator: str
    #: The suite's domain: generated tasks are rebuilt over it.
    domain: Domain
    #: ``None`` when the names are the builtin ones.
    renaming: Renaming | None = None
    #: The dialect's converter when the suite writes the domain another way (see ``dialect``).
    convert: Callable[[Task, Domain], Task] | None = None
    #: The name of that dialect (:mod:`genplan.generators.dialects`).
    dialect: str | None = None
    #: A generator the model wrote (:mod:`genplan.generalize.modelgen`), run in the sandbox; then
    #: ``generator`` is ``"model"`` and its tasks are already over the suite's domain.
    model: ModelGenerator | None = field(default=None, compare=False)

    def adopt(self, task: Task) -> Task:
        """A generated task (over the builtin domain) as a task of the suite's domain."""
        if self.model is not None:
            return task
        if self.convert is not None:
            return self.convert(task, self.domain)
        if self.renaming is None:
            return replace(task, domain=self.domain)
        return rename_task(task, self.renaming, self.domain)

    @property
    def identity(self) -> str:
        """What decides the tasks it makes, for cache keys: :attr:`how`, and a model-written generator's
        source digest (another module makes other tasks)."""
        if self.model is None:
            return self.how
        import hashlib

        return f"{self.how} {hashlib.sha256(self.model.source.encode()).hexdigest()}"

    @property
    def how(self) -> str:
        if self.model is not None:
            return "the generator the model wrote"
        if self.dialect is not None:
            return f"the {self.generator} generator, converted to the suite's formulation ({self.dialect})"
        return f"the {self.generator} generator" + ("" if self.renaming is None else ", renamed to the suite's names")


def _same_structure(a: Domain, b: Domain) -> bool:
    """Equal as domains, whatever each calls itself."""
    return replace(a, name="") == replace(b, name="")


def find_generator(
    domain: Domain, *, hint: str | None = None, renaming: Renaming | None = None
) -> GeneratorNames | None:
    """The builtin generator for ``domain``, or None.

    ``hint`` is a domain name to try first (the suite's domain folder name); ``renaming`` a map known
    to turn some builtin domain into ``domain`` (from the registry).
    """
    from genplan.generators.domains import builtin_domain, builtin_domain_path

    # The extra generators' own formulations too: a suite `genplan benchmarks generate` wrote of them.
    names = [n for n in (*GENERATOR_DOMAINS, *EXTRA_GENERATOR_DOMAINS) if builtin_domain_path(n).is_file()]
    if hint in names:
        names.remove(hint)
        names.insert(0, hint)
    for name in names:
        builtin = builtin_domain(name)
        if _same_structure(builtin, domain):
            return GeneratorNames(name, domain)
    for name in names:
        builtin = builtin_domain(name)
        for candidate in ([renaming] if renaming is not None else []) + [anonymizer(builtin)]:
            try:
                renamed = rename_domain(builtin, candidate)
            except Exception:  # a map for another domain may not apply at all
                continue
            if _same_structure(renamed, domain):
                return GeneratorNames(name, domain, candidate)
    from genplan.generators.dialects import recognize

    dialect = recognize(domain)
    if dialect is not None:
        return GeneratorNames(dialect.generator, domain, convert=dialect.convert, dialect=dialect.name)
    return None


def model_generator(domain: Domain, model: ModelGenerator) -> GeneratorNames:
    """The check's generator when the model wrote it (no builtin generator fits, or it is switched off)."""
    from genplan.generalize.modelgen import MODEL

    return GeneratorNames(MODEL, domain, model=model)


def registered_renaming(root: Path, cache_dir: str | Path | None = None) -> Renaming | None:
    """The renaming the registry recorded for the variant suite at ``root``, if it wrote one."""
    from genplan.benchmarks.registry import load_registry

    resolved = root.resolve()
    for entry in load_registry(cache_dir).values():
        for stats in entry.domains.values():
            if isinstance(stats, dict) and "renaming" in stats and Path(entry.path).resolve() == resolved:
                return Renaming.from_json(stats["renaming"])
    return None
