"""How ``genplan X --help`` reads: click's conventions, one layout for every command.

Why this module: typer (0.29) renders a parameter's type from its Python annotation, as ``<bool>``
beside a flag that takes no value, ``<list[Path]>`` beside a repeatable option and ``{domain}`` in
the usage line; and it keeps the hard line breaks of a docstring's later paragraphs, which then end
in ragged short lines at any width. typer has no setting for either, so every command is built by
:class:`HelpCommand` (and every group by :class:`HelpGroup`), which

- shows a flag with no placeholder, an option with its value's metavar in capitals (``FLOAT``,
  ``PATH``; ``PATH`` again for a repeatable one, whose help says "repeatable"),
- names arguments in capitals, in the usage line too (``DOMAIN PROBLEM``, ``[RUN_DIRS]...``),
- joins the lines of each paragraph of a command's help, so that rich wraps it to the terminal,
- reads the old spellings of its options as the canonical ones, without showing them.

A parameter's class is switched to a subclass that only changes how it is displayed: typer builds the
parameters itself and offers no hook to choose their class.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from genplan.core.options import HIDDEN_ALIASES

#: The metavar of a value's Python type, as click names them.
_METAVARS: dict[Any, str] = {str: "TEXT", int: "INTEGER", float: "FLOAT", bool: "BOOLEAN", Path: "PATH"}


def _type_metavar(param: Any) -> str:
    """``TEXT``, ``INTEGER``, ``FLOAT``, ``PATH``: the value's type in capitals (the item's, for a list)."""
    from typing import get_args, get_origin

    annotation = param.type_descriptor.annotation
    while get_origin(annotation) is list:
        annotation = get_args(annotation)[0]
    if param.type_descriptor.is_path:
        return "PATH"
    return _METAVARS.get(annotation, getattr(annotation, "__name__", str(annotation)).upper())


class _Option(TyperOption):
    """An option shown as click shows it: nothing after a flag, a metavar in capitals after the rest."""

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        return self.metavar or _type_metavar(self)


class _Argument(TyperArgument):
    """An argument named in capitals, in the usage line as click writes it (``DOMAIN``, ``[RUNS]...``)."""

    @property
    def display_name_raw(self) -> str:
        return self.metavar or (self.name or "").upper()

    def display_type_rich(self, ctx: Any) -> str | None:
        return _type_metavar(self)

    def _usage_display_name(self) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name + ("..." if self.nargs != 1 else "")


def reflow(text: str | None) -> str | None:
    """A help text with each paragraph on one line: the terminal's width decides where lines end.

    Paragraphs are separated by a blank line; one starting with ``\\b`` keeps its lines (click's
    convention for preformatted text)."""
    if not text:
        return text
    import inspect

    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split()) for p in paragraphs)


def _restyle(param: Any) -> Any:
    if type(param) is TyperOption:
        param.__class__ = _Option
    elif type(param) is TyperArgument:
        param.__class__ = _Argument
    return param


def with_aliases(args: list[str], own: set[str], aliases: Mapping[str, str]) -> list[str]:
    """``args`` with each old spelling of an option replaced by the canonical one (``--memory-mb 512``
    and ``--memory-mb=512`` -> ``--memory ...``), where the command has the canonical option (in ``own``)
    and no option of the old spelling's name. Nothing after ``--`` is touched: it is not an option."""
    out = []
    for i, arg in enumerate(args):
        if arg == "--":
            return [*out, *args[i:]]
        name, eq, value = arg.partition("=")
        target = aliases.get(name)
        if target is not None and target in own and name not in own:
            arg = f"{target}{eq}{value}"
        out.append(arg)
    return out


class HelpCommand(TyperCommand):
    """A command whose help follows click's conventions (see the module's docstring), and which reads
    the old spellings of its options (:data:`genplan.core.options.HIDDEN_ALIASES`) without showing them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = reflow(self.help)
        for param in self.params:
            _restyle(param)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        own = {opt for param in self.params for opt in (*param.opts, *getattr(param, "secondary_opts", ()))}
        return super().parse_args(ctx, with_aliases(args, own, HIDDEN_ALIASES))

    def get_help_option(self, ctx: Any) -> Any:
        # click makes --help on first use, outside __init__: it is a flag like any other.
        option = super().get_help_option(ctx)
        return option if option is None else _restyle(option)


class HelpGroup(TyperGroup):
    """A group of commands whose own help follows click's conventions, as its commands' do."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = reflow(self.help)
        for param in self.params:
            _restyle(param)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        return option if option is None else _restyle(option)


class HelpTyper(typer.Typer):
    """A typer app whose groups and commands are :class:`HelpGroup` and :class:`HelpCommand` by default."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("cls", HelpGroup)
        super().__init__(*args, **kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", HelpCommand)
        return super().command(*args, **kwargs)
