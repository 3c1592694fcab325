"""The commands besides `grade`: each takes the parsed arguments and returns the exit
status. cli.py builds the parser and owns `grade`; what both need lives here."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import EXIT_FAILED, EXIT_OK, UsageError
from .judge import load_answers
from .languages import LANGUAGES
from .problem import Problem, find_problem, load_problem
from .sandbox import Sandbox


def problem_roots() -> tuple[Path, ...]:
    """Where problem names are looked up: ./problems, then the problems/ next to the package."""
    beside_package = Path(__file__).resolve().parent.parent / "problems"
    return (Path("problems"), beside_package)


def open_problem(name: str) -> Problem:
    return load_problem(find_problem(name, problem_roots()))


def open_chosen_sandbox(choice: str) -> Sandbox:
    """The backend `--sandbox` names; SandboxUnavailable (exit 2) when it cannot run."""
    from .sandbox import open_sandbox

    return open_sandbox(choice)


def verify_command(args: argparse.Namespace) -> int:
    from .verify import render, verify

    problem = open_problem(args.problem_name)
    answers = load_answers(problem)
    sandbox = open_chosen_sandbox(args.sandbox)
    try:
        verification = verify(
            problem, answers, sandbox, args.jobs, lambda line: print(line, file=sys.stderr)
        )
    finally:
        sandbox.close()
    sys.stdout.write(render(verification))
    return EXIT_FAILED if verification.failures else EXIT_OK


def template_command(args: argparse.Namespace) -> int:
    problem = open_problem(args.problem)
    language = LANGUAGES[args.language]
    if language.id not in problem.entry_points:
        raise UsageError(f"{problem.id} has no entry point for {language.id}")
    sys.stdout.write(language.template(problem))
    return EXIT_OK


def statement_command(args: argparse.Namespace) -> int:
    problem = open_problem(args.problem)
    sys.stdout.write(problem.statement.read_text(encoding="utf-8").rstrip("\n") + "\n")
    sys.stdout.write("\n## What your file may use\n\n")
    for language in LANGUAGES.values():
        names = problem.entry_points.get(language.id)
        if names:
            spelt = " or ".join(f"`{name}`" for name in names)
            sys.stdout.write(f"- {language.name}: {spelt}. {language.dialect()}.\n")
    sys.stdout.write(
        "\nThe judge supplies `main`: leave yours out, and put no `package` or `namespace` "
        "around `Solution`.\n"
    )
    return EXIT_OK


def doctor_command(args: argparse.Namespace) -> int:
    from .doctor import render, survey

    statuses = survey(self_test=True)
    print(render(statuses))
    best = next((status for status in statuses if status.available), None)
    ready = best is not None and not best.warning and all(t.passed for t in best.self_tests)
    return EXIT_OK if ready else EXIT_FAILED


def image_build_command(args: argparse.Namespace) -> int:
    import time

    from .sandbox.docker.image import build_image
    from .sandbox.docker.sandbox import connect, default_runtimes

    started = time.monotonic()
    client = connect()
    try:
        built = build_image(client, default_runtimes(), args.recipe)
    finally:
        client.close()
    took = time.monotonic() - started
    if built.reused:
        print(f"{built.tag}: already built ({built.recipe} recipe); nothing to do")
    else:
        print(f"{built.tag}: built with the {built.recipe} recipe in {took:.1f} s")
    return EXIT_OK


def add_test_command(args: argparse.Namespace) -> int:
    from .addtest import add_test, parse_inputs
    from .answers import compute_answers, write_answers
    from .verify import render, verify

    problem = open_problem(args.problem_name)
    problem = add_test(problem, parse_inputs(args.input), args.points, args.hidden, args.name)
    added = problem.tests[-1]
    print(f"{problem.yaml_file}:{added.line}: added test {added.name}")
    sandbox = open_chosen_sandbox(args.sandbox)
    try:
        write_answers(problem, compute_answers(problem, sandbox))
        print(f"{problem.answer_path(added)}: written from the references")
        verification = verify(problem, load_answers(problem), sandbox)
    finally:
        sandbox.close()
    sys.stdout.write(render(verification))
    return EXIT_FAILED if verification.failures else EXIT_OK


def export_command(args: argparse.Namespace) -> int:
    from .gradebook import Gradebook

    if not args.db.exists():
        raise UsageError(f"{args.db}: no such gradebook")
    gradebook = Gradebook(args.db)
    try:
        sys.stdout.write(gradebook.export_csv())
    finally:
        gradebook.close()
    return EXIT_OK


def answers_command(args: argparse.Namespace) -> int:
    from .answers import compute_answers, stale_answers, write_answers

    problem = open_problem(args.problem_name)
    sandbox = open_chosen_sandbox(args.sandbox)
    try:
        computed = compute_answers(problem, sandbox)
    finally:
        sandbox.close()
    if args.check:
        stale = stale_answers(problem, computed)
        for test in stale:
            print(
                f"{problem.answer_path(test)}: differs from what the references compute",
                file=sys.stderr,
            )
        if not stale:
            print(f"{problem.id}: {len(problem.tests)} stored answers match the references")
        return EXIT_FAILED if stale else EXIT_OK
    written = write_answers(problem, computed)
    print(
        f"{problem.id}: references agree on {len(problem.tests)} tests; "
        f"wrote {len(written)} answer files"
    )
    return EXIT_OK
