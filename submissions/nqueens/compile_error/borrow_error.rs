// Moving `cols` into the result and using it again: rustc's error points at line 7.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut result = Vec::new();
        let cols: Vec<i32> = (0..n).collect();
        result.push(cols);
        result.push(cols);
        result
    }
}
