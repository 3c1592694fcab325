// Lesson mistake: the diagonal test compares a signed difference, without Math.Abs: only
// one direction of diagonal is ever caught.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var result = new List<IList<int>>();
        Place(n, new List<int>(), result);
        return result;
    }
    void Place(int n, List<int> cols, List<IList<int>> result) {
        int row = cols.Count;
        if (row == n) { result.Add(new List<int>(cols)); return; }
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int r = 0; r < row; r++) if (cols[r] == c || cols[r] - c == row - r) { ok = false; break; }
            if (!ok) continue;
            cols.Add(c); Place(n, cols, result); cols.RemoveAt(cols.Count - 1);
        }
    }
}
