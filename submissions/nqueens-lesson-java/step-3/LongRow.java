class Solution {
    public List<List<Integer>> solveNQueens(int n) {
        List<List<Integer>> placements = new ArrayList<>();
        List<Integer> placement = new ArrayList<>();
        backtrack(n, 0, placement, placements);
        return placements;
    }

    private void backtrack(int n, int row, List<Integer> placement, List<List<Integer>> placements) {
        if (row == n) {
            placements.add(new ArrayList<>(placement));
            return;
        }
        for (int col = 0; col < n; col++) {
            if (isValid(placement, row, col)) {
                placement.add(col);
                backtrack(n, row + 1, placement, placements);
                placement.remove(placement.size() - 1);
            }
        }
    }

    private boolean isValid(List<Integer> placement, long row, int col) {
        for (int i = 0; i < row; i++) {
            if (placement.get(i) == col || Math.abs(row - i) == Math.abs(col - placement.get(i))) {
                return false;
            }
        }
        return true;
    }
}
