// LeetCode 52 in C#: the count kept in a field, a private recursive method.
public class Solution {
    private int count;

    public int TotalNQueens(int n) {
        Place(n, 0, 0, 0, 0);
        return count;
    }

    private void Place(int n, int row, int cols, int left, int right) {
        if (row == n) { count++; return; }
        int free = ((1 << n) - 1) & ~(cols | left | right);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            Place(n, row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }
}
