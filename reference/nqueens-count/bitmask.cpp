// Trusted C++ reference: bitmask count.
class Solution {
public:
    int totalNQueens(int n) { return count(n, 0, 0, 0); }

private:
    int count(int n, unsigned columns, unsigned left, unsigned right) {
        unsigned full = (1u << n) - 1;
        if (columns == full) return 1;
        int total = 0;
        for (unsigned free = full & ~(columns | left | right); free; free &= free - 1) {
            unsigned bit = free & -free;
            total += count(n, columns | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
        }
        return total;
    }
};
