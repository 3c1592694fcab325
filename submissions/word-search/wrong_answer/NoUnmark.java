// Lesson mistake: a cell marked on the way is never unmarked, so a path that failed blocks
// the cells for every later path.
class Solution {
    public boolean exist(char[][] board, String word) {
        for (int r = 0; r < board.length; r++)
            for (int c = 0; c < board[0].length; c++)
                if (search(board, word, r, c, 0)) return true;
        return false;
    }

    private boolean search(char[][] board, String word, int r, int c, int i) {
        if (i == word.length()) return true;
        if (r < 0 || c < 0 || r >= board.length || c >= board[0].length) return false;
        if (board[r][c] != word.charAt(i)) return false;
        board[r][c] = '#';
        return search(board, word, r + 1, c, i + 1) || search(board, word, r - 1, c, i + 1)
            || search(board, word, r, c + 1, i + 1) || search(board, word, r, c - 1, i + 1);
    }
}
