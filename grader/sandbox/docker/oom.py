"""Whether the kernel killed a container for its memory, when the engine's word on it can
come late or never: containerd may deliver a container's OOM event after its exit (its
issue 12260), and none at all for one dead before it was watched."""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from docker.models.containers import Container

# How long a container that died of SIGKILL by itself, with no out-of-memory flag yet, waits
# for the engine's word that the kernel killed it: containerd may deliver the OOM event after
# the exit (containerd issue 12260), and the flag is set when it comes. Measured on a loaded
# 2-CPU machine, a 1 GiB allocation under gVisor's 64 MiB limit: 1 run in 6 ended so, its
# event within 3 s of the exit.
OOM_EVENT_WAIT_S: Final = 3.0


def killed_for_memory(
    flagged: bool, killed_alone: bool, unwatched: bool, oom_event: Callable[[], bool]
) -> bool:
    """Whether a container that ended was killed by the kernel for its memory: the engine's
    flag; where it died of SIGKILL that nothing here sent (`killed_alone`) and the flag may
    lag, the engine's OOM event, waited for (`oom_event`)."""
    if flagged:
        return True
    if not killed_alone:
        return False
    if unwatched:
        # Killed before a descriptor of it could be opened, it was gone before containerd
        # watched its group, and the event is lost (measured: 2 runs in 80 of a 1 GiB
        # allocation under gVisor, no event in 3 s). In its first milliseconds, only its
        # memory or the program itself kills it (runc's init ignores its own SIGKILL,
        # gVisor's does not), and killing itself could win it nothing.
        return True
    return oom_event()


def oom_event(container: Container, started_at: float) -> bool:
    """Whether the engine reports an OOM event of `container` (started at `started_at`, a
    time.time()) by OOM_EVENT_WAIT_S from now."""
    events = container.client.api.events(
        since=int(started_at) - 1,
        until=math.ceil(time.time() + OOM_EVENT_WAIT_S),
        filters={"container": container.id, "event": "oom"},
        decode=True,
    )
    with contextlib.closing(events):
        return any(event.get("Action", event.get("status")) == "oom" for event in events)
