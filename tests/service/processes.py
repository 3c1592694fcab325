"""Processes a queue test starts and stops itself: a Redis server on a unix socket of the
test's own folder (AOF on, no TCP port), and `grader worker` processes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from ..conftest import ROOT, require

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
# Every test's Redis: in the foreground, no snapshots, quiet.
REDIS_QUIET = ["--save", "", "--daemonize", "no", "--loglevel", "warning"]


class RedisServer:
    def __init__(self, folder: Path) -> None:
        require(os.path.exists(REDIS), "redis-server", "apt-get install redis-server")
        self.folder = folder
        self.socket = folder / "redis.sock"
        self.url = f"unix://{self.socket}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS,
                "--port",
                "0",
                "--unixsocket",
                str(self.socket),
                "--unixsocketperm",
                "700",
                "--dir",
                str(self.folder),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                *REDIS_QUIET,
            ],
            stdout=subprocess.DEVNULL,
        )
        until(self._answers, 30, "redis-server did not start")

    def kill(self) -> None:
        """kill -9: what it had not written to its append-only file is lost."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def _answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(unix_socket_path=str(self.socket)).ping())
        except redis.RedisError:
            return False


class Workers:
    """`grader worker` processes on the queue and database given, each stopped at the end."""

    def __init__(self, queue: str, database: Path) -> None:
        self._argv = [
            sys.executable,
            "-m",
            "grader",
            "worker",
            "--queue",
            queue,
            "--db",
            str(database),
            "--sandbox",
            "process",
        ]
        self.running: list[subprocess.Popen[bytes]] = []
        self._logs = database.parent
        self._started = 0

    def start(self) -> subprocess.Popen[bytes]:
        """One more worker; what it says goes to worker-N.log beside the database."""
        self._started += 1
        with open(self._logs / f"worker-{self._started}.log", "wb") as log:
            worker = subprocess.Popen(self._argv, cwd=ROOT, stdout=log, stderr=log)
        self.running.append(worker)
        return worker

    def kill(self, worker: subprocess.Popen[bytes]) -> None:
        """SIGKILL, mid-job or not: no chance to tidy up."""
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        self.running.remove(worker)

    def stop(self) -> None:
        for worker in self.running:
            worker.terminate()
        for worker in self.running:
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
        self.running.clear()


def token_made_by_the_cli(cwd, role: str, name: str) -> str:  # type: ignore[no-untyped-def]
    """`grader web token create`, as a person runs it, in `cwd`; the token it printed."""
    import subprocess
    import sys

    made = subprocess.run(
        [sys.executable, "-m", "grader", "web", "token", "create", "--role", role, "--name", name],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    return made.stdout.strip()


def until(condition, timeout: float, failure: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(failure)
        time.sleep(0.05)


class PostgresServer:
    """A PostgreSQL cluster of the test's own, listening on a unix socket only, run as the
    `postgres` user (the server refuses root), removed at the end."""

    def __init__(self, tmpfs_mib: int | None = None) -> None:
        """`tmpfs_mib`: the cluster on a file system of that size of its own (root only),
        for a disk that fills up."""
        import glob
        import pwd
        import tempfile

        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        require(bool(found), "PostgreSQL", "apt-get install postgresql")
        self._bin = Path(found[-1]).parent
        try:
            self._user = (
                pwd.getpwnam("postgres") if os.geteuid() == 0 else pwd.getpwuid(os.getuid())
            )
        except KeyError:
            require(False, "the postgres user", "apt-get install postgresql")
        self.folder = Path(tempfile.mkdtemp(prefix="grader-pg-"))
        self._mounted = tmpfs_mib is not None
        if tmpfs_mib is not None:
            size = f"size={tmpfs_mib}m,mode=0700"
            mount = ["mount", "-t", "tmpfs", "-o", size, "tmpfs", str(self.folder)]
            subprocess.run(mount, check=True)
        os.chown(self.folder, self._user.pw_uid, self._user.pw_gid)
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "grader", "--no-sync")
        self._data = data
        self.resume()
        self._run("createdb", "-h", str(self.folder), "-U", "grader", "grader")
        self.url = f"postgresql://grader@/grader?host={self.folder}"

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self._bin / program), *arguments]
        if os.geteuid() == 0:
            command = ["runuser", "-u", self._user.pw_name, "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def halt(self) -> None:
        """The server stopped at once (its clients' connections are cut), data kept."""
        self._run("pg_ctl", "-D", str(self._data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        self._run(
            "pg_ctl",
            "-D",
            str(self._data),
            "-l",
            str(self.folder / "log"),
            "-w",
            "-o",
            f"-k {self.folder} -c listen_addresses='' -c fsync=off",
            "start",
        )

    def stop(self) -> None:
        self.halt()
        if self._mounted:
            subprocess.run(["umount", str(self.folder)], check=False)
        shutil.rmtree(self.folder, ignore_errors=True)
