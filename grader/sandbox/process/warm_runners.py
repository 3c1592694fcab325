"""The warm runners a backend keeps (zygote.py): one per kind of program (the trees it needs
in view), started on first use, replaced when killed, remembered as missing when it would not
start. The process backend's and the docker backend's forked runs share it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from ...errors import SandboxError
from .zygote import Zygote


class Starting:
    """A warm runner started in a thread of its own, so that whoever asked for it goes on
    (loads the problem, reads the submissions) while the engine makes its container (about
    0.15 s of waiting on docker) or bubblewrap its namespaces."""

    def __init__(self, start: Callable[[], Zygote]) -> None:
        self._zygote: Zygote | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(
            target=self._start, args=(start,), name="warm runner start", daemon=True
        )
        self._thread.start()

    def _start(self, start: Callable[[], Zygote]) -> None:
        try:
            self._zygote = start()
        except BaseException as error:  # noqa: BLE001 - raised again to whoever waits for it
            self._error = error

    def result(self) -> Zygote:
        """The warm runner once started; what its start raised, raised here."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._zygote is not None
        return self._zygote


class WarmRunners:
    """Warm runners by the kind of program they serve, each started on first use and kept;
    one killed from outside is replaced at its next use, one that did not come up is
    remembered as None (its runs then start without it), `failure` saying why. Thread-safe."""

    def __init__(self) -> None:
        self._held: dict[Hashable, Zygote | None] = {}
        self._starting: dict[Hashable, Starting] = {}
        self._lock = threading.Lock()
        self._failure = ""

    @property
    def failure(self) -> str:
        """Why a warm runner did not start, if one did not ("" while all came up), once every
        start asked for has ended."""
        self._settle()
        return self._failure

    def get(self, key: Hashable, start: Callable[[], Zygote], wait: bool = True) -> Zygote | None:
        """The warm runner for `key`, started by `start` if there is none; `wait`: make sure
        it came up. Without `wait` it is started in the background and None returned: the
        first use waits for it."""
        if not wait:
            with self._lock:
                if key not in self._held and key not in self._starting:
                    self._starting[key] = Starting(start)
            return None
        self._settle(key)
        with self._lock:
            gone = self._held.get(key)
            if gone is not None and not gone.alive():
                gone.close()
                del self._held[key]
            if key not in self._held:
                self._held[key] = self._started(start)
            zygote = self._held[key]
        if zygote is not None and not zygote.usable():
            with self._lock:
                self._held[key] = None
                self._failure = zygote.failure or "it said nothing"
            return None
        return zygote

    def _started(self, start: Callable[[], Zygote]) -> Zygote | None:
        try:
            return start()
        except SandboxError as error:
            self._failure = str(error)
            return None

    def _settle(self, only: Hashable | None = None) -> None:
        """Wait for the starts in the background (`only` that one's), and hold what each
        started, or None and why it did not. It leaves the starting ones only once held:
        a second taker meanwhile waits for the same start instead of making another. A start
        that raised anything else (a bug) is forgotten, raised to a taker (`only`) as a
        start in the taker's own thread would have been, and the next taker starts anew."""
        with self._lock:
            pending = [(key, s) for key, s in self._starting.items() if only is None or key == only]
        for key, starting in pending:
            failure = ""
            try:
                zygote: Zygote | None = starting.result()
            except SandboxError as error:
                zygote, failure = None, str(error)
            except BaseException:
                with self._lock:
                    if self._starting.get(key) is starting:
                        del self._starting[key]
                if only is None:
                    continue
                raise
            with self._lock:
                if self._starting.get(key) is starting:
                    del self._starting[key]
                    self._held[key] = zygote
                    self._failure = failure or self._failure

    def living(self) -> list[Zygote]:
        self._settle()
        with self._lock:
            return [zygote for zygote in self._held.values() if zygote is not None]

    def close(self) -> None:
        self._settle()
        with self._lock:
            for zygote in self._held.values():
                if zygote is not None:
                    zygote.close()
            self._held.clear()
