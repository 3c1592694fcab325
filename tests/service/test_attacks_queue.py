"""The queue's attacks, on a real Redis and real `grader worker` processes: a job forged by
whoever can write to Redis, a Redis that needs a password and an ACL user, and a worker
started with a database other than the service's."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import ROOT
from .conftest import ACCEPTED, Running, start
from .processes import REDIS, REDIS_QUIET, RedisServer, Workers, until


class GuardedRedis(RedisServer):
    """A Redis on 127.0.0.1 whose default user is off: only `grader` with its password gets
    in, as a deployment off loopback must have it; with `tls`, only over TLS (rediss://),
    its certificate signed by a CA of the test's own."""

    password = "s3cret-queue-pass"
    tls = False

    def start(self) -> None:
        with socket.socket() as probe:  # a free port on loopback, for this server alone
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        listen = ["--port", str(port)]
        self.url = f"redis://grader:{self.password}@127.0.0.1:{port}/0"
        if self.tls:
            ca, cert, key = _certificates(self.folder)
            listen = [
                "--port",
                "0",
                "--tls-port",
                str(port),
                "--tls-cert-file",
                str(cert),
                "--tls-key-file",
                str(key),
                "--tls-ca-cert-file",
                str(ca),
                "--tls-auth-clients",
                "no",
            ]
            self.url = f"rediss://grader:{self.password}@127.0.0.1:{port}/0?ssl_ca_certs={ca}"
        self.process = subprocess.Popen(
            [
                REDIS,
                *listen,
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.folder),
                *REDIS_QUIET,
                "--user",
                "default",
                "off",
                "--user",
                "grader",
                "on",
                f">{self.password}",
                "~*",
                "&*",
                "+@all",
            ],
            stdout=subprocess.DEVNULL,
        )
        until(self._answers, 30, "redis-server did not start")

    def _answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis.from_url(self.url).ping())
        except redis.RedisError:
            return False


def _certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A CA, and a certificate for 127.0.0.1 it signed, with the certificate's key."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)

    def signed(subject: str, key, issuer: str, issuer_key, ca: bool):  # type: ignore[no-untyped-def]
        builder = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
            .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        )
        if not ca:
            builder = builder.add_extension(
                x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False,
            )
        return builder.sign(issuer_key, hashes.SHA256())

    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    authority = signed("grader test CA", ca_key, "grader test CA", ca_key, True)
    served = signed("127.0.0.1", key, "grader test CA", ca_key, False)
    paths = folder / "ca.pem", folder / "redis.pem", folder / "redis.key"
    paths[0].write_bytes(authority.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(served.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    return paths


@pytest.fixture
def queued(tmp_path: Path) -> Iterator[tuple[Running, RedisServer, Workers]]:
    redis = RedisServer(tmp_path)
    running = start(tmp_path, queue=redis.url)
    workers = Workers(redis.url, tmp_path / "service.db")
    try:
        yield running, redis, workers
    finally:
        workers.stop()
        running.service.close()
        redis.stop()


def _graded(running: Running, student: str, source: str = ACCEPTED) -> str:
    identity = str(running.submit(student, source=source, wait=0).json()["id"])
    until(lambda: running.service.store.get(identity).status == "done", 120, "not graded")  # type: ignore[union-attr]
    return identity


def test_a_job_forged_in_redis_runs_nothing(queued, tmp_path) -> None:
    import redis
    from rq import Queue
    from rq.registry import FailedJobRegistry
    from rq.serializers import JSONSerializer

    running, server, workers = queued
    marker = tmp_path / "ran-as-the-worker"
    client = redis.Redis.from_url(server.url)
    forged = Queue("grader", connection=client, serializer=JSONSerializer)
    # What anyone who can reach Redis could enqueue: RQ imports a job's function by name.
    job = forged.enqueue("os.system", f"id > {marker}")
    stray = forged.enqueue("grader.service.rq_jobs.grade_submissions", [], "another-service")
    workers.start()
    identity = _graded(running, "ada")  # queued after the forged jobs: they were taken first
    assert running.service.store.get(identity).verdict == "AC"  # type: ignore[union-attr]
    assert not marker.exists()
    failed = FailedJobRegistry("grader", connection=client, serializer=JSONSerializer)
    until(lambda: job.id in failed.get_job_ids(), 30, "the forged job was not refused")
    assert "not a grader job" in str(forged.fetch_job(job.id).latest_result().exc_string)  # type: ignore[union-attr]
    until(lambda: stray.id in failed.get_job_ids(), 30, "another service's job was run")
    # A job's callbacks are imported by name as its function is: the grader's never are.
    from rq import Callback

    from grader.service.rq_queue import rq_queue

    called = forged.enqueue(
        "grader.service.rq_jobs.find_flags", [], "x", on_success=Callback("os.system")
    )
    fetched = rq_queue(client).fetch_job(called.id)
    assert fetched is not None and fetched.success_callback is None
    assert forged.fetch_job(called.id).success_callback is not None  # plain RQ would run it
    client.close()


def test_a_malformed_job_forged_in_redis_stops_no_worker(queued) -> None:
    """A job hash RQ cannot read ends RQ's work loop without an exception: the worker must
    not take that for a stop (the CI run of stop 53 lost a worker the same way, a Redis
    restarted between a job's end and the loop's goodbye)."""
    import redis

    running, server, workers = queued
    client = redis.Redis.from_url(server.url)
    try:
        client.hset(
            "rq:job:forged", mapping={"created_at": "not a date", "data": "{}", "status": "queued"}
        )
        client.rpush("rq:queue:grader", "forged")
    finally:
        client.close()
    worker = workers.start()
    identity = _graded(running, "ada")  # queued after the forged job: it was taken first
    assert running.service.store.get(identity).verdict == "AC"  # type: ignore[union-attr]
    assert worker.poll() is None, "the worker stopped"


@pytest.mark.parametrize("tls", [False, True], ids=["redis", "rediss"])
def test_a_redis_with_a_password_and_an_acl_user(tmp_path, tls) -> None:
    server = type("Guarded", (GuardedRedis,), {"tls": tls})(tmp_path)
    running = start(tmp_path, queue=server.url)
    workers = Workers(server.url, tmp_path / "service.db")
    try:
        workers.start()
        identity = _graded(running, "ada")
        assert running.service.store.get(identity).verdict == "AC"  # type: ignore[union-attr]
        wrong = server.url.replace(server.password, "not-the-password")
        refused = subprocess.run(
            [
                sys.executable,
                "-m",
                "grader",
                "worker",
                "--queue",
                wrong,
                "--db",
                str(tmp_path / "service.db"),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        # The worker waits for a Redis that does not answer; one that refuses it says why.
        assert refused.returncode == 2 and "refused the grader" in refused.stderr
        assert "not-the-password" not in refused.stderr and "Traceback" not in refused.stderr
    finally:
        workers.stop()
        running.service.close()
        server.stop()


def test_a_worker_with_another_database_refuses_loudly(queued, tmp_path) -> None:
    running, server, _ = queued
    elsewhere = Workers(server.url, tmp_path / "another.db")
    worker = elsewhere.start()
    try:
        assert worker.wait(timeout=120) == 2
        said = (tmp_path / "worker-1.log").read_text()
        assert "give the worker the --db the service" in said and "Traceback" not in said
    finally:
        elsewhere.stop()
