// Counting as the search goes, in Rust.
impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        fn place(n: usize, row: usize, cols: &mut Vec<usize>) -> i32 {
            if row == n {
                return 1;
            }
            let mut total = 0;
            for c in 0..n {
                if cols.iter().enumerate().all(|(r, &q)| q != c && q.abs_diff(c) != row - r) {
                    cols.push(c);
                    total += place(n, row + 1, cols);
                    cols.pop();
                }
            }
            total
        }
        place(n as usize, 0, &mut Vec::new())
    }
}
