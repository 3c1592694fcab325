// The anti-diagonal index as `row - col` in usize: it underflows, and Rust panics.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let n = n as usize;
        let mut res = vec![];
        let mut q = vec![];
        let (mut c, mut d1, mut d2) = (vec![false; n], vec![false; 2 * n], vec![false; 2 * n]);
        fn bt(r: usize, n: usize, q: &mut Vec<usize>, c: &mut Vec<bool>, d1: &mut Vec<bool>,
              d2: &mut Vec<bool>, res: &mut Vec<Vec<String>>) {
            if r == n {
                res.push(q.iter().map(|&x| format!("{}Q{}", ".".repeat(x), ".".repeat(n - x - 1))).collect());
                return;
            }
            for col in 0..n {
                if c[col] || d1[r + col] || d2[r - col] {
                    continue;
                }
                c[col] = true; d1[r + col] = true; d2[r - col] = true;
                q.push(col);
                bt(r + 1, n, q, c, d1, d2, res);
                q.pop();
                c[col] = false; d1[r + col] = false; d2[r - col] = false;
            }
        }
        bt(0, n, &mut q, &mut c, &mut d1, &mut d2, &mut res);
        res
    }
}
