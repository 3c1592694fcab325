count = int(input())
numbers = list(map(int, input().split()))
while True:  # never done
    numbers.sort()
