"""A whole Python program run by the process backend's warm runner in itself (no new
interpreter per test) cannot be told from one run by a fresh `python3 -BE`: the same
output, the same error output byte for byte, the same exit status, on the same input."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grader.languages import jobe_languages
from grader.languages.programs import NOTHING_SHOWN, PlainArgs
from grader.limits import Limits
from grader.plain.run import run_built
from grader.sandbox.base import Program, RunOutcome, Termination
from grader.sandbox.process.sandbox import ProcessSandbox

from .conftest import require

LIMITS = Limits(time_s=5.0, wall_s=10.0, memory_mib=512, output_kib=256)
HELPER = "def twice(n):\n    return 2 * n\n"

# Each program, with what it reads on its standard input.
PROGRAMS = {
    "what a script sees of itself": (
        "import sys, os\n"
        "print(__name__, __file__, __package__, __spec__, __cached__, type(__loader__).__name__)\n"
        "print(sorted(globals()), type(__builtins__).__name__)\n"
        "print(sys.argv, sys.path[0], os.getcwd(), type(exit).__name__, type(quit).__name__)\n"
        "print(sys.stdout.encoding, sys.stdin.encoding, sys.flags.dont_write_bytecode)\n",
        b"",
    ),
    "its input, line by line, to the end": (
        "total = 0\nwhile True:\n    total += int(input())\n    print(total)\n",
        b"1\n2\n3\n",
    ),
    "a traceback through functions": (
        "def inner(x):\n    return 1 / x\n\ndef outer(x):\n    return inner(x)\n\n"
        "print('before', end='')\nouter(0)\n",
        b"",
    ),
    "a chained exception": (
        "try:\n    {}['key']\nexcept KeyError as error:\n    raise ValueError('bad') from error\n",
        b"",
    ),
    "the recursion limit": ("def down(n):\n    return down(n + 1)\n\ndown(0)\n", b""),
    "sys.exit with a message": ("import sys\nprint('out')\nsys.exit('said on stderr')\n", b""),
    "sys.exit with a status": ("import sys\nsys.exit(3)\n", b""),
    "exit() from site": ("print('a')\nexit(4)\n", b""),
    "quit() with no status": ("quit()\n", b""),
    "SystemExit(None)": ("raise SystemExit(None)\n", b""),
    "a status past 255": ("import sys\nsys.exit(258)\n", b""),
    "a thread outliving the script": (
        "import threading, time\n"
        "def later():\n    time.sleep(0.05)\n    print('thread done', flush=True)\n"
        "threading.Thread(target=later).start()\nprint('main done')\n",
        b"",
    ),
    "atexit": (
        "import atexit\natexit.register(lambda: print('bye'))\nprint('hello')\n",
        b"",
    ),
    "a module beside it": ("import helper\nprint(helper.twice(21))\n", b""),
    "a syntax error in an imported module": ("import broken\n", b""),
    "bytes in, text out": (
        "import sys\ndata = sys.stdin.buffer.read()\nprint(len(data), data.decode()[::-1])\n",
        "héllo wörld".encode(),
    ),
    "an unflushed line at a crash": ("import os\nprint('kept')\nos.abort()\n", b""),
    # What a hostile program may break of what the interpreter's end relies on.
    "os._exit rebound": ("import os\nos._exit = None\nprint('still ends')\n", b""),
    "the excepthook replaced": (
        "import sys\nsys.excepthook = lambda *a: print('own hook', a[0].__name__)\n1 / 0\n",
        b"",
    ),
    "stdout replaced": ("import io, sys\nsys.stdout = io.StringIO()\nprint('lost')\n", b""),
}


@pytest.fixture(scope="module")
def sandbox() -> ProcessSandbox:
    opened = ProcessSandbox(languages=None)
    require(opened.forks_runs, "a warm runner", "run as root where bubblewrap works")
    yield opened
    opened.close()


def _program(source: str) -> Program:
    python = jobe_languages()["python3"]
    files = (("prog.py", source.encode()), ("helper.py", HELPER.encode()))
    files += (("broken.py", b"def nope(:\n"),)
    args = PlainArgs(interpreterargs=("-BE",))
    recipe = python.programs.recipe(("prog.py",), files, args, NOTHING_SHOWN)
    return recipe.run


def _seen(outcome: RunOutcome) -> tuple[object, ...]:
    return (outcome.termination, outcome.exit_code, outcome.signal, outcome.stdout, outcome.stderr)


@pytest.mark.parametrize("case", sorted(PROGRAMS))
def test_a_program_run_in_the_warm_runner_is_the_interpreter_s_own(sandbox, case) -> None:
    source, stdin = PROGRAMS[case]
    program = _program(source)
    assert program.python_runner is not None  # what the warm runner runs in itself
    inline = run_built(sandbox, program, stdin, LIMITS)
    fresh = run_built(sandbox, replace(program, python_runner=None), stdin, LIMITS)
    assert fresh.termination in (Termination.EXITED, Termination.SIGNALED), fresh
    assert _seen(inline) == _seen(fresh)


def test_flags_it_cannot_keep_start_an_interpreter() -> None:
    python = jobe_languages()["python3"]
    files = (("prog.py", b"print(1)\n"),)
    for flags, inline in ((("-BE",), True), ((), True), (("-O",), False), (("-u",), False)):
        args = PlainArgs(interpreterargs=flags)
        recipe = python.programs.recipe(("prog.py",), files, args, NOTHING_SHOWN)
        assert (recipe.run.python_runner is not None) is inline, flags
