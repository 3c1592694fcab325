// Trusted Java reference: bitmask search over free columns and both diagonals.
class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> out = new ArrayList<>();
        search(n, new ArrayList<>(), 0, 0, 0, out);
        return out;
    }

    private void search(int n, List<Integer> cols, int used, int diag, int anti,
                        List<List<Integer>> out) {
        int row = cols.size();
        if (row == n) {
            out.add(new ArrayList<>(cols));
            return;
        }
        for (int c = 0; c < n; c++) {
            int d = 1 << (row + c), a = 1 << (row - c + n);
            if ((used & (1 << c)) != 0 || (diag & d) != 0 || (anti & a) != 0) continue;
            cols.add(c);
            search(n, cols, used | (1 << c), diag | d, anti | a, out);
            cols.remove(cols.size() - 1);
        }
    }
}
