// LeetCode-style class Solution; the harness supplies the headers and main.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> result;
        vector<int> cols;
        place(n, cols, result);
        return result;
    }
private:
    void place(int n, vector<int>& cols, vector<vector<int>>& result) {
        int row = cols.size();
        if (row == n) { result.push_back(cols); return; }
        for (int c = 0; c < n; ++c) {
            bool ok = true;
            for (int r = 0; r < row; ++r)
                if (cols[r] == c || abs(cols[r] - c) == row - r) { ok = false; break; }
            if (!ok) continue;
            cols.push_back(c);
            place(n, cols, result);
            cols.pop_back();
        }
    }
};
