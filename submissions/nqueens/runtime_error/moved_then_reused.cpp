// The lesson's "no copy": the placement is moved into the answer, then the next one is
// written into the vector it left empty. The program dies of SIGSEGV; the sanitized rerun
// names the line of `cols[r] = c` and says a moved-from vector is empty.
class Solution {
    vector<vector<int>> found;
    vector<int> cols;
    vector<bool> used, down, up;

    void place(int r, int n) {
        if (r == n) {
            found.push_back(std::move(cols));
            return;
        }
        for (int c = 0; c < n; c++) {
            if (used[c] || down[r - c + n - 1] || up[r + c]) continue;
            used[c] = down[r - c + n - 1] = up[r + c] = true;
            cols[r] = c;
            place(r + 1, n);
            used[c] = down[r - c + n - 1] = up[r + c] = false;
        }
    }

public:
    vector<vector<int>> solveNQueens(int n) {
        cols.assign(n, 0);
        used.assign(n, false);
        down.assign(2 * n - 1, false);
        up.assign(2 * n - 1, false);
        place(0, n);
        return found;
    }
};
