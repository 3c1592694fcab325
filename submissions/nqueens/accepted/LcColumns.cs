public class Solution {
    private readonly IList<IList<int>> result = new List<IList<int>>();

    public IList<IList<int>> SolveNQueens(int n) {
        Place(n, new int[n], 0);
        return result;
    }

    private void Place(int n, int[] queens, int row) {
        if (row == n) {
            result.Add(queens.ToList());
            return;
        }
        for (int col = 0; col < n; col++) {
            bool safe = true;
            for (int r = 0; r < row && safe; r++)
                safe = queens[r] != col && Math.Abs(queens[r] - col) != row - r;
            if (!safe) continue;
            queens[row] = col;
            Place(n, queens, row + 1);
        }
    }
}
