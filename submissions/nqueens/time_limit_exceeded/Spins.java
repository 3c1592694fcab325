// A loop that never ends: over Java's time limit (the problem's, times Java's factor 2).
class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        long turns = 0;
        while (turns >= 0) turns++;
        return new ArrayList<>();
    }
}
