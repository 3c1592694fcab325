// The lesson's search in C#: square by square, a knight where none placed attacks it.
public class Solution {
    static readonly int[,] Back = {{-1, -2}, {-1, 2}, {-2, -1}, {-2, 1}};

    public int CountKnights(int n, int k) {
        return Place(new bool[n, n], n, 0, k);
    }

    int Place(bool[,] board, int n, int square, int left) {
        if (left == 0) return 1;
        if (square == n * n) return 0;
        int r = square / n, c = square % n;
        int total = Place(board, n, square + 1, left);
        bool safe = true;
        for (int i = 0; i < 4; i++) {
            int rr = r + Back[i, 0], cc = c + Back[i, 1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr, cc]) safe = false;
        }
        if (safe) {
            board[r, c] = true;
            total += Place(board, n, square + 1, left - 1);
            board[r, c] = false;
        }
        return total;
    }
}
