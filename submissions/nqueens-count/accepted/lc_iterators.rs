impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        fn place(queens: &mut Vec<i32>, n: i32) -> i32 {
            let row = queens.len() as i32;
            if row == n {
                return 1;
            }
            (0..n)
                .filter(|&c| {
                    queens
                        .iter()
                        .enumerate()
                        .all(|(r, &q)| q != c && (q - c).abs() != row - r as i32)
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|c| {
                    queens.push(c);
                    let found = place(queens, n);
                    queens.pop();
                    found
                })
                .sum()
        }
        place(&mut Vec::new(), n)
    }
}
