"""A compiler's output cut to what a student should read: the errors in their own file,
each with its excerpt, at most MESSAGE_LINES lines."""

from __future__ import annotations

import re
from typing import Final

MESSAGE_LINES: Final = 30  # of compiler output shown to a student


def student_diagnostics(text: str, student_file: str, student_lines: int) -> str:
    """The compiler's errors located in the student's file, each with its excerpt."""
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if BLOCK_START.match(line) or not blocks:
            blocks.append([])
        blocks[-1].append(line)
    at_student = re.compile(rf"{re.escape(student_file)}[:(](\d+)")

    def in_student_code(block: list[str]) -> bool:
        lines = [int(found[1]) for line in block for found in [at_student.search(line)] if found]
        return bool(lines) and lines[0] <= student_lines

    wanted = [block for block in blocks if ERROR.search(block[0]) and in_student_code(block)]
    return head("\n".join(line for block in wanted for line in block)) if wanted else ""


def without_prefix(said: str, student_file: str, prefix: str) -> str:
    """The compiler's words on the student's first line as of the student's own file: the
    judge's imports before it taken out of its column (mcs) and of its excerpt (javac)."""
    if not prefix:
        return said
    said = re.sub(
        rf"(?<![\w.]){re.escape(student_file)}\(1,(\d+)\)",
        lambda found: f"{student_file}(1,{max(int(found[1]) - len(prefix), 1)})",
        said,
    )
    lines = said.splitlines()
    for index, line in enumerate(lines):
        if not line.startswith(prefix):
            continue
        lines[index] = line[len(prefix) :]
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if following.strip() == "^" and following.startswith(" " * len(prefix)):
            lines[index + 1] = following[len(prefix) :]
    return "\n".join(lines)


ERROR: Final = re.compile(r"(?:^|: )(?:fatal )?error\b")
# gcc/javac "file:line:", rustc "error[...]", mcs "file(line,col): error".
BLOCK_START: Final = re.compile(r"^(?:\S+:\d+:(?:\d+:)? |\S+\(\d+,\d+\): |\S+: In |error|warning)")


def head(text: str) -> str:
    lines = text.strip().splitlines()
    if len(lines) > MESSAGE_LINES:
        lines = [*lines[:MESSAGE_LINES], f"[… {len(lines) - MESSAGE_LINES} more lines]"]
    return "\n".join(lines)
