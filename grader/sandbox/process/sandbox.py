"""The `process` backend: one supervised child process per submission, under the rules every
backend keeps (the README's "How a submission runs").

The child gets rlimits with soft == hard, its own session and process group (killed whole),
an empty environment, stdin from /dev/null, and only the result channel among its
descriptors. On Linux it also runs inside bubblewrap's namespaces as an unprivileged user
(isolation.py) and in per-run memory and pids control groups (cgroup.py) where the machine
allows. The parent alone measures time (CPU from /proc, wall clock) and memory (peak RSS,
reset between calls), and kills on any limit.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from ...limits import PIDS_MAX, Limits, rlimits_in_force
from ..base import ClosedOnExit, Compiled, Interaction, Program, RunOutcome
from ..cgroup import find_cgroup_parents, remove_orphaned_groups
from ..files import BUILD_WORKDIR_BYTES, MAX_ARTIFACT_BYTES, NOTHING_BUILT, WORKDIR_BYTES
from ..interaction import Starter, interact
from ..options import LanguageNeeds
from ..preparation import python_places, rlimits, stdin_by_shell
from ..seccomp import Filter, SeccompUnavailable, compiled_filter
from ..session import SupervisedSession, run_build, run_to_end
from ..uids import UidBlock
from .bubblewrap import UNPRIVILEGED_ID, Isolation, detect_isolation
from .child import Launch, SandboxedProcess
from .forked import ForkedRun
from .starting import in_bubblewrap
from .warm_runners import WarmRunners
from .zygote import Zygote


class ProcessSandbox(ClosedOnExit):
    """Supervised subprocesses: rlimits always; namespaces (bubblewrap) and control groups
    wherever this machine allows them, and a loud warning where it does not."""

    name = "process"

    def __init__(
        self, *, languages: LanguageNeeds | None, isolate: bool = True, warm: bool = True
    ) -> None:
        """`languages`: the runners a warm runner compiles ahead (None: none, and every
        Python run compiles its runner itself); asked for by name, so that no caller forgets
        it."""
        self._languages = languages
        self._prlimit = shutil.which("prlimit")
        grader_home = str(Path(__file__).resolve().parents[3])  # the checkout or site-packages
        self._hidden = (grader_home,)
        self._isolation = (
            detect_isolation(self._prlimit, self._hidden)
            if isolate and sys.platform == "linux"
            else Isolation(None, reason="namespaces were turned off")
        )
        self._cgroups, self._cgroup_reason = find_cgroup_parents()
        if self._cgroups is not None:
            remove_orphaned_groups(self._cgroups)
        self._seccomp: Filter | None = None
        self._seccomp_reason = ""
        self._uids: UidBlock | None = None
        self._uids_reason = ""
        # Root without namespaces (a Gradescope container, say): each run still drops to a
        # uid of its own, never root; what it can see is then the host's file modes' business.
        self._setpriv_only = (
            shutil.which("setpriv") or ""
            if isolate and not self._isolation.active and os.geteuid() == 0 and self._prlimit
            else ""
        )
        if self._isolation.active:
            try:
                self._seccomp = compiled_filter()
            except SeccompUnavailable as error:
                self._seccomp_reason = str(error)
        if self._isolation.as_root or self._setpriv_only:
            try:
                self._uids = UidBlock()
            except OSError as error:
                self._uids_reason = f"no block of run uids could be taken ({error})"
        # Each forked run needs a uid of its own: without a block, a sandbox per run.
        self._warm = warm and self._isolation.active and self._uids is not None
        self._runners = WarmRunners()
        if self._warm:
            # The runner most submissions need: started now, waited for at the first run.
            places = python_places()
            self._zygote_for(places.runtime_dirs, places.hidden, wait=False)

    @property
    def isolation(self) -> Isolation:
        return self._isolation

    @property
    def run_uids(self) -> range | None:
        """The uids this sandbox's runs and builds get (None: the shared UNPRIVILEGED_ID)."""
        return self._uids.uids if self._uids is not None else None

    def warm_runners(self) -> list[Zygote]:
        """The warm runners started so far (one per kind of program)."""
        return self._runners.living()

    @property
    def forks_runs(self) -> bool:
        """Whether runs are forked from a warm runner (root only) rather than each started
        in a sandbox of its own (as everywhere else, or when the warm runner did not start)."""
        return self._warm and not self._runners.failure

    def protections(self) -> tuple[str, ...]:
        found: list[str] = []
        if self._isolation.active:
            who = (
                "a uid of its own (from a block no other grader on this host uses) with no "
                "capabilities"
                if self._uids is not None
                else f"uid {UNPRIVILEGED_ID} with no capabilities"
                if self._isolation.as_root
                else "an unprivileged user namespace"
            )
            if self.forks_runs:
                found.append(
                    "forked from a warm runner into new PID, mount, IPC and UTS namespaces of "
                    "its own, with its own /proc and /tmp"
                )
            elif self._warm:
                found.append(
                    "a sandbox started per submission (the warm runner did not start: "
                    f"{self._runners.failure[-200:]})"
                )
            found += [
                "Linux namespaces (bubblewrap): no network, private PID, IPC and UTS namespaces",
                "read-only system directories; no grader code, problems, references or answers "
                f"in view; a {WORKDIR_BYTES // 2**20} MiB tmpfs as the only writable place; host "
                "information and machine-wide counters in /proc masked",
                f"runs as {who}; no_new_privs; killed with the grader (PDEATHSIG)",
            ]
        if self._seccomp is not None:
            found.append(
                "seccomp filter: no new namespaces, mounts, keyring, bpf, io_uring, "
                "userfaultfd, perf events, ptrace, clocks, modules or kexec"
            )
        if self._cgroups is not None:
            found.append(
                f"cgroup v{self._cgroups.version}: memory (no swap) and at most {PIDS_MAX} "
                "processes/threads per run"
            )
            if self._cgroups.cpu is not None:
                found.append(
                    "CPU time of every process and thread of the run counted (its cgroup), "
                    "at most one CPU per run"
                )
        elif self._isolation.active or self._setpriv_only:
            found.append(f"at most {PIDS_MAX} processes/threads per run (RLIMIT_NPROC)")
        if self._setpriv_only:
            swept = ", every process of that uid killed after the run" if self._uids else ""
            found.append(
                f"runs as {'a uid of its own' if self._uids else f'uid {UNPRIVILEGED_ID}'} "
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
        if self._setpriv_only:
            missing.append(
                "NOT ISOLATED (no namespaces): a submission runs as an unprivileged uid but can "
                "use the network and read every file all users may read (keep problems and "
                f"answers owned by root, mode 0600). {self._isolation.reason}"
            )
        elif not self._isolation.active:
            missing.append(
                "NOT ISOLATED: a submission can read your files, use the network and signal "
                f"your processes. {self._isolation.reason}"
            )
        if self._cgroups is None:
            missing.append(f"no memory/process control group: {self._cgroup_reason}")
        if self._cgroups is None or self._cgroups.cpu is None:
            why = self._cgroups.cpu_reason if self._cgroups is not None else "no control group"
            missing.append(
                "CPU counted for the runner process alone, and not capped: a submission's "
                f"child processes go uncounted and can slow the others ({why})"
            )
        if self._isolation.active and self._seccomp is None:
            missing.append(f"no seccomp filter: {self._seccomp_reason}")
        if self._uids_reason:
            missing.append(
                f"runs share uid {UNPRIVILEGED_ID} with other graders: {self._uids_reason}"
            )
        return "\n".join(missing)

    def close(self) -> None:
        self._runners.close()
        if self._uids is not None:
            self._uids.close()  # after the runs: none of them is alive any more

    def _zygote_for(
        self, runtime_dirs: tuple[str, ...], hidden: tuple[str, ...], wait: bool = True
    ) -> Zygote | None:
        """The warm runner for programs with these trees, started on first use; None where
        there is none (not root, not isolated, or it did not start: then a sandbox per run).
        `wait`: make sure it came up."""
        if not self._warm:
            return None

        def start() -> Zygote:
            places = python_places()
            # The Python runner is what most runs start: compiled once, in the zygote.
            preload = self._languages.warm_sources if self._languages else tuple
            return Zygote(
                in_bubblewrap(
                    self._isolation,
                    tuple(sorted({*runtime_dirs, *places.runtime_dirs})),
                    (*self._hidden, *sorted({*hidden, *places.hidden})),
                ),
                places.interpreter,
                self._cgroups,
                self._seccomp,
                preload,
            )

        return self._runners.get((runtime_dirs, hidden), start, wait)

    def compile(self, program: Program, limits: Limits, artifact: str) -> Compiled:
        launch = self._launch()
        wanted = rlimits(limits, 0, program, file_bytes=MAX_ARTIFACT_BYTES)
        outcome, built = run_build(
            lambda output: SandboxedProcess(
                program, limits, wanted, launch, BUILD_WORKDIR_BYTES, output
            ),
            limits,
            artifact,
        )
        return Compiled(outcome, built)

    def run(self, program: Program, limits: Limits) -> RunOutcome:
        # Forked from a warm runner, as a session's runs are, where there is one: a fresh
        # sandbox costs about 30 ms more. A run that asks for fewer processes than the warm
        # runner's wall (Jobe's numprocs) has a sandbox of its own, which counts them.
        zygote = self._zygote_for(program.runtime_dirs, program.hidden)
        uids = self._uids
        if zygote is None or uids is None or limits.processes is not None:
            return self.compile(stdin_by_shell(program), limits, NOTHING_BUILT).outcome
        wanted = rlimits(limits, 0, program)
        return run_to_end(lambda: ForkedRun(zygote, program, limits, wanted, uids.next()), limits)

    def interact(
        self,
        program: Program,
        limits: Limits,
        peer: Program,
        peer_limits: Limits,
        artifacts: tuple[str, ...],
    ) -> Interaction:
        launch = self._launch()

        def starter(side: Program, side_limits: Limits) -> Starter:
            wanted = rlimits(side_limits, 0, side, file_bytes=MAX_ARTIFACT_BYTES)
            return lambda stdio, output: SandboxedProcess(
                side, side_limits, wanted, launch, BUILD_WORKDIR_BYTES, output, stdio
            )

        return interact(
            starter(program, limits), limits, starter(peer, peer_limits), peer_limits, artifacts
        )

    def _launch(self) -> Launch:
        return Launch(
            self._prlimit,
            self._isolation,
            self._cgroups,
            self._hidden,
            self._seccomp,
            self._uids,
            self._setpriv_only,
        )

    def session(self, program: Program, limits: Limits, calls: int) -> SupervisedSession:
        wanted = rlimits(limits, calls, program)
        zygote = self._zygote_for(program.runtime_dirs, program.hidden)
        if zygote is not None and self._uids is not None:
            uids = self._uids
            return SupervisedSession(
                lambda: ForkedRun(zygote, program, limits, wanted, uids.next()), limits
            )
        launch = self._launch()
        return SupervisedSession(lambda: SandboxedProcess(program, limits, wanted, launch), limits)
