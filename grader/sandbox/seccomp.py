"""The system calls no submission needs, refused by a seccomp filter on every backend.

Modelled on the calls Docker's default profile refuses to a container without capabilities,
and on what other judges were attacked with: new namespaces (a user namespace gives every
capability inside it: tmpfs, cgroup and bpf mounts), the kernel keyring (a key outlives the
run and the grader, and is read by the next run of the same uid), io_uring, userfaultfd,
perf_event_open and bpf (the unprivileged kernel attack surface), ptrace and another
process's memory, clocks, modules, kexec, reboot, swap, quotas and file handles. Each is
refused with EPERM (a Python program sees PermissionError, its verdict follows from what it
does next); clone3 with ENOSYS, as Docker does, since its flags cannot be inspected: the C
library then falls back to clone, whose namespace flags can. Calls of another ABI (i386's
`int 0x80`, x32) are killed (libseccomp's default for an architecture the filter does not
name): a filter keyed on x86_64's numbers must not be bypassed by another table.

The process backend compiles the filter with libseccomp (Debian `libseccomp2`, through
ctypes: no Python binding needed) and gives it to bubblewrap (`--seccomp FD`) or to the warm
runner, which installs it in each run just before the program starts. The docker backend
passes the same table to the engine as a seccomp profile.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import json
import os
from dataclasses import dataclass
from functools import cache
from typing import Final

REFUSED: Final = (
    # namespaces and the file system tree
    "unshare",
    "setns",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "mount_setattr",
    # the kernel keyring: shared by every process of a uid, and kept after they exit
    "keyctl",
    "add_key",
    "request_key",
    # the unprivileged kernel attack surface
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    # other processes
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "process_madvise",
    "pidfd_getfd",
    "kcmp",
    # the machine: modules, kexec, clocks, power, swap, accounting, quotas, names
    "init_module",
    "finit_module",
    "delete_module",
    "kexec_load",
    "kexec_file_load",
    "clock_settime",
    "clock_adjtime",
    "settimeofday",
    "adjtimex",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "quotactl",
    "quotactl_fd",
    "sethostname",
    "setdomainname",
    "syslog",
    "vhangup",
    "iopl",
    "ioperm",
    "uselib",
    "sysfs",
    "_sysctl",
    "ustat",
    "lookup_dcookie",
    "nfsservctl",
    "fanotify_init",
    # files by handle (the "shocker" container escape), NUMA placement of others' memory
    "name_to_handle_at",
    "open_by_handle_at",
    "move_pages",
    "migrate_pages",
    # its own scheduling: a run that lowered its priority or pinned itself to a busy CPU
    # would starve itself, and its wait is credited as the machine's fault (the policy
    # runtimes set, SCHED_OTHER, stays allowed: see IDLE_POLICY)
    "setpriority",
    "sched_setattr",
    "sched_setaffinity",
)
# sched_setscheduler's policy (its second argument, without SCHED_RESET_ON_FORK) refused:
# SCHED_IDLE runs only when nothing else would.
IDLE_POLICY: Final = 5
# clone's namespace flags: CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET.
CLONE_NAMESPACE_FLAGS: Final = (
    0x00020000,
    0x02000000,
    0x04000000,
    0x08000000,
    0x10000000,
    0x20000000,
    0x40000000,
)
UNINSPECTABLE: Final = ("clone3",)  # ENOSYS: the C library falls back to clone

_ALLOW: Final = 0x7FFF0000
_ERRNO: Final = 0x00050000
_CMP_MASKED_EQ: Final = 7
INSTALL_HINT: Final = "install libseccomp (Debian/Ubuntu: apt-get install libseccomp2)"


class SeccompUnavailable(Exception):
    """libseccomp cannot be loaded or refuses the filter: the message says why and the fix."""


class _ArgumentTest(ctypes.Structure):
    _fields_ = (
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    )


@dataclass(frozen=True, slots=True)
class Filter:
    """The compiled filter: a classic BPF program for this machine's architecture."""

    program: bytes

    def descriptor(self) -> int:
        """A new pipe's read end holding the program, as bubblewrap's --seccomp reads it
        (to its end); the caller closes it once the child has it."""
        read, write = os.pipe()
        try:
            view = memoryview(self.program)
            while view:
                view = view[os.write(write, view) :]
        finally:
            os.close(write)
        return read


def _libseccomp() -> ctypes.CDLL:
    """libseccomp, with the types of the calls used here. Raises SeccompUnavailable."""
    name = ctypes.util.find_library("seccomp") or "libseccomp.so.2"
    try:
        library = ctypes.CDLL(name, use_errno=True)
    except OSError as error:
        raise SeccompUnavailable(f"libseccomp cannot be loaded ({error}): {INSTALL_HINT}") from None
    library.seccomp_init.restype = ctypes.c_void_p
    library.seccomp_init.argtypes = (ctypes.c_uint32,)
    library.seccomp_release.argtypes = (ctypes.c_void_p,)
    library.seccomp_syscall_resolve_name.argtypes = (ctypes.c_char_p,)
    library.seccomp_rule_add_array.argtypes = (
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.POINTER(_ArgumentTest),
    )
    library.seccomp_export_bpf.argtypes = (ctypes.c_void_p, ctypes.c_int)
    return library


@cache
def compiled_filter() -> Filter:
    """REFUSED and the rest compiled for this machine by libseccomp. Raises
    SeccompUnavailable (cached: asked once per grader)."""
    library = _libseccomp()
    context = library.seccomp_init(_ALLOW)
    if not context:
        raise SeccompUnavailable("libseccomp could not start a filter")
    try:

        def refuse(call: str, code: int, tests: tuple[_ArgumentTest, ...] = ()) -> None:
            number = library.seccomp_syscall_resolve_name(call.encode())
            if number == -1:  # not a call of this architecture (iopl on arm64, say)
                return
            array = (_ArgumentTest * max(len(tests), 1))(*tests)
            _check(
                library.seccomp_rule_add_array(context, _ERRNO | code, number, len(tests), array),
                call,
            )

        for call in REFUSED:
            refuse(call, errno.EPERM)
        for flag in CLONE_NAMESPACE_FLAGS:
            refuse("clone", errno.EPERM, (_ArgumentTest(0, _CMP_MASKED_EQ, flag, flag),))
        refuse(
            "sched_setscheduler",
            errno.EPERM,
            (_ArgumentTest(1, _CMP_MASKED_EQ, 0xFF, IDLE_POLICY),),
        )
        for call in UNINSPECTABLE:
            refuse(call, errno.ENOSYS)
        read, write = os.pipe()
        try:
            _check(library.seccomp_export_bpf(context, write), "export")
            os.close(write)
            write = -1
            chunks = []
            while chunk := os.read(read, 65536):
                chunks.append(chunk)
        finally:
            os.close(read)
            if write >= 0:
                os.close(write)
    finally:
        library.seccomp_release(context)
    return Filter(b"".join(chunks))


def _check(result: int, what: str) -> None:
    if result < 0:
        raise SeccompUnavailable(f"libseccomp refused the filter ({what}: {os.strerror(-result)})")


def docker_profile(gvisor: bool = False) -> str:
    """The same table as a Docker seccomp profile (`--security-opt seccomp=<json>`), in
    place of the engine's default, whose list lacks io_uring on older engines.

    `gvisor`: without clone3's rule. gVisor (Debian's 2022 runsc) answers every refused
    call EPERM whatever the profile's errnoRet, so the C library never fell back to clone
    and no thread could start (javac, a JVM, numpy's OpenBLAS, Python's threading); its
    own kernel answers clone3 ENOSYS, and namespaces it makes are its own, not the host's."""
    rules: list[dict[str, object]] = [
        {"names": list(REFUSED), "action": "SCMP_ACT_ERRNO", "errnoRet": errno.EPERM}
    ]
    if not gvisor:
        rules.append(
            {"names": list(UNINSPECTABLE), "action": "SCMP_ACT_ERRNO", "errnoRet": errno.ENOSYS}
        )
    rules += [
        {
            "names": ["clone"],
            "action": "SCMP_ACT_ERRNO",
            "errnoRet": errno.EPERM,
            "args": [{"index": 0, "value": flag, "valueTwo": flag, "op": "SCMP_CMP_MASKED_EQ"}],
        }
        for flag in CLONE_NAMESPACE_FLAGS
    ]
    rules.append(
        {
            "names": ["sched_setscheduler"],
            "action": "SCMP_ACT_ERRNO",
            "errnoRet": errno.EPERM,
            "args": [
                {"index": 1, "value": 0xFF, "valueTwo": IDLE_POLICY, "op": "SCMP_CMP_MASKED_EQ"}
            ],
        }
    )
    return json.dumps({"defaultAction": "SCMP_ACT_ALLOW", "syscalls": rules})
