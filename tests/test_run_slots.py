"""RunSlots, the pure logic of how many runs on students' own inputs go on at once."""

from __future__ import annotations

import threading

import pytest

from grader.service.budget import RunsBusy, RunSlots


def test_a_student_has_one_run_at_a_time() -> None:
    slots = RunSlots(3, wait_s=0.0)
    with slots.hold("ada"):
        with pytest.raises(RunsBusy, match="one run at a time") as refused, slots.hold("ada"):
            pass
        assert refused.value.retry_after_s > 0
        with slots.hold("bob"):
            assert slots.running("ada") and slots.running("bob")
    assert not slots.running("ada")
    with slots.hold("ada"):  # free again, also after a refusal
        pass


def test_a_run_waits_for_a_slot_then_is_refused() -> None:
    slots = RunSlots(1, wait_s=0.05)
    with slots.hold("ada"):
        with pytest.raises(RunsBusy, match="busy"), slots.hold("bob"):
            pass
        assert not slots.running("bob")  # a refused run holds nothing


def test_a_slot_freed_while_waiting_is_taken() -> None:
    slots = RunSlots(1, wait_s=30.0)
    entered, leave = threading.Event(), threading.Event()

    def first() -> None:
        with slots.hold("ada"):
            entered.set()
            leave.wait()

    holder = threading.Thread(target=first)
    holder.start()
    entered.wait()
    threading.Timer(0.0, leave.set).start()  # frees it while bob waits
    with slots.hold("bob"):
        assert slots.running("bob")
    holder.join()


def test_a_failing_run_frees_its_slot() -> None:
    slots = RunSlots(1, wait_s=0.0)
    with pytest.raises(ValueError), slots.hold("ada"):
        raise ValueError("the run failed")
    with slots.hold("bob"):
        assert not slots.running("ada")
