# Rounds to two decimals: 2.33 is more than 1e-6 away from 2.333333333.
count = int(input())
print(f"{sum(map(int, input().split())) / count:.2f}")
