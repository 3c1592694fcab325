impl Solution {
    pub fn echo(n: i32, cols: Vec<i32>, grid: Vec<Vec<i32>>, word: String, words: Vec<String>) -> Vec<String> {
        let total: i32 = grid.iter().map(|row| row.iter().sum::<i32>()).sum();
        vec![n.to_string(), cols.iter().sum::<i32>().to_string(), total.to_string(), word, words.join(",")]
    }
}
