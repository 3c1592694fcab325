// The lesson's search in Java.
class Solution {
    public int countBishops(int n, int k) {
        return place(n, 0, k, new boolean[2 * n - 1], new boolean[2 * n - 1]);
    }

    private int place(int n, int square, int left, boolean[] down, boolean[] up) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = place(n, square + 1, left, down, up);
        if (!down[r - c + n - 1] && !up[r + c]) {
            down[r - c + n - 1] = up[r + c] = true;
            total += place(n, square + 1, left - 1, down, up);
            down[r - c + n - 1] = up[r + c] = false;
        }
        return total;
    }
}
