public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        IList<IList<int>> placements = new List<IList<int>>();
        List<int> placement = new List<int>();
        Backtrack(n, 0, placement, placements);
        return placements;
    }

    private void Backtrack(int n, int row, List<int> placement, IList<IList<int>> placements) {
        if (row == n) {
            placements.Add(new List<int>(placement));
            return;
        }
        for (int col = 0; col < n; col++) {
            if (IsValid(placement, row, col)) {
                placement.Add(col);
                Backtrack(n, row + 1, placement, placements);
            }
        }
    }

    private bool IsValid(List<int> placement, int row, int col) {
        for (int i = 0; i < row; i++) {
            if (placement[i] == col || Math.Abs(row - i) == Math.Abs(col - placement[i])) {
                return false;
            }
        }
        return true;
    }
}
