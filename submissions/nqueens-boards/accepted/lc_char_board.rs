impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let n = n as usize;
        let mut board = vec![vec!['.'; n]; n];
        let mut res = Vec::new();
        Self::backtrack(&mut board, 0, &mut res);
        res
    }

    fn backtrack(board: &mut Vec<Vec<char>>, row: usize, res: &mut Vec<Vec<String>>) {
        let n = board.len();
        if row == n {
            res.push(board.iter().map(|r| r.iter().collect::<String>()).collect());
            return;
        }
        for col in 0..n {
            if Self::is_valid(board, row, col) {
                board[row][col] = 'Q';
                Self::backtrack(board, row + 1, res);
                board[row][col] = '.';
            }
        }
    }

    fn is_valid(board: &[Vec<char>], row: usize, col: usize) -> bool {
        let n = board.len();
        for i in 0..row {
            if board[i][col] == 'Q' {
                return false;
            }
            let d = row - i;
            if col >= d && board[i][col - d] == 'Q' {
                return false;
            }
            if col + d < n && board[i][col + d] == 'Q' {
                return false;
            }
        }
        true
    }
}
