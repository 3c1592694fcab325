"""Report formats by the name `--format` takes. Add one: a module, one line here. A
format's module is imported only when it is asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..registry import LazyRegistry

if TYPE_CHECKING:
    from .base import Reporter

REPORTERS: Final[LazyRegistry[Reporter]] = LazyRegistry(
    __name__,
    {
        "text": ".text:render",
        "json": ".json_report:render",
        "junit": ".junit:render",
        "gradescope": "..integrations.gradescope.results_json:render",
        "github": ".github:render",
    },
)

__all__ = ["REPORTERS", "Reporter"]
