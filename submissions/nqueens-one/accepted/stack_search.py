# Find one without recursion: the placed columns are the stack; on a dead end, pop the last
# queen and try the next column in its row.
def solve_one(n):
    columns, start = [], 0
    used, downhill, uphill = set(), set(), set()
    while len(columns) < n:
        row = len(columns)
        for c in range(start, n):
            if c not in used and row + c not in downhill and row - c not in uphill:
                columns.append(c)
                used.add(c)
                downhill.add(row + c)
                uphill.add(row - c)
                start = 0
                break
        else:
            if not columns:
                return []
            last = columns.pop()
            used.remove(last)
            downhill.remove(row - 1 + last)
            uphill.remove(row - 1 - last)
            start = last + 1
    return columns
