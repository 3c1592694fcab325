// Calling a method on null throws NullPointerException.
class Solution {
    private List<Integer> cols;

    public List<List<Integer>> solveNQueens(int n) {
        cols.add(n);
        return new ArrayList<>();
    }
}
