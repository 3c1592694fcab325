"""Random inputs for Sudoku Solver, which a signature cannot say: a puzzle with exactly one
solution (the checker compares the board with the references'), made from a solved grid by
blanking squares one at a time, each kept blank only while the solution stays the only one;
one puzzle in four is of the hard kind for a search in reading order (below).
`rng` is a random.Random; every choice is drawn from it, so a failure shrinks to a puzzle with
fewer blanks, still one with one solution."""

import random

DIGITS = "123456789"
# As many blanks as the lesson's search takes 0.3 s for at most, on the hard kind, and one
# that checks the whole board after every digit takes 1.3 to 5 s (measured).
HARD_BLANKS = 46


def generate(rng: random.Random) -> dict[str, object]:
    # Hypothesis shrinks a number towards 0: the hard kind is the top of the range, so that a
    # failure shrinks towards an easy puzzle.
    hard = rng.random() >= 0.75
    grid = _solved_grid(rng)
    blanks = rng.randint(1, 55)
    squares = list(range(81))
    rng.shuffle(squares)
    if hard:
        # The hard kind for a search in reading order that tries 1 first: the top row's
        # answer reads 987654321 and the top rows are blanked first, so its first guesses
        # are wrong and found out only many squares later.
        rename = {digit: str(9 - place) for place, digit in enumerate(grid[:9])}
        grid = [rename[digit] for digit in grid]
        squares.sort(key=lambda square: square // 9)
        blanks = HARD_BLANKS
    blanked = 0
    for square in squares:
        if blanked == blanks:
            break
        kept = grid[square]
        grid[square] = "."
        if _solutions(grid, 2) == 1:
            blanked += 1
        else:
            grid[square] = kept
    return {"board": [grid[row * 9 : row * 9 + 9] for row in range(9)]}


def _solved_grid(rng: random.Random) -> list[str]:
    """A valid solution: a fixed pattern with its digits renamed, its rows shuffled within
    bands and the bands among themselves, the same for columns."""
    names = list(DIGITS)
    rng.shuffle(names)

    def order() -> list[int]:
        bands = [0, 1, 2]
        rng.shuffle(bands)
        lines = []
        for band in bands:
            inside = [0, 1, 2]
            rng.shuffle(inside)
            lines += [band * 3 + line for line in inside]
        return lines

    rows, cols = order(), order()
    return [names[(r % 3 * 3 + r // 3 + c) % 9] for r in rows for c in cols]


def _solutions(grid: list[str], enough: int) -> int:
    """How many solutions the grid has, counting up to `enough`: the blank with the fewest
    candidates filled first."""
    free = [i for i in range(81) if grid[i] == "."]
    if not free:
        return 1
    best, choices = -1, ""
    for square in free:
        row, col = divmod(square, 9)
        box = (row // 3 * 3, col // 3 * 3)
        used = {grid[row * 9 + c] for c in range(9)} | {grid[r * 9 + col] for r in range(9)}
        used |= {grid[(box[0] + r) * 9 + box[1] + c] for r in range(3) for c in range(3)}
        possible = "".join(digit for digit in DIGITS if digit not in used)
        if best < 0 or len(possible) < len(choices):
            best, choices = square, possible
            if len(possible) <= 1:
                break
    found = 0
    for digit in choices:
        grid[best] = digit
        found += _solutions(grid, enough - found)
        if found >= enough:
            break
    grid[best] = "."
    return found
