# Too slow: every subset of the n * n squares is tried (2^36 at n = 6), each checked after.
def count_knights(n, k):
    squares = n * n
    total = 0
    for mask in range(1 << squares):
        if bin(mask).count("1") != k:
            continue
        cells = [divmod(i, n) for i in range(squares) if mask >> i & 1]
        if all(sorted((abs(a - c), abs(b - d))) != [1, 2]
               for i, (a, b) in enumerate(cells) for (c, d) in cells[i + 1:]):
            total += 1
    return total
