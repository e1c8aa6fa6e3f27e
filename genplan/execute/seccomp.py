"""A seccomp-BPF filter: the kernel-level wall behind the audit hook (Linux, x86-64 only).

Python's audit hooks are documented as *not* a sandbox: a program can reach the same system calls
through a C extension, ``_posixsubprocess``, or ``ctypes`` tricks. The filter installed here makes the
kernel refuse the calls that matter, whatever Python code made them:

- creating processes (``fork``, ``vfork``, ``clone`` without ``CLONE_THREAD``, ``execve``); threads stay
  allowed, so a program may use them (they end with the run);
- writing the file system (``open``/``openat`` with a write, create or truncate flag, ``unlink``,
  ``rename``, ``mkdir``, ``chmod``, ``truncate``, ``mknod``, extended attributes, ...);
- signalling any process but itself, tracing or reading other processes' memory;
- raising resource limits, namespaces, mounts, ``io_uring`` (which bypasses seccomp), BPF, keyrings,
  kernel modules and the other administrative calls;
- sockets: refused with ``EACCES`` rather than a trap, because the C library opens sockets on its own
  (e.g. to ask ``nscd`` for a user name) and copes with the refusal; Python-level sockets are stopped
  earlier by the audit hook anyway.

A refused call raises ``SIGSYS`` (``SECCOMP_RET_TRAP``); the sandbox registers faulthandler for it, so
the process dies with the Python stack of the offending call written to the stack pipe, which the fork
server reports as a forbidden operation. ``clone3`` and ``openat2`` answer ``ENOSYS`` (their arguments
sit in memory a filter cannot read), so the C library falls back to ``clone``/``openat``, which are
checked.

Other architectures get no filter (:func:`supported` is false) and rely on the remaining walls; the
syscall numbers below are x86-64's and must not be reused elsewhere.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct
import sys

# ---- constants from <linux/seccomp.h>, <linux/filter.h>, <linux/audit.h>, <linux/prctl.h>
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
RET_KILL_PROCESS = 0x80000000
RET_TRAP = 0x00030000
RET_ERRNO = 0x00050000
RET_ALLOW = 0x7FFF0000
AUDIT_ARCH_X86_64 = 0xC000003E
X32_SYSCALL_BIT = 0x40000000
CLONE_THREAD = 0x00010000
#: O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND (O_TMPFILE needs a write mode, so it is covered).
OPEN_WRITE_FLAGS = 0o1 | 0o2 | 0o100 | 0o1000 | 0o2000

_LD_W_ABS = 0x20
_JEQ = 0x15
_JGE = 0x35
_JSET = 0x45
_RET = 0x06

# seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6] (little-endian on x86-64).
_OFF_NR = 0
_OFF_ARCH = 4


def _arg_lo(i: int) -> int:
    return 16 + 8 * i


def _arg_hi(i: int) -> int:
    return 20 + 8 * i


# ---- x86-64 system call numbers (asm/unistd_64.h)
NR = {
    "clone": 56, "fork": 57, "vfork": 58, "execve": 59, "kill": 62, "open": 2, "openat": 257,
    "tgkill": 234, "prlimit64": 302, "clone3": 435, "openat2": 437, "socket": 41, "socketpair": 53,
}  # fmt: skip

#: Refused outright (SIGSYS). Grouped by what they would let a program do.
DENIED: dict[str, int] = {
    # other programs
    "execveat": 322,
    # writing the file system
    "creat": 85, "unlink": 87, "unlinkat": 263, "rename": 82, "renameat": 264, "renameat2": 316,
    "mkdir": 83, "mkdirat": 258, "rmdir": 84, "link": 86, "linkat": 265, "symlink": 88, "symlinkat": 266,
    "chmod": 90, "fchmod": 91, "fchmodat": 268, "fchmodat2": 452, "chown": 92, "fchown": 93, "lchown": 94,
    "fchownat": 260, "truncate": 76, "ftruncate": 77, "utime": 132, "utimes": 235, "utimensat": 280,
    "futimesat": 261, "mknod": 133, "mknodat": 259, "setxattr": 188, "lsetxattr": 189, "fsetxattr": 190,
    "removexattr": 197, "lremovexattr": 198, "fremovexattr": 199, "name_to_handle_at": 303,
    "open_by_handle_at": 304,
    # other processes
    "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "tkill": 200,
    "rt_sigqueueinfo": 129, "rt_tgsigqueueinfo": 297, "pidfd_send_signal": 424, "pidfd_open": 434,
    "pidfd_getfd": 438, "process_madvise": 440, "kcmp": 312,
    # limits, namespaces, mounts, kernel interfaces that escape or bypass the filter
    "setrlimit": 160, "unshare": 272, "setns": 308, "mount": 165, "umount2": 166, "pivot_root": 155,
    "chroot": 161, "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
    "fspick": 433, "mount_setattr": 442, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "keyctl": 250,
    "add_key": 248, "request_key": 249, "personality": 135, "fanotify_init": 300,
    # administration
    "swapon": 167, "swapoff": 168, "reboot": 169, "sethostname": 170, "setdomainname": 171,
    "init_module": 175, "finit_module": 313, "delete_module": 176, "kexec_load": 246,
    "kexec_file_load": 320, "acct": 163, "settimeofday": 164, "clock_settime": 227, "clock_adjtime": 305,
    "adjtimex": 159, "quotactl": 179, "syslog": 103, "vhangup": 153, "iopl": 172, "ioperm": 173,
}  # fmt: skip


def supported() -> bool:
    """Whether this platform can have the filter at all (the fork server also probes the kernel)."""
    return sys.platform == "linux" and os.uname().machine == "x86_64"


class _Asm:
    """Just enough of a BPF assembler: instructions with symbolic jump targets, resolved at the end."""

    def __init__(self) -> None:
        self.code: list[tuple[int, object, object, int]] = []
        self.labels: dict[str, int] = {}

    def label(self, name: str) -> None:
        self.labels[name] = len(self.code)

    def ld(self, offset: int) -> None:
        self.code.append((_LD_W_ABS, 0, 0, offset))

    def jump(self, op: int, k: int, jt: str | None, jf: str | None) -> None:
        """``None`` as a target means the next instruction."""
        self.code.append((op, jt, jf, k))

    def ret(self, value: int) -> None:
        self.code.append((_RET, 0, 0, value))

    def assemble(self) -> bytes:
        out = []
        for pc, (op, jt, jf, k) in enumerate(self.code):
            offs = []
            for target in (jt, jf):
                if target is None or target == 0:
                    offs.append(0)
                    continue
                assert isinstance(target, str)
                delta = self.labels[target] - pc - 1
                if not 0 <= delta <= 255:
                    raise ValueError(f"BPF jump out of range at {pc}: {delta}")
                offs.append(delta)
            out.append(struct.pack("=HBBI", op, offs[0], offs[1], k))
        return b"".join(out)


def build_filter(own_pid: int) -> bytes:
    """The filter program for a process with pid ``own_pid`` (it may signal only itself)."""
    a = _Asm()
    a.ld(_OFF_ARCH)
    a.jump(_JEQ, AUDIT_ARCH_X86_64, None, "wrong_arch")
    a.ld(_OFF_NR)
    a.jump(_JGE, X32_SYSCALL_BIT, "deny", None)
    special = {
        NR["clone"]: "clone", NR["fork"]: "deny", NR["vfork"]: "deny", NR["execve"]: "deny",
        NR["open"]: "open", NR["openat"]: "openat", NR["kill"]: "kill", NR["tgkill"]: "kill",
        NR["prlimit64"]: "prlimit", NR["clone3"]: "enosys", NR["openat2"]: "enosys",
        NR["socket"]: "eacces", NR["socketpair"]: "eacces",
    }  # fmt: skip
    for nr, target in special.items():
        a.jump(_JEQ, nr, target, None)
    for nr in sorted(set(DENIED.values())):
        a.jump(_JEQ, nr, "deny", None)
    a.ret(RET_ALLOW)

    a.label("clone")  # threads only
    a.ld(_arg_lo(0))
    a.jump(_JSET, CLONE_THREAD, "allow", "deny")
    a.label("open")  # open(path, flags, mode)
    a.ld(_arg_lo(1))
    a.jump(_JSET, OPEN_WRITE_FLAGS, "deny", "allow")
    a.label("openat")  # openat(dirfd, path, flags, mode)
    a.ld(_arg_lo(2))
    a.jump(_JSET, OPEN_WRITE_FLAGS, "deny", "allow")
    a.label("kill")  # kill(pid, sig) and tgkill(tgid, tid, sig): only this process
    a.ld(_arg_lo(0))
    a.jump(_JEQ, own_pid, None, "deny")
    a.ld(_arg_hi(0))
    a.jump(_JEQ, 0, "allow", "deny")
    a.label("prlimit")  # prlimit64(pid, resource, new, old): reading is fine, setting is not
    a.ld(_arg_lo(2))
    a.jump(_JEQ, 0, None, "deny")
    a.ld(_arg_hi(2))
    a.jump(_JEQ, 0, "allow", "deny")

    a.label("enosys")
    a.ret(RET_ERRNO | errno.ENOSYS)
    a.label("eacces")
    a.ret(RET_ERRNO | errno.EACCES)
    a.label("deny")
    a.ret(RET_TRAP)
    a.label("allow")
    a.ret(RET_ALLOW)
    a.label("wrong_arch")
    a.ret(RET_KILL_PROCESS)
    return a.assemble()


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


_libc: ctypes.CDLL | None = None


def load_libc() -> ctypes.CDLL:
    """The C library, loaded before any sandboxing (loading it later would be refused)."""
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.prctl  # noqa: B018 - resolve (and cache) the symbol before any fork
    return _libc


#: The filter is built once per process with this placeholder pid, then patched in place: building
#: it (and the ctypes objects around it) costs about a millisecond, more than the rest of a run's setup.
_PID_PLACEHOLDER = 0x7EADBEEF
_prepared: tuple[ctypes.Array, _SockFprog, int] | None = None


def prepare() -> None:
    """Build the filter template and resolve ``prctl`` now (in the fork server, before any fork)."""
    global _prepared
    if _prepared is None:
        program = build_filter(_PID_PLACEHOLDER)
        offset = program.index(struct.pack("=I", _PID_PLACEHOLDER))
        buf = ctypes.create_string_buffer(program, len(program))
        prog = _SockFprog(len(program) // 8, ctypes.cast(buf, ctypes.c_void_p))
        load_libc()
        _prepared = (buf, prog, offset)


def filter_for(own_pid: int) -> bytes:
    """The filter's bytes for ``own_pid`` (for tests and inspection)."""
    prepare()
    assert _prepared is not None
    buf, _, offset = _prepared
    data = bytearray(buf.raw)
    struct.pack_into("=I", data, offset, own_pid)
    return bytes(data)


def no_new_privs() -> None:
    """``PR_SET_NO_NEW_PRIVS``: required before a seccomp filter or a Landlock ruleset is applied."""
    if load_libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, f"prctl(PR_SET_NO_NEW_PRIVS): {errno.errorcode.get(e, e)}")


def install(own_pid: int) -> None:
    """Install the filter on the calling thread (and threads it creates later); irreversible.

    Raises ``OSError`` when the kernel refuses (no seccomp, or a container that forbids it).
    """
    prepare()
    assert _prepared is not None
    buf, prog, offset = _prepared
    struct.pack_into("=I", buf, offset, own_pid)
    libc = load_libc()
    no_new_privs()
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, f"prctl(PR_SET_SECCOMP): {errno.errorcode.get(e, e)}")
