class Solution {
    bitset<10> cols;
    bitset<20> d1, d2;
    int res = 0;

    void dfs(int r, int n) {
        if (r == n) { ++res; return; }
        for (int c = 0; c < n; ++c) {
            if (cols[c] || d1[r + c] || d2[r - c + n]) continue;
            cols[c] = d1[r + c] = d2[r - c + n] = 1;
            dfs(r + 1, n);
            cols[c] = d1[r + c] = d2[r - c + n] = 0;
        }
    }

public:
    int totalNQueens(int n) {
        dfs(0, n);
        return res;
    }
};
