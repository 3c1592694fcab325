impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        fn dfs(n: i32, row: i32, cols: i32, d1: i32, d2: i32) -> i32 {
            if row == n {
                return 1;
            }
            let mut avail = ((1 << n) - 1) & !(cols | d1 | d2);
            let mut res = 0;
            while avail > 0 {
                let p = avail & -avail;
                avail &= avail - 1;
                res += dfs(n, row + 1, cols | p, (d1 | p) << 1, (d2 | p) >> 1);
            }
            res
        }
        dfs(n, 0, 0, 0, 0)
    }
}
