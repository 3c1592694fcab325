// Lesson mistake: only one diagonal direction is marked, so two bishops on a / diagonal are
// counted as safe.
class Solution {
public:
    int countBishops(int n, int k) {
        vector<bool> down(2 * n - 1, false);
        return place(n, 0, k, down);
    }

private:
    int place(int n, int square, int left, vector<bool>& down) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = place(n, square + 1, left, down);
        if (!down[r - c + n - 1]) {
            down[r - c + n - 1] = true;
            total += place(n, square + 1, left - 1, down);
            down[r - c + n - 1] = false;
        }
        return total;
    }
};
