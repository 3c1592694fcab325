def chain_sum(n: int) -> int:
    total = 0
    for link in range(1, n + 1):
        total += link
    return total
