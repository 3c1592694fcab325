// Trusted C++ reference: square by square, each taken or left, a bishop only on a diagonal
// no bishop already holds.
class Solution {
public:
    int countBishops(int n, int k) {
        down.assign(2 * n - 1, false);
        up.assign(2 * n - 1, false);
        return place(n, 0, k);
    }

private:
    vector<bool> down, up;

    int place(int n, int square, int left) {
        if (left == 0) return 1;
        if (n * n - square < left) return 0;
        int r = square / n, c = square % n;
        int total = place(n, square + 1, left);
        if (!down[r - c + n - 1] && !up[r + c]) {
            down[r - c + n - 1] = up[r + c] = true;
            total += place(n, square + 1, left - 1);
            down[r - c + n - 1] = up[r + c] = false;
        }
        return total;
    }
};
