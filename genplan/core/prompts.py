"""Prompt rendering: a strict jinja2 environment over the ``templates/`` folder.

Strictness is the point: a published system once sent prompts whose parameters were silently missing.
Here a variable the caller did not pass is an error (``StrictUndefined``), and so is a variable that
renders as nothing useful: ``None`` or a blank string. Optional parts of a prompt are written with
``{% if ... %}`` in the template, never by passing an empty value.

Where the templates are: ``$GENPLAN_TEMPLATES_DIR`` if set (to experiment with prompt wording without
touching the checkout), else ``templates/`` next to the ``genplan`` package (a source checkout or an
editable install), else ``<prefix>/share/genplan/templates`` (where a wheel installs them; see
``[tool.setuptools.data-files]`` in pyproject.toml).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import jinja2.meta

from genplan.core.errors import GenplanError

ENV_VAR = "GENPLAN_TEMPLATES_DIR"


class PromptError(GenplanError):
    """A template is missing, broken, or was rendered without a value it needs."""


def templates_dir() -> Path:
    """The folder the templates are read from (see the module docstring for the search order)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    candidates = (
        Path(__file__).resolve().parents[2] / "templates",
        Path(sys.prefix) / "share" / "genplan" / "templates",
    )
    for path in candidates:
        if (path / "codegen.j2").is_file():  # not just any folder called templates
            return path
    raise PromptError(
        "The prompt templates were not found (looked in " + ", ".join(str(p) for p in candidates) + ").",
        hint=f"Reinstall genplan, or point {ENV_VAR} at a folder of .j2 templates.",
    )


def _finalize(value: Any) -> Any:
    """Refuse values that would leave an empty placeholder in a prompt."""
    if value is None:
        raise PromptError("A template variable rendered as None.")
    if isinstance(value, str) and not value.strip():
        raise PromptError("A template variable rendered as an empty string.")
    return value


def _fail(message: str) -> str:
    """``{{ fail("...") }}`` in a template: reject a context value the template cannot handle."""
    raise PromptError(message)


@lru_cache(maxsize=4)
def _environment(directory: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(directory),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
        finalize=_finalize,
    )
    env.globals["fail"] = _fail
    return env


def environment() -> jinja2.Environment:
    """The strict jinja2 environment over :func:`templates_dir`."""
    return _environment(str(templates_dir()))


def template_names() -> list[str]:
    """Every ``.j2`` template, sorted."""
    return sorted(n for n in environment().list_templates() if n.endswith(".j2"))


def template_variables(name: str) -> set[str]:
    """The variables a template reads from its context (what a caller has to pass)."""
    env = environment()
    source = _source(env, name)
    return set(jinja2.meta.find_undeclared_variables(env.parse(source))) - set(env.globals)


def render(name: str, **context: Any) -> str:
    """Render ``templates/<name>`` strictly; the result has no leading or trailing blank lines.

    Raises :class:`PromptError` naming the template when it is missing, does not parse, reads a variable
    that was not passed, or would render an empty placeholder.
    """
    env = environment()
    try:
        template = env.get_template(name)
    except jinja2.TemplateNotFound as exc:
        raise PromptError(
            f"There is no prompt template {name!r} in {templates_dir()}.",
            hint="Check the template name; the available ones are: " + ", ".join(template_names()) + ".",
        ) from exc
    except jinja2.TemplateSyntaxError as exc:
        raise PromptError(f"The prompt template {name!r} does not parse, line {exc.lineno}: {exc.message}") from exc
    try:
        text = template.render(**context)
    except jinja2.UndefinedError as exc:
        raise PromptError(
            f"The prompt template {name!r} needs a value that was not given: {exc.message}.",
            hint=f"Pass every variable the template reads: {', '.join(sorted(template_variables(name)))}.",
        ) from exc
    except PromptError as exc:
        if exc.__cause__ is None and "rendered as" not in exc.message:  # raised by fail() in the template
            raise PromptError(f"The prompt template {name!r} cannot be rendered: {exc.message}") from exc
        empty = sorted(k for k, v in context.items() if v is None or (isinstance(v, str) and not v.strip()))
        which = f" (empty or None: {', '.join(empty)})" if empty else ""
        raise PromptError(
            f"The prompt template {name!r} was rendered with an empty value{which}: {exc.message}",
            hint="Pass a real value, or make that part of the template conditional with {% if %}.",
        ) from exc
    return text.strip("\n") + "\n"


def _source(env: jinja2.Environment, name: str) -> str:
    assert env.loader is not None
    try:
        return env.loader.get_source(env, name)[0]
    except jinja2.TemplateNotFound as exc:
        raise PromptError(f"There is no prompt template {name!r} in {templates_dir()}.") from exc
