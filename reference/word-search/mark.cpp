// Trusted C++ reference: a search from every cell, the path's cells marked, unmarked after.
class Solution {
public:
    bool exist(vector<vector<char>>& board, string word) {
        for (int r = 0; r < (int)board.size(); ++r)
            for (int c = 0; c < (int)board[0].size(); ++c)
                if (found(board, word, r, c, 0)) return true;
        return false;
    }

private:
    bool found(vector<vector<char>>& board, const string& word, int r, int c, size_t i) {
        if (i == word.size()) return true;
        if (r < 0 || c < 0 || r >= (int)board.size() || c >= (int)board[0].size()) return false;
        if (board[r][c] != word[i]) return false;
        board[r][c] = '#';
        bool ok = found(board, word, r + 1, c, i + 1) || found(board, word, r - 1, c, i + 1) ||
                  found(board, word, r, c + 1, i + 1) || found(board, word, r, c - 1, i + 1);
        board[r][c] = word[i];
        return ok;
    }
};
