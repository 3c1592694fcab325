// A Dictionary read before anything was stored under the key: KeyNotFoundException.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var usedDiagonal = new Dictionary<int, bool>();
        var res = new List<IList<int>>();
        var cur = new List<int>();
        Go(n, cur, res, usedDiagonal);
        return res;
    }

    private void Go(int n, List<int> cur, List<IList<int>> res, Dictionary<int, bool> diag) {
        int r = cur.Count;
        if (r == n) { res.Add(new List<int>(cur)); return; }
        for (int c = 0; c < n; c++) {
            if (cur.Contains(c) || diag[r - c]) continue;
            diag[r - c] = true;
            cur.Add(c);
            Go(n, cur, res, diag);
            cur.RemoveAt(cur.Count - 1);
            diag[r - c] = false;
        }
    }
}
