public List<List<Integer>> solveNQueens(int n) {
    return new ArrayList<>();
}
