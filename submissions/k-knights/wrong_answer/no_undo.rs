// Lesson mistake: the knight is never taken back, so every later try sees it still there.
impl Solution {
    fn place(board: &mut Vec<Vec<bool>>, n: i32, square: i32, left: i32) -> i32 {
        if left == 0 {
            return 1;
        }
        if square == n * n {
            return 0;
        }
        let (r, c) = (square / n, square % n);
        let mut total = Self::place(board, n, square + 1, left);
        let safe = [(-1, -2), (-1, 2), (-2, -1), (-2, 1)].iter().all(|&(dr, dc)| {
            let (rr, cc) = (r + dr, c + dc);
            !(rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr as usize][cc as usize])
        });
        if safe {
            board[r as usize][c as usize] = true;
            total += Self::place(board, n, square + 1, left - 1);
        }
        total
    }

    pub fn count_knights(n: i32, k: i32) -> i32 {
        let mut board = vec![vec![false; n as usize]; n as usize];
        Self::place(&mut board, n, 0, k)
    }
}
