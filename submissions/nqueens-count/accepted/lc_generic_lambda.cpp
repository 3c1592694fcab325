class Solution {
public:
    int totalNQueens(int n) {
        auto go = [n](auto&& self, int row, int cols, int l, int r) -> int {
            if (row == n) return 1;
            int total = 0;
            for (int free = ~(cols | l | r) & ((1 << n) - 1); free; free &= free - 1) {
                int bit = free & -free;
                total += self(self, row + 1, cols | bit, (l | bit) << 1, (r | bit) >> 1);
            }
            return total;
        };
        return go(go, 0, 0, 0, 0);
    }
};
