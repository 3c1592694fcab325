"""Report formats by the name `--format` takes. Add one: a module, one line here."""

from __future__ import annotations

from typing import Final

from . import json_report, text
from .base import Reporter

REPORTERS: Final[dict[str, Reporter]] = {
    "text": text.render,
    "json": json_report.render,
}

__all__ = ["REPORTERS", "Reporter"]
