// The lesson's search in C#: a used flag per number, a new list when the path is full.
public class Solution {
    public IList<IList<int>> Permute(int[] nums) {
        var result = new List<IList<int>>();
        Backtrack(nums, new bool[nums.Length], new List<int>(), result);
        return result;
    }

    void Backtrack(int[] nums, bool[] used, List<int> path, List<IList<int>> result) {
        if (path.Count == nums.Length) { result.Add(new List<int>(path)); return; }
        for (int i = 0; i < nums.Length; i++) {
            if (used[i]) continue;
            used[i] = true;
            path.Add(nums[i]);
            Backtrack(nums, used, path, result);
            path.RemoveAt(path.Count - 1);
            used[i] = false;
        }
    }
}
