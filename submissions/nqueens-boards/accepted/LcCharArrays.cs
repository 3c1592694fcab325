public class Solution {
    public IList<IList<string>> SolveNQueens(int n) {
        var result = new List<IList<string>>();
        var board = new char[n][];
        for (int i = 0; i < n; i++) {
            board[i] = new char[n];
            Array.Fill(board[i], '.');
        }
        Solve(board, 0, result);
        return result;
    }

    private void Solve(char[][] board, int row, List<IList<string>> result) {
        int n = board.Length;
        if (row == n) {
            result.Add(board.Select(r => new string(r)).ToList());
            return;
        }
        for (int col = 0; col < n; col++) {
            if (!IsSafe(board, row, col)) continue;
            board[row][col] = 'Q';
            Solve(board, row + 1, result);
            board[row][col] = '.';
        }
    }

    private bool IsSafe(char[][] board, int row, int col) {
        for (int r = 0; r < row; r++) {
            int c = Array.IndexOf(board[r], 'Q');
            if (c == col || Math.Abs(c - col) == row - r) return false;
        }
        return true;
    }
}
