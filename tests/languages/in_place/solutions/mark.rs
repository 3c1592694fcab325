impl Solution {
    pub fn mark(board: &mut Vec<Vec<char>>, big: i64, ratio: f64, flag: bool, letter: char, flags: Vec<bool>) {
        board[0][0] = letter;
        board[0][1] = if flag { 'T' } else { 'F' };
        board[0][2] = if big > (1i64 << 40) - 1 { 'L' } else { 's' };
        board[0][3] = if ratio > 0.5 { 'H' } else { 'l' };
        board[0][4] = if flags[1] { 'T' } else { 'F' };
    }
}
