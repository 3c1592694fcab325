// The lesson's search in Java, with a Deque as the path.
class Solution {
    public List<List<Integer>> combine(int n, int k) {
        List<List<Integer>> result = new ArrayList<>();
        backtrack(1, n, k, new ArrayDeque<>(), result);
        return result;
    }

    private void backtrack(int start, int n, int k, Deque<Integer> path, List<List<Integer>> result) {
        if (path.size() == k) {
            result.add(new ArrayList<>(path));
            return;
        }
        for (int number = start; number <= n; number++) {
            path.addLast(number);
            backtrack(number + 1, n, k, path, result);
            path.removeLast();
        }
    }
}
