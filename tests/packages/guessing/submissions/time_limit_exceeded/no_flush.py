# print() into a pipe is buffered (and sys.stdin.readline, unlike input(), flushes nothing):
# the guess never reaches the validator, and both wait.
import sys

low, high = 1, 1000
while True:
    guess = (low + high) // 2
    print(guess)
    answer = sys.stdin.readline().strip()
    if answer == "correct":
        break
    if answer == "lower":
        high = guess - 1
    else:
        low = guess + 1
