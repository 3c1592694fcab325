// Trusted C++ reference: row by row, checking each earlier queen.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> out;
        vector<int> cols;
        place(n, cols, out);
        return out;
    }

private:
    static bool safe(const vector<int>& cols, int col) {
        int row = static_cast<int>(cols.size());
        for (int r = 0; r < row; ++r)
            if (cols[r] == col || abs(cols[r] - col) == row - r) return false;
        return true;
    }
    void place(int n, vector<int>& cols, vector<vector<int>>& out) {
        if (static_cast<int>(cols.size()) == n) { out.push_back(cols); return; }
        for (int c = 0; c < n; ++c) {
            if (!safe(cols, c)) continue;
            cols.push_back(c);
            place(n, cols, out);
            cols.pop_back();
        }
    }
};
