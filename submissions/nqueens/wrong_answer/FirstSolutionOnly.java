// Lesson mistake: stopping at the first solution instead of collecting them all.
class Solution {
    private boolean found = false;

    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> result = new ArrayList<>();
        place(n, new ArrayList<>(), result);
        return result;
    }

    private void place(int n, List<Integer> cols, List<List<Integer>> result) {
        if (found) return;
        int row = cols.size();
        if (row == n) {
            result.add(new ArrayList<>(cols));
            found = true;
            return;
        }
        for (int c = 0; c < n; c++) {
            boolean ok = true;
            for (int r = 0; r < row; r++) {
                if (cols.get(r) == c || Math.abs(cols.get(r) - c) == row - r) { ok = false; break; }
            }
            if (!ok) continue;
            cols.add(c);
            place(n, cols, result);
            cols.remove(cols.size() - 1);
        }
    }
}
