class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> res = new ArrayList<>();
        backtrack(n, new ArrayList<>(), new HashSet<>(), new HashSet<>(), new HashSet<>(), res);
        return res;
    }

    private void backtrack(int n, List<Integer> cur, Set<Integer> cols, Set<Integer> d1,
                           Set<Integer> d2, List<List<Integer>> res) {
        int r = cur.size();
        if (r == n) {
            res.add(new ArrayList<>(cur));
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols.contains(c) || d1.contains(r - c) || d2.contains(r + c)) continue;
            cols.add(c); d1.add(r - c); d2.add(r + c); cur.add(c);
            backtrack(n, cur, cols, d1, d2, res);
            cols.remove(c); d1.remove(r - c); d2.remove(r + c); cur.remove(cur.size() - 1);
        }
    }
}
