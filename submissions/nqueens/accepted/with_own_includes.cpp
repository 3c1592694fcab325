// A submission that brings its own includes and a bitmask search.
#include <vector>
using std::vector;

class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> all;
        vector<int> cols(n);
        search(n, 0, 0, 0, 0, cols, all);
        return all;
    }

private:
    void search(int n, int row, unsigned used, unsigned diag, unsigned anti,
                vector<int>& cols, vector<vector<int>>& all) {
        if (row == n) { all.push_back(cols); return; }
        for (int c = 0; c < n; ++c) {
            unsigned d = 1u << (row + c), a = 1u << (row - c + n);
            if ((used >> c & 1) || (diag & d) || (anti & a)) continue;
            cols[row] = c;
            search(n, row + 1, used | 1u << c, diag | d, anti | a, cols, all);
        }
    }
};
