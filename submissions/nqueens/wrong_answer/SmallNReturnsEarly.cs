// Lesson mistake: "no board under 4 has a solution" returns early, but n = 1 has one.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var result = new List<IList<int>>();
        if (n < 4) return result;
        Place(n, new List<int>(), result);
        return result;
    }
    void Place(int n, List<int> cols, List<IList<int>> result) {
        int row = cols.Count;
        if (row == n) { result.Add(new List<int>(cols)); return; }
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int r = 0; r < row; r++) if (cols[r] == c || Math.Abs(cols[r] - c) == row - r) { ok = false; break; }
            if (!ok) continue;
            cols.Add(c); Place(n, cols, result); cols.RemoveAt(cols.Count - 1);
        }
    }
}
