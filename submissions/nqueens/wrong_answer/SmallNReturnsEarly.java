// Lesson mistake: "no board under 4 has a solution" returns early, but n = 1 has one.
class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> result = new ArrayList<>();
        if (n < 4) return result;
        place(n, new ArrayList<>(), result);
        return result;
    }

    private void place(int n, List<Integer> cols, List<List<Integer>> result) {
        int row = cols.size();
        if (row == n) {
            result.add(new ArrayList<>(cols));
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
