// Using a name that does not exist, on line 5.
public class Solution {
    public IList<IList<int>> SolveNQueens(int n) {
        var result = new List<IList<int>>();
        result.Add(columns);
        return result;
    }
}
