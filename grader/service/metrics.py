"""What `/metrics` shows, in Prometheus' text format, from a registry of this service's own
(never the process-wide default: two services in one process, as in the tests, stay apart)."""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from .grading import Graded


class Metrics:
    def __init__(
        self,
        queue_depth: Callable[[], float],
        workers: Callable[[], float],
        flags_owed: Callable[[], float],
    ) -> None:
        self.registry = CollectorRegistry()
        Gauge(
            "grader_queue_depth", "Submissions handed in and not graded yet", registry=self.registry
        ).set_function(queue_depth)
        Gauge(
            "grader_flags_owed",
            "Graded submissions whose instructor's flags are not found yet",
            registry=self.registry,
        ).set_function(flags_owed)
        Gauge("grader_workers_alive", "Workers able to grade", registry=self.registry).set_function(
            workers
        )
        self.in_flight = Gauge(
            "grader_jobs_in_flight", "Submissions being graded now", registry=self.registry
        )
        self.grading = Histogram(
            "grader_grading_seconds",
            "Wall time to grade one submission",
            ["language", "verdict"],
            buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
            registry=self.registry,
        )
        self.retries = Counter(
            "grader_retries", "Submissions graded again after a grader died", registry=self.registry
        )
        self.submissions = Counter(
            "grader_submissions",
            "Submissions handed in, by outcome",
            ["outcome"],
            registry=self.registry,
        )

    def graded(self, graded: Graded) -> None:
        self.grading.labels(graded.stored.language, graded.result.verdict.value).observe(
            graded.seconds
        )
        if graded.stored.attempts > 1:
            self.retries.inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)
