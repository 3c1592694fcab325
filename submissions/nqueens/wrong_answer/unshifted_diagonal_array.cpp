// The diagonal index r - c not shifted at all, into a fixed array: negative for c > r, so
// it reads and writes the array before it. Correct in Python (a negative index counts from
// the end); in C++ undefined behaviour, here a wrong answer. The sanitized rerun names the
// line and the index.
class Solution {
    vector<vector<int>> found;
    vector<int> cols;
    bool used[9], down[17], up[17];

    void place(int r, int n) {
        if (r == n) {
            found.push_back(cols);
            return;
        }
        for (int c = 0; c < n; c++) {
            if (used[c] || down[r - c] || up[r + c]) continue;
            used[c] = down[r - c] = up[r + c] = true;
            cols.push_back(c);
            place(r + 1, n);
            cols.pop_back();
            used[c] = down[r - c] = up[r + c] = false;
        }
    }

public:
    vector<vector<int>> solveNQueens(int n) {
        memset(used, 0, sizeof used);
        memset(down, 0, sizeof down);
        memset(up, 0, sizeof up);
        place(0, n);
        return found;
    }
};
