count = int(input())
print(sum(map(int, input().split())) / count)
