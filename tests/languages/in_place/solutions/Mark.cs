public class Solution {
    public void Mark(char[][] board, long big, double ratio, bool flag, char letter, bool[] flags) {
        board[0][0] = letter;
        board[0][1] = flag ? 'T' : 'F';
        board[0][2] = big > (1L << 40) - 1 ? 'L' : 's';
        board[0][3] = ratio > 0.5 ? 'H' : 'l';
        board[0][4] = flags[1] ? 'T' : 'F';
    }
}
