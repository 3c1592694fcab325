// The lesson's search in C#.
public class Solution {
    public IList<IList<int>> Combine(int n, int k) {
        var result = new List<IList<int>>();
        Backtrack(1, n, k, new List<int>(), result);
        return result;
    }

    void Backtrack(int start, int n, int k, List<int> path, List<IList<int>> result) {
        if (path.Count == k) { result.Add(new List<int>(path)); return; }
        for (int number = start; number <= n; number++) {
            path.Add(number);
            Backtrack(number + 1, n, k, path, result);
            path.RemoveAt(path.Count - 1);
        }
    }
}
