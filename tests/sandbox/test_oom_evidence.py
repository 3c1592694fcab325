"""How the docker backend decides that the kernel killed a container for its memory, when the
engine's flag can lag the container's exit (containerd delivers the OOM event after the
exit, or never for a container dead before it was watched). Pure: the evidence is given."""

from __future__ import annotations

import pytest

from grader.sandbox.docker.oom import killed_for_memory


class Event:
    """The engine's OOM event, counting whether it was asked for."""

    def __init__(self, comes: bool) -> None:
        self.comes = comes
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.comes


@pytest.mark.parametrize("comes", [True, False])
def test_the_flag_is_enough_and_nothing_is_waited_for(comes: bool) -> None:
    event = Event(comes)
    assert killed_for_memory(True, killed_alone=True, unwatched=False, oom_event=event)
    assert event.asked == 0


def test_a_container_killed_by_the_grader_is_never_taken_for_out_of_memory() -> None:
    event = Event(True)  # a time limit's kill: its 137 is the grader's own
    assert not killed_for_memory(False, killed_alone=False, unwatched=False, oom_event=event)
    assert event.asked == 0


@pytest.mark.parametrize("comes", [True, False])
def test_a_late_flag_is_the_event_waited_for(comes: bool) -> None:
    event = Event(comes)
    said = killed_for_memory(False, killed_alone=True, unwatched=False, oom_event=event)
    assert said is comes and event.asked == 1


def test_a_container_dead_before_it_was_watched_is_out_of_memory_without_waiting() -> None:
    event = Event(False)  # lost: containerd never watched its group
    assert killed_for_memory(False, killed_alone=True, unwatched=True, oom_event=event)
    assert event.asked == 0
