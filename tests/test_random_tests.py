"""Random tests graded (issue 46), on the course's permutations problem and its stored
`answers/random.json`: one row after the hand tests; the first failure shrunk to the smallest
input that still fails, reproducibly; a hidden block's input never reaches a student; stored
inputs that no longer match the block are stale for `grader answers` and `verify`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from grader import results
from grader.cli import main
from grader.errors import ProblemError
from grader.functions.answers import compute_answers, stale_answers
from grader.judge import Asked, grade
from grader.kinds import load_answers, load_problem
from grader.randomized.cases import stored_cases
from grader.verdicts import Verdict

from .conftest import PROBLEMS, ROOT, SUBMISSIONS

pytestmark = pytest.mark.sandbox

ACCEPTED = SUBMISSIONS / "permutations" / "accepted" / "lesson.py"
# Right on every hand test (none has four numbers with one above 5), wrong on such inputs.
WRONG_WHEN_LONG = (
    "def permute(nums):\n"
    "    if len(nums) == 4 and max(nums) > 5:\n"
    "        return []\n"
    "    out = []\n"
    "    def go(chosen, left):\n"
    "        if not left:\n"
    "            out.append(chosen)\n"
    "        for i, x in enumerate(left):\n"
    "            go(chosen + [x], left[:i] + left[i + 1:])\n"
    "    go([], nums)\n"
    "    return out\n"
)


@pytest.fixture(scope="module")
def permutations():
    problem = load_problem(PROBLEMS / "permutations")
    return problem, load_answers(problem)


def test_a_correct_solution_passes_every_random_input_in_one_row(
    permutations, make_submission, process_sandbox
) -> None:
    problem, answers = permutations
    result = grade(problem, answers, make_submission(ACCEPTED.read_text()), process_sandbox)
    assert result.verdict is Verdict.AC and result.score == problem.max_score
    row = result.tests[-1]
    assert (row.name, row.verdict, row.input) == ("random", Verdict.AC, None)  # hidden: no input
    assert len(result.tests) == len(problem.tests) + 1


def test_every_backend_answers_the_inputs_in_one_request_and_one_by_one(
    permutations, make_submission, sandbox
) -> None:
    """The batch is the runner's and the channel's, the same on every backend: a pass in one
    request, and a failure found again when the inputs are called one by one."""
    problem, answers = permutations
    right = grade(problem, answers, make_submission(ACCEPTED.read_text()), sandbox)
    assert (right.tests[-1].name, right.tests[-1].verdict) == ("random", Verdict.AC)
    wrong = grade(problem, answers, make_submission(WRONG_WHEN_LONG), sandbox, Asked(True))
    assert wrong.tests[-1].verdict is Verdict.WA and wrong.tests[-1].name.startswith("random #")


def test_the_first_failure_is_shrunk_to_the_smallest_input_that_still_fails(
    permutations, make_submission, process_sandbox
) -> None:
    problem, answers = permutations
    submission = make_submission(WRONG_WHEN_LONG)
    asked = Asked(reveal_hidden=True)
    result = grade(problem, answers, submission, process_sandbox, asked)
    assert all(test.verdict is Verdict.AC for test in result.tests[:-1])  # the hand tests
    row = result.tests[-1]
    assert result.verdict is Verdict.WA and row.verdict is Verdict.WA
    assert row.name.startswith("random #") and row.name.endswith("(seed 46)")
    assert row.input is not None
    shrunk = row.input["nums"]
    assert isinstance(shrunk, list) and len(shrunk) == 4 and max(shrunk) == 6, shrunk
    assert "shrunk from" in row.message
    again = grade(problem, answers, submission, process_sandbox, asked).tests[-1]
    assert (again.name, again.input) == (row.name, row.input)  # reproducible from its seed


def test_a_hidden_random_failure_shows_a_student_nothing_of_its_input(
    permutations, make_submission, process_sandbox
) -> None:
    problem, answers = permutations
    result = grade(problem, answers, make_submission(WRONG_WHEN_LONG), process_sandbox)
    row = result.tests[-1]
    assert row.verdict is Verdict.WA and row.redacted
    assert row.input is None and "nums" not in row.message and "random #" not in row.name


def test_stored_inputs_another_seed_drew_are_stale(tmp_path: Path, process_sandbox) -> None:
    folder = _copy(tmp_path)
    yaml_file = folder / "problem.yaml"
    yaml_file.write_text(yaml_file.read_text().replace("seed: 46", "seed: 47"))
    problem = load_problem(folder)
    with pytest.raises(ProblemError, match="drawn for another random: block"):
        stored_cases(problem)
    stale = stale_answers(problem, compute_answers(problem, process_sandbox))
    assert [test.name for test in stale] == ["random"]
    assert main(["answers", str(folder), "--sandbox", "process"]) == 0
    cases, _ = stored_cases(load_problem(folder))
    assert len(cases) == 100


def test_stored_inputs_are_kept_until_what_drew_them_changes(tmp_path: Path) -> None:
    """`grader answers` again keeps the stored inputs (drawing again need not give the same:
    Hypothesis may choose otherwise in another version); an edited generator makes them
    stale."""
    folder = _copy(tmp_path, "combinations")
    stored = (folder / "answers" / "random.json").read_text()
    assert main(["answers", str(folder), "--sandbox", "process"]) == 0
    assert (folder / "answers" / "random.json").read_text() == stored
    generator = folder / "generate.py"
    generator.write_text(generator.read_text().replace("randint(1, 12)", "randint(1, 11)"))
    with pytest.raises(ProblemError, match="drawn for another random: block"):
        stored_cases(load_problem(folder))
    assert main(["answers", str(folder), "--sandbox", "process", "--check"]) == 1


def _random_row(permutations, submission, sandbox) -> results.TestResult:
    """The random tests' row of `submission` graded on permutations, as the instructor sees
    it."""
    problem, answers = permutations
    return grade(problem, answers, submission, sandbox, Asked(True)).tests[-1]


def _copy(tmp_path: Path, name: str = "permutations") -> Path:
    folder = tmp_path / "problems" / name
    shutil.copytree(PROBLEMS / name, folder)
    shutil.copytree(ROOT / "reference" / name, tmp_path / "reference" / name)
    return folder


def test_a_failure_that_does_not_come_again_is_reported_as_drawn(
    permutations, make_submission, process_sandbox
) -> None:
    """A submission wrong only on its 12th call (state kept between calls), which falls in the
    random inputs' batch: called again one by one from a fresh runner, it is wrong again (a
    second chance in the same runner would pass it); shrinking meets no failure again, and
    the row says the input as it was drawn."""
    once = (
        "calls = []\n\n\ndef permute(nums):\n    calls.append(1)\n"
        "    if len(calls) == 12:\n        return []\n"
        "    import itertools\n    return [list(p) for p in itertools.permutations(nums)]\n"
    )
    row = _random_row(permutations, make_submission(once), process_sandbox)
    assert row.verdict is Verdict.WA and row.name.startswith("random #")
    assert row.message.endswith(", as drawn]") and "shrunk from" not in row.message


def test_inputs_within_their_limits_pass_where_the_batch_is_over_one_test_s(
    permutations, make_submission, process_sandbox
) -> None:
    """The batch may take one test's CPU limit (each input did then): a submission that
    spends 15 ms on every input (1.5 s for the 100, over the 1 s limit) is called one by one
    and passes, its batch no verdict of its own."""
    problem, answers = permutations
    assert problem.limits.time_s == 1.0 and problem.random is not None
    slow = (
        "import itertools, time\n\n\ndef permute(nums):\n"
        "    ends = time.process_time() + 0.015\n"
        "    while time.process_time() < ends:\n        pass\n"
        "    return [list(p) for p in itertools.permutations(nums)]\n"
    )
    row = _random_row(permutations, make_submission(slow), process_sandbox)
    assert (row.name, row.verdict) == ("random", Verdict.AC), row.message
    assert float(row.message.split("(")[-1].split(" s of CPU")[0]) >= 1.5  # all of them


def test_printing_on_every_input_is_judged_per_call(
    permutations, make_submission, process_sandbox
) -> None:
    """What 100 calls print together may pass one test's output cap (256 KiB here): the
    batch then says nothing, and each call is judged under its own cap."""
    noisy = (
        "import itertools\n\n\ndef permute(nums):\n"
        "    print('x' * 4000)\n"
        "    return [list(p) for p in itertools.permutations(nums)]\n"
    )
    row = _random_row(permutations, make_submission(noisy), process_sandbox)
    assert (row.name, row.verdict) == ("random", Verdict.AC)


def test_a_time_limit_is_reported_as_drawn_not_shrunk(
    permutations, make_submission, process_sandbox
) -> None:
    sleeps = (
        "import itertools, time\n\n\ndef permute(nums):\n"
        "    if len(nums) == 4 and max(nums) > 5:\n        time.sleep(60)\n"
        "    return [list(p) for p in itertools.permutations(nums)]\n"
    )
    row = _random_row(permutations, make_submission(sleeps), process_sandbox)
    assert row.verdict is Verdict.TLE and row.name.startswith("random #")
    assert row.message.endswith(
        "as drawn: a limit's failure is not shrunk, as every smaller try could cost it]"
    )


def test_a_damaged_random_file_is_the_problem_s_fault_never_the_student_s(
    tmp_path: Path, make_submission, process_sandbox
) -> None:
    folder = _copy(tmp_path)
    stored = folder / "answers" / "random.json"
    stored.write_text(json.dumps({**json.loads(stored.read_text()), "cases": 7}))
    problem = load_problem(folder)
    result = grade(
        problem, load_answers(problem), make_submission(ACCEPTED.read_text()), process_sandbox
    )
    assert result.verdict is Verdict.IE  # never WA or RTE: the instructor is told what to do
    said = result.compile_output
    assert said.startswith("internal error of the grader") and "not a random tests file" in said


# Right on every hand test of combinations, wrong where k is 3 and n at least 6: the smallest
# such input is n = 6, k = 3, and k never passes n on the way (the generator's own choices
# shrink, not the values).
WRONG_WHEN_K_IS_THREE = (
    "from itertools import combinations\n"
    "def combine(n, k):\n"
    "    if k == 3 and n >= 6 and n != 20:\n"
    "        return []\n"
    "    return [list(c) for c in combinations(range(1, n + 1), k)]\n"
)


ACCEPTED_COMBINATIONS = (SUBMISSIONS / "combinations" / "accepted" / "lesson.py").read_text()


def test_a_generator_s_failure_shrinks_through_the_generator(
    make_submission, process_sandbox
) -> None:
    problem = load_problem(PROBLEMS / "combinations")
    assert problem.random is not None and problem.random.generator is not None
    submission = make_submission(WRONG_WHEN_K_IS_THREE)
    result = grade(problem, load_answers(problem), submission, process_sandbox, Asked(True))
    assert all(test.verdict is Verdict.AC for test in result.tests[:-1])
    row = result.tests[-1]
    assert (row.verdict, row.input) == (Verdict.WA, {"n": 6, "k": 3}), row.message


def test_a_generator_s_fault_is_the_problem_s_never_the_student_s(
    tmp_path: Path, capsys, make_submission, process_sandbox
) -> None:
    """`grader answers` names the generator's line and exits as for a problem's error; the
    stored inputs, drawn by the generator before its edit, are stale: a student graded
    meanwhile gets IE telling the instructor what to run, never a verdict of theirs."""
    folder = _copy(tmp_path, "combinations")
    (folder / "generate.py").write_text(
        "def generate(rng):\n    n = rng.randint(1, 4)\n    return {'n': n, 'k': n // (n - n)}\n"
    )
    assert main(["answers", str(folder), "--sandbox", "process"]) == 2
    assert "generate.py:3: ZeroDivisionError" in capsys.readouterr().err
    problem = load_problem(folder)
    result = grade(
        problem, load_answers(problem), make_submission(ACCEPTED_COMBINATIONS), process_sandbox
    )
    assert result.verdict is Verdict.IE
    assert "run `grader answers combinations`" in result.compile_output
