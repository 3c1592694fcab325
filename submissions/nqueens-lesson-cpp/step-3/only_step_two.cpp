class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> placements;
        vector<int> placement;
        return placements;
    }
};
