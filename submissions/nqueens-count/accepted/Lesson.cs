// The lesson's search in C#, counting: row by row, each new queen checked against every
// queen placed.
public class Solution {
    public int TotalNQueens(int n) {
        return Place(0, n, new List<int>());
    }

    private static bool IsSafe(List<int> placement, int row, int col) {
        for (int r = 0; r < row; r++)
            if (placement[r] == col || Math.Abs(placement[r] - col) == row - r) return false;
        return true;
    }

    private static int Place(int row, int n, List<int> placement) {
        if (row == n) return 1;
        int found = 0;
        for (int col = 0; col < n; col++) {
            if (!IsSafe(placement, row, col)) continue;
            placement.Add(col);
            found += Place(row + 1, n, placement);
            placement.RemoveAt(placement.Count - 1);
        }
        return found;
    }
}
