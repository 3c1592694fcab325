// The lesson's search in Rust: the board taken by value, so it can be marked in place.
impl Solution {
    fn search(board: &mut Vec<Vec<char>>, word: &[char], r: i32, c: i32, i: usize) -> bool {
        if i == word.len() {
            return true;
        }
        if r < 0 || c < 0 || r as usize >= board.len() || c as usize >= board[0].len() {
            return false;
        }
        let (ru, cu) = (r as usize, c as usize);
        if board[ru][cu] != word[i] {
            return false;
        }
        board[ru][cu] = '#';
        let found = Self::search(board, word, r + 1, c, i + 1)
            || Self::search(board, word, r - 1, c, i + 1)
            || Self::search(board, word, r, c + 1, i + 1)
            || Self::search(board, word, r, c - 1, i + 1);
        board[ru][cu] = word[i];
        found
    }

    pub fn exist(board: Vec<Vec<char>>, word: String) -> bool {
        let mut board = board;
        let word: Vec<char> = word.chars().collect();
        for r in 0..board.len() {
            for c in 0..board[0].len() {
                if Self::search(&mut board, &word, r as i32, c as i32, 0) {
                    return true;
                }
            }
        }
        false
    }
}
