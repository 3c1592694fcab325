class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> res;
        vector<string> board(n, string(n, '.'));
        vector<bool> col(n), d1(2 * n), d2(2 * n);
        backtrack(0, n, board, col, d1, d2, res);
        return res;
    }

private:
    void backtrack(int r, int n, vector<string>& board, vector<bool>& col, vector<bool>& d1,
                   vector<bool>& d2, vector<vector<string>>& res) {
        if (r == n) {
            res.push_back(board);
            return;
        }
        for (int c = 0; c < n; c++) {
            if (col[c] || d1[r + c] || d2[r - c + n]) continue;
            col[c] = d1[r + c] = d2[r - c + n] = true;
            board[r][c] = 'Q';
            backtrack(r + 1, n, board, col, d1, d2, res);
            board[r][c] = '.';
            col[c] = d1[r + c] = d2[r - c + n] = false;
        }
    }
};
