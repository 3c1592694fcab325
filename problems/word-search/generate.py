"""Random inputs for Word Search: small boards of few letters, so that a word can often be
read in more than one way; half the words are read off the board along a path (found), half
are any letters (mostly not found). A signature cannot say "a path in the board". `rng` is a
random.Random; every choice is drawn from it."""

import random

LETTERS = "ABC"
SIDE = 4
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def generate(rng: random.Random) -> dict[str, object]:
    # Every letter of the largest board first, then the board's size: a failure then shrinks
    # to a smaller board that keeps its letters (drawn after the size, they would shift).
    letters = [[rng.choice(LETTERS) for _ in range(SIDE)] for _ in range(SIDE)]
    rows, cols = rng.randint(1, SIDE), rng.randint(1, SIDE)
    board = [row[:cols] for row in letters[:rows]]
    length = rng.randint(1, 7)
    if rng.random() < 0.5:
        word = "".join(rng.choice(LETTERS) for _ in range(length))
    else:
        word = _along_a_path(board, rng, length)
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
