class Solution {
    public List<String> echo(int n, int[] cols, int[][] grid, String word, String[] words) {
        int total = 0;
        for (int[] row : grid) for (int value : row) total += value;
        return Arrays.asList(String.valueOf(n), String.valueOf(Arrays.stream(cols).sum()),
                             String.valueOf(total), word, String.join(",", words));
    }
}
