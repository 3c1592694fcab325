// The lesson's search in C++, counting: row by row, each new queen checked against every
// queen placed.
class Solution {
public:
    int totalNQueens(int n) {
        vector<int> placement;
        return place(0, n, placement);
    }

private:
    bool isSafe(const vector<int>& placement, int row, int col) {
        for (int r = 0; r < row; ++r)
            if (placement[r] == col || abs(placement[r] - col) == row - r) return false;
        return true;
    }

    int place(int row, int n, vector<int>& placement) {
        if (row == n) return 1;
        int found = 0;
        for (int col = 0; col < n; ++col) {
            if (!isSafe(placement, row, col)) continue;
            placement.push_back(col);
            found += place(row + 1, n, placement);
            placement.pop_back();
        }
        return found;
    }
};
