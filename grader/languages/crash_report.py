"""What a sanitized run printed as it stopped (AddressSanitizer, UndefinedBehaviorSanitizer,
a failed libstdc++ check), told as the line of the student's file and the lesson's words for
the fault. The runtimes print stacks of addresses and mangled library frames; a student
needs one line number and what went wrong there."""

from __future__ import annotations

import re
from typing import Final

# The error type of the frame the sanitized driver sends with the sanitizers' report
# (drivers/driver_lib.cpp): their report travels on the judge's channel, not on stderr.
SANITIZER_REPORT: Final = "GraderSanitizerReport"

# AddressSanitizer's name for a fault, and what it usually is in a lesson's code.
ASAN_FAULTS: Final = (
    (
        r"(?:heap|stack|global|container)-buffer-overflow",
        "an index past either end of an array or vector (a diagonal's index not shifted "
        "by n - 1, or a negative one?)",
    ),
    (
        r"heap-use-after-free|use-after-poison",
        "memory used after it was freed (a reference or pointer into a vector that has "
        "since grown, or been moved from?)",
    ),
    (r"stack-use-after-(?:return|scope)", "a reference to a local variable that has ended"),
    (r"stack-overflow", "the recursion never ends (a base case missing, or never reached?)"),
    (
        r"SEGV on unknown address 0x0{6,}[0-9a-f]{0,6}\b",
        "a null pointer followed, or an empty vector indexed (one moved from with "
        "std::move is empty)",
    ),
    (r"SEGV on unknown address", "a read or write of memory the program does not own"),
    (r"negative-size-param|bad-free|double-free", "memory freed twice, or never allocated"),
)
# libstdc++'s debug mode (-D_GLIBCXX_DEBUG) stops at a container misused, and says how.
LIBRARY_ERRORS: Final = (
    (
        r"attempt to access an element in an empty container",
        "back(), front() or pop_back() on an empty vector",
    ),
)


def crash_site(output: str, printed: str, student_file: str) -> str:
    """ "at FILE:LINE, in FUNCTION: what went wrong" for the first frame of the student's
    file in a sanitizer's report (`output`, from the sanitizers' own channel), or "" when
    the report names none. `printed`, what the run wrote on stderr, is read only for what
    libstdc++'s debug mode said, and only as one of the lesson's sentences."""
    file = re.escape(student_file)
    undefined = re.search(rf"(?:\S*/)?{file}:(\d+):\d+: runtime error: ([^\n]+)", output)
    if undefined:  # UBSan names the line itself: `solution.cpp:12:9: runtime error: ...`
        return f"at {student_file}:{undefined[1]}: {_undefined(undefined[2])}"
    frame = re.search(rf"#\d+ 0x[0-9a-f]+ in (.+?) (?:\S*/)?{file}:(\d+)", output)
    if frame is None:
        return ""
    where = f"at {student_file}:{frame[2]}, in {_function(frame[1])}"
    misused = _library_error(printed) if "ABRT" in output else ""
    if misused:
        return f"{where}: {misused}"
    reported = re.search(r"ERROR: AddressSanitizer: ([^\n]+)", output)
    if reported:
        for pattern, meaning in ASAN_FAULTS:
            if re.match(pattern, reported[1]):
                access = re.search(r"\b(READ|WRITE) of size (\d+)", output)
                done = f" ({access[1].lower()} of {access[2]} bytes)" if access else ""
                return f"{where}: {meaning}{done}"
    return where


def _library_error(output: str) -> str:
    """What libstdc++'s debug mode said of a container misused, in the lesson's words."""
    said = re.search(r"\nError: (.+?)\.\n\n", output, re.DOTALL)
    if said is None:
        return ""
    error = " ".join(said[1].split())
    index = re.match(
        r"attempt to subscript container with out-of-bounds index (\d+), but "
        r"container only holds (\d+) elements",
        error,
    )
    if index and int(index[1]) >= 2**63:
        return f"a negative index into a vector of {index[2]} elements"
    if index and index[2] == "0":
        return "an index into an empty vector (one moved from with std::move is empty)"
    if index:
        return (
            f"index {index[1]} of a vector of {index[2]} elements (a diagonal's index "
            "shifted past the board?)"
        )
    # Anything else it said is not repeated: the program could have printed it.
    meaning = next((text for pattern, text in LIBRARY_ERRORS if re.match(pattern, error)), "")
    return meaning or "a container misused (libstdc++'s debug mode stopped it)"


def _function(frame: str) -> str:
    """`Solution::place(int, int)` from a frame: the name without its parameter types."""
    name = re.sub(r"\(.*\)\s*(?:const)?$", "", frame.strip())
    return f"{name}()" if re.fullmatch(r"[\w:~<>, ]{1,200}", name) else "a function"


def _undefined(said: str) -> str:
    """UBSan's sentence, with the lesson's reading of the common ones."""
    if re.search(r"index -\d+ out of bounds", said):
        return f"{said} (a diagonal's index r - c not shifted by n - 1?)"
    if re.search(r"index \d+ out of bounds", said):
        return f"{said} (an index past the end of an array: shifted past the board?)"
    if "signed integer overflow" in said:
        return f"{said} (a number too large for int: use long long?)"
    if re.search(r"shift exponent|left shift of", said):
        return f"{said} (a bit shifted past the integer's width: 1 << n needs n < 31)"
    if "null pointer" in said:
        return f"{said} (a null pointer followed)"
    return said
