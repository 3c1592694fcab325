"""Random inputs for Combinations: k never more than n, which the signature's bounds (each
parameter's own) cannot say. `rng` is a random.Random; every choice is drawn from it."""

import random


def generate(rng: random.Random) -> dict[str, int]:
    n = rng.randint(1, 12)
    return {"n": n, "k": rng.randint(1, n)}
