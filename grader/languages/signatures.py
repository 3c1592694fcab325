"""How the compiled languages spell a problem's signature (LeetCode's types in each), which
types their drivers convert, and how a driver that converts at run time makes the call."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ProblemError
from ..problem import NODE_TYPES, VOID, Problem, known_type


@dataclass(frozen=True, slots=True)
class Spelling:
    """How a language writes the problem's signature; `{...}` fields are filled in."""

    sequence: str  # a list type around `{}`: "vector<{}>"
    scalars: Mapping[str, str]  # "int" -> "int" / "i32"
    param: str  # "{type} {name}" / "{name}: {type}"
    method: str  # "{returns} {entry}({params})"
    wrapper: str  # the starter file around {method}, with an empty body
    param_sequence: str = ""  # where parameters are spelt otherwise: Java's "{}[]"
    param_scalars: Mapping[str, str] | None = None
    list_param: str = "{}"  # around a list parameter's whole type: C++'s "{}&"
    in_place: str = "{}"  # around the first parameter of a `void` problem: Rust's "&mut {}"
    # What the starter file needs above the wrapper where the signature names a type
    # (Rust's TreeNode: `use std::rc::Rc;`), as LeetCode's starter has it.
    preamble: Mapping[str, str] = field(default_factory=dict)
    snake_case_params: bool = False  # Rust's: `target_sum`, not `targetSum` (a lint warns)

    def starter(self, problem: Problem, entry: str) -> str:
        """The starter file: the signature in the wrapper, an empty body, under what it uses."""
        used = {problem.returns, *(param.type for param in problem.params)}
        needed = "".join(
            dict.fromkeys(self.preamble[kind] for kind in sorted(used & set(self.preamble)))
        )
        return needed + self.wrapper.format(method=self.signature(problem, entry))

    def param_name(self, name: str) -> str:
        if not self.snake_case_params:
            return name
        return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()

    def type(self, wire_type: str, parameter: bool = False) -> str:
        sequence = (parameter and self.param_sequence) or self.sequence
        scalars = (parameter and self.param_scalars) or self.scalars
        if wire_type.startswith("list[") and wire_type.endswith("]"):
            return sequence.format(self.type(wire_type[5:-1], parameter))
        return scalars.get(wire_type, wire_type)

    def param_type(self, problem: Problem, index: int) -> str:
        param = problem.params[index]
        spelt = self.type(param.type, True)
        if param.type.startswith("list["):
            spelt = self.list_param.format(spelt)
        if index == 0 and problem.returns == VOID:
            spelt = self.in_place.format(spelt)
        return spelt

    def signature(self, problem: Problem, entry: str) -> str:
        params = ", ".join(
            self.param.format(type=self.param_type(problem, i), name=self.param_name(param.name))
            for i, param in enumerate(problem.params)
        )
        # A scalar return is spelt as a parameter would be (Java's `int`, not `Integer`).
        scalar = not problem.returns.startswith("list[")
        returns = self.type(problem.returns, parameter=scalar)
        # Rust spells nothing for nothing: `fn solve_sudoku(board: &mut Vec<Vec<char>>)`.
        return self.method.format(returns=returns, entry=entry, params=params).replace(" -> ()", "")


def typed_call(
    problem: Problem, entry: str, spelling: Spelling, converted: str, casts: Mapping[str, str]
) -> tuple[str, str]:
    """(the statements that make each argument a local of its declared type, the call's
    value) for a driver that converts at run time (Java's and C#'s): `converted` is the
    conversion of request value {i} to the signature's {kind}, `casts` a primitive's boxed
    type to cast through. A `void` problem's value is its first argument after the call."""
    setup = []
    for i, param in enumerate(problem.params):
        spelt = spelling.param_type(problem, i)
        conversion = converted.format(i=i, kind=param.type)
        setup.append(f"{spelt} arg{i} = ({casts.get(spelt, spelt)}) {conversion};")
    call = f"solution.{entry}({', '.join(f'arg{i}' for i in range(len(problem.params)))})"
    if problem.returns in NODE_TYPES:  # null is the empty list or tree: []
        call = f"orEmpty({call})"
    if problem.returns == VOID:
        return " ".join([*setup, f"{call};"]), "arg0"
    return " ".join(setup), call


def supported_params(problem: Problem, language: str) -> None:
    """Every driver converts any type the signature may name (scalars, lists of them to any
    depth, LeetCode's nodes); a problem made in code, not read from YAML, is checked here."""
    for param in problem.params:
        if not known_type(param.type):
            raise ProblemError(
                problem.yaml_file,
                None,
                "signature.params",
                f"{param.name}: the {language} driver does not take {param.type}",
            )


def node_files(problem: Problem, extension: str) -> tuple[tuple[str, bytes], ...]:
    """LeetCode's ListNode and TreeNode classes as files of the build (drivers/), where the
    problem takes or returns one; none otherwise (a student's own would clash with them)."""
    used = {problem.returns, *(param.type for param in problem.params)}
    return tuple(
        (
            f"{name}.{extension}",
            (Path(__file__).with_name("drivers") / f"{name}.{extension}").read_bytes(),
        )
        for name in sorted(used & set(NODE_TYPES))
    )
