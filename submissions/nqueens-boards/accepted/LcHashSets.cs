public class Solution {
    HashSet<int> cols = new HashSet<int>();
    HashSet<int> diag = new HashSet<int>();
    HashSet<int> anti = new HashSet<int>();
    List<IList<string>> answer = new List<IList<string>>();

    public IList<IList<string>> SolveNQueens(int n) {
        Dfs(0, n, new List<int>());
        return answer;
    }

    void Dfs(int r, int n, List<int> picked) {
        if (r == n) {
            answer.Add(picked.Select(c => new string('.', c) + "Q" + new string('.', n - c - 1)).ToList());
            return;
        }
        for (int c = 0; c < n; c++) {
            if (cols.Contains(c) || diag.Contains(r - c) || anti.Contains(r + c)) continue;
            cols.Add(c); diag.Add(r - c); anti.Add(r + c); picked.Add(c);
            Dfs(r + 1, n, picked);
            cols.Remove(c); diag.Remove(r - c); anti.Remove(r + c); picked.RemoveAt(picked.Count - 1);
        }
    }
}
