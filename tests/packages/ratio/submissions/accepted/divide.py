from ratio_io import read_pair  # the package's include/python3/ gives it

a, b = read_pair()
print(f"{a / b:.9f}")
