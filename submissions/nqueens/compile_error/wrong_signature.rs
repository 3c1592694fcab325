// The lesson's function with a different parameter type: it does not fit the signature.
impl Solution {
    pub fn solve_n_queens(n: usize) -> Vec<Vec<i32>> {
        vec![vec![0; n]]
    }
}
