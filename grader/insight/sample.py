"""A class to try the instructor's tools on: `python -m grader.insight.sample DIR [--size N]`
writes DIR/<student>/solution.py for N students. Most solve N-Queens each their own way (a
search family, a way to check a square, a way to collect placements, drawn at random), some
with a lesson's mistake, some not compiling or crashing; a few hand in stored answers, and a
few hand in a classmate's file with other names. `DIR/answer-key.json` says who is which, so a
person can check what the report found."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from .disguises import recommented, renamed, reordered
from .sample_solutions import solution

# A lesson's mistakes, as text replacements of a correct program.
MISTAKES = {"no abs": ("abs(", "("), "one based": ("range(n)", "range(1, n)")}
# The examples whose code is their own: the ones copiers copy (see make_class).
DISTINCTIVE = (
    "bitmask.py",
    "lc_init_state.py",
    "leetcode_class.py",
    "prints_while_solving.py",
)


def make_class(folder: Path, size: int = 300, seed: int = 1) -> dict[str, str]:
    """Write the class; the answer key: each student's kind. Most solutions are generated
    (solution()); the lesson's examples are handed in as they are by a few students, and some
    of those are copied by others in disguise; a few hand in stored answers."""
    chooser = random.Random(seed)
    here = Path(__file__).resolve().parents[2] / "submissions" / "nqueens"
    examples = (
        sorted((here / "accepted").glob("*.py")) + sorted((here / "wrong_answer").glob("*.py"))[:4]
    )
    flagged = sorted((here / "flagged").glob("*.py"))
    students = [f"s{number:03d}" for number in range(size)]
    chooser.shuffle(students)
    texts: dict[str, str] = {}
    key: dict[str, str] = {}
    originals = students[: len(examples)]
    for student, path in zip(originals, examples, strict=False):
        texts[student], key[student] = path.read_text(), f"example {path.name}"
    rest = students[len(originals) :]
    copiers, rest = rest[: max(size // 50, 1)], rest[max(size // 50, 1) :]
    # A copy of the class's most common shape is no evidence, whatever tool looks: the ones
    # copied are those of the examples whose code is their own.
    distinctive = [student for student in originals if key[student].split()[-1] in DISTINCTIVE]
    for number, student in enumerate(copiers):
        origin = chooser.choice(distinctive)
        texts[student] = renamed(recommented(reordered(texts[origin])), number)
        key[student] = f"copy of {origin}"
    cheats, rest = rest[: max(size // 50, 1)], rest[max(size // 50, 1) :]
    for number, student in enumerate(cheats):
        texts[student] = renamed(chooser.choice(flagged).read_text(), number)
        key[student] = "hard-coded"
    for student in rest:
        text, kind = solution(chooser), "solution"
        roll = chooser.random()
        if roll < 0.15:
            mistake, (old, new) = chooser.choice(sorted(MISTAKES.items()))
            if old in text:
                text, kind = text.replace(old, new, 1), f"mistake: {mistake}"
        elif roll < 0.20:
            text, kind = text.replace("):", ")", 1), "does not compile"
        texts[student], key[student] = text, kind
    for student in sorted(texts):
        (folder / student).mkdir(parents=True, exist_ok=True)
        (folder / student / "solution.py").write_text(texts[student])
    ordered = {student: key[student] for student in sorted(key)}
    (folder / "answer-key.json").write_text(json.dumps(ordered, indent=1) + "\n")
    return ordered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    key = make_class(args.folder, args.size, args.seed)
    kinds: dict[str, int] = {}
    for kind in key.values():
        label = kind.split(" ")[0] if kind.startswith(("copy", "example")) else kind
        kinds[label] = kinds.get(label, 0) + 1
    counted = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    print(f"{args.folder}: {len(key)} students: {counted}")


if __name__ == "__main__":
    main()
