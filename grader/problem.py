"""A problem as the judge sees it: frozen dataclasses, read from `problems/<id>/problem.yaml`
by the problem's kind (functions/reader.py, packages/reader.py), and the stored answers of its
tests."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Final

from .errors import ProblemError
from .limits import Limits
from .yamlsource import kind_of

PROBLEM_FILE = "problem.yaml"
ANSWERS_DIR = "answers"
# LeetCode's scalar types, as JSON carries them (`long` is a 64-bit int, `float` a double, `char`
# a one-character string); and list[T] of any of these, nested to any depth.
SCALAR_TYPES: dict[str, type | tuple[type, ...]] = {
    "int": int,
    "long": int,
    "bool": bool,
    "float": (int, float),
    "str": str,
    "char": str,
}
INT_RANGES = {"int": (-(2**31), 2**31 - 1), "long": (-(2**63), 2**63 - 1)}
# `returns: void`: the call changes its first argument in place, and that is the answer
# (LeetCode's in-place problems: Sudoku Solver's `solveSudoku(char[][] board)`).
VOID = "void"


# LeetCode's linked list and binary tree, as its problem pages write them: a list's values in
# order ([1, 2, 3] for 1 -> 2 -> 3, [] for none); a tree's in level order, null where a child
# is missing, trailing nulls left out ([3, 9, 20, null, null, 15, 7]).
NODE_TYPES = {"ListNode": "list[int]", "TreeNode": "list[int]"}


def known_type(kind: str) -> bool:
    """A scalar, ListNode, or list[...] of a scalar."""
    if kind.startswith("list[") and kind.endswith("]"):
        return known_type(kind[5:-1]) and kind[5:-1] not in NODE_TYPES
    return kind in SCALAR_TYPES or kind in NODE_TYPES


def argument_problem(value: object, param: Param, kind: str = "") -> str:
    """What is wrong with `value` as the argument `param`, or "": its type, and an int's
    range (the signature's min and max). Said the same of a test in problem.yaml and of an
    input a student types."""
    kind = kind or param.type
    if kind == "TreeNode" and isinstance(value, list):
        if value and value[0] is None:
            return "a tree's root cannot be null (write [] for no tree)"
        value = [item for item in value if item is not None]
    kind = NODE_TYPES.get(kind, kind)
    if kind.startswith("list[") and kind.endswith("]"):
        if not isinstance(value, list):
            return f"expected {kind}, got {kind_of(value)}"
        return next(
            (found for item in value if (found := argument_problem(item, param, kind[5:-1]))), ""
        )
    if (isinstance(value, bool) and kind != "bool") or not isinstance(value, SCALAR_TYPES[kind]):
        return f"expected {kind}, got {kind_of(value)}"
    if kind == "char" and (len(str(value)) != 1 or not str(value).isascii()):
        return f"expected one ASCII character (as LeetCode's char), got {kind_of(value)}"
    if kind in INT_RANGES and not INT_RANGES[kind][0] <= int(str(value)) <= INT_RANGES[kind][1]:
        return f"{value} does not fit a {kind}"
    if isinstance(value, int) and not isinstance(value, bool):
        low = param.minimum if param.minimum is not None else value
        high = param.maximum if param.maximum is not None else value
        if not low <= value <= high:
            bounds = f"{'…' if param.minimum is None else param.minimum}.." + (
                f"{'…' if param.maximum is None else param.maximum}"
            )
            return f"{value} is outside the allowed range {bounds} (signature.params: {param.name})"
    return ""


class Visibility(StrEnum):
    SAMPLE = "sample"  # input, answer and full feedback shown to the student
    HIDDEN = "hidden"  # only the verdict and a generic hint


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class TestCase:
    name: str
    input: Mapping[str, object]
    points: float
    visibility: Visibility
    line: int | None  # of the test's entry in problem.yaml
    # The name students see: a hidden test's name may say what its input is (`n9`).
    alias: str = ""
    key: str = ""  # where problem.yaml has it: `tests[5]`, `probes[0]`

    @property
    def hidden(self) -> bool:
        return self.visibility is Visibility.HIDDEN

    @property
    def shown_name(self) -> str:
        return (self.alias or "hidden") if self.hidden else self.name


# A `random:` block's defaults (randomized/spec.py reads it): how many inputs, a list's or a
# string's length, a string's characters.
RANDOM_COUNT: Final = 100
RANDOM_SIZE: Final = (0, 8)
RANDOM_ALPHABET: Final = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """How one parameter's values are drawn beyond its type and min/max."""

    size: tuple[int, int] = RANDOM_SIZE  # every list's (each level's) or string's length
    alphabet: str = RANDOM_ALPHABET  # a str's or char's characters
    unique: bool = False  # a list's items all different (its outer list, where nested)


@dataclass(frozen=True, slots=True)
class Generator:
    """An instructor's file that makes a random input where a signature cannot say it
    (randomized/generator.py runs it)."""

    path: Path
    shown: str  # as messages name it


@dataclass(frozen=True, slots=True)
class RandomSpec:
    """A problem's random tests: how many, from which seed, shown to whom, and how each
    parameter is drawn."""

    count: int = RANDOM_COUNT
    seed: int = 0
    visibility: Visibility = Visibility.HIDDEN
    points: float = 1  # the random tests together are worth this, as one test
    params: Mapping[str, ParamSpec] = field(default_factory=dict)
    line: int | None = None  # of the block in problem.yaml
    generator: Generator | None = None  # draws whole inputs instead of `params`


def run_order(tests: tuple[TestCase, ...]) -> tuple[TestCase, ...]:
    """Samples first, then the hidden tests, each named `hidden 1`, `hidden 2`, ... for
    students. A program is one process for all its tests and can carry what it saw from one
    to the next: run after every sample, nothing it learns from a hidden test's input can
    reach a student in a later test's output."""
    samples = tuple(test for test in tests if not test.hidden)
    hidden = [test for test in tests if test.hidden]
    return samples + tuple(
        replace(test, alias=f"hidden {number}") for number, test in enumerate(hidden, 1)
    )


@dataclass(frozen=True, slots=True)
class Problem:
    id: str
    title: str
    directory: Path
    yaml_file: str  # as shown in messages
    statement: Path
    limits: Limits
    tests: tuple[TestCase, ...]  # in the order they run: samples, then hidden (run_order)
    # Messages show paths relative to this directory (the caller's working directory when
    # the problem was loaded); None: relative to this process's.
    shown_from: Path | None = field(default=None, compare=False)
    # Which kind of problem this is (grader/kinds/: how it is graded, offered, verified).
    kind: str = "function"
    # The most a submission scores where it is not the tests' points summed (a package's
    # groups decide it).
    out_of: float | None = None
    # What another kind reads of its own (a package's: packages/model.py), by its code alone.
    details: object = None
    # A function problem's (grader/functions/): the signature every language spells...
    params: tuple[Param, ...] = ()
    returns: str = ""
    # ...per language, the names a submission may give its entry point: the lesson's first,
    # then the spellings students bring from elsewhere (LeetCode's `solveNQueens`)...
    entry_points: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    checker: str = ""  # ...how a returned value is judged (checkers/)...
    references: tuple[Path, ...] = ()  # ...the trusted solutions the answers come from...
    # ...inputs beyond the published limits, never scored and never shown to students: run on
    # a submission that passed every test, for the instructor (stored answers collapse there)...
    probes: tuple[TestCase, ...] = ()
    # ...the instructor's `valid(args, item)` for `set-of-any-valid` (checkers/any_valid.py)...
    validator: Path | None = None
    # ...the random tests its `random:` block asks for (randomized/), one row worth their
    # points after the hand tests...
    random: RandomSpec | None = None
    # ...and the least mutation score `verify --mutants` passes (`mutants: {min_score:}`).
    min_mutation_score: float = 0.0

    @property
    def max_score(self) -> float:
        if self.out_of is not None:
            return self.out_of
        total = sum(test.points for test in self.tests)
        # The random tests' row only where there is one: a sum of whole points stays an int
        # where reports print it as it is (Canvas' comment: "1/10", not "1/10.0").
        return total + self.random.points if self.random is not None else total

    def entry_names(self, language: str) -> tuple[str, ...]:
        """The entry point's accepted names in `language`; ProblemError when it has none."""
        names = self.entry_points.get(language)
        if not names:
            raise ProblemError(
                self.yaml_file, None, "entry_points", f"no entry point for {language}"
            )
        return names

    @property
    def answered(self) -> tuple[TestCase, ...]:
        """Everything that has a stored answer: the tests, then the probes."""
        return (*self.tests, *self.probes)

    def args(self, test: TestCase) -> tuple[object, ...]:
        """The positional arguments the entry point receives for `test`."""
        return tuple(test.input[param.name] for param in self.params)

    def answer_path(self, test: TestCase) -> Path:
        return self.directory / ANSWERS_DIR / f"{test.name}.json"

    def shown(self, path: Path) -> str:
        """`path` as this problem's messages show it."""
        return shown_path(path, self.shown_from)


def stored_json(problem: Problem, path: Path, fix: str) -> object:
    """A file `grader answers` wrote, parsed; ProblemError saying `fix` where it is missing
    or unreadable."""
    try:
        return json.loads(path.read_bytes())
    except FileNotFoundError:
        raise ProblemError(problem.shown(path), None, "", f"missing; {fix}") from None
    except (OSError, ValueError) as error:
        raise ProblemError(problem.shown(path), None, "", f"unreadable ({error}); {fix}") from None


def load_answer(problem: Problem, test: TestCase) -> object:
    """The expected answer of `test`, from the file the references produced."""
    path = problem.answer_path(test)
    fix = f"run `grader answers {problem.id}` to compute it from the references"
    stored = stored_json(problem, path, fix)
    if not isinstance(stored, dict) or stored.get("input") != dict(test.input):
        raise ProblemError(
            problem.shown(path),
            None,
            "input",
            f"does not match test {test.name!r} in problem.yaml; {fix}",
        )
    return stored.get("answer")


def shown_path(path: Path, base: Path | None = None) -> str:
    """A path as messages show it: relative to `base` (by default the working directory)
    when inside it."""
    try:
        return str(path.resolve().relative_to(base or Path.cwd()))
    except ValueError:
        return str(path)


def folder_files(directory: Path) -> list[Path]:
    """The files of a problem's folder, but hidden ones (a package's `.timelimit` is kept)
    and caches; never through a link."""
    return sorted(
        path
        for path in directory.rglob("*")
        if path.is_file()
        and not path.is_symlink()
        and not any(
            (part.startswith(".") and part != ".timelimit") or part == "__pycache__"
            for part in path.relative_to(directory).parts
        )
    )
