# Hostile: a list whose __eq__ says it equals anything, hoping the judge compares with ==.
class Anything(list):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0


def solve_n_queens(n):
    return Anything([Anything([0] * n)])
