// The lesson's search in Java, on LeetCode's char[][] board.
class Solution {
    public void solveSudoku(char[][] board) {
        fill(board);
    }

    private boolean allowed(char[][] board, int r, int c, char d) {
        for (int i = 0; i < 9; i++)
            if (board[r][i] == d || board[i][c] == d || board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d)
                return false;
        return true;
    }

    private boolean fill(char[][] board) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) {
                if (board[r][c] != '.') continue;
                for (char d = '1'; d <= '9'; d++) {
                    if (!allowed(board, r, c, d)) continue;
                    board[r][c] = d;
                    if (fill(board)) return true;
                    board[r][c] = '.';
                }
                return false;
            }
        return true;
    }
}
