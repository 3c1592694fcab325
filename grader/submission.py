"""A student's file, read once, with its language decided by the extension."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError

MAX_SOURCE_BYTES = 128 * 1024


@dataclass(frozen=True, slots=True)
class Submission:
    path: Path
    shown: str  # the name reports use: as the user gave it
    language: str
    source: bytes


def read_submission(path: Path, extensions: dict[str, str]) -> Submission:
    """Read `path`; `extensions` maps ".py" to a language id. Raises UsageError."""
    language = extensions.get(path.suffix.lower())
    if language is None:
        known = ", ".join(sorted(extensions))
        raise UsageError(f"{path}: unknown extension {path.suffix or '(none)'!r} (known: {known})")
    try:
        with path.open("rb") as handle:
            # One byte past the cap tells "too large" without reading a huge file whole.
            source = handle.read(MAX_SOURCE_BYTES + 1)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None
    return Submission(path, str(path), language, source)
