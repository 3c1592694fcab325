"""What of a Jobe run is bounded by its run_spec (processes, the size of a file) and what of
the host it sees (the packages a Moodle admin installs for Python, a question's own support
modules), through the endpoint on each backend."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from grader.errors import UsageError
from grader.plain.python import (
    chosen_python_packages,
    host_python_packages,
    system_python_packages,
)

from ..conftest import require
from .coderunner import result_of
from .conftest import JOBE_BACKENDS, start_jobe

# Forks until refused; every child waits for its parent to end. Says how many it got.
FORKS = r"""
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>
int main(void) {
    int made = 0;
    for (int i = 0; i < 200; i++) {
        pid_t pid = fork();
        if (pid < 0) break;
        if (pid == 0) { pause(); return 0; }
        made++;
    }
    printf("%d\n", made);
    return 0;
}
"""
WRITES_3_MB = "open('big', 'wb').write(b'x' * 3_000_000)\nprint('written')\n"


@pytest.mark.parametrize(
    ("numprocs", "most"),
    [
        (10, 10),  # a run_spec's own bound
        (None, 30),  # Jobe's default
        (1000, 64),  # never past the sandbox's wall
    ],
)
def test_numprocs_bounds_the_processes_of_a_run(jobe, numprocs, most) -> None:
    client, _ = jobe
    parameters = {} if numprocs is None else {"numprocs": numprocs}
    document = result_of(client.execute(FORKS, "c", parameters=parameters))
    assert document["outcome"] == 15, document
    made = int(str(document["stdout"]))
    # The program itself counts, and a backend's own first process may: a few fewer.
    assert most - 4 <= made < most, made


@pytest.mark.parametrize(("disklimit", "outcome"), [(1, 12), (5, 15), (-1, 15)])
def test_disklimit_bounds_the_size_of_a_file(jobe, disklimit, outcome) -> None:
    client, _ = jobe
    document = result_of(
        client.execute(WRITES_3_MB, "python3", parameters={"disklimit": disklimit})
    )
    assert document["outcome"] == outcome, document
    if outcome == 12:
        assert "File too large" in str(document["stderr"])
    else:
        assert document["stdout"] == "written\n"


def test_a_support_module_of_the_question_is_imported(jobe) -> None:
    client, _ = jobe
    helper = b"def twice(n):\n    return 2 * n\n"
    source = "from helper import twice\nprint(twice(21))\n"
    document = result_of(client.execute(source, "python3", files={"helper.py": helper}))
    assert document["outcome"] == 15 and document["stdout"] == "42\n", document


NUMPY_AND_MATPLOTLIB = """
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
plt.plot(np.arange(5), np.arange(5) ** 2)
plt.savefig("plot.png")
print(int(np.arange(5).sum()), open("plot.png", "rb").read(4) == b"\\x89PNG")
"""
# As Jobe's own client checks pylint: the program runs the host's tool in a subprocess.
RUNS_PYLINT = """
import subprocess
open("source.py", "w").write('\\"\\"\\"A module.\\"\\"\\"\\nVALUE = 1\\n')
said = subprocess.run(["pylint", "--reports=no", "source.py"], capture_output=True, text=True)
print(said.returncode, said.stdout.count("source.py:"))
"""


def _require_system_packages() -> None:
    python = "/usr/bin/python3"
    found = subprocess.run([python, "-c", "import numpy, matplotlib"], capture_output=True)
    require(
        found.returncode == 0,
        "numpy and matplotlib",
        "apt-get install python3-numpy python3-matplotlib",
    )
    require(shutil.which("pylint") is not None, "pylint", "apt-get install pylint")
    require(bool(system_python_packages()), "Debian's dist-packages", "a Debian Python")


def test_the_systems_python_packages_are_seen_read_only(jobe) -> None:
    _require_system_packages()
    client, _ = jobe
    plotted = result_of(client.execute(NUMPY_AND_MATPLOTLIB, "python3"))
    assert plotted["outcome"] == 15 and plotted["stdout"] == "10 True\n", plotted
    assert plotted["stderr"] == "", plotted  # CodeRunner takes any for an error
    linted = result_of(client.execute(RUNS_PYLINT, "python3"))
    assert linted["outcome"] == 15 and linted["stdout"] == "0 0\n", linted
    writes = "open('/usr/lib/python3/dist-packages/planted.py', 'w')\n"
    refused = result_of(client.execute(writes, "python3"))
    # Read-only, and not the run's to write (gVisor checks the owner first): either says no.
    assert refused["outcome"] == 12, refused
    assert any(said in str(refused["stderr"]) for said in ("Read-only", "Permission denied"))
    assert not os.path.exists("/usr/lib/python3/dist-packages/planted.py")


@pytest.mark.parametrize("backend", JOBE_BACKENDS)
def test_packages_not_shown_are_not_there_nor_ever_the_graders_own(tmp_path, backend) -> None:
    _require_system_packages()
    client, running = start_jobe(tmp_path, backend, jobe_python_packages=())
    try:
        source = (
            "import importlib.util as u\n"
            "print([u.find_spec(m) is None for m in ('numpy', 'grader', 'fastapi', 'yaml')])\n"
        )
        document = result_of(client.execute(source, "python3"))
        assert document["stdout"] == "[True, True, True, True]\n", document
    finally:
        running.service.close()


def test_the_graders_own_environment_cannot_be_chosen() -> None:
    import sys
    import sysconfig

    if sys.prefix != sys.base_prefix:  # the grader in a virtual environment, as set up
        own = sysconfig.get_path("purelib")
        assert own not in host_python_packages()
        with pytest.raises(UsageError, match="may be shown"):
            chosen_python_packages([own])
    with pytest.raises(UsageError, match="may be shown"):
        chosen_python_packages(["/etc"])
    assert chosen_python_packages(["none"]) == ()
    assert chosen_python_packages(None) == system_python_packages()
