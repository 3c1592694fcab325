// The lesson's search in C++: square by square, a knight where none placed attacks it.
class Solution {
public:
    int countKnights(int n, int k) {
        vector<vector<bool>> board(n, vector<bool>(n, false));
        return place(board, n, 0, k);
    }

private:
    bool safe(const vector<vector<bool>>& board, int n, int r, int c) {
        const int moves[4][2] = {{-1, -2}, {-1, 2}, {-2, -1}, {-2, 1}};
        for (auto& m : moves) {
            int rr = r + m[0], cc = c + m[1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr][cc]) return false;
        }
        return true;
    }

    int place(vector<vector<bool>>& board, int n, int square, int left) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = place(board, n, square + 1, left);
        if (safe(board, n, r, c)) {
            board[r][c] = true;
            total += place(board, n, square + 1, left - 1);
            board[r][c] = false;
        }
        return total;
    }
};
