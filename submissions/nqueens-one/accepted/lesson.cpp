// The find-one lesson's own code in C++: the first safe column in each row, and the search
// stops at the first full placement.
class Solution {
public:
    vector<int> solveOne(int n) {
        vector<int> placement;
        return place(0, n, placement) ? placement : vector<int>{};
    }

private:
    bool isSafe(const vector<int>& placement, int row, int col) {
        for (int r = 0; r < row; ++r) {
            int c = placement[r];
            if (c == col || abs(c - col) == row - r) return false;
        }
        return true;
    }

    bool place(int row, int n, vector<int>& placement) {
        if (row == n) return true;
        for (int col = 0; col < n; ++col) {
            if (isSafe(placement, row, col)) {
                placement.push_back(col);
                if (place(row + 1, n, placement)) return true;
                placement.pop_back();
            }
        }
        return false;
    }
};
