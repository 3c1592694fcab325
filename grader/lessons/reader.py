"""lesson.yaml read and checked: every mistake refused at its file:line, among them a step
naming a function `functions:` does not declare, a type the lesson's language cannot say,
and steps in an order no code could pass (the final tests before a function they need has
been asked for)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..errors import ProblemError
from ..functions.reader import existing_file, function_limits, load_function_problem
from ..problem import Param, Problem, argument_problem, shown_path
from ..yamlsource import Document, closest, load
from .model import Case, Check, Function, Lesson, LessonParam, Passing, Step
from .speech import SPEECHES, Speech

LESSON_FILE: Final = "lesson.yaml"
TOP_KEYS: Final = {"id", "title", "language", "functions", "steps", "entry"}
OPTIONAL_KEYS: Final = {"statement", "starter", "solution", "final", "limits"}


def load_lesson(directory: Path, shown_from: Path | None = None) -> Problem:
    shown = shown_path(directory / LESSON_FILE, shown_from)
    doc = load(directory / LESSON_FILE, shown)
    top = doc.mapping("", doc.data, required=TOP_KEYS, optional=OPTIONAL_KEYS)
    language = doc.text("language", top["language"])
    speech = SPEECHES.get(language)
    if speech is None:
        raise doc.error("language", f"no lessons in {language!r} (known: {', '.join(SPEECHES)})")
    functions = _functions(doc, speech, top["functions"])
    entry = doc.text("entry", top["entry"])
    if entry not in functions:
        raise doc.error("entry", _undeclared(entry, functions))
    final = None
    if "final" in top:
        final = directory / doc.text("final", top["final"])
        _final_problem(doc, final, language, functions[entry], shown_from)
    steps = tuple(
        _step(doc, f"steps[{i}]", i + 1, raw, functions)
        for i, raw in enumerate(doc.sequence("steps", top["steps"]))
    )
    if not steps:
        raise doc.error("steps", "a lesson has one step at least")
    introduced = _introduced(doc, steps, functions, final)
    statement = directory / str(top.get("statement", "statement.md"))
    lesson = Lesson(
        language=language,
        functions=functions,
        steps=steps,
        entry=entry,
        final=final,
        starter=_starter(doc, directory, top, shown_from),
        solution=(
            existing_file(doc, directory, "solution", top["solution"], shown_from)
            if "solution" in top
            else None
        ),
        introduced=introduced,
    )
    return Problem(
        id=doc.text("id", top["id"]),
        title=doc.text("title", top["title"]),
        directory=directory,
        yaml_file=shown,
        statement=statement,
        limits=function_limits(doc, top.get("limits", {})),
        tests=(),
        shown_from=shown_from,
        kind="lesson",
        out_of=len(steps),
        details=lesson,
        entry_points={language: (entry,)},
    )


def _final_problem(
    doc: Document, final: Path, language: str, entry: Function, shown_from: Path | None
) -> None:
    """The final tests are a function problem's, in the lesson's language, whose arguments
    the entry point takes and whose answer it returns."""
    try:
        problem = load_function_problem(final, shown_from)
    except ProblemError as error:
        raise doc.error("final", f"not a function problem: {error}") from None
    if language not in problem.entry_points:
        raise doc.error("final", f"{problem.id} takes no {language} submissions")
    wanted = [param.type for param in problem.params]
    taken = [param.wire.type for param in entry.params]
    if taken != wanted or entry.returns_wire != problem.returns:
        raise doc.error(
            "entry",
            f"{entry.name} must take {problem.id}'s arguments ({', '.join(wanted)}) and return "
            f"its answer ({problem.returns}), as its tests call it",
        )


def _functions(doc: Document, speech: Speech, raw: object) -> dict[str, Function]:
    functions: dict[str, Function] = {}
    for i, item in enumerate(doc.sequence("functions", raw)):
        path = f"functions[{i}]"
        spec = doc.mapping(path, item, required={"name", "params"}, optional={"returns"})
        name = doc.text(f"{path}.name", spec["name"])
        if name in functions:
            raise doc.error(f"{path}.name", f"{name} is declared twice")
        params = []
        for j, param in enumerate(doc.sequence(f"{path}.params", spec["params"])):
            where = f"{path}.params[{j}]"
            fields = doc.mapping(where, param, required={"name", "type"}, optional=set())
            declared = doc.text(f"{where}.type", fields["type"])
            wire = speech.wire(declared)
            if wire is None:
                raise doc.error(f"{where}.type", _unsayable(declared, speech))
            params.append(LessonParam(doc.text(f"{where}.name", fields["name"]), declared, wire))
        returns = str(spec.get("returns", "") or "")
        returns_wire = speech.wire_return(returns)
        if returns_wire is None:
            raise doc.error(f"{path}.returns", _unsayable(returns, speech))
        functions[name] = Function(name, tuple(params), returns, returns_wire, doc.line(path))
    return functions


def _unsayable(declared: str, speech: Speech) -> str:
    return (
        f"`{declared}` is not a type a {speech.language} lesson can declare: integers, bools, "
        "strings and lists of them, as the language writes them"
    )


def _undeclared(name: str, functions: dict[str, Function]) -> str:
    close = closest(name, set(functions))
    meant = f" (did you mean {close}?)" if close else ""
    return f"{name} is not one of the functions `functions:` declares{meant}"


def _step(
    doc: Document, path: str, number: int, raw: object, functions: dict[str, Function]
) -> Step:
    spec = doc.mapping(path, raw, required={"title", "text", "checks"}, optional=set())
    checks = tuple(
        _check(doc, f"{path}.checks[{i}]", item, functions)
        for i, item in enumerate(doc.sequence(f"{path}.checks", spec["checks"]))
    )
    if not checks:
        raise doc.error(f"{path}.checks", "a step checks one thing at least")
    title = doc.text(f"{path}.title", spec["title"])
    return Step(number, title, doc.text(f"{path}.text", spec["text"]), checks, doc.line(path))


def _check(doc: Document, path: str, raw: object, functions: dict[str, Function]) -> Check:
    if raw == "final":
        return Check("", final=True, line=doc.line(path))
    spec = doc.mapping(path, raw, required={"function"}, optional={"cases", "observe", "order"})
    name = doc.text(f"{path}.function", spec["function"])
    function = functions.get(name)
    if function is None:
        raise doc.error(f"{path}.function", _undeclared(name, functions))
    observe = str(spec.get("observe", ""))
    if observe:
        param = function.param(observe)
        if param is None or param.wire.passing is not Passing.MUTABLE:
            raise doc.error(
                f"{path}.observe",
                f"{observe} is not a parameter of {name} that the call can change",
            )
    order = spec.get("order", "as returned")
    if order not in ("as returned", "any"):
        raise doc.error(f"{path}.order", "expected `any` or `as returned`")
    cases = tuple(
        _case(doc, f"{path}.cases[{i}]", item, function, observe)
        for i, item in enumerate(doc.sequence(f"{path}.cases", spec.get("cases", [])))
    )
    return Check(name, cases, observe, order == "any", line=doc.line(path))


def _case(doc: Document, path: str, raw: object, function: Function, observe: str) -> Case:
    spec = doc.mapping(path, raw, required={"args", "expect"}, optional={"why"})
    args = doc.sequence(f"{path}.args", spec["args"])
    if len(args) != len(function.params):
        taken = len(function.params)
        raise doc.error(f"{path}.args", f"{function.name} takes {taken} arguments, not {len(args)}")
    for i, (param, arg) in enumerate(zip(function.params, args, strict=True)):
        wrong = argument_problem(arg, Param(param.name, param.wire.type))
        if wrong:
            raise doc.error(f"{path}.args[{i}]", f"{param.name}: {wrong}")
    observed = function.param(observe)
    expected_type = observed.wire.type if observed else function.returns_wire
    if not expected_type:
        raise doc.error(path, f"{function.name} returns nothing: say which argument to `observe`")
    wrong = argument_problem(spec["expect"], Param("expect", expected_type))
    if wrong:
        raise doc.error(f"{path}.expect", wrong)
    why = str(spec.get("why", ""))
    return Case(tuple(args), spec["expect"], why, doc.line(path))


def _introduced(
    doc: Document, steps: tuple[Step, ...], functions: dict[str, Function], final: Path | None
) -> dict[str, int]:
    introduced: dict[str, int] = {}
    for step in steps:
        for name in step.introduces(set(introduced)):
            if name:
                introduced[name] = step.number
        if any(check.final for check in step.checks):
            if final is None:
                raise doc.error(f"steps[{step.number - 1}]", "runs the final tests: add `final:`")
            later = [name for name in functions if name not in introduced]
            if later:
                raise doc.error(
                    f"steps[{step.number - 1}]",
                    f"runs the final tests before any step asks for {', '.join(later)}: no "
                    "code written in the steps' order can pass it",
                )
    return introduced


def _starter(doc: Document, directory: Path, top: dict[str, object], shown: Path | None) -> str:
    if "starter" not in top:
        return ""
    try:
        return existing_file(doc, directory, "starter", top["starter"], shown).read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise ProblemError(doc.file, doc.line("starter"), "starter", str(error)) from None
