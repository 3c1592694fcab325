"""`--format json`: one document on stdout, the schema documented in the README."""

from __future__ import annotations

import json
from typing import NotRequired, TypedDict

from ..results import Flag, Report, SubmissionResult, TestResult
from ..text import json_inert_in_logs


class FlagDocument(TypedDict):
    kind: str
    message: str
    line: int | None


class TestDocument(TypedDict):
    name: str
    input: dict[str, object] | None
    hidden: bool
    verdict: str
    time_s: float | None
    wall_s: float | None
    memory_kib: int | None
    score: float
    max_score: float
    message: str
    board: str
    output: str
    returned: object  # a failing sample's answer as returned; absent in older documents
    judge_note: NotRequired[str]  # the instructor's alone: absent from a student's view


class GroupDocument(TypedDict):
    name: str
    verdict: str
    score: float
    max_score: float


class SubmissionDocument(TypedDict):
    """A result as JSON: this report's, and what the service and the gradebook store."""

    submission: str
    language: str
    verdict: str
    score: float
    max_score: float
    compile_output: str
    tests: list[TestDocument]
    flags: list[FlagDocument]
    groups: NotRequired[list[GroupDocument]]  # a scoring package's test groups


def render(report: Report, color: bool = False, verbose: bool = False) -> str:
    document = {
        "problem": report.problem,
        "sandbox": {
            "backend": report.sandbox.backend,
            "protections": list(report.sandbox.protections),
            "warning": report.sandbox.warning,
            "chosen_because": report.sandbox.chosen_because,
        },
        "results": [submission_document(result) for result in report.results],
    }
    return json_inert_in_logs(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


def submission_document(result: SubmissionResult) -> SubmissionDocument:
    document = _document(result)
    if result.groups:
        document["groups"] = [
            {"name": g.name, "verdict": g.verdict.value, "score": g.score, "max_score": g.max_score}
            for g in result.groups
        ]
    return document


def _document(result: SubmissionResult) -> SubmissionDocument:
    return {
        "submission": result.submission,
        "language": result.language,
        "verdict": result.verdict.value,
        "score": result.score,
        "max_score": result.max_score,
        "compile_output": result.compile_output,
        "tests": [test_document(test) for test in result.tests],
        # For instructors only: a student's view (student_view) has none.
        "flags": flag_documents(result.flags),
    }


def flag_documents(flags: tuple[Flag, ...]) -> list[FlagDocument]:
    return [{"kind": flag.kind, "message": flag.message, "line": flag.line} for flag in flags]


def test_document(test: TestResult) -> TestDocument:
    document = _test_document(test)
    if test.judge_note:
        document["judge_note"] = test.judge_note
    return document


def _test_document(test: TestResult) -> TestDocument:
    return {
        "name": test.name,
        "input": dict(test.input) if test.input is not None else None,
        "hidden": test.hidden,
        "verdict": test.verdict.value,
        # A hidden test's figures grow with its input: a student's view has none.
        "time_s": None if test.redacted else test.time_s,
        "wall_s": None if test.redacted else test.wall_s,
        "memory_kib": None if test.redacted else test.memory_kib,
        "score": test.score,
        "max_score": test.max_score,
        "message": test.message,
        "board": test.board,
        "output": test.output,
        "returned": test.returned,
    }
