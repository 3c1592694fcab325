"""Report formats by the name `--format` takes. Add one: a module, one line here."""

from __future__ import annotations

from typing import Final

from . import github, gradescope, json_report, junit, text
from .base import Reporter

REPORTERS: Final[dict[str, Reporter]] = {
    "text": text.render,
    "json": json_report.render,
    "junit": junit.render,
    "gradescope": gradescope.render,
    "github": github.render,
}

__all__ = ["REPORTERS", "Reporter"]
