// LeetCode 52 with the count in a static field, never reset: each call adds to the last
// one's total. Run alone, every test passes.
class Solution {
    static int count = 0;

    public int totalNQueens(int n) {
        place(0, n, new boolean[n], new boolean[2 * n], new boolean[2 * n]);
        return count;
    }

    private void place(int row, int n, boolean[] cols, boolean[] diag, boolean[] anti) {
        if (row == n) {
            count++;
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols[c] || diag[row + c] || anti[row - c + n]) continue;
            cols[c] = diag[row + c] = anti[row - c + n] = true;
            place(row + 1, n, cols, diag, anti);
            cols[c] = diag[row + c] = anti[row - c + n] = false;
        }
    }
}
