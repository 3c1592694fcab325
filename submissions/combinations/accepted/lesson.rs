// The lesson's search in Rust.
impl Solution {
    fn backtrack(start: i32, n: i32, k: usize, path: &mut Vec<i32>, result: &mut Vec<Vec<i32>>) {
        if path.len() == k {
            result.push(path.clone());
            return;
        }
        for number in start..=n {
            path.push(number);
            Self::backtrack(number + 1, n, k, path, result);
            path.pop();
        }
    }

    pub fn combine(n: i32, k: i32) -> Vec<Vec<i32>> {
        let mut result = Vec::new();
        Self::backtrack(1, n, k as usize, &mut Vec::new(), &mut result);
        result
    }
}
