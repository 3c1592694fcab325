// Arrays sized for n - 1 diagonals instead of 2n - 1: the last diagonal index is past the end.
class Solution {
    public int totalNQueens(int n) {
        boolean[] cols = new boolean[n], d1 = new boolean[n], d2 = new boolean[n];
        return go(0, n, cols, d1, d2);
    }

    private int go(int r, int n, boolean[] cols, boolean[] d1, boolean[] d2) {
        if (r == n) return 1;
        int total = 0;
        for (int c = 0; c < n; c++) {
            if (cols[c] || d1[r + c] || d2[r - c + n - 1]) continue;
            cols[c] = d1[r + c] = d2[r - c + n - 1] = true;
            total += go(r + 1, n, cols, d1, d2);
            cols[c] = d1[r + c] = d2[r - c + n - 1] = false;
        }
        return total;
    }
}
