// Lesson mistake: backtracking without undoing the move (no pop after the recursive call).
impl Solution {
    fn is_valid(cols: &Vec<i32>, row: usize, col: i32) -> bool {
        for r in 0..row {
            if cols[r] == col || (cols[r] - col).abs() == (row - r) as i32 {
                return false;
            }
        }
        true
    }

    fn backtrack(n: i32, cols: &mut Vec<i32>, result: &mut Vec<Vec<i32>>) {
        let row = cols.len();
        if row == n as usize {
            result.push(cols.clone());
            return;
        }
        for col in 0..n {
            if cols.len() == row && Self::is_valid(cols, row, col) {
                cols.push(col);
                Self::backtrack(n, cols, result);
            }
        }
    }

    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut result = Vec::new();
        Self::backtrack(n, &mut Vec::new(), &mut result);
        result
    }
}
