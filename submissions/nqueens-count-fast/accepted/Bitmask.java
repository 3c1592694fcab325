// LeetCode 52 in Java: bitmask backtracking, Integer.lowestOneBit.
class Solution {
    public int totalNQueens(int n) {
        return solve(n, 0, 0, 0, 0);
    }

    private int solve(int n, int row, int cols, int hills, int dales) {
        if (row == n) return 1;
        int count = 0;
        int free = ((1 << n) - 1) & ~(cols | hills | dales);
        while (free != 0) {
            int bit = Integer.lowestOneBit(free);
            free ^= bit;
            count += solve(n, row + 1, cols | bit, (hills | bit) << 1, (dales | bit) >> 1);
        }
        return count;
    }
}
