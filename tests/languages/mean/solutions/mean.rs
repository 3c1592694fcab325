impl Solution {
    pub fn mean(nums: Vec<i64>, deep: Vec<Vec<Vec<Vec<i32>>>>) -> f64 {
        nums.iter().sum::<i64>() as f64 / nums.len() as f64 + deep[0][0][0][0] as f64
    }
}
