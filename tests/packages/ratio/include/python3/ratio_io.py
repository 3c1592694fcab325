"""Given to every Python submission by the package (include/python3/)."""

import sys


def read_pair() -> tuple[int, int]:
    a, b = sys.stdin.read().split()
    return int(a), int(b)
