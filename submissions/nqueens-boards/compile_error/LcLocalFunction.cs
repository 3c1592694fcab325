// Modern C# as LeetCode's .NET compiles it: a local function. Mono's mcs cannot parse it.
public class Solution {
    public IList<IList<string>> SolveNQueens(int n) {
        var res = new List<IList<string>>();
        var cols = new List<int>();
        void Dfs(int r) {
            if (r == n) {
                res.Add(cols.Select(c => new string('.', c) + "Q" + new string('.', n - c - 1)).ToList());
                return;
            }
            for (int c = 0; c < n; c++) {
                if (cols.Select((q, i) => q == c || Math.Abs(q - c) == r - i).Any(x => x)) continue;
                cols.Add(c);
                Dfs(r + 1);
                cols.RemoveAt(cols.Count - 1);
            }
        }
        Dfs(0);
        return res;
    }
}
