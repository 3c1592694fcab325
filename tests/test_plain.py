"""Plain programs with standard input (the Jobe endpoint's runs) on every backend: the input
arrives, limits hold, and the program sees no more of the host than a graded submission."""

from __future__ import annotations

import shutil
from dataclasses import replace

from grader.languages import jobe_languages
from grader.limits import Limits
from grader.plain.run import RunSpec, run_plain
from grader.sandbox.base import Program, PythonRunner, Termination
from grader.sandbox.preparation import shell, stdin_by_shell

from .conftest import require, require_language

LIMITS = Limits(time_s=2.0, wall_s=5.0, memory_mib=256, output_kib=64)
ECHO_SUM = "import sys\nprint(sum(int(word) for word in sys.stdin.read().split()))\n"
C_SUM = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);}\n'
SNOOP = (
    "import os\n"
    "for path in ('/etc/shadow', '/root', os.path.expanduser('~root')):\n"
    "    try:\n        open(path).read() if os.path.isfile(path) else os.listdir(path)\n"
    "        print('read', path)\n"
    "    except OSError:\n        print('refused', path)\n"
)


def _run(sandbox, language: str, source: str, stdin: bytes = b"", files=None):
    plain = jobe_languages()[language]
    assert plain.programs.jobe is not None
    name = plain.programs.jobe.default_file
    spec = RunSpec(language, source.encode(), name, LIMITS, stdin, files or {})
    return run_plain(sandbox, plain, spec)


def test_standard_input_reaches_the_program(sandbox) -> None:
    ran = _run(sandbox, "python3", ECHO_SUM, b"20 22\n")
    assert ran.outcome is not None and ran.outcome.stdout == b"42\n", ran


def test_a_compiled_program_is_built_then_run(sandbox) -> None:
    require_language("cpp")  # gcc comes with g++
    ran = _run(sandbox, "c", C_SUM, b"3 4\n")
    assert ran.compiled and ran.outcome is not None and ran.outcome.stdout == b"7\n", ran


def test_extra_files_are_beside_the_program(sandbox) -> None:
    ran = _run(sandbox, "python3", "print(open('data.txt').read())", files={"data.txt": b"hi"})
    assert ran.outcome is not None and ran.outcome.stdout == b"hi\n"


def test_limits_hold_and_the_host_stays_out_of_view(sandbox) -> None:
    spun = _run(sandbox, "python3", "while True:\n    pass\n")
    assert spun.outcome is not None and spun.outcome.termination is Termination.CPU_LIMIT
    snooped = _run(sandbox, "python3", SNOOP)
    assert snooped.outcome is not None
    assert snooped.outcome.stdout.count(b"refused") == 3, snooped.outcome.stdout


def test_the_whole_output_comes_back_up_to_the_limit(sandbox) -> None:
    """A plain run's output is its answer: every byte up to the stream size, on every
    backend (a graded run's report keeps a 4 KiB head)."""
    source = "import sys\nsys.stdout.write('o' * 60000)\nsys.stderr.write('e' * 3000)\n"
    ran = _run(sandbox, "python3", source)
    assert ran.outcome is not None and ran.outcome.termination is Termination.EXITED, ran
    assert ran.outcome.stdout == b"o" * 60000 and ran.outcome.stderr == b"e" * 3000


def test_a_syntax_error_is_a_compile_error_with_the_interpreters_words(sandbox) -> None:
    ran = _run(sandbox, "python3", "def f(:\n    pass\n")
    assert not ran.compiled and ran.outcome is None
    assert "SyntaxError" in ran.cmpinfo and "line 1" in ran.cmpinfo, ran.cmpinfo


def test_node_and_php_run_from_the_hosts_usr(sandbox) -> None:
    """Jobe's nodejs and php, on every backend: the interpreters are the host's, shown
    read-only as a compiler is."""
    for command, package in (("node", "nodejs"), ("php", "php-cli")):
        require(shutil.which(command) is not None, command, f"apt-get install {package}")
    node = "console.log(require('fs').readFileSync(0, 'utf8').trim().split(' ').length)\n"
    ran = _run(sandbox, "nodejs", node, b"a b c\n")
    assert ran.outcome is not None and ran.outcome.stdout == b"3\n", ran
    php = "<?php\necho strlen(trim(file_get_contents('php://stdin'))), \"\\n\";\n"
    ran = _run(sandbox, "php", php, b"abcd\n")
    assert ran.compiled and ran.outcome is not None and ran.outcome.stdout == b"4\n", ran


def test_a_backend_that_cannot_open_the_input_has_a_shell_do_it() -> None:
    """Program.stdin: the warm runner opens it itself; any other child gets a shell that
    opens it and becomes the program (and no runner that would skip the shell)."""
    runner = PythonRunner("print(input())", ())
    program = Program("python3", ("/usr/bin/python3", "p.py"), (), python_runner=runner)
    assert stdin_by_shell(program) is program  # no input file: nothing to open
    reading = stdin_by_shell(replace(program, stdin="__stdin__"))
    assert reading.argv == (shell(), "-c", 'exec "$@" < __stdin__', "grader-stdin", *program.argv)
    assert reading.stdin == "" and reading.python_runner is None
    assert "/usr" in reading.runtime_dirs
