"""The two formats that cross process boundaries, in one place.

- Main process <-> fork server: length-prefixed pickles. Both ends are genplan's own code.
- Sandboxed child -> fork server -> main process: a result a program could have forged (it can write to
  any descriptor it has), so it is data only: one header line ``GP2 <status> <cpu> <wall> <length>`` (the
  program's CPU and wall-clock seconds) and a JSON body. The server reads just the header; the main
  process decodes the body with ``json`` and checks every field. Nothing from a child is ever unpickled.

Kept free of heavy imports: the fork server imports it, and every module the server holds makes each
``fork`` slower.
"""

from __future__ import annotations

import os
import pickle
import struct
from _json import encode_basestring_ascii as _quote

# Annotations only (this module lives in the fork server, where importing typing costs every fork).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: What a run can end as; ``ok`` means a list of strings came back (not yet validated).
STATUSES: tuple[str, ...] = ("ok", "exception", "timeout", "memory", "forbidden", "bad_output", "crash")
INPUT_NAMES = ("objects", "init", "goal")
MAGIC = b"GP2"
_HEADER = struct.Struct(">I")
_MAX_HEADER = 128


# ------------------------------------------------------------------------------- main <-> server
def write_frame(fd: int, obj: Any) -> None:
    """Write one pickled frame to a blocking descriptor."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        try:
            view = view[os.write(fd, view) :]
        except InterruptedError:
            continue


def frame(obj: Any) -> bytes:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def split_frames(buf: bytearray) -> list[Any]:
    """Remove and return the complete frames at the start of ``buf``."""
    out = []
    while len(buf) >= 4:
        (size,) = _HEADER.unpack_from(buf)
        if len(buf) < 4 + size:
            break
        out.append(pickle.loads(bytes(buf[4 : 4 + size])))
        del buf[: 4 + size]
    return out


# ------------------------------------------------------------------------------------ child results
def encode_result(
    status: str, cpu: float, wall: float, plan: list[str] | None, detail: str, mutated: list[str]
) -> bytes:
    """Header line plus a JSON body (ASCII; strings escaped by ``json``'s C encoder)."""
    plan_text = "null" if plan is None else "[" + ",".join(map(_quote, plan)) + "]"
    body = '{"plan":%s,"detail":%s,"mutated":[%s]}' % (  # noqa: UP031 - three pre-escaped parts
        plan_text,
        _quote(detail),
        ",".join(map(_quote, mutated)),
    )
    data = body.encode("ascii")
    return b"%s %s %r %r %d\n" % (MAGIC, status.encode("ascii"), float(cpu), float(wall), len(data)) + data


def parse_header(data: bytes | bytearray) -> tuple[str, float, float, bytes] | None:
    """``(status, cpu, wall, body)`` of a complete, well-formed result, else ``None``."""
    end = data.find(b"\n", 0, _MAX_HEADER)
    if end < 0:
        return None
    parts = bytes(data[:end]).split(b" ")
    if len(parts) != 5 or parts[0] != MAGIC:
        return None
    try:
        status = parts[1].decode("ascii")
        cpu = float(parts[2])
        wall = float(parts[3])
        length = int(parts[4])
    except ValueError:
        return None
    if status not in STATUSES or not cpu >= 0 or not wall >= 0 or len(data) - end - 1 != length:
        return None
    return status, cpu, wall, bytes(data[end + 1 :])


def decode_body(status: str, body: bytes) -> dict[str, Any] | None:
    """The checked fields of a result body, or ``None`` if anything is off."""
    import json

    try:
        obj = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    plan, detail, mutated = obj.get("plan"), obj.get("detail", ""), obj.get("mutated", [])
    if plan is not None and not (isinstance(plan, list) and all(type(a) is str for a in plan)):
        return None
    if (status == "ok") != (plan is not None):
        return None
    if not isinstance(detail, str) or not isinstance(mutated, list):
        return None
    return {"plan": plan, "detail": detail, "mutated": [m for m in INPUT_NAMES if m in mutated]}
