// Writing through a null pointer: the program dies of SIGSEGV.
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) {
        volatile int *nowhere = nullptr;
        *nowhere = n;
        return {};
    }
};
