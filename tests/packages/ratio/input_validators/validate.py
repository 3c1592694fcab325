import re
import sys

line = sys.stdin.read()
match = re.fullmatch(r"(-?\d+) (-?\d+)\n", line)
if match and int(match[2]) != 0 and all(abs(int(x)) <= 10**9 for x in match.groups()):
    sys.exit(42)
sys.exit(43)
