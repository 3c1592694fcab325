impl Solution {
    fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        let mut placements = Vec::new();
        placements
    }
}
