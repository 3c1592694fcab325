// Reading past the end of an array throws IndexOutOfRangeException.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var cols = new int[n];
        cols[n] = 1;
        return new List<IList<int>>();
    }
}
