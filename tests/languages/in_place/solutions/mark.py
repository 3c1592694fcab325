def mark(
    board: list[list[str]], big: int, ratio: float, flag: bool, letter: str, flags: list[bool]
) -> None:
    board[0][0] = letter
    board[0][1] = "T" if flag is True else "F"
    board[0][2] = "L" if big > 2**40 - 1 else "s"
    board[0][3] = "H" if ratio > 0.5 else "l"
    board[0][4] = "T" if flags[1] is True else "F"
