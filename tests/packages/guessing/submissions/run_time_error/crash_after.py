# Finds the number, then fails: a crash after the right answer is still a crash.
low, high = 1, 1000
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    answer = input()
    if answer == "correct":
        raise SystemExit(1)
    if answer == "lower":
        high = guess - 1
    else:
        low = guess + 1
