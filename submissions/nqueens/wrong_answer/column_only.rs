// Lesson mistake: only the columns are checked, the diagonals never: every permutation of
// the columns comes back.
impl Solution {
    fn place(n: i32, cols: &mut Vec<i32>, result: &mut Vec<Vec<i32>>) {
        if cols.len() as i32 == n {
            result.push(cols.clone());
            return;
        }
        for c in 0..n {
            if !cols.contains(&c) {
                cols.push(c);
                Self::place(n, cols, result);
                cols.pop();
            }
        }
    }

    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut result = Vec::new();
        Self::place(n, &mut Vec::new(), &mut result);
        result
    }
}
