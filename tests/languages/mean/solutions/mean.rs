impl Solution {
    pub fn mean(nums: Vec<i64>) -> f64 {
        nums.iter().sum::<i64>() as f64 / nums.len() as f64
    }
}
