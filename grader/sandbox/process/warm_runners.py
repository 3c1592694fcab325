"""The warm runners a backend keeps (zygote.py): one per kind of program (the trees it needs
in view), started on first use, replaced when killed, remembered as missing when it would not
start. The process backend's and the docker backend's forked runs share it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from ...errors import SandboxError
from .zygote import Zygote


class WarmRunners:
    """Warm runners by the kind of program they serve, each started on first use and kept;
    one killed from outside is replaced at its next use, one that did not come up is
    remembered as None (its runs then start without it), `failure` saying why. Thread-safe."""

    def __init__(self) -> None:
        self._held: dict[Hashable, Zygote | None] = {}
        self._lock = threading.Lock()
        self.failure = ""  # why a warm runner did not start, if one did not

    def get(self, key: Hashable, start: Callable[[], Zygote], wait: bool = True) -> Zygote | None:
        """The warm runner for `key`, started by `start` if there is none; `wait`: make sure
        it came up."""
        with self._lock:
            gone = self._held.get(key)
            if gone is not None and not gone.alive():
                gone.close()
                del self._held[key]
            if key not in self._held:
                try:
                    self._held[key] = start()
                except SandboxError as error:
                    self._held[key] = None
                    self.failure = str(error)
            zygote = self._held[key]
        if zygote is not None and wait and not zygote.usable():
            with self._lock:
                self._held[key] = None
                self.failure = zygote.failure or "it said nothing"
            return None
        return zygote

    def living(self) -> list[Zygote]:
        with self._lock:
            return [zygote for zygote in self._held.values() if zygote is not None]

    def close(self) -> None:
        with self._lock:
            for zygote in self._held.values():
                if zygote is not None:
                    zygote.close()
            self._held.clear()
