// The lesson's search in Rust.
impl Solution {
    fn place(n: usize, square: usize, left: i32, down: &mut Vec<bool>, up: &mut Vec<bool>) -> i32 {
        if left == 0 {
            return 1;
        }
        if square == n * n {
            return 0;
        }
        let (r, c) = (square / n, square % n);
        let mut total = Self::place(n, square + 1, left, down, up);
        let (d, u) = (r + n - 1 - c, r + c);
        if !down[d] && !up[u] {
            down[d] = true;
            up[u] = true;
            total += Self::place(n, square + 1, left - 1, down, up);
            down[d] = false;
            up[u] = false;
        }
        total
    }

    pub fn count_bishops(n: i32, k: i32) -> i32 {
        let n = n as usize;
        Self::place(n, 0, k, &mut vec![false; 2 * n - 1], &mut vec![false; 2 * n - 1])
    }
}
