public class Solution {
    public int TotalNQueens(int n) {
        var cols = new HashSet<int>();
        var pos = new HashSet<int>();
        var neg = new HashSet<int>();
        return Count(0, n, cols, pos, neg);
    }

    private static int Count(int r, int n, HashSet<int> cols, HashSet<int> pos, HashSet<int> neg) {
        if (r == n) return 1;
        int total = 0;
        for (int c = 0; c < n; c++) {
            if (cols.Contains(c) || pos.Contains(r + c) || neg.Contains(r - c)) continue;
            cols.Add(c); pos.Add(r + c); neg.Add(r - c);
            total += Count(r + 1, n, cols, pos, neg);
            cols.Remove(c); pos.Remove(r + c); neg.Remove(r - c);
        }
        return total;
    }
}
