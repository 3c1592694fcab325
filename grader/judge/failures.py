"""How a run that did not pass reads: for each way it can end (an exception raised, a
limit broken, a signal, a load that failed), its verdict and what to tell the student. The
judge (judge/__init__.py) calls nothing else to decide a verdict it did not check itself."""

from __future__ import annotations

import signal
from dataclasses import dataclass

from ..languages import FunctionLanguage
from ..problem import Problem
from ..protocol import EXIT_CALLED, OUT_OF_MEMORY, PANICKED, ReplyKind
from ..sandbox.base import RunOutcome, Termination
from ..verdicts import Verdict


@dataclass(frozen=True, slots=True)
class Finding:
    """A verdict with what to tell the student: `message` may show the test, `hint` not."""

    verdict: Verdict
    message: str
    hint: str = ""
    board: str = ""
    note: str = ""  # for the instructor alone (what a package's validator said of the test)


def load_finding(
    outcome: RunOutcome, name: str, problem: Problem, language: FunctionLanguage
) -> Finding | None:
    """None when the submission loaded; otherwise why not, as the verdict of every test."""
    reply = outcome.reply
    if reply is not None and reply.kind is ReplyKind.READY:
        return None
    if reply is not None and reply.kind is ReplyKind.LOAD_ERROR:
        where = f"{name}:{reply.line}" if reply.line else name
        first, newline, excerpt = reply.message.partition("\n")
        advice = language.explain_syntax(reply.message)
        return Finding(Verdict.CE, f"{where}: {first}{advice}{newline}{excerpt}")
    if reply is not None and reply.kind is ReplyKind.ERROR:
        if reply.error_type == OUT_OF_MEMORY:
            return Finding(Verdict.MLE, "your file ran out of memory while it was being loaded")
        where = f"{name}:{reply.line}" if reply.line else name
        if reply.error_type == EXIT_CALLED:
            what = "called exit() while it was being loaded"
        else:
            what = f"raised {_exception(reply.error_type, reply.message)} while it was being loaded"
        advice = language.explain(reply.error_type, reply.message, loading=True)
        return Finding(
            Verdict.CE,
            f"{where}: your file {what}.{advice}" + (f"\n{reply.trace}" if reply.trace else ""),
        )
    finding = failure(outcome, problem)
    return Finding(finding.verdict, f"while your file was being loaded: {finding.message}")


def raised(error_type: str, message: str, trace: str, language: FunctionLanguage) -> Finding:
    if error_type == OUT_OF_MEMORY:
        where = f" {message}" if message else ""  # a recursion's depth, where it was deep
        advice = language.explain(error_type, message, loading=False)
        return Finding(
            Verdict.MLE, f"ran out of memory (MemoryError){where}.{advice}", "ran out of memory"
        )
    if error_type == EXIT_CALLED:
        return Finding(
            Verdict.RTE,
            "called exit() inside the function: return the answer instead of exiting",
            "the program called exit()",
        )
    if error_type == PANICKED:
        return Finding(Verdict.RTE, f"panicked: {message}", "the program panicked")
    advice = language.explain(error_type, message, loading=False)
    shown = _exception(error_type, message)
    hint_type = error_type if language.is_library_exception(error_type) else "an exception"
    return Finding(
        Verdict.RTE,
        f"raised {shown}{'' if shown.endswith('.') else '.'}{advice}"
        + (f"\n{trace}" if trace else ""),
        f"the program raised {hint_type}",
    )


def failure(outcome: RunOutcome, problem: Problem) -> Finding:
    """The verdict for an exchange that ended without a usable reply."""
    limits = problem.limits
    kind = outcome.termination
    if kind is Termination.CPU_LIMIT:
        text = f"used more than {limits.time_s:g} s of CPU time"
        at_load = ""
        if outcome.load_cpu_s:
            at_load = (
                f" ({outcome.load_cpu_s:.2f} s of it while your file was loaded, before the "
                "function was called: work done at import or in static initializers counts "
                "towards the first test)"
            )
        return Finding(
            Verdict.TLE,
            text + at_load + "; is there a loop that never ends, or a slower algorithm than "
            "needed?",
            text,
        )
    if kind is Termination.WALL_LIMIT:
        text = f"did not finish within {limits.wall_s:g} s of wall-clock time"
        return Finding(
            Verdict.TLE,
            f"{text}: {_measured(outcome)}; the rest of the time it was waiting or sleeping, "
            "not computing (a sleep, a lock, input that never comes)",
            text,
        )
    if kind is Termination.STARVED:
        text = "the grader's machine was too busy to time this test"
        return Finding(
            Verdict.IE,
            f"{text}: {_measured(outcome)}, twice. Not your code's fault: grade it again "
            "when the machine is quieter",
            text,
        )
    if kind is Termination.OUTPUT_LIMIT:
        text = f"printed more than {limits.output_kib} KiB"
        return Finding(Verdict.OLE, text + "; remove debugging prints", text)
    if kind is Termination.MEMORY_LIMIT:
        text = f"used more than {limits.memory_mib} MiB of memory"
        return Finding(Verdict.MLE, text + " and was stopped by the system", text)
    if kind is Termination.FRAME_LIMIT:
        return Finding(
            Verdict.OLE, "the returned value is too large", "the returned value is too large"
        )
    if kind is Termination.SIGNALED and b"memory allocation of" in outcome.stderr:
        # Rust's allocator, out of memory, reports and aborts (statically linked: SIGSEGV).
        return Finding(Verdict.MLE, "ran out of memory (an allocation failed)", "ran out of memory")
    if kind is Termination.SIGNALED and outcome.signal is not None:
        return signaled(outcome.signal, limits.memory_mib)
    if kind is Termination.EXITED:
        text = f"the program exited (exit code {outcome.exit_code}) without returning a value"
        return Finding(Verdict.RTE, text + "; do not call exit() or os._exit()", text)
    return Finding(
        Verdict.RTE,
        outcome.detail or "the program broke the judge's channel",
        "the program broke the judge's channel",
    )


def _measured(outcome: RunOutcome) -> str:
    said = f"it had {outcome.cpu_s:.2f} s of CPU in {outcome.wall_s:.2f} s"
    if outcome.waited_s:
        said += (
            f" ({outcome.waited_s:.2f} s of it waiting for a CPU the machine's other work "
            "held, which does not count)"
        )
    return said


def signaled(number: int, memory_mib: int) -> Finding:
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    if number == signal.SIGXCPU:
        return Finding(Verdict.TLE, "used up its CPU time", "used up its CPU time")
    if number == signal.SIGXFSZ:
        return Finding(
            Verdict.OLE, "wrote a file larger than allowed", "wrote a file larger than allowed"
        )
    explanations: dict[int, str] = {
        signal.SIGSEGV: " (segmentation fault: an invalid memory access, or a recursion too "
        "deep for the stack)",
        signal.SIGABRT: " (aborted)",
        signal.SIGFPE: " (arithmetic error)",
        signal.SIGKILL: f" (killed: perhaps more than {memory_mib} MiB of memory)",
    }
    why = explanations.get(number, "")
    text = f"the program was killed by {name}"
    return Finding(Verdict.RTE, text + why, text)


def _exception(error_type: str, message: str) -> str:
    return f"{error_type}: {message}" if message else error_type
