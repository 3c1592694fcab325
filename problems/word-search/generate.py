"""Random inputs for Word Search, which a signature cannot say: half the words are read off
the board along a path (found), half are any letters (mostly not found). Most boards are
small, of three letters, so that a word can be read in more than one way; one in eight is
LeetCode's hard kind: a large board of many letters and a long word read along a path up to
its last letter, which is on no square (a search that compares only at the end walks every
path that long). `rng` is a random.Random; every choice is drawn from it."""

import random

SMALL = (4, "ABC")
LARGE = (6, "ABCDEFGHIJKL")
MISSING = "Z"
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def generate(rng: random.Random) -> dict[str, object]:
    # Hypothesis shrinks a number towards 0: the large kind is the top of the range, so that
    # a failure shrinks towards a small board.
    large = rng.random() >= 0.875
    side, letters = LARGE if large else SMALL
    # Every letter of the largest board first, then the board's size: a failure then shrinks
    # to a smaller board that keeps its letters (drawn after the size, they would shift).
    squares = [[rng.choice(letters) for _ in range(side)] for _ in range(side)]
    least = side - 1 if large else 1
    rows, cols = rng.randint(least, side), rng.randint(least, side)
    board = [row[:cols] for row in squares[:rows]]
    if large:
        word = _along_a_path(board, rng, rng.randint(10, 16))[:-1] + MISSING
    elif rng.random() < 0.5:
        word = "".join(rng.choice(letters) for _ in range(rng.randint(1, 7)))
    else:
        word = _along_a_path(board, rng, rng.randint(1, 7))
    return {"board": board, "word": word}


def _along_a_path(board: list[list[str]], rng: random.Random, length: int) -> str:
    """The letters of a path of neighbouring cells, none twice, as long as one can go."""
    row, col = rng.randrange(len(board)), rng.randrange(len(board[0]))
    path = [(row, col)]
    while len(path) < length:
        free = [
            (row + down, col + right)
            for down, right in STEPS
            if 0 <= row + down < len(board)
            and 0 <= col + right < len(board[0])
            and (row + down, col + right) not in path
        ]
        if not free:
            break
        row, col = free[rng.randrange(len(free))]
        path.append((row, col))
    return "".join(board[r][c] for r, c in path)
