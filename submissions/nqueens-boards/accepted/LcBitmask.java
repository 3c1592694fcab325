class Solution {
    public List<List<String>> solveNQueens(int n) {
        List<List<String>> result = new ArrayList<>();
        int[] queens = new int[n];
        solve(result, queens, n, 0, 0, 0, 0);
        return result;
    }

    private void solve(List<List<String>> result, int[] queens, int n, int row, int columns,
                       int diagonals1, int diagonals2) {
        if (row == n) {
            List<String> board = new ArrayList<String>();
            for (int i = 0; i < n; i++) {
                char[] line = new char[n];
                Arrays.fill(line, '.');
                line[queens[i]] = 'Q';
                board.add(String.valueOf(line));
            }
            result.add(board);
            return;
        }
        int available = ((1 << n) - 1) & (~(columns | diagonals1 | diagonals2));
        while (available != 0) {
            int position = available & (-available);
            available = available & (available - 1);
            queens[row] = Integer.bitCount(position - 1);
            solve(result, queens, n, row + 1, columns | position, (diagonals1 | position) << 1,
                  (diagonals2 | position) >> 1);
        }
    }
}
