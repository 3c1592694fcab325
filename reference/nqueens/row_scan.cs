// Trusted C# reference: row by row, checking each earlier queen.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var output = new List<IList<int>>();
        Place(n, new List<int>(), output);
        return output;
    }

    static bool Safe(List<int> cols, int col) {
        int row = cols.Count;
        for (int r = 0; r < row; r++)
            if (cols[r] == col || Math.Abs(cols[r] - col) == row - r) return false;
        return true;
    }

    void Place(int n, List<int> cols, List<IList<int>> output) {
        if (cols.Count == n) { output.Add(new List<int>(cols)); return; }
        for (int c = 0; c < n; c++) {
            if (!Safe(cols, c)) continue;
            cols.Add(c);
            Place(n, cols, output);
            cols.RemoveAt(cols.Count - 1);
        }
    }
}
