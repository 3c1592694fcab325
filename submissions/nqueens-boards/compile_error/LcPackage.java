package leetcode.backtracking;

import java.util.ArrayList;
import java.util.List;

class Solution {
    public List<List<String>> solveNQueens(int n) {
        return new ArrayList<>();
    }
}
