class Solution {
    public double mean(long[] nums, int[][][][] deep) {
        long total = 0;
        for (long x : nums) total += x;
        return (double) total / nums.length + deep[0][0][0][0];
    }
}
