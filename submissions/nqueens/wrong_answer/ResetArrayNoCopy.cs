// Lesson mistake: one int[] holds the placement, reset to -1 when a queen is lifted, and the
// array itself is added each time: every entry is the same array, all -1 when the search ends.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var result = new List<IList<int>>();
        var cols = new int[n];
        for (int i = 0; i < n; i++) cols[i] = -1;
        Place(0, n, cols, result);
        return result;
    }
    void Place(int row, int n, int[] cols, List<IList<int>> result) {
        if (row == n) { result.Add(cols); return; }
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int r = 0; r < row; r++) if (cols[r] == c || Math.Abs(cols[r] - c) == row - r) { ok = false; break; }
            if (!ok) continue;
            cols[row] = c; Place(row + 1, n, cols, result); cols[row] = -1;
        }
    }
}
