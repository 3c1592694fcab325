"""The contract every sandbox backend meets, and the values that cross it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, Self

from ..limits import Limits
from ..protocol import Reply

if TYPE_CHECKING:
    import socket
    from collections.abc import Mapping

    from .measure import Meter

# How a sandboxed Python starts: isolated, no site-packages (the grader is not importable),
# no bytecode written, UTF-8 whatever the locale. A warm runner started with these flags can
# stand in for a fresh interpreter (sandbox/process/zygote.py).
BARE_PYTHON_FLAGS = ("-I", "-S", "-B", "-X", "utf8")
# How long a backend waits for what it started to say it is up (bubblewrap's set-up, a warm
# runner, a container's first connection) before it calls the start failed.
START_TIMEOUT_S = 30.0


@dataclass(frozen=True, slots=True)
class PythonRunner:
    """A program that is Python source run as `python <BARE_PYTHON_FLAGS> -c source *args`:
    a warm runner on the same interpreter may execute it in itself, with no new process
    image. Only the language says so; no sandbox guesses it from a command line."""

    source: str
    args: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Program:
    """What a language's build hands to a sandbox: files to place in a fresh work directory,
    and the command that starts a runner speaking grader/protocol.py on descriptor GRADER_FD.
    `runtime_dirs` are host trees the command needs read-only (an interpreter outside /usr);
    `hidden` are host directories a sandbox must cover if it shows any tree holding them."""

    language: str
    argv: tuple[str, ...]
    files: tuple[tuple[str, bytes], ...]
    runtime_dirs: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()
    # False for a runtime that reserves far more address space than it uses (the JVM, Mono):
    # its memory is bounded by the cgroup and its own heap flag instead.
    limit_address_space: bool = True
    # Set when a warm runner on `argv[0]` (started with BARE_PYTHON_FLAGS) executing this
    # source with its args does what `argv` does.
    python_runner: PythonRunner | None = None
    # A file among `files` to read as standard input ("": /dev/null). A backend whose child
    # cannot open it itself has a shell do it (preparation.stdin_by_shell).
    stdin: str = ""

    def with_arguments(self, extra: tuple[str, ...]) -> Program:
        """The program with `extra` words at the end of its command (its runner's too)."""
        runner = self.python_runner
        if runner is not None:
            runner = replace(runner, args=(*runner.args, *extra))
        return replace(self, argv=(*self.argv, *extra), python_runner=runner)

    def inline_in(self, interpreter: str) -> PythonRunner | None:
        """What a warm runner on `interpreter` may execute in itself instead of `argv`."""
        return self.python_runner if self.argv[:1] == (interpreter,) else None


@dataclass(frozen=True, slots=True)
class Runtime:
    """What one language needs inside the image."""

    language: str
    executable: str  # on the host; the offline image keeps it at the same path
    dirs: tuple[str, ...]  # host trees to copy (minus SKIPPED_DIRS)
    registry_base: str  # the registry image carrying the same runtime
    registry_executable: str  # where that image has it


class Termination(StrEnum):
    """How one exchange with the child ended, as the parent observed it."""

    REPLIED = "replied"  # a well-formed frame arrived
    CPU_LIMIT = "cpu_limit"  # killed: CPU time over limits.time_s
    WALL_LIMIT = "wall_limit"  # killed: wall time over limits.wall_s
    OUTPUT_LIMIT = "output_limit"  # killed: stdout + stderr over limits.output_kib
    FRAME_LIMIT = "frame_limit"  # killed: a frame longer than the protocol allows
    PROTOCOL = "protocol"  # killed: a malformed frame
    EXITED = "exited"  # ended by itself without a frame
    SIGNALED = "signaled"  # died of a signal the parent did not send
    MEMORY_LIMIT = "memory_limit"  # killed by the kernel: the run's memory group was full
    # killed: so short of CPU on a busy machine that its wall-clock time passed
    # OVERLOAD_FACTOR times the limit before its own time did. The machine's fault.
    STARVED = "starved"


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """One exchange: everything measured by the parent, plus the child's frame if any."""

    termination: Termination
    reply: Reply | None
    cpu_s: float
    wall_s: float
    memory_kib: int
    exit_code: int | None = None
    signal: int | None = None
    stdout: bytes = b""  # the head of what the child printed, capped
    stderr: bytes = b""
    output_bytes: int = 0  # everything printed, counted before capping
    detail: str = ""
    # Wall-clock time it spent runnable but not running (the machine's other work had the
    # CPU), not held against its wall-clock limit; read when that limit was reached.
    waited_s: float = 0.0
    # CPU the load before this call used beyond the runtime's start-up (the program's own
    # work at load), charged to this call: included in cpu_s.
    load_cpu_s: float = 0.0
    # CPU the run used while no call was in progress (a thread or process it left working
    # after its last reply), charged to this call: included in cpu_s.
    between_cpu_s: float = 0.0


@dataclass(frozen=True, slots=True)
class Compiled:
    """A build's run (its exit, output, time) and what it produced, if anything."""

    outcome: RunOutcome
    artifact: bytes | None


@dataclass(frozen=True, slots=True)
class Interaction:
    """How both sides ended, and the files of `artifacts` the peer left at out/ (whatever
    its exit: a validator says its verdict by exit code 42 or 43)."""

    outcome: RunOutcome
    peer_outcome: RunOutcome
    peer_files: dict[str, bytes]
    peer_ended_first: bool
    # Both ends seen in the same look (a watcher held up on a busy machine): their order is
    # not known, and peer_ended_first is False; the judge orders them by cause.
    ended_together: bool = False


class Session(Protocol):
    """One submission's runner. All tests may share one child; after a kill, a new one."""

    def load(self) -> RunOutcome:
        """Start the runner and wait until it reports the submission loaded (or not)."""
        ...

    def call(self, args: tuple[object, ...], cpu_limit_s: float | None = None) -> RunOutcome:
        """Call the entry point once, (re)starting the runner first when none is alive.
        `cpu_limit_s`: less CPU than a test's limit (what is left of the submission's)."""
        ...

    def call_many(
        self, calls: list[tuple[object, ...]], cpu_limit_s: float | None = None
    ) -> RunOutcome:
        """Call the entry point once with each of `calls` in one exchange, under one call's
        limits, to a runner that takes a batch (FunctionLanguage.batches_calls): a reply of
        every value, or the first call's that returned none."""
        ...

    def close(self) -> None:
        """Kill whatever is left of the child and remove its files."""
        ...

    def __enter__(self) -> Session: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None: ...


class Sandbox(Protocol):
    """A way to run untrusted programs. `protections` names what it enforces, for reports."""

    name: str

    def protections(self) -> tuple[str, ...]: ...

    def warning(self) -> str:
        """What this backend cannot protect against on this machine, with the fix; "" if
        nothing. Reports show it where a person will see it."""
        ...

    def session(self, program: Program, limits: Limits, calls: int) -> Session:
        """A session for `program`, which will be called about `calls` times."""
        ...

    def compile(self, program: Program, limits: Limits, artifact: str) -> Compiled:
        """Run a build `program` to its end under `limits`, with a writable directory out/
        beside its files; the artifact is what it left at out/`artifact`, if it exited 0."""
        ...

    def run(self, program: Program, limits: Limits) -> RunOutcome:
        """Run `program` to its end under `limits`, nothing handed back but how it went (a
        plain run: its output kept as `limits` says)."""
        ...

    def interact(
        self,
        program: Program,
        limits: Limits,
        peer: Program,
        peer_limits: Limits,
        artifacts: tuple[str, ...],
    ) -> Interaction:
        """Run `program` and `peer` at once, each in a sandbox of its own under its own
        limits, each one's stdout the other's stdin (an interactive problem: the submission
        and the validator); the files of `artifacts` the peer left at out/. SandboxUnavailable
        where the backend cannot connect two runs."""
        ...

    def close(self) -> None:
        """Release what the backend holds (a connection to an engine)."""
        ...

    def __enter__(self) -> Sandbox: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None: ...


class ClosedOnExit:
    """`with it:` closes it: what every backend and session shares of their protocols."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class Child(Protocol):
    """A started child, as the backend that started it hands it over: where its output and
    its frames arrive, how it is measured, and how it ends. The backend sets every attribute
    before handing it over; the supervisor owns the descriptors from then on."""

    @property
    def channel(self) -> socket.socket:
        """The parent's end of the result channel."""
        ...

    @property
    def streams(self) -> Mapping[int, int]:
        """Each output descriptor -> STDOUT or STDERR."""
        ...

    @property
    def exit_fd(self) -> int | None:
        """Readable once the child is gone; None: the channel's end says so."""
        ...

    @property
    def meter(self) -> Meter: ...

    def reap(self) -> tuple[int | None, int | None]:
        """Kill everything the child started and wait for it: (exit code, signal)."""
        ...

    def out_of_memory(self) -> bool:
        """Whether the kernel killed it for memory; asked before `reap`."""
        ...

    def release(self) -> None:
        """Remove what it held (files, control groups, a container); after `reap`."""
        ...
