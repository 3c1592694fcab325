// Lesson mistake: cells are never marked, so a path may use a cell twice ("ABCB" is found).
class Solution {
public:
    bool exist(vector<vector<char>>& board, string word) {
        for (int r = 0; r < (int)board.size(); r++)
            for (int c = 0; c < (int)board[0].size(); c++)
                if (search(board, word, r, c, 0)) return true;
        return false;
    }

private:
    bool search(vector<vector<char>>& board, const string& word, int r, int c, int i) {
        if (i == (int)word.size()) return true;
        if (r < 0 || c < 0 || r >= (int)board.size() || c >= (int)board[0].size()) return false;
        if (board[r][c] != word[i]) return false;
        return search(board, word, r + 1, c, i + 1) || search(board, word, r - 1, c, i + 1) ||
               search(board, word, r, c + 1, i + 1) || search(board, word, r, c - 1, i + 1);
    }
};
