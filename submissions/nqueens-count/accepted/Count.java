// LeetCode 52 in Java: count as the search goes, with boolean arrays for the lines in use.
class Solution {
    public int totalNQueens(int n) {
        return place(0, n, new boolean[n], new boolean[2 * n], new boolean[2 * n]);
    }

    private int place(int row, int n, boolean[] cols, boolean[] diag, boolean[] anti) {
        if (row == n) return 1;
        int total = 0;
        for (int c = 0; c < n; c++) {
            if (cols[c] || diag[row + c] || anti[row - c + n]) continue;
            cols[c] = diag[row + c] = anti[row - c + n] = true;
            total += place(row + 1, n, cols, diag, anti);
            cols[c] = diag[row + c] = anti[row - c + n] = false;
        }
        return total;
    }
}
