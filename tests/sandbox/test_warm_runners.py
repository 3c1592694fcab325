"""The warm runners a backend keeps, started in the background: pure, with runners that are
objects answering as a started warm runner does, their starts held until a test lets them
end."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import cast

import pytest

from grader.errors import SandboxError
from grader.sandbox.process.warm_runners import WarmRunners
from grader.sandbox.process.zygote import Zygote


class Runner:
    """What WarmRunners asks of a warm runner."""

    def __init__(self, comes_up: bool = True) -> None:
        self._comes_up = comes_up
        self.failure = "" if comes_up else "it said nothing useful"
        self.closed = False

    def alive(self) -> bool:
        return not self.closed

    def usable(self) -> bool:
        return self._comes_up

    def close(self) -> None:
        self.closed = True


class HeldStart:
    """A start that blocks until `release`, counting how often it was asked."""

    def __init__(self, made: Callable[[], Runner]) -> None:
        self._made = made
        self.released = threading.Event()
        self.entered = threading.Event()
        self.calls = 0
        self.runners: list[Runner] = []

    def __call__(self) -> Zygote:
        self.calls += 1
        self.entered.set()
        assert self.released.wait(timeout=60)
        runner = self._made()
        self.runners.append(runner)
        return cast(Zygote, runner)


def test_a_start_without_waiting_returns_at_once_and_the_first_use_waits_for_it() -> None:
    runners = WarmRunners()
    start = HeldStart(Runner)
    assert runners.get("python", start, wait=False) is None  # the start is still held
    assert start.entered.wait(timeout=60)
    start.released.set()
    got = runners.get("python", start)
    assert got is not None and got is cast(Zygote, start.runners[0])
    assert start.calls == 1
    runners.close()
    assert start.runners[0].closed


def test_takers_at_the_same_time_share_the_one_start_under_way() -> None:
    runners = WarmRunners()
    start = HeldStart(Runner)
    runners.get("python", start, wait=False)
    assert start.entered.wait(timeout=60)
    got: list[Zygote | None] = []
    takers = [
        threading.Thread(target=lambda: got.append(runners.get("python", start))) for _ in range(4)
    ]
    for taker in takers:
        taker.start()
    start.released.set()
    for taker in takers:
        taker.join(timeout=60)
    assert len(got) == 4 and all(runner is cast(Zygote, start.runners[0]) for runner in got)
    assert start.calls == 1
    runners.close()


def test_a_start_that_fails_in_the_background_is_remembered_with_why() -> None:
    def refused() -> Zygote:
        raise SandboxError("cannot start the warm runner: no bubblewrap today")

    runners = WarmRunners()
    runners.get("python", refused, wait=False)
    assert "no bubblewrap today" in runners.failure  # waits for the start to end
    assert runners.get("python", refused) is None
    assert runners.living() == []


def test_a_runner_that_does_not_come_up_says_why_and_is_not_used() -> None:
    runners = WarmRunners()
    start = HeldStart(lambda: Runner(comes_up=False))
    start.released.set()
    runners.get("python", start, wait=False)
    assert runners.get("python", start) is None
    assert runners.failure == "it said nothing useful"


def test_closing_waits_for_a_start_under_way_and_closes_what_it_started() -> None:
    runners = WarmRunners()
    start = HeldStart(Runner)
    runners.get("python", start, wait=False)
    assert start.entered.wait(timeout=60)
    closing = threading.Thread(target=runners.close)
    closing.start()
    start.released.set()
    closing.join(timeout=60)
    assert not closing.is_alive()
    assert start.runners[0].closed


def test_a_bug_in_a_start_in_the_background_reaches_its_first_use_then_starts_anew() -> None:
    def broken() -> Zygote:
        raise ValueError("a bug")

    runners = WarmRunners()
    runners.get("python", broken, wait=False)
    with pytest.raises(ValueError, match="a bug"):
        runners.get("python", broken)
    start = HeldStart(Runner)
    start.released.set()
    assert runners.get("python", start) is cast(Zygote, start.runners[0])
    runners.get("rust", broken, wait=False)
    runners.close()  # a bug nobody waited for is not raised at the end
    assert start.runners[0].closed
