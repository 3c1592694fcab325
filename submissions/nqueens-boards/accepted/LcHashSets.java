class Solution {
    Set<Integer> cols = new HashSet<>();
    Set<Integer> pos = new HashSet<>();
    Set<Integer> neg = new HashSet<>();

    public List<List<String>> solveNQueens(int n) {
        List<List<String>> res = new ArrayList<>();
        Deque<Integer> path = new ArrayDeque<>();
        go(0, n, path, res);
        return res;
    }

    void go(int r, int n, Deque<Integer> path, List<List<String>> res) {
        if (r == n) {
            res.add(path.stream()
                .map(c -> ".".repeat(c) + "Q" + ".".repeat(n - c - 1))
                .collect(Collectors.toList()));
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols.contains(c) || pos.contains(r + c) || neg.contains(r - c)) continue;
            cols.add(c); pos.add(r + c); neg.add(r - c); path.addLast(c);
            go(r + 1, n, path, res);
            cols.remove(c); pos.remove(r + c); neg.remove(r - c); path.removeLast();
        }
    }
}
