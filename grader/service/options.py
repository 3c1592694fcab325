"""What a service is started with (`grader web`'s options), in one frozen value."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..languages import NEEDS
from ..sandbox.options import SandboxOptions
from ..submission import MAX_SOURCE_BYTES


@dataclass(frozen=True, slots=True)
class ServiceOptions:
    database: str  # a SQLite file or a postgresql:// URL
    problem_roots: tuple[Path, ...]
    sandbox: str = "auto"
    workers: int = 2  # grading threads in this process (embedded queue only)
    queue: str = ""  # redis://... : the API only enqueues; `grader worker` processes grade
    open: bool = False  # no tokens: the one user of a loopback service
    max_source_bytes: int = MAX_SOURCE_BYTES
    max_batch_bytes: int = 32 * 2**20
    per_minute: int = 30  # submissions a student may hand in per minute (429 beyond)
    pending_per_student: int = 8  # ungraded submissions a student may have at once (429)
    runs_per_minute: int = 20  # runs on the student's own input per minute (429 beyond)
    run_wait_s: float = 5.0  # how long a run waits for a free run slot (then 429)
    queue_capacity: int = 5000  # ungraded submissions in all (503 beyond)
    events_poll_s: float = 0.1
    sweep_s: float = 1.0  # how often submissions lost by a dead grader or queue are found
    problems_recheck_s: float = 2.0  # how often problems added or edited are looked for
    lti_retry_s: float = 5.0  # a score the platform refused: again after this, doubling
    # Host names (or addresses) the service answers to besides the loopback ones
    # (`--allowed-host`): any other Host header is refused, against DNS rebinding.
    allowed_hosts: tuple[str, ...] = ()
    # `--behind-https`: a proxy in front speaks https, so cookies are Secure even where the
    # request reached this process as http without a forwarded scheme.
    behind_https: bool = False
    body_timeout_s: float = 30.0  # from a request's headers to the last byte of its body
    labels: dict[str, str] = field(default_factory=dict, compare=False)
    # `--jobe-python-packages`: host site directories Jobe's python3 runs see, read-only
    jobe_python_packages: tuple[str, ...] = ()
    # `--runtime`: docker's runtime
    sandbox_options: SandboxOptions = SandboxOptions(languages=NEEDS)
