public class Solution {
    private IList<IList<string>> res = new List<IList<string>>();

    public IList<IList<string>> SolveNQueens(int n) {
        var queens = new int[n];
        Backtrack(0, n, queens, new bool[n], new bool[2 * n], new bool[2 * n]);
        return res;
    }

    private void Backtrack(int row, int n, int[] queens, bool[] cols, bool[] d1, bool[] d2) {
        if (row == n) {
            var board = new List<string>();
            foreach (var q in queens) {
                var sb = new StringBuilder(new string('.', n));
                sb[q] = 'Q';
                board.Add(sb.ToString());
            }
            res.Add(board);
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols[c] || d1[row + c] || d2[row - c + n]) continue;
            cols[c] = d1[row + c] = d2[row - c + n] = true;
            queens[row] = c;
            Backtrack(row + 1, n, queens, cols, d1, d2);
            cols[c] = d1[row + c] = d2[row - c + n] = false;
        }
    }
}
