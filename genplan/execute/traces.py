"""Tracebacks and stacks as the LLM should see them: the program's frames, no sandbox, no machine paths.

Feedback text goes into prompts, and prompts are cache keys, so it must not vary with where genplan or
Python is installed, with memory addresses or thread ids. Frames of genplan itself are dropped, the
program's file is always ``<program>`` (it is compiled under that name; no temp file exists), and the
standard library and site-packages are shown as ``<stdlib>/...`` and ``<site-packages>/...``.
"""

from __future__ import annotations

import linecache
import os
import re
import sysconfig
import traceback
from collections.abc import Sequence

#: The file name programs are compiled under.
PROGRAM_FILE = "<program>"

_GENPLAN_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PATHS = sysconfig.get_paths()
_PREFIXES: tuple[tuple[str, str], ...] = tuple(
    sorted(
        {
            (os.path.realpath(_PATHS[k]), label)
            for k, label in (
                ("stdlib", "<stdlib>"),
                ("platstdlib", "<stdlib>"),
                ("purelib", "<site-packages>"),
                ("platlib", "<site-packages>"),
            )
            if k in _PATHS
        },
        key=lambda p: -len(p[0]),  # longest first: site-packages lives under the stdlib dir
    )
)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_THREAD_ID = re.compile(r"0x[0-9a-fA-F]{6,}")
_FH_FRAME = re.compile(r'^\s*File "(?P<file>.*)", line (?P<line>\d+|\?\?\?) in (?P<func>.*)$')

MAX_DETAIL = 20_000


def is_framework_file(filename: str) -> bool:
    """Frames of genplan's own code (the sandbox that calls the program)."""
    if not filename or filename.startswith("<"):
        return False
    path = os.path.realpath(filename) if os.path.isabs(filename) else filename
    return path == _GENPLAN_DIR or path.startswith(_GENPLAN_DIR + os.sep)


def display_path(filename: str) -> str:
    """``filename`` without machine-specific prefixes."""
    if not os.path.isabs(filename):
        return filename
    real = os.path.realpath(filename)
    for prefix, label in _PREFIXES:
        if real.startswith(prefix + os.sep):
            return label + "/" + os.path.relpath(real, prefix)
    return filename


def scrub(text: str) -> str:
    """Remove memory addresses and cap the length (keeping head and tail)."""
    text = _ADDRESS.sub("", text)
    return elide(text, MAX_DETAIL)


def elide(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = limit // 4
    tail = limit - head
    dropped = len(text) - head - tail
    return f"{text[:head]}\n[... {dropped} characters dropped ...]\n{text[-tail:]}"


def _keep(frames: Sequence[traceback.FrameSummary]) -> list[traceback.FrameSummary]:
    """The frames worth showing: from the program's first frame on (what called it is the
    framework's business), without genplan's own, with display paths."""
    first = next((i for i, f in enumerate(frames) if f.filename == PROGRAM_FILE), 0)
    kept = []
    for frame in frames[first:]:
        if is_framework_file(frame.filename):
            continue
        frame.filename = display_path(frame.filename)
        kept.append(frame)
    return kept


def _filter(te: traceback.TracebackException, seen: set[int]) -> None:
    if id(te) in seen:
        return
    seen.add(id(te))
    te.stack = traceback.StackSummary.from_list(_keep(te.stack))
    for sub in (te.__cause__, te.__context__, *(getattr(te, "exceptions", None) or ())):
        if sub is not None:
            _filter(sub, seen)


def format_exception(exc: BaseException) -> str:
    """The traceback of ``exc`` with genplan's frames removed and paths made machine-independent."""
    te = traceback.TracebackException.from_exception(exc)
    _filter(te, set())
    return scrub("".join(te.format()).rstrip())


def format_stack(frames: Sequence[traceback.FrameSummary]) -> str:
    """A stack (oldest call first) in traceback style, genplan's frames removed."""
    kept = _keep(frames)
    if not kept:
        return ""
    return "Traceback (most recent call last):\n" + "".join(traceback.StackSummary.from_list(kept).format()).rstrip()


def format_faulthandler(dump: str, source_lines: Sequence[str] = ()) -> str:
    """Turn a faulthandler dump (newest frame first, per thread) into traceback-style text.

    ``source_lines`` are the program's lines, so its frames show their code like a normal traceback.
    """
    sections: list[tuple[str, list[tuple[str, int, str]]]] = []
    for raw in dump.splitlines():
        line = raw.rstrip()
        m = _FH_FRAME.match(line)
        if m:
            if not sections:
                sections.append(("", []))
            lineno = int(m["line"]) if m["line"].isdigit() else 0
            sections[-1][1].append((m["file"], lineno, m["func"]))
        elif "(most recent call first)" in line:
            sections.append((line, []))
    rendered = []
    for _header, frames in sections:
        summaries = []
        for filename, lineno, func in reversed(frames):
            if filename == PROGRAM_FILE:
                text = source_lines[lineno - 1] if 0 < lineno <= len(source_lines) else ""
            else:
                text = linecache.getline(filename, lineno) if lineno else ""
            summaries.append(traceback.FrameSummary(filename, lineno, func, lookup_line=False, line=text.strip()))
        summaries = _keep(summaries)
        if summaries:
            body = "".join(traceback.StackSummary.from_list(summaries).format()).rstrip()
            rendered.append("Traceback (most recent call last):\n" + body)
    if not rendered:
        return ""
    if len(rendered) == 1:
        return scrub(rendered[0])
    # faulthandler lists the newest thread first and the main thread last.
    parts = [f"Main thread:\n{rendered[-1]}"]
    parts += [f"Another thread:\n{r}" for r in rendered[:-1]]
    return scrub("\n\n".join(parts))
