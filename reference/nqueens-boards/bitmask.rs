// Trusted Rust reference: bitmask search, boards drawn at the end.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        fn search(n: usize, cols: &mut Vec<usize>, used: u32, diag: u32, anti: u32, out: &mut Vec<Vec<String>>) {
            let row = cols.len();
            if row == n {
                out.push(cols.iter().map(|&c| (0..n).map(|i| if i == c { 'Q' } else { '.' }).collect()).collect());
                return;
            }
            for c in 0..n {
                let (d, a) = (1u32 << (row + c), 1u32 << (row + n - c));
                if used & (1 << c) != 0 || diag & d != 0 || anti & a != 0 {
                    continue;
                }
                cols.push(c);
                search(n, cols, used | (1 << c), diag | d, anti | a, out);
                cols.pop();
            }
        }
        let mut out = Vec::new();
        search(n as usize, &mut Vec::new(), 0, 0, 0, &mut out);
        out
    }
}
