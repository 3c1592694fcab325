"""What both readers of a source share: when a literal is a table, when comparisons are a
ladder, and how a table's rows are matched against the problem's stored answers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from ..problem import Problem
from ..results import Flag, FlagKind

TABLE_NUMBERS: Final = 24  # integer literals in one literal before it reads as a table
LADDER_VALUES: Final = 3  # distinct values of an input compared with before it is a ladder
ENCODED_CHARS: Final = 64  # a string this long handed to a decoder
LONG_STRING_CHARS: Final = 200  # a string this long anywhere
DECODERS: Final = frozenset(
    [
        "loads",
        "literal_eval",
        "eval",
        "exec",
        "b64decode",
        "b32decode",
        "b85decode",
        "a85decode",
        "decompress",
        "fromhex",
        "unhexlify",
        "decodebytes",
    ]
)
TABLE_WORDS: Final = frozenset(
    ["vec!", "vec", "List", "of", "Arrays", "asList", "new", "int", "Integer", "Vec", "from"]
)


class AnswerMatcher:
    """Which tests' answers a literal's rows hold, said as the inputs ("n = 4, 5")."""

    def __init__(self, problem: Problem, answers: Mapping[str, object]) -> None:
        self._rows: list[tuple[str, frozenset[tuple[int, ...]]]] = []
        # In the file's order (the tests run samples first), as an instructor reads them.
        for test in sorted(problem.tests, key=lambda test: test.line or 0):
            answer = answers.get(test.name)
            # Rows of ints only: a literal table of numbers is what this matcher reads.
            if (
                isinstance(answer, list)
                and answer
                and all(isinstance(r, list) for r in answer)
                and all(type(x) is int for row in answer for x in row)
            ):
                rows = frozenset(tuple(row) for row in answer)
                self._rows.append((_input(test.input), rows))

    def described(self, rows: Iterable[tuple[int, ...]], line: int) -> str:
        held = set(rows)
        matched = [shown for shown, answer in self._rows if answer <= held]
        what = f"a literal table of {len(held)} rows (line {line})"
        if matched:
            return f"returns stored answers: {what} holding the answers for {_inputs(matched)}"
        return f"returns stored answers? {what} of numbers"


def _input(values: Mapping[str, object]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in values.items())


def _inputs(shown: list[str]) -> str:
    """ "n = 1, n = 4" said as "n = 1, 4" where every input is one parameter's."""
    names = {entry.split(" = ", 1)[0] for entry in shown}
    if len(names) == 1 and all(entry.count(" = ") == 1 for entry in shown):
        return f"{names.pop()} = " + ", ".join(entry.split(" = ", 1)[1] for entry in shown)
    return "; ".join(shown)


def ladder_flags(seen: Mapping[str, list[tuple[int, int, str]]]) -> Iterable[Flag]:
    """A flag for each input compared with LADDER_VALUES or more values: (value, line, how
    the first comparison reads) per comparison."""
    for name, entries in seen.items():
        values = sorted({value for value, _, _ in entries})
        if len(values) >= LADDER_VALUES:
            _, line, shown = min(entries, key=lambda entry: entry[1])
            yield Flag(
                FlagKind.BRANCHES,
                f"branches on {name}: `{shown}` (line {line}), for {len(values)} values of "
                f"{name} ({', '.join(map(str, values))})",
                line,
            )
