// The lesson's search in C#: LeetCode's char[][] board, marked while on the path.
public class Solution {
    public bool Exist(char[][] board, string word) {
        for (int r = 0; r < board.Length; r++)
            for (int c = 0; c < board[0].Length; c++)
                if (Search(board, word, r, c, 0)) return true;
        return false;
    }

    bool Search(char[][] board, string word, int r, int c, int i) {
        if (i == word.Length) return true;
        if (r < 0 || c < 0 || r >= board.Length || c >= board[0].Length) return false;
        if (board[r][c] != word[i]) return false;
        board[r][c] = '#';
        bool found = Search(board, word, r + 1, c, i + 1) || Search(board, word, r - 1, c, i + 1)
            || Search(board, word, r, c + 1, i + 1) || Search(board, word, r, c - 1, i + 1);
        board[r][c] = word[i];
        return found;
    }
}
