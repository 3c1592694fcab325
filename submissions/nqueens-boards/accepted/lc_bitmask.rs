use std::collections::HashSet;

impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let mut out: Vec<Vec<String>> = Vec::new();
        let mut cols: Vec<u32> = Vec::new();
        let full: u32 = (1 << n) - 1;
        Self::go(n, full, 0, 0, 0, &mut cols, &mut out);
        let distinct: HashSet<Vec<String>> = out.iter().cloned().collect();
        assert_eq!(distinct.len(), out.len());
        out
    }

    fn go(n: i32, full: u32, c: u32, l: u32, r: u32, cols: &mut Vec<u32>, out: &mut Vec<Vec<String>>) {
        if c == full {
            out.push(
                cols.iter()
                    .map(|&q| (0..n as u32).map(|i| if i == q { 'Q' } else { '.' }).collect())
                    .collect(),
            );
            return;
        }
        let mut free = full & !(c | l | r);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            cols.push(bit.trailing_zeros());
            Self::go(n, full, c | bit, ((l | bit) << 1) & full, (r | bit) >> 1, cols, out);
            cols.pop();
        }
    }
}
