# A whole Python program, run by a warm runner of the process backend in itself, as
# `python3 -BE NAME ARGS...` would run it: executed as `-c <this source> NAME ARGS...` in a
# forked interpreter that started with BARE_PYTHON_FLAGS, in the program's work directory.
# It does what the interpreter's own start and end do that the bare flags left out (`site`:
# the package folders shown, `exit()` and `quit()`; the script's folder first on the path; a
# fresh `__main__`; the traceback, `sys.exit`'s message and status; non-daemon threads,
# atexit and the last flush), so that the program cannot tell, and its interpreter's start
# (about 8 ms) is not paid on every test. It is never imported by the harness.
from __future__ import annotations

import os
import sys

# Taken before the program runs: a program may rebind os._exit (as it may at no cost under a
# fresh interpreter, which ends without it).
EXIT = os._exit
TYPE_CHECKING = False
if TYPE_CHECKING:  # typing itself is not imported at a run: it costs more than the fork
    from typing import NoReturn


def exit_status(stop: SystemExit) -> int:
    """The status the interpreter exits with for `stop`, saying its message as it does."""
    code = stop.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(f"{code}\n")
    return 1


def finish(status: int) -> NoReturn:
    """End as the interpreter ends: its threads waited for, its exit functions called, its
    output flushed (status 120 when that fails)."""
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - the interpreter says it, and exits with 120
            status = 120
    EXIT(status)


def main() -> None:
    name, *arguments = sys.argv[1:]
    path = os.path.join(os.getcwd(), name)
    sys.argv = [name, *arguments]
    sys.path.insert(0, os.path.dirname(path))
    import site

    site.main()
    import builtins
    from importlib.machinery import SourceFileLoader

    program = type(sys)("__main__")
    program.__dict__.update(
        __file__=path,
        __cached__=None,
        __builtins__=builtins,
        __loader__=SourceFileLoader("__main__", path),
        __annotations__={},
    )
    sys.modules["__main__"] = program
    # The frames below the program's own count against its recursion limit, and so does
    # exec's entry: not for a program started by the interpreter. (Only
    # sys.getrecursionlimit() says the difference.)
    depth = 1
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    sys.setrecursionlimit(sys.getrecursionlimit() + depth)
    try:
        with open(path, "rb") as file:
            code = compile(file.read(), path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as error:
        sys.excepthook(type(error), error, None)
        finish(1)
    try:
        exec(code, program.__dict__)
    except SystemExit as stop:
        finish(exit_status(stop))
    except BaseException as error:  # noqa: BLE001 - said as the interpreter says it
        # Said from the program's own frame on: this one is not the program's.
        traceback = error.__traceback__.tb_next if error.__traceback__ else None
        sys.excepthook(type(error), error.with_traceback(traceback), traceback)
        finish(1)
    finish(0)


if __name__ == "__warm__":
    # Compiled once in a warm runner, which runs it so: what every run imports, imported
    # there once (site's own start is each program's, in main).
    import site  # noqa: F401
else:
    main()
