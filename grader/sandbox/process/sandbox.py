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

from ...limits import Limits
from ..base import ClosedOnExit, Compiled, Interaction, Program, RunOutcome
from ..cgroup import find_cgroup_parents, remove_orphaned_groups
from ..files import BUILD_WORKDIR_BYTES, MAX_ARTIFACT_BYTES, NOTHING_BUILT
from ..interaction import Starter, interact
from ..options import LanguageNeeds
from ..preparation import python_places, rlimits, stdin_by_shell
from ..seccomp import Filter, SeccompUnavailable, compiled_filter
from ..session import SupervisedSession, run_build, run_to_end
from ..uids import UidBlock
from .bubblewrap import Isolation, IsolationProbe
from .child import Launch, SandboxedProcess
from .findings import Findings
from .forked import ForkedRun
from .starting import in_bubblewrap
from .warm_runners import WarmRunners
from .zygote import Zygote

LINUX = sys.platform == "linux"
NOT_ASKED = "namespaces were turned off"


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
        # bubblewrap's probe runs while the rest is set up, and the warm runner starts on its
        # candidate: that start is what the first run waits for.
        probe = IsolationProbe(self._prlimit, self._hidden) if isolate and LINUX else None
        self._isolation = probe.candidate if probe else Isolation(None, reason=NOT_ASKED)
        self._cgroups, self._cgroup_reason = find_cgroup_parents()
        if self._cgroups is not None:
            remove_orphaned_groups(self._cgroups)
        self._seccomp_reason = self._uids_reason = ""
        self._uids: UidBlock | None = None
        self._runners = WarmRunners()
        try:
            self._set_up_runs(isolate, warm)
        finally:
            if probe is not None:
                self._isolation = probe.result()
        if probe is not None and probe.candidate.active and not self._isolation.active:
            self._runners.close()  # the candidate failed its proof: set up without it
            self._set_up_runs(isolate, warm)

    def _set_up_runs(self, isolate: bool, warm: bool) -> None:
        """What runs are under, as the isolation known so far allows; the warm runner most
        submissions need, started now and waited for at the first run."""
        # Root without namespaces (a Gradescope container, say): each run still drops to a
        # uid of its own, never root; what it can see is then the host's file modes' business.
        self._setpriv_only = (
            shutil.which("setpriv") or ""
            if isolate and not self._isolation.active and os.geteuid() == 0 and self._prlimit
            else ""
        )
        self._seccomp: Filter | None = None
        if self._isolation.active:
            try:
                self._seccomp = compiled_filter()
            except SeccompUnavailable as error:
                self._seccomp_reason = str(error)
        if (self._isolation.as_root or self._setpriv_only) and self._uids is None:
            try:
                self._uids = UidBlock()
            except OSError as error:
                self._uids_reason = f"no block of run uids could be taken ({error})"
        # Each forked run needs a uid of its own: without a block, a sandbox per run.
        self._warm = warm and self._isolation.active and self._uids is not None
        if self._warm:
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
        return self._findings().protections()

    def warning(self) -> str:
        """What is not protected on this machine, and how to fix it; "" when nothing."""
        return self._findings().warning()

    def _findings(self) -> Findings:
        return Findings(
            self._isolation,
            self._cgroups,
            self._cgroup_reason,
            self._seccomp is not None,
            self._seccomp_reason,
            self._uids is not None,
            self._uids_reason,
            self._setpriv_only,
            self._warm,
            self.forks_runs,
            self._runners.failure,
        )

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
