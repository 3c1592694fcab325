// Trusted C++ reference: bitmasks of the digits each row, column and box holds.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                if (board[r][c] == '.') empty.push_back({r, c});
                else take(r, c, board[r][c] - '1', true);
        fill(board, 0);
    }

private:
    int rows[9] = {}, cols[9] = {}, boxes[9] = {};
    vector<pair<int, int>> empty;

    void take(int r, int c, int d, bool on) {
        rows[r] ^= 1 << d;
        cols[c] ^= 1 << d;
        boxes[r / 3 * 3 + c / 3] ^= 1 << d;
        (void)on;
    }

    bool fill(vector<vector<char>>& board, size_t i) {
        if (i == empty.size()) return true;
        auto [r, c] = empty[i];
        int used = rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3];
        for (int d = 0; d < 9; ++d) {
            if (used >> d & 1) continue;
            take(r, c, d, true);
            board[r][c] = '1' + d;
            if (fill(board, i + 1)) return true;
            take(r, c, d, false);
            board[r][c] = '.';
        }
        return false;
    }
};
