// A type error on line 6: the message must point at this file's line, not the driver's.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<vector<int>> result;
        string board = n;
        return result;
    }
};
