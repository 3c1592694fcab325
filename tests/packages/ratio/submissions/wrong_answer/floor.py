# Integer division: the sample fails, so the large group is not run; the small one fails.
from ratio_io import read_pair

a, b = read_pair()
print(a // b)
