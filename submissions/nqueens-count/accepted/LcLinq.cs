public class Solution {
    public int TotalNQueens(int n) => Place(new List<int>(), n);

    private int Place(List<int> queens, int n) {
        if (queens.Count == n) return 1;
        int row = queens.Count;
        return Enumerable.Range(0, n)
            .Where(c => !queens.Where((q, r) => q == c || Math.Abs(q - c) == row - r).Any())
            .Sum(c => {
                queens.Add(c);
                int found = Place(queens, n);
                queens.RemoveAt(queens.Count - 1);
                return found;
            });
    }
}
