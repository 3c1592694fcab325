// The diagonal index r - c shifted by n, not n - 1: r = n - 1, c = 0 writes one past the
// end of the 2n - 1 flags. Undefined behaviour: the answers vary from run to run (some
// placements missing); the sanitized rerun stops at the line, with the index and the size.
class Solution {
    vector<vector<int>> found;
    vector<int> cols;
    vector<bool> used, down, up;

    void place(int r, int n) {
        if (r == n) {
            found.push_back(cols);
            return;
        }
        for (int c = 0; c < n; c++) {
            if (used[c] || down[r - c + n] || up[r + c]) continue;
            used[c] = down[r - c + n] = up[r + c] = true;
            cols.push_back(c);
            place(r + 1, n);
            cols.pop_back();
            used[c] = down[r - c + n] = up[r + c] = false;
        }
    }

public:
    vector<vector<int>> solveNQueens(int n) {
        used.assign(n, false);
        down.assign(2 * n - 1, false);
        up.assign(2 * n - 1, false);
        place(0, n);
        return found;
    }
};
