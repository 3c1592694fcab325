"""What a Python error means when the code was written for Python 2, as much old lesson and
LeetCode code was: the interpreter's own words say what failed, not why."""

from __future__ import annotations

import re
from typing import Final

PYTHON2: Final = " This is Python 2 code; the judge runs Python 3:"
# Names Python 3 removed, and what replaced them.
REMOVED_NAMES: Final = {
    "xrange": "range",
    "raw_input": "input",
    "unicode": "str",
    "basestring": "str",
    "unichr": "chr",
    "long": "int",
    "cmp": "a key function (functools.cmp_to_key)",
    "file": "open",
    "execfile": "exec(open(...).read())",
}
REMOVED_METHODS: Final = {
    "iteritems": "items()",
    "iterkeys": "keys()",
    "itervalues": "values()",
    "has_key": "`key in d`",
    "next": "next(iterator)",
}
# Syntax errors whose message already names a Python 2 form, and what Python 3 writes.
SYNTAX_MESSAGES: Final = (
    ("Missing parentheses in call to 'print'", "print is a function: print(x)."),
    ("Missing parentheses in call to 'exec'", "exec is a function: exec(code)."),
    ("multiple exception types must be parenthesized", "write `except ValueError as e:`."),
    ("leading zeros in decimal integer literals", "octal numbers are written 0o777."),
)
# Lines whose "invalid syntax" is a Python 2 form the message does not name.
SYNTAX_LINES: Final = (
    (re.compile(r"`"), "backquotes are gone: write repr(x)."),
    (re.compile(r"<>"), "`<>` is gone: write `!=`."),
    (re.compile(r"\braise\s+\w+\s*,"), "write `raise ValueError('message')`."),
    (re.compile(r"\b\d+[lL]\b"), "there is no long literal: write 10, not 10L."),
    (re.compile(r"\bur['\"]"), "write r'...' (every str is unicode)."),
)


def python2_syntax(message: str) -> str:
    """The advice for a syntax error (`message` with the offending line after it), or ""."""
    for start, advice in SYNTAX_MESSAGES:
        if message.startswith(start):
            return f"{PYTHON2} {advice}"
    first, _, rest = message.partition("\n")
    if first.startswith(("invalid syntax", "invalid decimal literal")):
        line = rest.strip().split("\n", 1)[0]
        for pattern, advice in SYNTAX_LINES:
            if pattern.search(line):
                return f"{PYTHON2} {advice}"
    return ""


def python2_error(error_type: str, message: str) -> str:
    """The advice for an exception Python 2 code raises under Python 3, or ""."""
    if error_type == "NameError":
        found = re.fullmatch(r"name '(\w+)' is not defined.*", message)
        if found and found[1] in REMOVED_NAMES:
            return f"{PYTHON2} {found[1]} is now {REMOVED_NAMES[found[1]]}."
    if error_type == "AttributeError":
        found = re.fullmatch(r"'(\w+)' object has no attribute '(\w+)'.*", message)
        if found and found[2] in REMOVED_METHODS:
            return f"{PYTHON2} {found[1]}.{found[2]} is now {REMOVED_METHODS[found[2]]}."
    if error_type == "TypeError":
        found = re.fullmatch(r"'(map|filter|zip|dict_keys|dict_values)' object is not .*", message)
        if found:
            return f"{PYTHON2} {found[1]}(...) is no longer a list; wrap it in list(...) first."
        if re.fullmatch(r"(?:list|tuple) indices must be integers or slices, not float", message):
            return (
                " In Python 3, / always gives a float (Python 2's / on ints gave an int): "
                "use // for whole-number division."
            )
    return ""
