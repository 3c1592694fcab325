"""One exchange's time, as the supervisor keeps it: the CPU allowed, the wall-clock limit,
and the wait a busy machine imposed, which is not held against that limit.

A run that is runnable but not running (the machine's other work holds the CPU) is neither
computing nor sleeping: the kernel counts that time as its run-queue delay. At the
wall-clock deadline that delay, never more than the time the run did not compute, moves the
deadline on; up to OVERLOAD_FACTOR times the limit, past which the run is starved (the
machine's fault: run again, then IE).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .base import Termination

# How far past its wall-clock limit a run the machine keeps from the CPU may go, credited
# with its wait, before it is stopped as starved rather than given more: a run that gets a
# quarter of a CPU still finishes inside it.
OVERLOAD_FACTOR: Final = 4.0


@dataclass(slots=True)
class ExchangeClock:
    """When the exchange started, its limits, and the CPU and run-queue wait read then."""

    started: float
    wall_limit: float
    cpu_start: float
    cpu_allowed: float
    waited_start: float
    credited: float = 0.0  # wall-clock time not held against the limit: waited for a CPU

    def limit_reached_at(self) -> float:
        return self.started + self.wall_limit + self.credited

    def starved_at(self) -> float:
        return self.started + self.wall_limit * OVERLOAD_FACTOR

    def deadline(self) -> float:
        return min(self.limit_reached_at(), self.starved_at())

    def past_deadline(self, now: float, cpu_used: float, waited: float) -> Termination | None:
        """At the deadline, given the CPU used and the run-queue wait read now (both totals
        since the run began): how the exchange ends, or None while it may run on."""
        if cpu_used >= self.cpu_allowed:
            return Termination.CPU_LIMIT
        idle = max(now - self.started - cpu_used, 0.0)
        self.credited = max(self.credited, min(waited - self.waited_start, idle))
        if now >= self.limit_reached_at():
            return Termination.WALL_LIMIT
        return Termination.STARVED if now >= self.starved_at() else None
