// The lesson's search in Java: square by square, a knight where none placed attacks it.
class Solution {
    private static final int[][] BACK = {{-1, -2}, {-1, 2}, {-2, -1}, {-2, 1}};

    public int countKnights(int n, int k) {
        return place(new boolean[n][n], n, 0, k);
    }

    private int place(boolean[][] board, int n, int square, int left) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = place(board, n, square + 1, left);
        boolean safe = true;
        for (int[] m : BACK) {
            int rr = r + m[0], cc = c + m[1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr][cc]) safe = false;
        }
        if (safe) {
            board[r][c] = true;
            total += place(board, n, square + 1, left - 1);
            board[r][c] = false;
        }
        return total;
    }
}
