class Solution {
    vector<vector<string>> res;
    vector<int> queens;
    int n;

    void solve(int row, int cols, int ld, int rd) {
        if (row == n) {
            vector<string> b(n, string(n, '.'));
            for (int i = 0; i < n; ++i) b[i][queens[i]] = 'Q';
            res.emplace_back(b);
            return;
        }
        int avail = ((1 << n) - 1) & ~(cols | ld | rd);
        while (avail) {
            int bit = avail & -avail;
            avail ^= bit;
            queens[row] = __builtin_ctz(bit);
            solve(row + 1, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        }
    }

public:
    vector<vector<string>> solveNQueens(int n) {
        this->n = n;
        queens.assign(n, 0);
        solve(0, 0, 0, 0);
        return res;
    }
};
