"""What the warm client (client.py) and the warm grader (server.py) agree on, apart from
both: a leaf of built-in modules only, which neither imports the other for."""

import posix

ANSWERED, STALE = 0, 1  # the warm grader's first byte: here is the exit status / I am stale


# What the harness reads of the environment below the command line: the toolchains on PATH,
# the Docker engine, where caches and temporary files go. A warm grader serves only callers
# whose values equal its own (the client picks the server by them), so that what it reads
# there is what a cold command would read, and it never swaps its own environment.
SERVED_ENVIRONMENT = (
    "PATH",
    "HOME",
    "XDG_CACHE_HOME",
    "TMPDIR",
    "DOCKER_HOST",
    "DOCKER_CERT_PATH",
    "DOCKER_TLS_VERIFY",
)


def package_dir() -> str:
    """The grader package's folder (this module is in its cli/warm/)."""
    here = __file__.rpartition("/")[0].rpartition("/")[0].rpartition("/")[0]
    return here if here.startswith("/") else f"{posix.getcwd()}/{here}"
