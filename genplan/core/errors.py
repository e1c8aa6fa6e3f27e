"""User-facing errors.

Every error a user can cause (a missing file, malformed PDDL, a missing API key, ...) is raised as a
:class:`GenplanError`. The CLI prints its message as one readable paragraph and exits with its
``exit_code``, without a traceback: a traceback is for bugs in genplan, not for bad input.
"""

from __future__ import annotations


class GenplanError(Exception):
    """An error caused by input or environment, with a message that names the cause and the fix."""

    exit_code: int = 2

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        self.message = message
        self.hint = hint
        super().__init__(self.render())

    def render(self) -> str:
        """The full one-paragraph text: the cause, then how to fix it."""
        return f"{self.message} {self.hint}" if self.hint else self.message


class PDDLError(GenplanError):
    """Malformed or unsupported PDDL, located by file and line where possible."""

    def __init__(
        self, message: str, *, file: str | None = None, line: int | None = None, hint: str | None = None
    ) -> None:
        self.file = file
        self.line = line
        where = ""
        if file and line:
            where = f"{file}, line {line}: "
        elif file:
            where = f"{file}: "
        super().__init__(where + message, hint=hint)


class UnsupportedPDDLError(PDDLError):
    """A PDDL construct the pipeline does not handle (conditional effects, quantifiers, ...)."""
