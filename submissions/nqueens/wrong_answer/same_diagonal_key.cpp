// Lesson mistake: row + column is the key of both diagonal sets, so the \ diagonals
// (row - column) are never checked.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> result;
        vector<int> cols;
        vector<bool> used(n), diag1(2 * n - 1), diag2(2 * n - 1);
        place(0, n, cols, used, diag1, diag2, result);
        return result;
    }
private:
    void place(int row, int n, vector<int>& cols, vector<bool>& used, vector<bool>& diag1,
               vector<bool>& diag2, vector<vector<int>>& result) {
        if (row == n) { result.push_back(cols); return; }
        for (int c = 0; c < n; ++c) {
            if (used[c] || diag1[row + c] || diag2[row + c]) continue;
            used[c] = diag1[row + c] = diag2[row + c] = true;
            cols.push_back(c);
            place(row + 1, n, cols, used, diag1, diag2, result);
            cols.pop_back();
            used[c] = diag1[row + c] = diag2[row + c] = false;
        }
    }
};
