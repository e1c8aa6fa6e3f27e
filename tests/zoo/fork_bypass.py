"""Starts /bin/true through _posixsubprocess.fork_exec, which raises no audit event: only the kernel
(seccomp) can stop it. Harmless if it ran anywhere."""

import _posixsubprocess
import os


def generate_solution(objects, init, goal):
    errpipe_read, errpipe_write = os.pipe()
    pid = _posixsubprocess.fork_exec(
        [b"/bin/true"],
        [b"/bin/true"],
        True,
        (errpipe_write,),
        None,
        None,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        errpipe_read,
        errpipe_write,
        True,
        False,
        -1,
        None,
        None,
        None,
        -1,
        None,
        False,
    )
    os.waitpid(pid, 0)
    return ["(forked)"]
