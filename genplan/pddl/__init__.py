"""PDDL: parsing into frozen dataclasses, writing back, and the Python form given to programs."""

from genplan.pddl.model import ROOT_TYPE, ActionSchema, Atom, Domain, Fact, Parameter, Predicate, Task
from genplan.pddl.parser import load_task, parse_domain, parse_problem
from genplan.pddl.pyform import PyTask, python_inputs, render_python_task
from genplan.pddl.writer import write_domain, write_problem

__all__ = [
    "ROOT_TYPE",
    "ActionSchema",
    "Atom",
    "Domain",
    "Fact",
    "Parameter",
    "Predicate",
    "PyTask",
    "Task",
    "load_task",
    "parse_domain",
    "parse_problem",
    "python_inputs",
    "render_python_task",
    "write_domain",
    "write_problem",
]
