"""The format's call: validate.py input judge_answer feedback_dir < team_output."""

import sys
from pathlib import Path

input_file, answer_file, feedback = sys.argv[1], sys.argv[2], Path(sys.argv[3])
n = int(Path(input_file).read_text())


def verdict(accepted: bool, team: str, judge: str) -> None:
    (feedback / "teammessage.txt").write_text(team)
    (feedback / "judgemessage.txt").write_text(judge)
    sys.exit(42 if accepted else 43)


words = sys.stdin.read().split()
if len(words) != 2 or not all(word.isdigit() for word in words):
    verdict(False, "print two positive integers", f"n = {n}: got {words[:3]}")
a, b = map(int, words)
if a < 1 or b < 1:
    verdict(False, "both numbers must be positive", f"n = {n}: got {a} {b}")
if a + b != n:
    verdict(False, "the two numbers do not add up to n", f"n = {n}: {a} + {b} = {a + b}")
verdict(True, "", "")
