// The find-one lesson's own code in C#: the first safe column in each row, checked with
// Enumerable.All, and the search stops at the first full placement.
public class Solution {
    public IList<int> SolveOne(int n) {
        var placement = new List<int>();
        return Place(0, n, placement) ? placement : new List<int>();
    }

    private static bool IsSafe(List<int> placement, int row, int col) {
        return placement.Select((c, r) => (c: c, r: r))
            .All(q => q.c != col && Math.Abs(q.c - col) != row - q.r);
    }

    private static bool Place(int row, int n, List<int> placement) {
        if (row == n) return true;
        for (int col = 0; col < n; col++) {
            if (IsSafe(placement, row, col)) {
                placement.Add(col);
                if (Place(row + 1, n, placement)) return true;
                placement.RemoveAt(placement.Count - 1);
            }
        }
        return false;
    }
}
