// Lesson mistake: "no board under 4 has a solution" returns early, but n = 1 has one.
impl Solution {
    fn place(n: i32, cols: &mut Vec<i32>, result: &mut Vec<Vec<i32>>) {
        let row = cols.len() as i32;
        if row == n {
            result.push(cols.clone());
            return;
        }
        for c in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && (q - c).abs() != row - r as i32);
            if safe {
                cols.push(c);
                Self::place(n, cols, result);
                cols.pop();
            }
        }
    }

    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut result = Vec::new();
        if n < 4 {
            return result;
        }
        Self::place(n, &mut Vec::new(), &mut result);
        result
    }
}
