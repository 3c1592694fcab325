// A static counter outlives each Solution: the second test starts from the first's count.
class Solution {
    static int found;

    void dfs(int r, int n, vector<int>& q) {
        if (r == n) { ++found; return; }
        for (int c = 0; c < n; ++c) {
            bool ok = true;
            for (int i = 0; i < r; ++i)
                if (q[i] == c || abs(q[i] - c) == r - i) ok = false;
            if (!ok) continue;
            q.push_back(c);
            dfs(r + 1, n, q);
            q.pop_back();
        }
    }

public:
    int totalNQueens(int n) {
        vector<int> q;
        dfs(0, n, q);
        return found;
    }
};
int Solution::found = 0;
