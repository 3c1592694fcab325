# C#'s spelling of the name, in Python: neither the lesson's nor LeetCode's.
def SolveNQueens(n):
    return []
