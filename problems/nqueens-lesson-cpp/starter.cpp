class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {

    }
};
