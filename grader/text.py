"""Text a submission controls, made safe for every place it is shown.

An exception message, a class name, what a program printed, a compiler's messages quoting
the source, a file's name: each reaches an instructor's terminal, a CI log, an XML report and
a SQLite gradebook. Raw, it can clear a screen, set the clipboard (OSC 52), draw a fake
"AC accepted" over a line, make a JUnit file invalid XML, or crash the UTF-8 encoder with a
lone surrogate (`raise ValueError("\\udfff")`). `printable` shows each such character as an
escape a person can read instead; newline and tab stay, as layout.
"""

from __future__ import annotations

import re
from typing import Final

# C0 controls but tab and newline, DEL, C1 controls (CSI 0x9b is ESC [ on many terminals),
# surrogates (never valid alone in UTF-8), the line and paragraph separators, the
# bidirectional overrides and isolates (they reorder what a reader sees), a byte-order mark
# and the two non-characters XML 1.0 forbids.
UNSAFE: Final = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\ufeff\ufffe\uffff]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_UNSAFE_IN_A_LINE: Final = re.compile(f"[\t\n{UNSAFE.pattern[1:-1]}]")


def printable(text: str, one_line: bool = False) -> str:
    """`text` with every unsafe character shown as `\\xNN` or `\\uNNNN`; newline and tab
    kept unless `one_line` (a file's name: a newline in it would start a forged line)."""
    return (_UNSAFE_IN_A_LINE if one_line else UNSAFE).sub(_escape, text)


# A CI runner reads every line of its log for commands: GitHub Actions takes `::name::` at a
# line's start (leading blanks allowed) and the older `##[name]` anywhere in it. A compiler
# message quoting `\n::error file=README.md::` would otherwise annotate the wrong file.
_LOG_COMMAND: Final = re.compile(r"^(\s*)::", re.MULTILINE)


def inert_in_logs(text: str) -> str:
    """`text` with every CI log command defused by a backslash (`\\::error`, `#\\#[`)."""
    return _LOG_COMMAND.sub(r"\1\\::", text).replace("##[", "#\\#[")


def json_inert_in_logs(document: str) -> str:
    """Serialized JSON that reads as the same value but holds no `##[`: a report printed in
    a CI log starts no command either (`::` never starts a line of it)."""
    return document.replace("##[", "#\\u0023[")


def xml_inert_in_logs(document: str) -> str:
    """The same for XML, where a line of element text may also start with `::`: character
    references, the same text to every parser."""
    return _LOG_COMMAND.sub(r"\1&#58;:", document).replace("##[", "#&#35;[")
