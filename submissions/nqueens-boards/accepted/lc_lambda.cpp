#include <functional>

class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> ans;
        vector<int> q;
        unordered_set<int> cols, diag, anti;
        function<void(int)> dfs = [&](int r) {
            if (r == n) {
                vector<string> board;
                for (int c : q) {
                    string row(n, '.');
                    row[c] = 'Q';
                    board.push_back(row);
                }
                ans.push_back(board);
                return;
            }
            for (int c = 0; c < n; ++c) {
                if (cols.count(c) || diag.count(r - c) || anti.count(r + c)) continue;
                cols.insert(c), diag.insert(r - c), anti.insert(r + c), q.push_back(c);
                dfs(r + 1);
                cols.erase(c), diag.erase(r - c), anti.erase(r + c), q.pop_back();
            }
        };
        dfs(0);
        return ans;
    }
};
