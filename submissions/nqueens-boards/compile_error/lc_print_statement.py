# Python 2's print statement, left in for debugging.
class Solution(object):
    def solveNQueens(self, n):
        res = []
        print "n =", n
        return res
