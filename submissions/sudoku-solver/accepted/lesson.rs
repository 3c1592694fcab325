// The lesson's search in Rust, on LeetCode's &mut Vec<Vec<char>>.
impl Solution {
    fn allowed(board: &Vec<Vec<char>>, r: usize, c: usize, d: char) -> bool {
        (0..9).all(|i| {
            board[r][i] != d && board[i][c] != d && board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d
        })
    }

    fn fill(board: &mut Vec<Vec<char>>) -> bool {
        for r in 0..9 {
            for c in 0..9 {
                if board[r][c] != '.' {
                    continue;
                }
                for d in '1'..='9' {
                    if Self::allowed(board, r, c, d) {
                        board[r][c] = d;
                        if Self::fill(board) {
                            return true;
                        }
                        board[r][c] = '.';
                    }
                }
                return false;
            }
        }
        true
    }

    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::fill(board);
    }
}
