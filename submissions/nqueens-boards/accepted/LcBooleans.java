class Solution {
    private List<List<String>> ans = new ArrayList<>();
    private boolean[] cols, d1, d2;
    private int[] queens;
    private int n;

    public List<List<String>> solveNQueens(int n) {
        this.n = n;
        cols = new boolean[n];
        d1 = new boolean[2 * n];
        d2 = new boolean[2 * n];
        queens = new int[n];
        backtrack(0);
        return ans;
    }

    private void backtrack(int r) {
        if (r == n) {
            List<String> board = new ArrayList<>();
            for (int q : queens) {
                StringBuilder sb = new StringBuilder();
                for (int c = 0; c < n; c++) sb.append(c == q ? 'Q' : '.');
                board.add(sb.toString());
            }
            ans.add(board);
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols[c] || d1[r + c] || d2[r - c + n]) continue;
            cols[c] = d1[r + c] = d2[r - c + n] = true;
            queens[r] = c;
            backtrack(r + 1);
            cols[c] = d1[r + c] = d2[r - c + n] = false;
        }
    }
}
