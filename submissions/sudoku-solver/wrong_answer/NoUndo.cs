// Lesson mistake: a digit that led nowhere is never taken back ('.' not restored), so the
// rest of the search builds on a wrong board.
public class Solution {
    public void SolveSudoku(char[][] board) {
        Fill(board);
    }

    bool Allowed(char[][] board, int r, int c, char d) {
        for (int i = 0; i < 9; i++)
            if (board[r][i] == d || board[i][c] == d || board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d)
                return false;
        return true;
    }

    bool Fill(char[][] board) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) {
                if (board[r][c] != '.') continue;
                for (char d = '1'; d <= '9'; d++) {
                    if (!Allowed(board, r, c, d)) continue;
                    board[r][c] = d;
                    if (Fill(board)) return true;
                }
                return false;
            }
        return true;
    }
}
