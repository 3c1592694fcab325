// The Rust lesson's complete solution, pasted verbatim: no struct, no main.
impl Solution {
    fn is_valid(cols: &Vec<i32>, row: usize, col: i32) -> bool {
        for r in 0..row {
            let c = cols[r];
            if c == col || (c - col).abs() == (row - r) as i32 {
                return false;
            }
        }
        true
    }

    fn backtrack(n: i32, row: usize, cols: &mut Vec<i32>, result: &mut Vec<Vec<i32>>) {
        if row == n as usize {
            result.push(cols.clone());
            return;
        }
        for col in 0..n {
            if Self::is_valid(cols, row, col) {
                cols.push(col);
                Self::backtrack(n, row + 1, cols, result);
                cols.pop();
            }
        }
    }

    fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut result = Vec::new();
        let mut cols = Vec::new();
        Self::backtrack(n, 0, &mut cols, &mut result);
        result
    }
}
