class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> placements;
        vector<int> placement;
        backtrack(n, 0, placement, placements);
        return placements;
    }

    void backtrack(int n, int row, vector<int>& placement, vector<vector<int>>& placements) {
        if (row == n) {
            placements.push_back(placement);
            return;
        }
        for (int col = 0; col < n; col++) {
            if (isValid(placement, row, col)) {
                placement.push_back(col);
                backtrack(n, row + 1, placement, placements);
                placement.pop_back();
            }
        }
    }

    bool isValid(const vector<int>& placement, int row, int col) {
        for (int i = 0; i < row; i++) {
            if (placement[i] == col) {
                return false;
            }
        }
        return true;
    }
};
