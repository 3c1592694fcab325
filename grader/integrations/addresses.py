"""Whether a host is this machine: where the service may run without tokens, and the only
place a token may travel to over plain http."""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
