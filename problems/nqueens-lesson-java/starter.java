class Solution {
    public List<List<Integer>> solveNQueens(int n) {

    }
}
