class Solution {
public:
    int totalNQueens(int n) {
        vector<bool> col(n, false), diag(2 * n, false), anti(2 * n, false);
        int count = 0;
        solve(0, n, col, diag, anti, count);
        return count;
    }

    void solve(int r, int n, vector<bool>& col, vector<bool>& diag, vector<bool>& anti, int& count) {
        if (r == n) { count++; return; }
        for (int c = 0; c < n; c++) {
            if (col[c] || diag[r + c] || anti[r - c + n - 1]) continue;
            col[c] = diag[r + c] = anti[r - c + n - 1] = true;
            solve(r + 1, n, col, diag, anti, count);
            col[c] = diag[r + c] = anti[r - c + n - 1] = false;
        }
    }
};
