// Keeps every partial board it ever built: far more memory than the limit allows.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut boards: Vec<Vec<i32>> = Vec::new();
        loop {
            boards.push(vec![n; 1 << 16]);
        }
    }
}
