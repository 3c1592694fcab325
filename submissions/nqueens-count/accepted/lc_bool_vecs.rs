impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        let n = n as usize;
        let mut cols = vec![false; n];
        let mut d1 = vec![false; 2 * n];
        let mut d2 = vec![false; 2 * n];
        Self::backtrack(0, n, &mut cols, &mut d1, &mut d2)
    }

    fn backtrack(r: usize, n: usize, cols: &mut [bool], d1: &mut [bool], d2: &mut [bool]) -> i32 {
        if r == n {
            return 1;
        }
        let mut count = 0;
        for c in 0..n {
            if cols[c] || d1[r + c] || d2[n + r - c] {
                continue;
            }
            cols[c] = true;
            d1[r + c] = true;
            d2[n + r - c] = true;
            count += Self::backtrack(r + 1, n, cols, d1, d2);
            cols[c] = false;
            d1[r + c] = false;
            d2[n + r - c] = false;
        }
        count
    }
}
