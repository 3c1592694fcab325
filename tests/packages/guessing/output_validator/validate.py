"""Interactive: validate.py input judge_answer feedback_dir; the submission's output is this
program's stdin, this program's stdout the submission's input."""

import sys
from pathlib import Path

secret = int(Path(sys.argv[1]).read_text())
feedback = Path(sys.argv[3])


def end(accepted: bool, team: str, judge: str) -> None:
    (feedback / "teammessage.txt").write_text(team)
    (feedback / "judgemessage.txt").write_text(judge)
    sys.exit(42 if accepted else 43)


for guess_number in range(1, 11):
    line = sys.stdin.readline()
    if not line:
        end(
            False,
            "the program stopped guessing",
            f"secret {secret}: input ended at guess {guess_number}",
        )
    try:
        guess = int(line)
    except ValueError:
        end(
            False, "a guess is one integer on a line", f"secret {secret}: got {line.strip()[:40]!r}"
        )
    if guess == secret:
        print("correct", flush=True)
        if sys.stdin.read().strip():
            end(False, "nothing may follow the correct guess", f"secret {secret}: trailing output")
        end(True, "", f"secret {secret} in {guess_number} guesses")
    print("lower" if secret < guess else "higher", flush=True)
end(False, "more than ten guesses", f"secret {secret}: not found in ten guesses")
