"""`grader similar`: pairs of a class's submissions whose code is alike once names, literals,
comments and layout are normalised away, with the shared regions side by side."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ...errors import EXIT_OK, UsageError
from ..arguments import add_problem, add_similarity
from ..context import Context

if TYPE_CHECKING:
    from ...insight.similarity import Pair

HELP = "pair a class's submissions whose code is alike (for instructors)"
SHOWN_LINES = 12
COLUMN = 46


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "submissions",
        nargs="*",
        metavar="DIR_OR_FILE",
        help="a class folder (one file or folder per student), or files",
    )
    command.add_argument(
        "--db",
        metavar="FILE_OR_URL",
        help="compare each student's latest submission in this gradebook",
    )
    add_problem(command)
    add_similarity(command)
    command.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace, context: Context) -> int:
    from ...insight.classwork import (
        common_ground,
        documents_from_folders,
        documents_from_gradebook,
    )
    from ...insight.similarity import similar_pairs
    from ...storage.gradebook import Gradebook
    from ..shared import database_at, open_problem

    if bool(args.submissions) == bool(args.db):
        raise UsageError("give a class folder (or files), or --db, not both")
    if not 0 <= args.threshold <= 1:
        raise UsageError("--threshold is a share, from 0 to 1")
    problem = open_problem(args.problem, context)
    if args.db:
        gradebook = Gradebook(database_at(args.db, context))
        try:
            documents = documents_from_gradebook(gradebook, problem.id)
        finally:
            gradebook.close()
    else:
        documents = documents_from_folders(args.submissions, context.cwd)
    extra = [context.path(path) for path in args.common]
    ground = common_ground(problem, {doc.language for doc in documents}, extra)
    pairs = similar_pairs(documents, ground, args.threshold)
    if args.format == "json":
        document = _document(problem.id, len(documents), args.threshold, pairs)
        context.stdout.write(json.dumps(document, indent=2) + "\n")
        return EXIT_OK
    out = context.stdout
    print(
        f"grader similar: {len(pairs)} pairs of {len(documents)} submissions to {problem.id} "
        f"scoring {args.threshold:g} or more",
        file=out,
    )
    for pair in pairs:
        print(
            f"\n{pair.score:.2f}  {pair.a.name} ({pair.a.path})  ~  {pair.b.name} ({pair.b.path})"
            f"  {pair.a.language}, {pair.shared} shared fingerprints",
            file=out,
        )
        for region in pair.regions[:2]:
            out.write(side_by_side(pair.a.source, region.a_lines, pair.b.source, region.b_lines))
    return EXIT_OK


def _document(
    problem: str, submissions: int, threshold: float, pairs: list[Pair]
) -> dict[str, object]:
    return {
        "problem": problem,
        "submissions": submissions,
        "threshold": threshold,
        "pairs": [
            {
                "a": {"student": p.a.name, "file": p.a.path},
                "b": {"student": p.b.name, "file": p.b.path},
                "language": p.a.language,
                "score": p.score,
                "shared": p.shared,
                "regions": [
                    {"a_lines": list(r.a_lines), "b_lines": list(r.b_lines)} for r in p.regions
                ],
            }
            for p in pairs
        ],
    }


def side_by_side(a: str, a_lines: tuple[int, int], b: str, b_lines: tuple[int, int]) -> str:
    left = _numbered(a, a_lines)
    right = _numbered(b, b_lines)
    rows = [
        f"    {left[i] if i < len(left) else '':<{COLUMN}} | {right[i] if i < len(right) else ''}"
        for i in range(min(max(len(left), len(right)), SHOWN_LINES))
    ]
    return (
        f"  lines {a_lines[0]}-{a_lines[1]} ~ lines {b_lines[0]}-{b_lines[1]}\n"
        + "\n".join(rows)
        + "\n"
    )


def _numbered(source: str, lines: tuple[int, int]) -> list[str]:
    from ...insight.similarity import region_lines
    from ...text import printable

    return [
        f"{number:>3} {printable(line, one_line=True).expandtabs(4)}"[:COLUMN]
        for number, line in region_lines(source, lines)
    ]
