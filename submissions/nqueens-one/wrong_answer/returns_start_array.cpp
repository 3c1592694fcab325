// Lesson mistake: when the search finds nothing (n = 2 or 3) it returns the array it started
// with, {-1, -1}, where the problem asks for an empty list.
class Solution {
public:
    vector<int> solveOne(int n) {
        vector<int> cols(n, -1);
        place(0, n, cols);
        return cols;
    }

private:
    bool place(int row, int n, vector<int>& cols) {
        if (row == n) return true;
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int r = 0; r < row; r++)
                if (cols[r] == c || abs(cols[r] - c) == row - r) ok = false;
            if (!ok) continue;
            cols[row] = c;
            if (place(row + 1, n, cols)) return true;
            cols[row] = -1;
        }
        return false;
    }
};
