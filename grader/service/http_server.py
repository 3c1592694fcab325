"""uvicorn as the service runs it (`grader web`, and the tests' live server): HTTP/1.1 by
h11 with a deadline on a request's headers. uvicorn bounds only the idle time between two
requests, so a client that opens connections and sends a header byte now and then (slowloris)
would hold each open for ever; here a request's headers must have arrived within
HEADER_TIMEOUT_S of its first byte (its body is bounded by BodyLimit in app.py)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any, Final

from uvicorn import Config
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT_S: Final = 10.0


class DeadlinedH11(H11Protocol):
    """h11's protocol, closing a connection whose request headers do not arrive in time."""

    _header_deadline: asyncio.TimerHandle | None = None
    header_timeout_s: float = HEADER_TIMEOUT_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        # Between requests (a kept-alive connection), the next request's clock starts with
        # its first byte.
        if self.cycle is None or self.cycle.response_complete:
            self._arm()
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:
            self._disarm()  # the headers are in: the body has a deadline of its own

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_deadline is None:
            self._header_deadline = self.loop.call_later(self.header_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _too_slow(self) -> None:
        self._header_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def config(
    app: Any,  # noqa: ANN401 - uvicorn's own type
    listener: socket.socket | None = None,
    header_timeout_s: float = HEADER_TIMEOUT_S,
    **options: Any,  # noqa: ANN401
) -> Config:
    """uvicorn's Config for the service's app on `listener` (or `options`' host and port)."""
    if listener is not None:
        options["fd"] = listener.fileno()
    protocol = type("DeadlinedH11", (DeadlinedH11,), {"header_timeout_s": header_timeout_s})
    return Config(app, http=protocol, log_level="warning", **options)
