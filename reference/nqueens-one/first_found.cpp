// Trusted C++ reference: bitmask search that stops at the first placement.
class Solution {
public:
    vector<int> solveOne(int n) {
        vector<int> columns;
        return search(n, 0, 0, 0, columns) ? columns : vector<int>{};
    }

private:
    bool search(int n, unsigned used, unsigned left, unsigned right, vector<int>& columns) {
        if (static_cast<int>(columns.size()) == n) return true;
        unsigned full = (1u << n) - 1;
        for (unsigned free = full & ~(used | left | right); free; free &= free - 1) {
            unsigned bit = free & -free;
            columns.push_back(__builtin_ctz(bit));
            if (search(n, used | bit, ((left | bit) << 1) & full, (right | bit) >> 1, columns))
                return true;
            columns.pop_back();
        }
        return false;
    }
};
