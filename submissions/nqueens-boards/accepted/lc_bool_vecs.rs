impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        fn dfs(
            r: usize,
            n: usize,
            queens: &mut Vec<usize>,
            used: &mut (Vec<bool>, Vec<bool>, Vec<bool>),
            ans: &mut Vec<Vec<String>>,
        ) {
            if r == n {
                ans.push(
                    queens
                        .iter()
                        .map(|&c| format!("{}Q{}", ".".repeat(c), ".".repeat(n - c - 1)))
                        .collect(),
                );
                return;
            }
            for c in 0..n {
                if used.0[c] || used.1[r + c] || used.2[r + n - c] {
                    continue;
                }
                used.0[c] = true;
                used.1[r + c] = true;
                used.2[r + n - c] = true;
                queens.push(c);
                dfs(r + 1, n, queens, used, ans);
                queens.pop();
                used.0[c] = false;
                used.1[r + c] = false;
                used.2[r + n - c] = false;
            }
        }
        let n = n as usize;
        let mut ans = vec![];
        let mut used = (vec![false; n], vec![false; 2 * n], vec![false; 2 * n + 1]);
        dfs(0, n, &mut Vec::with_capacity(n), &mut used, &mut ans);
        ans
    }
}
