// Indexing past the end of a Vec panics.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let cols = vec![0; n as usize];
        vec![vec![cols[n as usize]]]
    }
}
