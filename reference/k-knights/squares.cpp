// Trusted C++ reference: square by square, each taken or left, a knight only where none
// already placed attacks it.
class Solution {
public:
    int countKnights(int n, int k) {
        taken.assign(n, vector<bool>(n, false));
        return place(n, 0, k);
    }

private:
    vector<vector<bool>> taken;

    bool safe(int n, int r, int c) {
        static const int moves[8][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1},
                                        {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}};
        for (auto& move : moves) {
            int rr = r + move[0], cc = c + move[1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n && taken[rr][cc]) return false;
        }
        return true;
    }

    int place(int n, int square, int left) {
        if (left == 0) return 1;
        if (n * n - square < left) return 0;
        int r = square / n, c = square % n;
        int total = place(n, square + 1, left);
        if (safe(n, r, c)) {
            taken[r][c] = true;
            total += place(n, square + 1, left - 1);
            taken[r][c] = false;
        }
        return total;
    }
};
