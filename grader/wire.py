"""What the warm client (client.py) and the warm grader (server.py) agree on, apart from
both: a leaf of built-in modules only, which neither imports the other for."""

import posix

ANSWERED, STALE = 0, 1  # the warm grader's first byte: here is the exit status / I am stale


def package_dir() -> str:
    here = __file__.rpartition("/")[0]
    return here if here.startswith("/") else f"{posix.getcwd()}/{here}"
