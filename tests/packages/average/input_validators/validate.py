import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"([0-9]+)\n(-?[0-9]+(?: -?[0-9]+)*)\n", text)
if not match:
    sys.exit("the input is not a count and a line of integers")
count, numbers = int(match[1]), [int(word) for word in match[2].split()]
if not 1 <= count <= 1000 or len(numbers) != count:
    sys.exit(f"expected {count} numbers, 1 to 1000 of them")
if any(abs(number) > 10**6 for number in numbers):
    sys.exit("a number is out of range")
sys.exit(42)
