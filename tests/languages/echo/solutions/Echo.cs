public class Solution {
    public IList<string> Echo(int n, int[] cols, int[][] grid, string word, string[] words) {
        return new List<string> { n.ToString(), cols.Sum().ToString(),
                                  grid.Sum(row => row.Sum()).ToString(), word, string.Join(",", words) };
    }
}
