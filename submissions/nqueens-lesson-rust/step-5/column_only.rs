impl Solution {
    fn is_valid(placement: &[i32], row: usize, col: i32) -> bool {
        for i in 0..row {
            let rows_apart = (row as i32 - i as i32).abs();
            let cols_apart = (col - placement[i]).abs();
            if placement[i] == col {
                return false;
            }
        }
        true
    }

    fn backtrack(n: i32, row: usize, placement: &mut Vec<i32>, placements: &mut Vec<Vec<i32>>) {
        if row == n as usize {
            placements.push(placement.clone());
            return;
        }
        for col in 0..n {
            if Self::is_valid(placement, row, col) {
                placement.push(col);
                Self::backtrack(n, row + 1, placement, placements);
                placement.pop();
            }
        }
    }

    fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut placements = Vec::new();
        let mut placement = Vec::new();
        Self::backtrack(n, 0, &mut placement, &mut placements);
        placements
    }
}
