"""Linux namespaces for the process backend, through bubblewrap.

Two ways in, chosen by who runs the grader:
- root: bwrap makes the namespaces without a user namespace (which Ubuntu 24.04's AppArmor
  may refuse), then `setpriv` drops to an unprivileged uid with no capabilities before the
  submission starts, so RLIMIT_NPROC binds and nothing runs as root;
- anyone else: bwrap's unprivileged user namespace; RLIMIT_NPROC then counts only the
  processes inside it.
Either way: no network, a private PID namespace, system directories read-only, a size-capped
tmpfs as the only writable place, no view of the grader, its problems or references.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..files import (
    OUTPUT_DIR,
    SYSTEM_FILES,
    SYSTEM_TREES,
    WORKDIR,
    WORKDIR_BYTES,
    masked_proc_files,
)

UNPRIVILEGED_ID: Final = 65534  # "nobody" on Debian, Ubuntu, Fedora and Alpine
INSTALL_HINT: Final = (
    "install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)"
)


@dataclass(frozen=True, slots=True)
class Isolation:
    """How (or why not) submissions are put in namespaces on this machine."""

    bwrap: str | None  # None: not isolated
    as_root: bool = False  # root path: bwrap without a user namespace, then setpriv
    setpriv: str = ""
    reason: str = ""  # why not isolated, with the fix

    @property
    def active(self) -> bool:
        return self.bwrap is not None


class IsolationProbe:
    """bubblewrap found and proved to work here by running `true` inside it: started at once,
    its answer waited for by `result()`, so that the grader sets up the rest (and starts its
    warm runner on the `candidate`) meanwhile: the probe is about 9 ms of every start."""

    def __init__(self, prlimit: str | None, hidden: Sequence[str]) -> None:
        self.candidate = _candidate(prlimit)
        self._answer: Isolation | None = None if self.candidate.active else self.candidate
        self._box: tempfile.TemporaryDirectory[str] | None = None
        self._probe: subprocess.Popen[bytes] | None = None
        if self._answer is not None or prlimit is None:
            return
        self._box = tempfile.TemporaryDirectory(prefix="grader-probe-")
        true = shutil.which("true") or "/bin/true"
        argv = bwrap_argv(
            self.candidate, (true,), self._box.name, (), (), hidden, prlimit, {}, None
        )
        try:
            self._probe = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
            )
        except OSError as error:
            self._answer = Isolation(None, reason=f"bubblewrap does not start: {error}")

    def result(self) -> Isolation:
        """The candidate if `true` ran inside it, else why not and the fix."""
        if self._answer is None:
            assert self._probe is not None
            try:
                _, said = self._probe.communicate(timeout=30)
                self._answer = _proved(self.candidate, self._probe.returncode, said)
            except subprocess.TimeoutExpired as error:
                self._probe.kill()
                self._probe.wait()
                self._answer = Isolation(None, reason=f"bubblewrap does not start: {error}")
        if self._box is not None:
            self._box.cleanup()
        return self._answer


def _candidate(prlimit: str | None) -> Isolation:
    """How this machine would isolate, before proving it: bubblewrap, prlimit, setpriv."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return Isolation(None, reason=f"bubblewrap (bwrap) is not installed: {INSTALL_HINT}")
    if prlimit is None:
        return Isolation(None, reason="util-linux's prlimit is missing: install util-linux")
    as_root = os.geteuid() == 0
    setpriv = shutil.which("setpriv") or ""
    if as_root and not setpriv:
        return Isolation(None, reason="util-linux's setpriv is missing: install util-linux")
    return Isolation(bwrap, as_root, setpriv)


def _proved(candidate: Isolation, status: int, said: bytes) -> Isolation:
    if status == 0:
        return candidate
    lines = said.decode("utf-8", "replace").strip().splitlines()
    why = lines[-1] if lines else f"exit status {status}"
    fix = (
        "on Ubuntu 24.04 allow user namespaces: sysctl -w "
        "kernel.apparmor_restrict_unprivileged_userns=0, or run the grader as root"
        if not candidate.as_root
        else "check that the kernel allows namespaces (it may be a restricted container)"
    )
    return Isolation(None, reason=f"bubblewrap cannot create namespaces here ({why}); {fix}")


def bwrap_argv(
    isolation: Isolation,
    command: Sequence[str],
    box: str,
    files: Iterable[str],
    runtime_dirs: Iterable[str],
    hidden: Iterable[str],
    prlimit: str,
    rlimits: dict[str, int],
    status_fd: int | None,
    workdir_bytes: int = WORKDIR_BYTES,
    output_dir: str | None = None,
    seccomp_fd: int | None = None,
    uid: int = UNPRIVILEGED_ID,
) -> list[str]:
    """The whole command line: bwrap, then (for root) setpriv to `uid`, then prlimit, then
    `command`; bwrap installs the filter read from `seccomp_fd` right before the first.

    `files` are names in the host directory `box`, bound read-only into the work directory;
    `runtime_dirs` are host trees the command needs (an interpreter outside /usr), read-only;
    `hidden` are host directories covered with an empty tmpfs wherever a bound tree holds them.
    `output_dir`, for a build, is a fresh host directory bound writable at `out/`.
    """
    argv = _namespaces(isolation, runtime_dirs, hidden, status_fd)
    argv += ["--proc", "/proc", "--dev", "/dev"]
    argv += ["--perms", "0777", "--size", str(workdir_bytes), "--tmpfs", WORKDIR]
    for name in files:
        argv += ["--ro-bind", os.path.join(box, name), f"{WORKDIR}/{name}"]
    if output_dir is not None:
        argv += ["--bind", output_dir, f"{WORKDIR}/{OUTPUT_DIR}"]
    argv += ["--chdir", WORKDIR]
    if seccomp_fd is not None:
        argv += ["--seccomp", str(seccomp_fd)]
    argv += _masked_proc_files()
    if isolation.as_root:
        argv += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--"]
        argv += setpriv_argv(isolation.setpriv, uid)
    else:
        argv.append("--")
    argv += [prlimit, *(f"--{name}={value}:{value}" for name, value in rlimits.items()), "--"]
    return argv + list(command)


def setpriv_argv(setpriv: str, uid: int) -> list[str]:
    """Become `uid` (its group too, no others), with no capabilities and no way back."""
    return [
        setpriv,
        f"--reuid={uid}",
        f"--regid={uid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
    ]


def _masked_proc_files() -> list[str]:
    argv: list[str] = []
    for path in masked_proc_files():
        argv += ["--dev-bind", "/dev/null", path]  # ro-bind would add nodev: EACCES
    return argv


def zygote_argv(
    isolation: Isolation,
    command: Sequence[str],
    runtime_dirs: Iterable[str],
    hidden: Iterable[str],
) -> list[str]:
    """bwrap around the warm runner (_zygote.py): the same view of the system as a run's,
    but it stays root with the capabilities to make each run's own namespaces, mounts and
    uid. It is in the grader's cgroup namespace: runs join their groups from inside."""
    argv = _namespaces(isolation, runtime_dirs, hidden, None, own_cgroup_namespace=False)
    argv += ["--proc", "/proc", "--dev", "/dev", "--size", str(2**20), "--tmpfs", WORKDIR]
    return [*argv, "--chdir", "/", "--", *command]


def _namespaces(
    isolation: Isolation,
    runtime_dirs: Iterable[str],
    hidden: Iterable[str],
    status_fd: int | None,
    own_cgroup_namespace: bool = True,
) -> list[str]:
    """bwrap's options for the namespaces and the read-only view of the system."""
    assert isolation.bwrap is not None
    argv = [
        isolation.bwrap,
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-uts",
        "--die-with-parent",  # PR_SET_PDEATHSIG: the grader's death ends the run
        "--new-session",  # no TIOCSTI into the grader's terminal
        "--as-pid-1",  # the runner is the namespace's init: when it ends, everything ends
        "--hostname",
        "sandbox",
    ]
    if own_cgroup_namespace:
        argv.append("--unshare-cgroup-try")
    if not isolation.as_root:
        argv.insert(1, "--unshare-user")
    if status_fd is not None:
        argv += ["--json-status-fd", str(status_fd)]
    bound: list[str] = []
    for tree in SYSTEM_TREES:
        if os.path.islink(tree):
            argv += ["--symlink", os.readlink(tree), tree]
        elif os.path.isdir(tree):
            argv += ["--ro-bind", tree, tree]
            bound.append(tree)
    # bwrap makes missing parents 0700, which the unprivileged uid could not enter.
    argv += ["--perms", "0755", "--dir", "/etc"]
    for path in SYSTEM_FILES:
        argv += ["--ro-bind-try", path, path]
    for tree in runtime_dirs:
        real = os.path.realpath(tree)
        if any(_within(real, done) for done in bound):
            continue
        # bwrap would give missing parents the modes of the host's (/root is 0700).
        for parent in reversed(Path(real).parents):
            if str(parent) != "/" and not any(_within(str(parent), done) for done in bound):
                argv += ["--perms", "0755", "--dir", str(parent)]
        argv += ["--ro-bind", real, real]
        bound.append(real)
    for path in hidden:
        real = os.path.realpath(path)
        if os.path.isdir(real) and any(_within(real, tree) for tree in bound):
            argv += ["--tmpfs", real]
    return argv


def _within(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")
