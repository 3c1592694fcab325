"""An instructor's generator: a Python file in the problem's folder whose `generate(rng)`
returns one input, for inputs a signature cannot describe (a Sudoku board with one solution,
`k <= n`). It draws every choice from `rng`, a `random.Random` whose numbers Hypothesis
chooses: the same seed gives the same inputs, and a failure shrinks through the generator's
own choices, so a shrunk input is still one the generator can make.

The generator is the instructor's code and runs in the grader, not in a sandbox: what it does
wrong is the problem's fault, never a student's. A crash, a loop or an input outside the
signature is a ProblemError at the generator's file:line naming the problem."""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Final, TypeVar

from ..errors import ProblemError

if TYPE_CHECKING:
    from _typeshed import TraceFunction
from ..problem import Generator, Param, argument_problem

ENTRY: Final = "generate"
# One input's time: a generator that takes longer loops (or searches far too widely).
CALL_S: Final = 5.0

T = TypeVar("T")


def input_maker(
    generator: Generator, params: tuple[Param, ...]
) -> Callable[[random.Random], dict[str, object]]:
    """One checked input per call. A fault leaves Hypothesis as a GeneratorFault, which it
    does not catch: it would replay an exception several times, a loop costing its time limit
    on every replay."""
    function = _generator_function(generator)

    def make(rng: random.Random) -> dict[str, object]:
        try:
            return _generated(generator, function, params, rng)
        except ProblemError as fault:
            raise GeneratorFault(fault) from None

    return make


class GeneratorFault(BaseException):
    """A generator's ProblemError on its way through Hypothesis (which lets BaseExceptions
    through at once, as it does KeyboardInterrupt)."""

    def __init__(self, fault: ProblemError) -> None:
        super().__init__(str(fault))
        self.fault = fault


def _generator_function(generator: Generator) -> Callable[[random.Random], object]:
    """The file's `generate`, its module run once; ProblemError where the file cannot be read,
    does not run, or defines no `generate(rng)`."""
    try:
        source = generator.path.read_text(encoding="utf-8")
        code = compile(source, str(generator.path), "exec")
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None)
        raise ProblemError(
            generator.shown, line, "", f"cannot read the generator: {error}"
        ) from None
    namespace: dict[str, object] = {"__name__": f"grader_generator_{generator.path.stem}"}
    _guarded(generator, lambda: exec(code, namespace))  # noqa: S102 # the instructor's own file
    function = namespace.get(ENTRY)
    if not callable(function):
        raise ProblemError(
            generator.shown, None, "", f"defines no `def {ENTRY}(rng):` returning one input"
        )
    return function


def _generated(
    generator: Generator,
    function: Callable[[random.Random], object],
    params: tuple[Param, ...],
    rng: random.Random,
) -> dict[str, object]:
    """One input from the generator, checked against the signature as a test in problem.yaml
    is."""
    value = _guarded(generator, lambda: function(rng))
    if not isinstance(value, Mapping) or set(value) != {param.name for param in params}:
        names = ", ".join(param.name for param in params)
        raise ProblemError(
            generator.shown,
            None,
            ENTRY,
            f"returned {_short(value)}: return a dict of every parameter ({names}) and no other",
        )
    for param in params:
        wrong = argument_problem(value[param.name], param)
        if wrong:
            raise ProblemError(generator.shown, None, ENTRY, f"returned {param.name}: {wrong}")
    return dict(value)


def _guarded(generator: Generator, call: Callable[[], T]) -> T:
    """`call` with a time limit (a trace on every line of the generator's file, where a loop
    would be), every exception it raises turned into a ProblemError at the generator's line.
    Not stopped: a loop in C (`sum(range(10**15))`) or one that catches every exception."""
    ends = time.monotonic() + CALL_S
    own_file = str(generator.path)

    def trace(frame: FrameType, event: str, arg: object) -> TraceFunction | None:
        # Only the generator's own lines: raised inside Hypothesis' code (which `rng` calls),
        # the exception could be taken for one of Hypothesis' own.
        if frame.f_code.co_filename != own_file:
            return None
        if time.monotonic() > ends:
            raise _Loops
        return trace

    before = sys.gettrace()
    sys.settrace(trace)
    try:
        return call()
    except _Loops:
        raise ProblemError(
            generator.shown, None, ENTRY, f"gave no input in {CALL_S:g} s: does it loop?"
        ) from None
    except Exception as error:  # noqa: BLE001 # the instructor's code: any fault is theirs
        raise ProblemError(
            generator.shown, _line_in(generator.path, error), "", f"{type(error).__name__}: {error}"
        ) from None
    finally:
        sys.settrace(before)


class _Loops(BaseException):  # noqa: N818 # not an Exception: the generator cannot catch it
    """The generator's time is up."""


def _line_in(path: Path, error: BaseException) -> int | None:
    """The line of the generator's file nearest the raise."""
    lines = [
        frame.lineno
        for frame in traceback.extract_tb(error.__traceback__)
        if frame.filename == str(path)
    ]
    return lines[-1] if lines else None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
