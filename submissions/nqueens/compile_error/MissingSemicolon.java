// A missing semicolon on line 5: javac's message must name this line.
class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> result = new ArrayList<>();
        int rows = n
        return result;
    }
}
