"""A service listening on 127.0.0.1 for real (uvicorn on an ephemeral port, in a thread of
the test), for the browser and the load tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from grader.service.app import create_app
from grader.service.http_server import HEADER_TIMEOUT_S
from grader.service.http_server import config as uvicorn_config
from grader.service.service import Service


@contextmanager
def serving(service: Service, header_timeout_s: float = HEADER_TIMEOUT_S) -> Iterator[str]:
    """The service's base URL while it listens; stopped and joined afterwards."""
    import uvicorn

    config = uvicorn_config(
        create_app(service), host="127.0.0.1", port=0, header_timeout_s=header_timeout_s
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="grader-test-server", daemon=True)
    thread.start()
    started = threading.Event()
    while not started.wait(0.02):  # uvicorn sets `started` once it listens
        if server.started:
            started.set()
        if not thread.is_alive():
            raise RuntimeError("the test server did not start")
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
