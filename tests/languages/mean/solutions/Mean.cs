public class Solution {
    public double Mean(long[] nums, int[][][][] deep) {
        long total = 0;
        foreach (long x in nums) total += x;
        return (double) total / nums.Length + deep[0][0][0][0];
    }
}
