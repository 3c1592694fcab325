// C# 8's switch expression and `is not`: fine on LeetCode's .NET, beyond Mono's mcs.
public class Solution {
    public int TotalNQueens(int n) => n switch {
        1 => 1,
        2 or 3 => 0,
        _ => Count(n),
    };

    private int Count(int n) {
        object box = n;
        if (box is not int) return 0;
        return 0;
    }
}
