class Solution {
    public int totalNQueens(int n) {
        return count(new ArrayList<>(), n);
    }

    private int count(List<Integer> queens, int n) {
        int row = queens.size();
        if (row == n) return 1;
        return IntStream.range(0, n)
            .filter(c -> IntStream.range(0, row)
                .noneMatch(r -> queens.get(r) == c || Math.abs(queens.get(r) - c) == row - r))
            .map(c -> {
                queens.add(c);
                int found = count(queens, n);
                queens.remove(queens.size() - 1);
                return found;
            })
            .sum();
    }
}
