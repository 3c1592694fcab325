// LeetCode 52 in C++: bitmask DFS with __builtin_ctz, the answer in a member.
class Solution {
    int ans = 0;
    void dfs(int n, int row, int cols, int d1, int d2) {
        if (row == n) { ++ans; return; }
        int avail = ((1 << n) - 1) & ~(cols | d1 | d2);
        while (avail) {
            int p = avail & -avail;
            avail ^= p;
            dfs(n, row + 1, cols | p, (d1 | p) << 1, (d2 | p) >> 1);
        }
    }
public:
    int totalNQueens(int n) {
        dfs(n, 0, 0, 0, 0);
        return ans;
    }
};
