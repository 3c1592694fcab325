// Lesson mistake: "no board under 4 has a solution" returns early, but n = 1 has one.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> result;
        if (n < 4) return result;
        vector<int> cols;
        place(n, cols, result);
        return result;
    }

private:
    void place(int n, vector<int>& cols, vector<vector<int>>& result) {
        int row = cols.size();
        if (row == n) {
            result.push_back(cols);
            return;
        }
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int r = 0; r < row; r++)
                if (cols[r] == c || abs(cols[r] - c) == row - r) ok = false;
            if (!ok) continue;
            cols.push_back(c);
            place(n, cols, result);
            cols.pop_back();
        }
    }
};
