"""Scores from a gradebook to a Canvas assignment, through Canvas' REST API (canvasapi): each
student's latest result for a problem as the grade, and what failed as the comment.

Students are matched by the name the gradebook holds against a Canvas user's `login_id`
or `sis_user_id` in the course; whoever matches no one is reported, never guessed."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from urllib.parse import urlsplit

from ...errors import UsageError
from ...reports.json_report import SubmissionDocument, TestDocument
from ...storage.gradebook import Gradebook
from ...verdicts import Verdict
from ..addresses import is_loopback


@dataclass(frozen=True, slots=True)
class Pushed:
    graded: dict[str, float]  # Canvas user id -> the score sent
    unmatched: tuple[str, ...]  # students of the gradebook nobody in the course is


def comment_of(result: SubmissionDocument) -> str:
    """What the student reads beside the grade: the verdict, and the tests that failed."""
    tests = result["tests"]
    # The gradebook holds the instructor's document: a hidden test is named as students see it.
    hidden = [test for test in tests if test["hidden"]]
    failing = [
        f"{_shown_name(test, hidden)} ({test['verdict']})"
        for test in tests
        if test["verdict"] != Verdict.AC
    ]
    head = f"grader: {result['verdict']}, {result['score']}/{result['max_score']}"
    return head + (f"; failing: {', '.join(failing)}" if failing else "")


def _shown_name(test: TestDocument, hidden: list[TestDocument]) -> str:
    return f"hidden {hidden.index(test) + 1}" if test in hidden else test["name"]


def check_url(url: str) -> str:
    """Canvas' address; the token travels only over https (or to this machine)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    local = is_loopback(host)
    if parts.scheme != "https" and not (parts.scheme == "http" and local):
        raise UsageError(f"{url}: Canvas must be reached over https (the token goes with it)")
    return url.rstrip("/").removesuffix("/api/v1")


def push(
    gradebook: Gradebook, problem: str, url: str, token: str, course: int, assignment: int
) -> Pushed:
    from canvasapi import Canvas
    from canvasapi.exceptions import CanvasException

    latest = gradebook.latest(problem)
    if not latest:
        raise UsageError(f"the gradebook holds no result for {problem}")
    address = check_url(url)
    try:
        with warnings.catch_warnings():
            # Its warning about http: check_url allows it only to this machine.
            warnings.simplefilter("ignore", UserWarning)
            canvas = Canvas(address, token)
        course_found = canvas.get_course(course)
        target = course_found.get_assignment(assignment)
        users = {}
        for user in course_found.get_users(enrollment_type=["student"]):
            for key in ("login_id", "sis_user_id"):
                value = getattr(user, key, None)
                if value:
                    users[str(value)] = user.id
        grades: dict[str, dict[str, object]] = {}
        for student, score, _, document in latest:
            if student in users:
                grades[str(users[student])] = {
                    "posted_grade": f"{score:g}",
                    "text_comment": comment_of(document),
                }
        if grades:
            target.submissions_bulk_update(grade_data=grades)
    except CanvasException as error:
        raise UsageError(f"Canvas refused: {error}") from None
    unmatched = tuple(sorted(student for student, *_ in latest if student not in users))
    return Pushed({user: float(str(g["posted_grade"])) for user, g in grades.items()}, unmatched)
