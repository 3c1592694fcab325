// LeetCode 51 in C#: boards of strings.
public class Solution {
    public IList<IList<string>> SolveNQueens(int n) {
        var boards = new List<IList<string>>();
        Place(n, new List<int>(), boards);
        return boards;
    }

    void Place(int n, List<int> cols, List<IList<string>> boards) {
        int row = cols.Count;
        if (row == n) {
            boards.Add(cols.Select(c => new string('.', c) + "Q" + new string('.', n - c - 1)).ToList());
            return;
        }
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int r = 0; r < row; r++)
                if (cols[r] == c || Math.Abs(cols[r] - c) == row - r) { ok = false; break; }
            if (!ok) continue;
            cols.Add(c);
            Place(n, cols, boards);
            cols.RemoveAt(cols.Count - 1);
        }
    }
}
