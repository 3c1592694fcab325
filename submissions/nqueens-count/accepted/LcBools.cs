public class Solution {
    private int res = 0;

    public int TotalNQueens(int n) {
        Backtrack(0, n, new bool[n], new bool[2 * n - 1], new bool[2 * n - 1]);
        return res;
    }

    private void Backtrack(int r, int n, bool[] cols, bool[] diag, bool[] anti) {
        if (r == n) {
            res++;
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols[c] || diag[r + c] || anti[r - c + n - 1]) continue;
            cols[c] = diag[r + c] = anti[r - c + n - 1] = true;
            Backtrack(r + 1, n, cols, diag, anti);
            cols[c] = diag[r + c] = anti[r - c + n - 1] = false;
        }
    }
}
