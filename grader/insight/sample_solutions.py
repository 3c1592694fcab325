"""N-Queens solutions as a class writes them, drawn at random (sample.py makes a class of
them): a search family, a way to check a square, a way to collect placements, names, and a
paraphrase of the whole."""

from __future__ import annotations

import random
import textwrap

from .disguises import paraphrased

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
