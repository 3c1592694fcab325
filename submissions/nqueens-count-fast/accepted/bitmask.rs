// LeetCode 52 in Rust: bitmask search, trailing_zeros-free, u32 masks.
impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        fn go(full: u32, cols: u32, l: u32, r: u32) -> i32 {
            if cols == full {
                return 1;
            }
            let mut free = full & !(cols | l | r);
            let mut total = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                total += go(full, cols | bit, ((l | bit) << 1) & full, (r | bit) >> 1);
            }
            total
        }
        go((1u32 << n) - 1, 0, 0, 0)
    }
}
