// Lesson mistake: every step starts again from 1, not after the last number chosen: the
// same combination comes back in every order, and with a number repeated.
public class Solution {
    public IList<IList<int>> Combine(int n, int k) {
        var result = new List<IList<int>>();
        Backtrack(n, k, new List<int>(), result);
        return result;
    }

    void Backtrack(int n, int k, List<int> path, List<IList<int>> result) {
        if (path.Count == k) { result.Add(new List<int>(path)); return; }
        for (int number = 1; number <= n; number++) {
            path.Add(number);
            Backtrack(n, k, path, result);
            path.RemoveAt(path.Count - 1);
        }
    }
}
