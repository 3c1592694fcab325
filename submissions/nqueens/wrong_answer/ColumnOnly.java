// Lesson mistake: only the column is checked, so queens may share a diagonal either way.
class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> result = new ArrayList<>();
        place(n, new ArrayList<>(), result);
        return result;
    }

    private void place(int n, List<Integer> cols, List<List<Integer>> result) {
        if (cols.size() == n) {
            result.add(new ArrayList<>(cols));
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols.contains(c)) continue;
            cols.add(c);
            place(n, cols, result);
            cols.remove(cols.size() - 1);
        }
    }
}
