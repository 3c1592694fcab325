// vector::at past the end throws std::out_of_range.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        vector<int> cols(n);
        cols.at(n) = 0;
        return {cols};
    }
};
