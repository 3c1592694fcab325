// The lesson's search in C++, with bitmasks for the two diagonal directions.
class Solution {
public:
    int countBishops(int n, int k) { return place(n, 0, k, 0, 0); }

private:
    int place(int n, int square, int left, unsigned down, unsigned up) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = place(n, square + 1, left, down, up);
        unsigned d = 1u << (r - c + n - 1), u = 1u << (r + c);
        if (!(down & d) && !(up & u)) total += place(n, square + 1, left - 1, down | d, up | u);
        return total;
    }
};
