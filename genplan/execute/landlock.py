"""Landlock: the kernel-level wall around the file system (Linux 5.13+, any architecture).

The audit hook refuses reads outside Python's own files and every write, but it lives inside the
interpreter a program controls. Landlock makes the kernel enforce the same policy for the rest of the
process's life: files and directories under the read roots (the standard library, site-packages,
genplan's package, time zone data) and a few device files may be read; nothing may be written,
created, removed, renamed or truncated anywhere. Where the kernel's Landlock ABI has them, TCP
``bind``/``connect`` (ABI 4) and signals to processes outside the sandbox (ABI 6) are refused too.

Descriptors already open (the output and result pipes) are unaffected. The fork server opens the
roots once (``O_PATH``); each child builds its own ruleset from them plus its own ``/proc/<pid>``,
restricts itself, and closes them.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import struct

from genplan.execute import seccomp

# Same numbers on every architecture (the syscalls are newer than the unified table).
_SYS_CREATE_RULESET = 444
_SYS_ADD_RULE = 445
_SYS_RESTRICT_SELF = 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1

# Access rights on the file system, by the ABI version that introduced them.
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_NET_TCP = 0b11  # LANDLOCK_ACCESS_NET_BIND_TCP | CONNECT_TCP (ABI 4)
_SCOPE_SIGNAL = 1 << 1  # LANDLOCK_SCOPE_SIGNAL (ABI 6)
#: What a read root allows; for single files only the file rights apply.
_READ_DIR_RIGHTS = EXECUTE | READ_FILE | READ_DIR
_READ_FILE_RIGHTS = EXECUTE | READ_FILE
#: Single files programs may read (and only read), and what the dynamic loader reads.
READABLE_FILES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/etc/ld.so.cache")
#: Shared libraries that extension modules load (not Python-level reads, so the audit hook does not
#: need them): without them ``import numpy`` or ``import bz2`` would fail.
LIBRARY_DIRS = ("/lib", "/lib32", "/lib64", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/local/lib")


def abi_version() -> int:
    """The kernel's Landlock ABI version, 0 when absent (or not Linux)."""
    if not hasattr(os, "O_PATH"):
        return 0
    try:
        libc = seccomp.load_libc()
    except OSError:
        return 0
    version = libc.syscall(_SYS_CREATE_RULESET, None, 0, _CREATE_RULESET_VERSION)
    return max(int(version), 0)


class Policy:
    """Prepared in the fork server: the ABI's access masks and ``O_PATH`` descriptors of the roots."""

    def __init__(self, roots: tuple[str, ...]) -> None:
        self.abi = abi_version()
        fs = 0
        for version, mask in sorted(_FS_BY_ABI.items()):
            if self.abi >= version:
                fs = mask
        net = _NET_TCP if self.abi >= 4 else 0
        scoped = _SCOPE_SIGNAL if self.abi >= 6 else 0
        fields = [fs] + ([net] if self.abi >= 4 else []) + ([scoped] if self.abi >= 6 else [])
        self.attr = ctypes.create_string_buffer(struct.pack(f"={len(fields)}Q", *fields), 8 * len(fields))
        self.handled_fs = fs
        self.dirs: list[int] = []
        self.files: list[int] = []
        if not self.abi:
            return
        for root in dict.fromkeys((*roots, *LIBRARY_DIRS)):
            with contextlib.suppress(OSError):  # a root that does not exist here needs no rule
                self.dirs.append(os.open(root, os.O_PATH | os.O_CLOEXEC | os.O_DIRECTORY))
        for name in READABLE_FILES:
            with contextlib.suppress(OSError):
                self.files.append(os.open(name, os.O_PATH | os.O_CLOEXEC))
        self.rule = ctypes.create_string_buffer(12)  # landlock_path_beneath_attr, packed: u64 + s32

    def _add(self, libc: ctypes.CDLL, ruleset: int, fd: int, rights: int) -> None:
        struct.pack_into("=Qi", self.rule, 0, rights & self.handled_fs, fd)
        if libc.syscall(_SYS_ADD_RULE, ruleset, _RULE_PATH_BENEATH, self.rule, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_add_rule")

    def restrict(self) -> None:
        """Apply to the calling process (after ``PR_SET_NO_NEW_PRIVS``); irreversible. Raises OSError."""
        libc = seccomp.load_libc()
        ruleset = libc.syscall(_SYS_CREATE_RULESET, self.attr, len(self.attr), 0)
        if ruleset < 0:
            raise OSError(ctypes.get_errno(), "landlock_create_ruleset")
        try:
            for fd in self.dirs:
                self._add(libc, ruleset, fd, _READ_DIR_RIGHTS)
            for fd in self.files:
                self._add(libc, ruleset, fd, _READ_FILE_RIGHTS)
            own = os.open("/proc/self", os.O_PATH | os.O_CLOEXEC | os.O_DIRECTORY)
            try:
                self._add(libc, ruleset, own, READ_FILE | READ_DIR)
            finally:
                os.close(own)
            if libc.syscall(_SYS_RESTRICT_SELF, ruleset, 0) != 0:
                raise OSError(ctypes.get_errno(), "landlock_restrict_self")
        finally:
            os.close(ruleset)
