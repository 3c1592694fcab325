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
import textwrap
from pathlib import Path

from .disguises import paraphrased, recommented, renamed, reordered

# How the search goes: each a whole program whose {placeholders} solution() fills.
FAMILIES = {
    "recursive": """
{sig}
    {guard}{result} = []
    {cols} = []

    def {place}({row}):
        if {row} == n:
            {collect}
            return
        {loop}
            if {safe}:
                {cols}.append({col})
                {place}({row} + 1)
                {cols}.pop()

    {place}(0)
    return {finish}
""",
    "used-sets": """
{sig}
    {guard}{result} = []
    {cols} = []
    {used}, {up}, {down} = set(), set(), set()

    def {place}({row}):
        if {row} == n:
            {collect}
            return
        {loop}
            if {col} in {used} or {row} + {col} in {up} or {row} - {col} in {down}:
                continue
            {used}.add({col})
            {up}.add({row} + {col})
            {down}.add({row} - {col})
            {cols}.append({col})
            {place}({row} + 1)
            {cols}.pop()
            {used}.remove({col})
            {up}.remove({row} + {col})
            {down}.remove({row} - {col})

    {place}(0)
    return {finish}
""",
    "stack": """
{sig}
    {guard}{result} = []
    {stack} = [[]]
    while {stack}:
        {cols} = {stack}.pop()
        {row} = len({cols})
        if {row} == n:
            {collect}
            continue
        {loop}
            if {safe}:
                {stack}.append({cols} + [{col}])
    return {finish}
""",
    "generator": """
def {place}(n, {cols}):
    {row} = len({cols})
    if {row} == n:
        yield list({cols})
        return
    {loop}
        if {safe}:
            yield from {place}(n, {cols} + [{col}])


{sig}
    {guard}return sorted({place}(n, []))
""",
    "array": """
{sig}
    {guard}{result} = []
    {cols} = [-1] * n
    {row} = 0
    while {row} >= 0:
        {cols}[{row}] += 1
        while {cols}[{row}] < n and not {ok}({cols}, {row}):
            {cols}[{row}] += 1
        if {cols}[{row}] == n:
            {cols}[{row}] = -1
            {row} -= 1
        elif {row} == n - 1:
            {result}.append(list({cols}))
        else:
            {row} += 1
    return {finish}


def {ok}({cols}, {row}):
    for r in range({row}):
        if {cols}[r] == {cols}[{row}] or abs({cols}[r] - {cols}[{row}]) == {row} - r:
            return False
    return True
""",
    "bits": """
{sig}
    {guard}{result} = []
    {full} = (1 << n) - 1

    def {place}({cols}, {used}, {up}, {down}):
        if len({cols}) == n:
            {result}.append(list({cols}))
            return
        {free} = {full} & ~({used} | {up} | {down})
        while {free}:
            {bit} = {free} & -{free}
            {free} ^= {bit}
            {cols}.append({bit}.bit_length() - 1)
            {place}({cols}, {used} | {bit}, ({up} | {bit}) << 1 & {full}, ({down} | {bit}) >> 1)
            {cols}.pop()

    {place}([], 0, 0, 0)
    return {finish}
""",
}
SAFE = [
    "all({col} != c and abs({col} - c) != {row} - r for r, c in enumerate({cols}))",
    "all(abs(c - {col}) != {row} - r and c != {col} for r, c in enumerate({cols}))",
    "not any(c == {col} or abs(c - {col}) == {row} - r for r, c in enumerate({cols}))",
    "{col} not in {cols} and all(abs({cols}[r] - {col}) != {row} - r for r in range({row}))",
    "{ok}({cols}, {row}, {col})",
]
HELPER = """

def {ok}({cols}, {row}, {col}):
    for r in range({row}):
        if {cols}[r] == {col} or {cols}[r] - {col} in ({row} - r, r - {row}):
            return False
    return True
"""
LOOPS = ["for {col} in range(n):", "for {col} in range(0, n):", "for {col} in list(range(n)):"]
SIGNATURES = [
    "def solve_n_queens(n):",
    "def solve_n_queens(n: int) -> list[list[int]]:",
    'def solve_n_queens(n):\n    """Every placement of n queens, one column per row."""',
]
GUARDS = ["", "if n <= 0:\n        return []\n    "]
# A lesson's mistakes, as text replacements of a correct program.
MISTAKES = {"no abs": ("abs(", "("), "one based": ("range(n)", "range(1, n)")}
DISTINCTIVE = (
    "bitmask.py", "lc_init_state.py", "leetcode_class.py",
    "prints_while_solving.py",
)  # fmt: skip
NAMES = ["result", "cols", "place", "row", "col", "stack", "ok", "used", "up", "down", "full"]
NAMES += ["free", "bit"]
WORDS = [
    "board",
    "queens",
    "q",
    "pos",
    "column",
    "placed",
    "sol",
    "out",
    "answers",
    "grid",
    "k",
    "i",
    "j",
    "x",
    "y",
    "go",
    "solve",
    "put",
    "taken",
    "diag",
    "anti",
    "mask",
    "left",
    "right",
    "avail",
    "low",
    "rows",
    "found",
    "depth",
]


def solution(chooser: random.Random) -> str:
    family = chooser.choice(sorted(FAMILIES))
    names = dict(zip(NAMES, chooser.sample(WORDS, len(NAMES)), strict=True))
    safe = chooser.choice(SAFE)
    as_tuples = chooser.random() < 0.4 and "{collect}" in FAMILIES[family]
    collect = (
        "{result}.add(tuple({cols}))"
        if as_tuples
        else chooser.choice(["{result}.append(list({cols}))", "{result}.append({cols}[:])"])
    )
    finish = "[list(p) for p in {result}]" if as_tuples else "{result}"
    filled = {
        "sig": chooser.choice(SIGNATURES),
        "guard": chooser.choice(GUARDS),
        "loop": chooser.choice(LOOPS).format(**names),
        "safe": safe.format(**names),
        "collect": collect.format(**names),
        "finish": finish.format(**names),
    }
    program = FAMILIES[family].format(**filled, **names)
    if as_tuples:
        program = program.replace(f"{names['result']} = []", f"{names['result']} = set()", 1)
    if family in ("recursive", "stack", "generator") and safe.startswith("{ok}"):
        program = HELPER.format(**names) + program
    return paraphrased(textwrap.dedent(program).lstrip(), chooser)


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
    distinctive = [
        student for student in originals
        if key[student].split()[-1] in DISTINCTIVE
    ]  # fmt: skip
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
