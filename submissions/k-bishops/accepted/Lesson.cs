// The lesson's search in C#.
public class Solution {
    public int CountBishops(int n, int k) {
        return Place(n, 0, k, new bool[2 * n - 1], new bool[2 * n - 1]);
    }

    int Place(int n, int square, int left, bool[] down, bool[] up) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = Place(n, square + 1, left, down, up);
        if (!down[r - c + n - 1] && !up[r + c]) {
            down[r - c + n - 1] = up[r + c] = true;
            total += Place(n, square + 1, left - 1, down, up);
            down[r - c + n - 1] = up[r + c] = false;
        }
        return total;
    }
}
