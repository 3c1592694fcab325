public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {

    }
}
