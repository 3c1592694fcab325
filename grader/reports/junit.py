"""`--format junit`: JUnit XML as GitHub test reporters, GitLab (`artifacts:reports:junit`)
and Jenkins read it. One testsuite per submission, one testcase per test; a failing test
carries the judge's message, and `file`/`line` point at the test's entry in problem.yaml."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from ..results import Report, SubmissionResult, TestResult
from ..text import xml_inert_in_logs
from ..verdicts import Verdict


def render(report: Report, color: bool = False, verbose: bool = False) -> str:
    root = ElementTree.Element("testsuites", name=f"grader {report.problem}")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    elapsed = 0.0
    for result in report.results:
        suite = _suite(report, result)
        root.append(suite)
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
        elapsed += float(suite.get("time", "0"))
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{elapsed:.6f}")
    ElementTree.indent(root)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + xml_inert_in_logs(ElementTree.tostring(root, encoding="unicode"))
        + "\n"
    )


def _suite(report: Report, result: SubmissionResult) -> ElementTree.Element:
    suite = ElementTree.Element("testsuite", name=result.submission)
    properties = ElementTree.SubElement(suite, "properties")
    for name, value in (
        ("verdict", result.verdict.value),
        ("score", f"{result.score:g}"),
        ("max_score", f"{result.max_score:g}"),
        ("language", result.language),
        ("sandbox", report.sandbox.backend),
    ):
        ElementTree.SubElement(properties, "property", name=name, value=value)
    classname = f"{report.problem}.{result.submission}"
    if result.verdict is Verdict.CE or not result.tests:
        case = ElementTree.SubElement(
            suite, "testcase", classname=classname, name="build", time="0", file=result.submission
        )
        failure = ElementTree.SubElement(
            case, "error", type=result.verdict.value, message=_first_line(result.compile_output)
        )
        failure.text = result.compile_output
        suite.set("tests", "1")
        suite.set("errors", "1")
        suite.set("failures", "0")
        suite.set("time", "0")
        return suite
    failures = errors = 0
    for test in result.tests:
        case = _case(classname, result, test)
        suite.append(case)
        failures += case.find("failure") is not None
        errors += case.find("error") is not None
    suite.set("tests", str(len(result.tests)))
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    suite.set("skipped", "0")
    suite.set("time", f"{sum(test.wall_s for test in result.tests):.6f}")
    return suite


def _case(classname: str, result: SubmissionResult, test: TestResult) -> ElementTree.Element:
    case = ElementTree.Element(
        "testcase",
        classname=classname,
        name=test.name + (" (hidden)" if test.hidden and not test.redacted else ""),
        time=f"{test.wall_s:.6f}",
        # The student's file at the function graded: what a test reporter annotates lands
        # in the student's diff, not in the grader's checkout.
        file=result.submission,
    )
    if result.entry_line is not None:
        case.set("line", str(result.entry_line))
    if test.verdict is not Verdict.AC:
        # IE is the harness's fault (an error); every other verdict is the program's (a failure).
        kind = "error" if test.verdict is Verdict.IE else "failure"
        outcome = ElementTree.SubElement(
            case, kind, type=test.verdict.value, message=_first_line(test.message)
        )
        outcome.text = "\n".join(part for part in (test.message, test.board) if part)
    if test.output:
        ElementTree.SubElement(case, "system-out").text = test.output
    return case


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""
