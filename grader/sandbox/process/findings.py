"""What the process backend found on this machine, as its reports say it: the protections a
run is under, and what is missing with the fix."""

from __future__ import annotations

from dataclasses import dataclass

from ...limits import PIDS_MAX, rlimits_in_force
from ..cgroup import CgroupParents
from ..files import WORKDIR_BYTES
from .bubblewrap import UNPRIVILEGED_ID, Isolation


@dataclass(frozen=True, slots=True)
class Findings:
    """The backend's set-up, as `protections()` and `warning()` say it."""

    isolation: Isolation
    cgroups: CgroupParents | None
    cgroup_reason: str
    seccomp: bool
    seccomp_reason: str
    own_uids: bool  # a block of uids no other grader on this host uses
    uids_reason: str
    setpriv_only: str  # root without namespaces: setpriv's path
    warm: bool  # runs asked to be forked from a warm runner
    forks_runs: bool  # and they are
    warm_failure: str  # why the warm runner did not start

    def protections(self) -> tuple[str, ...]:
        found: list[str] = []
        if self.isolation.active:
            who = (
                "a uid of its own (from a block no other grader on this host uses) with no "
                "capabilities"
                if self.own_uids
                else f"uid {UNPRIVILEGED_ID} with no capabilities"
                if self.isolation.as_root
                else "an unprivileged user namespace"
            )
            if self.forks_runs:
                found.append(
                    "forked from a warm runner into new PID, mount, IPC and UTS namespaces of "
                    "its own, with its own /proc and /tmp"
                )
            elif self.warm:
                found.append(
                    "a sandbox started per submission (the warm runner did not start: "
                    f"{self.warm_failure[-200:]})"
                )
            found += [
                "Linux namespaces (bubblewrap): no network, private PID, IPC and UTS namespaces",
                "read-only system directories; no grader code, problems, references or answers "
                f"in view; a {WORKDIR_BYTES // 2**20} MiB tmpfs as the only writable place; host "
                "information and machine-wide counters in /proc masked",
                f"runs as {who}; no_new_privs; killed with the grader (PDEATHSIG)",
            ]
        if self.seccomp:
            found.append(
                "seccomp filter: no new namespaces, mounts, keyring, bpf, io_uring, "
                "userfaultfd, perf events, ptrace, clocks, modules or kexec"
            )
        if self.cgroups is not None:
            found.append(
                f"cgroup v{self.cgroups.version}: memory (no swap) and at most {PIDS_MAX} "
                "processes/threads per run"
            )
            if self.cgroups.cpu is not None:
                found.append(
                    "CPU time of every process and thread of the run counted (its cgroup), "
                    "at most one CPU per run"
                )
        elif self.isolation.active or self.setpriv_only:
            found.append(f"at most {PIDS_MAX} processes/threads per run (RLIMIT_NPROC)")
        if self.setpriv_only:
            swept = ", every process of that uid killed after the run" if self.own_uids else ""
            found.append(
                f"runs as {'a uid of its own' if self.own_uids else f'uid {UNPRIVILEGED_ID}'} "
                f"with no capabilities and no_new_privs (setpriv){swept}; files only root may "
                "read stay unreadable to it"
            )
        return (
            *found,
            rlimits_in_force(),
            "own session and process group, killed whole after every run",
            "wall-clock and CPU watchdog in the parent",
            "empty environment, stdin from /dev/null, only the result channel open",
            "stdout and stderr captured and capped",
        )

    def warning(self) -> str:
        """What is not protected on this machine, and how to fix it; "" when nothing."""
        missing = []
        if self.setpriv_only:
            missing.append(
                "NOT ISOLATED (no namespaces): a submission runs as an unprivileged uid but can "
                "use the network and read every file all users may read (keep problems and "
                f"answers owned by root, mode 0600). {self.isolation.reason}"
            )
        elif not self.isolation.active:
            missing.append(
                "NOT ISOLATED: a submission can read your files, use the network and signal "
                f"your processes. {self.isolation.reason}"
            )
        if self.cgroups is None:
            missing.append(f"no memory/process control group: {self.cgroup_reason}")
        if self.cgroups is None or self.cgroups.cpu is None:
            why = self.cgroups.cpu_reason if self.cgroups is not None else "no control group"
            missing.append(
                "CPU counted for the runner process alone, and not capped: a submission's "
                f"child processes go uncounted and can slow the others ({why})"
            )
        if self.isolation.active and not self.seccomp:
            missing.append(f"no seccomp filter: {self.seccomp_reason}")
        if self.uids_reason:
            missing.append(
                f"runs share uid {UNPRIVILEGED_ID} with other graders: {self.uids_reason}"
            )
        return "\n".join(missing)
