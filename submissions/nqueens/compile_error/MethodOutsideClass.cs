public IList<IList<int>> SolveNQueens(int n) {
    var placements = new List<IList<int>>();
    return placements;
}
