class Solution {
    int res;

    public int totalNQueens(int n) {
        res = 0;
        int[] queens = new int[n];
        Arrays.fill(queens, -1);
        place(queens, 0);
        return res;
    }

    void place(int[] queens, int row) {
        int n = queens.length;
        if (row == n) {
            res++;
            return;
        }
        for (int col = 0; col < n; col++) {
            if (isValid(queens, row, col)) {
                queens[row] = col;
                place(queens, row + 1);
                queens[row] = -1;
            }
        }
    }

    boolean isValid(int[] queens, int row, int col) {
        for (int i = 0; i < row; i++) {
            if (queens[i] == col || Math.abs(queens[i] - col) == Math.abs(i - row)) return false;
        }
        return true;
    }
}
