// Trusted Rust reference: bitmask search over free columns and both diagonals.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        fn search(n: i32, cols: &mut Vec<i32>, used: u32, diag: u32, anti: u32, out: &mut Vec<Vec<i32>>) {
            let row = cols.len() as i32;
            if row == n {
                out.push(cols.clone());
                return;
            }
            for c in 0..n {
                let (d, a) = (1u32 << (row + c), 1u32 << (row - c + n));
                if used & (1 << c) != 0 || diag & d != 0 || anti & a != 0 {
                    continue;
                }
                cols.push(c);
                search(n, cols, used | (1 << c), diag | d, anti | a, out);
                cols.pop();
            }
        }
        let mut out = Vec::new();
        search(n, &mut Vec::new(), 0, 0, 0, &mut out);
        out
    }
}
