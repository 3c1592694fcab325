# Guesses 1, 2, 3, ...: ten guesses find only the smallest numbers.
for guess in range(1, 1001):
    print(guess, flush=True)
    if input() == "correct":
        break
