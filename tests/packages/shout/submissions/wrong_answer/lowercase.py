# Passes where case does not count (the sample, secret/1), fails secret/strict.
print(input())
